"""A referee counts a hand from its tiles on a 360 px phone (issue 16, item 4): winner chosen,
"Count from tiles" opened, 14 tiles tapped (one exposed pung and the winning tile), "Count",
the itemised result, "Use these figures", and the hand saved with its tiles and calculation."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from rules.registry import get_ruleset
from scoring.models import Hand
from scoring.services.tables import entry_state
from tests.browser.helpers import (
    OVERFLOW,
    PHONE,
    click_choice,
    elements_now,
    open_page,
    wait_for_text,
)
from tests.factories import build, finished_cup

TAPS = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5p"]
NOTATION = "123m 4556p 789s [777z] +5p"  # the picker sorts the concealed tiles


def tap(browser, tile):
    browser.find_element(By.CSS_SELECTOR, f'button.tile[data-tile="{tile}"]').click()


def mode(browser, name):
    browser.find_element(By.CSS_SELECTOR, f'button.tile-mode[data-mode="{name}"]').click()


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_a_referee_counts_a_hand_from_tiles_on_a_phone(
    browser, live_server, screenshot, transactional_db
):
    cup = build(slug="tiles")
    table = cup.sessions.get(number=1).tables.get(number=1)
    ruleset, _seats, state = entry_state(table)
    _winner, expected = ruleset.tile_counter().count_entry(
        {"outcome": "discard", "winner": 1, "discarder": 2}, state, NOTATION
    )
    open_page(browser, f"{live_server.url}/r/{table.token}/")
    click_choice(browser, "outcome", "discard")
    click_choice(browser, "winner", 1)
    click_choice(browser, "discarder", 2)
    summary = browser.find_element(By.CSS_SELECTOR, "details.tile-count summary")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", summary)
    summary.click()
    for tile in TAPS:
        tap(browser, tile)
    mode(browser, "pung")
    tap(browser, "7z")
    mode(browser, "win")
    tap(browser, "5p")  # 14 taps for 14 tiles
    assert browser.find_element(By.NAME, "tiles").get_attribute("value") == NOTATION
    picker = browser.find_element(By.CSS_SELECTOR, "[data-tile-picker]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", picker)
    screenshot("tile-picker-phone-tiles")
    browser.find_element(By.CSS_SELECTOR, "[data-count-button]").click()
    WebDriverWait(browser, 15, poll_frequency=0.2).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "[data-count-result] .tile-summary")
    )
    result = browser.find_element(By.CSS_SELECTOR, "[data-count-result]")
    assert f"{expected.fills['fan']} fan" in result.text
    assert "Dragon Pung (14)" in result.text
    _width, _inner, wide = browser.execute_script(OVERFLOW)
    assert (
        not wide
        and browser.execute_script("return document.scrollingElement.scrollWidth;") <= PHONE[0]
    ), wide
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", result)
    screenshot("tile-picker-phone-counted")
    result.find_element(By.XPATH, './/button[text()="Use these figures"]').click()
    fan = browser.find_element(By.NAME, "fan")
    assert fan.get_attribute("value") == str(expected.fills["fan"])
    browser.find_element(By.CSS_SELECTOR, "button.save").click()
    wait_for_text(browser, "Hand 1 saved")
    hand = Hand.objects.current().get(table=table, number=1)
    assert hand.fan == expected.fills["fan"] and hand.tiles == NOTATION
    assert hand.tiles_matched is True
    assert hand.tile_count["fills"] == dict(expected.fills)
    assert get_ruleset("mcr").tile_counter().matches(hand.entry, 1, expected)


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE, (1280, 800)], indirect=True)
def test_best_hands_and_the_hand_of_the_session_read_well(
    browser, live_server, screenshot, transactional_db, director, request
):
    cup = build(slug="best")
    session, _fan, _count, _chicken = finished_cup(cup, director)
    session.results_published = True
    session.save(update_fields=["results_published"])
    cup.projector_mode = "standings"
    cup.save(update_fields=["projector_mode"])
    phone = request.node.callspec.params["browser"] == PHONE
    open_page(browser, f"{live_server.url}/t/best/best-hands/")
    assert "Best hands" in browser.page_source and "Chicken hands" in browser.page_source
    _document, _inner, wide = browser.execute_script(OVERFLOW)
    assert not wide, wide
    screenshot(f"best-hands-{'360' if phone else '1280'}")
    if not phone:
        open_page(browser, f"{live_server.url}/t/best/projector/")
        assert "Hand of session 1" in browser.page_source
        screenshot("projector-hand-of-the-session")


def pick(browser, taps):
    """Tap tiles: a tile ("5p"), or a mode followed by its tile ("pung:1z", "win:9m")."""
    for tap_ in taps:
        if ":" in tap_:
            name, tile = tap_.split(":")
            mode(browser, name)
            tap(browser, tile)
        else:
            tap(browser, tap_)


def use_the_count(browser, shot=None):
    browser.find_element(By.CSS_SELECTOR, "[data-count-button]").click()
    WebDriverWait(browser, 15, poll_frequency=0.2).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "[data-count-result] .tile-summary")
    )
    result = browser.find_element(By.CSS_SELECTOR, "[data-count-result]")
    text = result.text
    if shot is not None:
        browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", result)
        shot()
    result.find_element(By.XPATH, './/button[text()="Use these figures"]').click()
    return text


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_a_referee_counts_every_players_hand_of_a_european_table_on_a_phone(
    browser, live_server, screenshot, transactional_db
):
    """docs/rules.md §7.4: the picker writes one player's tiles at a time; "Use these figures"
    fills that player's points and doubles; the hand keeps every count (seed 004's example)."""
    from selenium.webdriver.support.ui import Select

    cup = build(slug="euro-tiles", ruleset="european")
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_page(browser, f"{live_server.url}/r/{table.token}/")
    click_choice(browser, "outcome", "mahjong")
    click_choice(browser, "winner", 0)
    summary = browser.find_element(By.CSS_SELECTOR, "details.tile-count summary")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", summary)
    summary.click()
    # South did not go out: 13 tiles, no winning tile
    Select(browser.find_element(By.NAME, "tiles_winner")).select_by_value("1")
    pick(browser, ["concealed_kong:8m", "pung:1z", "concealed:7z", "7z", "7z", "9p", "9p", "2s"])
    tap(browser, "4s")
    assert browser.find_element(By.NAME, "tiles_1").get_attribute("value") == (
        "99p 24s 777z {8888m} [111z]"
    )
    mode(browser, "win")
    tap(browser, "3s")  # only the winner has a winning tile
    assert "Only the winner" in browser.find_element(By.CSS_SELECTOR, "[data-count-result]").text
    text = use_the_count(browser)
    assert "28 points, 2 doubles: 110" in text
    assert browser.find_element(By.NAME, "points_1").get_attribute("value") == "28"
    assert browser.find_element(By.NAME, "doubles_1").get_attribute("value") == "2"
    # East won: 14 tiles with the winning one, East's own season and West's flower
    Select(browser.find_element(By.NAME, "tiles_winner")).select_by_value("0")
    assert not browser.find_element(By.NAME, "tiles_1").is_displayed()
    pick(browser, ["1m", "2m", "3m", "7m", "8m", "4p", "5p", "6p", "2z", "2z", "2z", "5z", "5z"])
    pick(browser, ["win:9m"])
    for name, value in (("tiles_seasons_0", "1"), ("tiles_flowers_0", "3")):
        box = browser.find_element(By.CSS_SELECTOR, f'input[name="{name}"][value="{value}"]')
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.click()
    picker = browser.find_element(By.CSS_SELECTOR, "[data-tile-picker]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", picker)
    screenshot("tile-picker-european-phone")

    def counted():
        screenshot("tile-picker-european-counted")
        _width, _inner, wide = browser.execute_script(OVERFLOW)
        assert not wide, wide

    text = use_the_count(browser, counted)
    assert "38 points, 1 double: 80" in text
    assert browser.find_element(By.NAME, "points_0").get_attribute("value") == "38"
    for name, value in (("points_2", "10"), ("points_3", "8")):
        field = browser.find_element(By.NAME, name)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.send_keys(value)
    browser.find_element(By.CSS_SELECTOR, "button.save").click()
    wait_for_text(browser, "Hand 1 saved")
    hand = Hand.objects.current().get(table=table, number=1)
    assert hand.changes == (480, 42, -258, -264)
    assert hand.tiles_matched is True
    assert [p["winner"] for p in hand.tile_count["players"]] == [0, 1]
    screenshot("tile-picker-european-saved")


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
@pytest.mark.parametrize(
    "ruleset", ["mcr", "riichi2008", "riichi2016", "european", "fimj", "faentino"]
)
def test_every_rule_sets_table_page_offers_the_count_from_tiles_on_a_phone(
    browser, live_server, screenshot, transactional_db, ruleset
):
    cup = build(slug=f"count-{ruleset}", ruleset=ruleset)
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_page(browser, f"{live_server.url}/r/{table.token}/")
    summary = browser.find_element(By.CSS_SELECTOR, "details.tile-count summary")
    assert summary.text == "Count from tiles"
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", summary)
    summary.click()
    tiles = browser.find_elements(By.CSS_SELECTOR, "[data-tile-picker] button.tile")
    reds = elements_now(browser, "[data-tile-picker] button.red-five")
    assert len(tiles) == 34 + len(reds)
    assert len(reds) == (3 if ruleset == "riichi2008" else 0)  # 0m 0p 0s (EMA 2008 §1.1)
    screenshot(f"count-from-tiles-{ruleset}-360")
    if ruleset == "fimj":  # the first hand asks who opened the first breach (§4.3)
        breach = browser.find_element(By.CSS_SELECTOR, 'input[name="first_breach"]')
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", breach)
        screenshot("fimj-first-breach-360")
    _width, _inner, wide = browser.execute_script(OVERFLOW)
    assert not wide, wide
