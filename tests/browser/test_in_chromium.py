"""End-to-end in a real browser: a referee on a phone, a player looking for their seat, the
projector paging by itself."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from rules.limits import MAX_PROJECTOR_SECONDS, MIN_PROJECTOR_SECONDS
from scoring.access import Actor
from scoring.models import Hand, SeatResult
from scoring.services import publication
from tests.browser.helpers import CONTRAST, PHONE, click_choice, open_page, wait_for_text
from tests.factories import build, mcr_entry, play_session
from tournament.models import Table


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_a_referee_enters_a_full_mcr_table_on_a_phone(
    browser, live_server, screenshot, transactional_db
):
    cup = build(slug="phone")
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_page(browser, f"{live_server.url}/r/{table.token}/")
    assert "Hand 1 of 16, East round" in browser.page_source
    save = browser.find_element(By.CSS_SELECTOR, "button.save")
    assert save.rect["y"] + save.rect["height"] <= PHONE[1]  # saving needs no scrolling
    screenshot("referee-phone-hand-1")
    for number in range(1, 17):
        entry = mcr_entry(number)
        click_choice(browser, "outcome", entry["outcome"])
        if entry["outcome"] != "washout":
            # Fields the outcome does not use are hidden.
            discarder_group = browser.find_element(
                By.CSS_SELECTOR, 'input[name="discarder"]'
            ).find_element(By.XPATH, "ancestor::fieldset")
            assert discarder_group.is_displayed() == (entry["outcome"] == "discard")
            click_choice(browser, "winner", entry["winner"])
            if entry["outcome"] == "discard":
                click_choice(browser, "discarder", entry["discarder"])
            fan = browser.find_element(By.NAME, "fan")
            fan.clear()
            fan.send_keys(str(entry["fan"]))
            flowers = browser.find_element(By.NAME, "flowers")
            flowers.clear()
            flowers.send_keys(str(entry.get("flowers", 0)))
        browser.find_element(By.CSS_SELECTOR, "button.save").click()
        wait_for_text(browser, f"Hand {number} saved")
        if number == 8:
            screenshot("referee-phone-hand-9")
    assert Hand.objects.filter(table=table, is_current=True).count() == 16
    browser.find_element(By.XPATH, '//button[text()="Close the table"]').click()
    dialog = browser.find_element(By.ID, "confirm-dialog")
    assert dialog.is_displayed() and "ends play there after 16 hands" in dialog.text
    assert not Table.objects.get(pk=table.pk).is_closed  # the dialog asks first
    screenshot("referee-phone-close-dialog")
    dialog.find_element(By.CSS_SELECTOR, "button[value='confirm']").click()
    wait_for_text(browser, "Table closed")
    screenshot("referee-phone-closed")
    results = SeatResult.objects.filter(table=table)
    assert sum(r.table_points for r in results) == 7
    for result in results:
        assert result.registration.player.full_name in browser.page_source


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_a_player_finds_their_seat(browser, live_server, screenshot, transactional_db):
    cup = build(slug="find")
    registration = cup.registrations.get(number=7)
    seat = registration.seats.get(session__number=1)
    open_page(browser, f"{live_server.url}/t/{cup.slug}/find/")
    search = browser.find_element(By.ID, "find-q")
    search.send_keys(registration.player.last_name)
    search.submit()
    answer = browser.find_element(By.CSS_SELECTOR, ".big-answer").text
    assert f"table {seat.table.number}" in answer and seat.get_wind_display() in answer
    screenshot("player-finds-seat")


@pytest.mark.browser
@pytest.mark.parametrize("browser", [(1280, 720)], indirect=True)
def test_the_projector_pages_and_reloads_by_itself(
    browser, live_server, screenshot, transactional_db, director, settings
):
    settings.DESK_PROJECTOR_POLL_SECONDS = 1
    cup = build(players=64, slug="screen")
    actor = Actor(user=director)
    play_session(cup, 1, actor)
    cup.projector_mode = "standings"
    # The longest a page may stay: it does not turn while page 1 is read and audited (axe,
    # tests/browser/audit.py).
    cup.projector_seconds = MAX_PROJECTOR_SECONDS
    cup.save()
    open_page(browser, f"{live_server.url}/t/{cup.slug}/projector/")
    # The page number and the first row shown, read at one moment.
    first, place = browser.execute_script(
        "const row = [...document.querySelectorAll('tbody tr')].find(r => r.offsetParent);"
        "return [document.querySelector('.pages').textContent,"
        " row && row.querySelector('td').textContent.trim()];"
    )
    assert first.startswith("1 / ") and int(first.split("/")[1]) >= 2, first
    assert place in ("1", "=1"), place
    screenshot("projector-standings-page-1")
    assert browser.execute_script(CONTRAST) == []  # legible from the back of the hall
    # The director makes the pages turn faster: the projector, asking every second whether it
    # changed, takes the new time, and after it shows page 2 by itself, nobody touching it.
    cup.projector_seconds = MIN_PROJECTOR_SECONDS
    cup.save()
    WebDriverWait(browser, 30, poll_frequency=0.2).until(
        lambda b: b.find_element(By.CSS_SELECTOR, ".pages").text.startswith("2 / ")
    )
    screenshot("projector-standings-page-2")
    # The director publishes the next session's seating: the screen follows on its own.
    from draw.writing import write_draw

    write_draw(cup, session_number=2, seed=2)
    cup.projector_mode = "auto"
    cup.save()
    publication.publish(cup.sessions.get(number=2), actor=actor, seating=True)
    wait_for_text(browser, "Seating · session 2")
    screenshot("projector-seating")
