"""On a 360 px phone, in a real Chromium: a player signs up, follows the link of the message the
desk sent through a real SMTP server, confirms, and on the day checks in with the link of the
confirmation (its QR code); the director checks another player in on the check-in page. Every
new page is photographed at 360 and 1280 px and fits the phone without sideways scrolling."""

import re

import pytest
from selenium.webdriver.common.by import By

from scoring.access import Actor
from signup.models import Entry, EntryStatus
from signup.services.checkin import open_check_in
from tests.browser.helpers import OVERFLOW, PHONE, log_in, open_page, press
from tests.factories import make_tournament, open_signup, register_players, signed_up
from tests.servers import smtp_server


@pytest.fixture
def mail(settings):
    with smtp_server() as server:
        for name, value in server.settings().items():
            setattr(settings, name, value)
        yield server


def fits(browser):
    scroll_width, width, wide = browser.execute_script(OVERFLOW)
    assert scroll_width <= width and not wide, (browser.current_url, scroll_width, wide)


def links(message, base):
    text = message.get_body(("plain",)).get_content()
    return list(dict.fromkeys(re.findall(re.escape(base) + r"/\S+", text)))


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_sign_up_and_check_in_on_a_phone(
    browser, live_server, screenshot, mail, transactional_db, director
):
    tournament = make_tournament(slug="phone-open", name="Phone Open", seating_groups="none")
    open_signup(tournament, places=6, site_url=live_server.url)
    register_players(tournament, 2)

    open_page(browser, f"{live_server.url}/t/phone-open/signup/")
    fits(browser)
    screenshot("signup-form-360")
    for name, value in (
        ("first_name", "Giulia"),
        ("last_name", "Dell'Acqua-Łukasiewicz"),
        ("email", "giulia@example.org"),
        ("ema_id", "04011223"),
        ("club", "Mahjong Club Faenza"),
    ):
        browser.find_element(By.NAME, name).send_keys(value)
    browser.find_element(By.NAME, "consent").click()
    press(browser, browser.find_element(By.CSS_SELECTOR, ".signup-form button[type=submit]"))
    assert "Check your e-mail" in browser.find_element(By.TAG_NAME, "h1").text
    fits(browser)
    screenshot("signup-sent-360")

    [message] = mail.to("giulia@example.org")
    [entry_link] = links(message, live_server.url)
    open_page(browser, entry_link)
    fits(browser)
    screenshot("signup-entry-pending-360")
    press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Confirm my entry']"))
    assert "You have a place: player number 3." in browser.find_element(By.TAG_NAME, "main").text
    fits(browser)
    screenshot("signup-entry-confirmed-360")
    entry = Entry.objects.get(email="giulia@example.org")
    assert entry.status == EntryStatus.CONFIRMED

    placed = mail.to("giulia@example.org")[-1]
    checkin_link = next(link for link in links(placed, live_server.url) if "/checkin/" in link)
    open_check_in(tournament, True, actor=Actor(user=director))
    open_page(browser, checkin_link)
    fits(browser)
    screenshot("signup-self-checkin-360")
    press(browser, browser.find_element(By.XPATH, "//button[normalize-space()='I am here']"))
    assert "You are checked in" in browser.find_element(By.CSS_SELECTOR, ".checkin-done").text
    entry.registration.refresh_from_db()
    assert entry.registration.checked_in_at is not None

    # the desk's own check-in page, on the director's phone
    log_in(browser, live_server, director)
    open_page(browser, f"{live_server.url}/director/t/phone-open/checkin/")
    fits(browser)
    screenshot("checkin-page-360")
    search = browser.find_element(By.ID, "checkin-search")
    search.send_keys("test1")
    press(browser, browser.find_element(By.CSS_SELECTOR, ".search-form button[type=submit]"))
    row = browser.find_element(By.CSS_SELECTOR, ".checkin-row")
    assert "Player1 Test1" in row.text
    press(browser, row.find_element(By.XPATH, ".//button[normalize-space()='Present']"))
    assert "is here" in browser.find_element(By.CSS_SELECTOR, ".messages").text
    assert tournament.registrations.get(number=1).checked_in_at is not None
    fits(browser)


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE, (1280, 800)], indirect=True)
def test_every_sign_up_page_fits(browser, live_server, screenshot, transactional_db, director):
    """The director's pages and the players' other pages, photographed at both widths."""
    width = browser.execute_script("return window.innerWidth")
    tournament = make_tournament(slug="pages-open", name="Pages Open", seating_groups="none")
    open_signup(tournament, places=4, site_url=live_server.url)
    register_players(tournament, 3)
    placed = signed_up(tournament, 1, first_name="Maria Vittoria", last_name="Santangelo")
    waiting = signed_up(tournament, 2)
    pending = signed_up(tournament, 3, confirm=False)
    from signup import links

    pages = {
        "signup-form": "/t/pages-open/signup/",
        "signup-players": "/t/pages-open/signup/players/",
        "signup-entry-waiting": links.entry_url(waiting),
        "signup-entry-pending": links.entry_url(pending),
        "signup-entry-confirmed": links.entry_url(placed),
        "signup-correct": links.entry_url(placed) + "correct/",
    }
    for name, path in pages.items():
        open_page(browser, live_server.url + path)
        fits(browser)
        screenshot(f"{name}-{width}")
    log_in(browser, live_server, director)
    open_check_in(tournament, True, actor=Actor(user=director))
    director_pages = {
        "signup-settings": "/director/t/pages-open/signup/",
        "signup-entries": "/director/t/pages-open/signup/entries/",
        "checkin-page": "/director/t/pages-open/checkin/",
        "draw-missing": "/director/t/pages-open/draw/",
    }
    for name, path in director_pages.items():
        open_page(browser, live_server.url + path)
        fits(browser)
        screenshot(f"{name}-{width}")
    if width > 1000:
        open_page(browser, f"{live_server.url}/t/pages-open/projector/")
        screenshot("projector-checkin-1280")
        assert "still to check in" in browser.find_element(By.TAG_NAME, "main").text
