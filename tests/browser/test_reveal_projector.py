"""The results reveal in Chromium: the projector (1280 x 720, the director's laptop) hides the
top places, space reveals the next one, the page keeps the step through a reload; the
director's buttons on a 360 px phone; English and Italian."""

import re

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from scoring.access import Actor
from scoring.reveal import services as reveal
from scoring.standings.ranking import compute_standings
from tests.browser.helpers import CONTRAST, OVERFLOW, PHONE, gone, log_in, open_page
from tests.factories import build, play_session

#: The reveal step the projector's page shows (its body's data, replaced when it fetches itself).
SHOWN_STEP = "return document.body.getAttribute('data-reveal-step');"


def final_tournament(director, slug):
    cup = build(players=32, sessions=2, slug=slug)
    actor = Actor(user=director)
    play_session(cup, 1, actor)
    play_session(cup, 2, actor)
    reveal.start_reveal(cup, actor=actor, places=3)
    return cup


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("browser", [(1280, 720)], indirect=True)
def test_space_on_the_projector_reveals_the_next_place(
    browser, live_server, screenshot, transactional_db, director, settings, language
):
    settings.DESK_PROJECTOR_POLL_SECONDS = 1
    cup = final_tournament(director, f"reveal-{language}")
    rows = compute_standings(cup).rows
    hidden = [row for row in rows if row.place <= 3]
    log_in(browser, live_server, director, language)
    open_page(browser, f"{live_server.url}/t/{cup.slug}/projector/")
    for row in hidden:
        assert row.player.last_name not in browser.page_source
    assert rows[len(hidden)].player.last_name in browser.page_source
    screenshot(f"reveal-{language}-0-hidden")
    assert browser.execute_script(CONTRAST) == []
    third = [row for row in hidden if row.place == max(r.place for r in hidden)]
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)
    WebDriverWait(browser, 10, poll_frequency=0.2).until(
        lambda b: (
            third[0].player.last_name in b.page_source
            and b.find_elements(By.CSS_SELECTOR, ".reveal-top .latest")
        )
    )
    cup.refresh_from_db()
    assert cup.reveal_step == 1
    screenshot(f"reveal-{language}-1-third")
    browser.refresh()  # the projector's own reload keeps the step (it is in the database)
    WebDriverWait(browser, 10, poll_frequency=0.2).until(
        lambda b: third[0].player.last_name in b.page_source
    )
    while cup.reveal_step < len({row.place for row in hidden}):
        step = cup.reveal_step
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        # The page ignores keys until it has fetched itself again after the last one: the next
        # key waits until the page shows the step the desk keeps.
        WebDriverWait(browser, 30, poll_frequency=0.2).until(
            lambda b, step=step: (
                (cup.refresh_from_db() or cup.reveal_step) == step + 1
                and b.execute_script(SHOWN_STEP) == str(step + 1)
            )
        )
    WebDriverWait(browser, 10, poll_frequency=0.2).until(
        lambda b: all(row.player.last_name in b.page_source for row in hidden)
    )
    screenshot(f"reveal-{language}-all")
    assert browser.execute_script(CONTRAST) == []


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_the_directors_buttons_fit_a_phone(
    browser, live_server, screenshot, transactional_db, director
):
    cup = final_tournament(director, "reveal-phone")
    for language in ("en", "it"):
        log_in(browser, live_server, director, language)
        open_page(browser, f"{live_server.url}/director/t/{cup.slug}/projector/reveal/")
        scroll_width, width, wide = browser.execute_script(OVERFLOW)
        assert scroll_width <= width and not wide, wide
        assert browser.execute_script(CONTRAST) == []
        screenshot(f"reveal-phone-{language}")
    button = browser.find_element(By.CSS_SELECTOR, ".reveal-buttons button.big")
    button.click()
    # The button posts, and the page comes back: the old page's elements are gone first.
    WebDriverWait(browser, 10, poll_frequency=0.2).until(gone(button))
    WebDriverWait(
        browser, 10, poll_frequency=0.2, ignored_exceptions=(StaleElementReferenceException,)
    ).until(
        lambda b: (
            re.findall(r"\d+", b.find_element(By.CSS_SELECTOR, ".reveal-state").text)[0] == "1"
        )
    )
    cup.refresh_from_db()
    assert cup.reveal_step == 1
    screenshot("reveal-phone-it-after-one")
