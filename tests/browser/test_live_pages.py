"""Live pages in Chromium: the projector and a phone on the public standings show a change
made at the desk by themselves, without reloading (static/desk/live.js asks /live/ first and
fetches the page only when its version changed), keeping the keyboard's focus where it was and
saying "Standings updated" in a status region."""

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from scoring.access import Actor
from tests.browser.audit import audit_again
from tests.browser.helpers import PHONE, open_page
from tests.factories import build_played, correct_after_confirmation, rename_first_player

#: Set on the window when the page is opened: a full reload would lose it.
MARK = "window.deskTestMark = 'not reloaded';"
MARKED = "return window.deskTestMark === 'not reloaded';"


def played(director, slug):
    tournament = build_played(slug, Actor(user=director), players=16, sessions=3, confirmed=2)
    tournament.actor = Actor(user=director)
    tournament.projector_mode = "standings"
    tournament.save()
    return tournament


def scores(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('main .number'))"
        ".map(function (cell) { return cell.textContent; }).join('|');"
    )


@pytest.mark.browser
@pytest.mark.parametrize("browser", [(1280, 720)], indirect=True)
def test_the_projector_shows_a_saved_hand_without_reloading(
    browser, live_server, transactional_db, director, settings, screenshot
):
    settings.DESK_PROJECTOR_POLL_SECONDS = 1
    cup = played(director, "live-projector")
    open_page(browser, f"{live_server.url}/t/{cup.slug}/projector/")
    browser.execute_script(MARK)
    before = scores(browser)
    # A hand corrected on a reopened table of a confirmed session: the scores move.
    correct_after_confirmation(cup)
    WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda b: scores(b) != before)
    assert browser.execute_script(MARKED)
    rename_first_player(cup)
    WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda b: "Renamed" in b.page_source)
    assert browser.execute_script(MARKED)
    screenshot("live-projector-after-change")


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_a_phone_on_the_standings_shows_a_change_without_reloading(
    browser, live_server, transactional_db, director, settings
):
    settings.DESK_LIVE_POLL_SECONDS = 1
    cup = played(director, "live-standings")
    open_page(browser, f"{live_server.url}/t/{cup.slug}/standings/")
    browser.execute_script(MARK)
    assert "Renamed" not in browser.page_source
    # A keyboard user has shown every column and stands on the third player's link.
    browser.find_element(By.CSS_SELECTOR, "label.all-columns-label").click()
    link = browser.find_elements(By.CSS_SELECTOR, "table.standings a[href*='/players/']")[2]
    href = link.get_attribute("href")
    browser.execute_script("arguments[0].focus();", link)
    status = browser.find_element(By.CSS_SELECTOR, "[data-live-status]")
    assert status.get_attribute("role") == "status" and status.text == ""
    rename_first_player(cup)
    WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda b: "Renamed" in b.page_source)
    assert browser.execute_script(MARKED)
    # The focus stayed on the same player's link, every column still shows, and the status
    # region (outside the swapped content) says what happened.
    assert browser.execute_script("return document.activeElement.href;") == href
    assert browser.find_element(By.ID, "standings-all-columns").is_selected()
    WebDriverWait(browser, 5, poll_frequency=0.2).until(
        lambda b: (
            b.find_element(By.CSS_SELECTOR, "[data-live-status]").get_attribute("textContent")
            == "Standings updated"
        )
    )
    audit_again(browser)  # the fresh content passes axe too
