"""The director weighs the two priorities of a draw with clubs in a real Chromium, at the
director's 1280 px and on a 360 px phone: the preview shows the other choice's figures, the
button previews it with the same seed, and nothing overflows or fades (docs/rules.md §8.3)."""

import pytest
from django.urls import reverse
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bench.seating import clubs  # every player in a club of 4 to 6, as the bench draws them
from tests.browser.helpers import CONTRAST, OVERFLOW, PHONE, log_in, open_page
from tests.factories import make_tournament
from tournament.services.registrations import register_player


def wait_for_text(browser, text, seconds=30):
    WebDriverWait(browser, seconds, poll_frequency=0.2).until(lambda b: text in b.page_source)


@pytest.mark.browser
@pytest.mark.parametrize("browser", [(1280, 900), PHONE], indirect=True)
def test_the_preview_offers_the_other_choice(
    browser, live_server, screenshot, transactional_db, director, request
):
    width = request.node.callspec.params["browser"][0]
    cup = make_tournament(slug="club-cup", session_count=7, seating_groups="club")
    for number, club in clubs(32, 3).items():
        register_player(cup, first_name=f"Player{number}", last_name="Test", club=f"Club {club}")
    log_in(browser, live_server, director)
    open_page(browser, live_server.url + reverse("draw", args=[cup.slug]))
    browser.find_element(By.NAME, "seed").send_keys("3")
    browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]").click()
    wait_for_text(browser, "The other choice, keep them apart first:")
    box = browser.find_element(By.CSS_SELECTOR, ".other-choice")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    screenshot(f"draw-other-choice-{width}")
    assert "repeated meeting" in box.text and "This draw: 0 repeated meetings," in box.text
    scroll_width, page_width, wide = browser.execute_script(OVERFLOW)
    assert scroll_width <= page_width and not wide, wide
    assert browser.execute_script(CONTRAST) == []

    box.find_element(By.TAG_NAME, "button").click()
    wait_for_text(browser, "The other choice, avoid repeated opponents first:")
    box = browser.find_element(By.CSS_SELECTOR, ".other-choice")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    screenshot(f"draw-other-choice-taken-{width}")
    assert "0 pairs of the same club/country at a table." in box.text.split("This draw:")[1]
    cup.refresh_from_db()
    assert cup.seating_priority == "apart"


@pytest.mark.browser
@pytest.mark.parametrize("browser", [(1280, 900), PHONE], indirect=True)
def test_the_preview_weighs_the_kept_plan_against_a_fresh_draw(
    browser, live_server, screenshot, transactional_db, director, request
):
    """A player withdraws and a newcomer takes the place after the draw: the preview shows the
    kept plan's figures beside the fresh draw's, cards to reprint included, and the re-visit
    bound in the report (docs/rules.md §8.1, §8.2)."""
    from draw.writing import write_draw
    from tournament.services.registrations import (
        WITHDRAW,
        change_registration,
        registration_values,
    )

    width = request.node.callspec.params["browser"][0]
    cup = make_tournament(slug="kept-cup", session_count=4)
    for number in range(16):
        register_player(cup, first_name=f"Player{number}", last_name="Test")
    write_draw(cup, seed=4)
    leaver = cup.registrations.get(number=3)
    change_registration(cup, leaver, WITHDRAW, expected=registration_values(leaver))
    register_player(cup, first_name="New", last_name="Comer")
    log_in(browser, live_server, director)
    open_page(browser, live_server.url + reverse("draw", args=[cup.slug]))
    browser.find_element(By.NAME, "seed").send_keys("9")
    browser.find_element(By.CSS_SELECTOR, "form.form button[type=submit]").click()
    wait_for_text(browser, "Cards to reprint")
    box = browser.find_element(By.CSS_SELECTOR, ".kept-plan")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    screenshot(f"draw-kept-plan-{width}")
    assert "Previous plan kept" in box.text and "Fresh draw" in box.text
    assert "The previous plan is kept" in box.text
    assert "fewest possible:" in browser.find_element(By.CSS_SELECTOR, ".preview .report").text
    scroll_width, page_width, wide = browser.execute_script(OVERFLOW)
    assert scroll_width <= page_width and not wide, wide
    assert browser.execute_script(CONTRAST) == []
