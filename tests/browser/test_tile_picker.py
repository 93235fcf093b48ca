"""A referee counts a hand from its tiles on a 360 px phone (issue 16, item 4): winner chosen,
"Count from tiles" opened, 14 tiles tapped (one exposed pung and the winning tile), "Count",
the itemised result, "Use these figures", and the hand saved with its tiles and calculation."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from rules.registry import get_ruleset
from scoring.models import Hand
from scoring.services.tables import entry_state
from tests.browser.helpers import OVERFLOW, PHONE, click_choice, open_page, wait_for_text
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
    WebDriverWait(browser, 15).until(
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
