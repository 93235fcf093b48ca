"""Players' pages on a 360 px phone: the public standings show place, name, table points and
score with no sideways scroll (the other columns behind "Show all columns"), "Where do I sit?"
fits too, and a laptop still sees every column."""

import pytest
from selenium.webdriver.common.by import By

from scoring.access import Actor
from tests.browser.helpers import OVERFLOW, PHONE, open_page
from tests.factories import build_played
from tournament.models import Player

LONG_NAMES = {
    1: ("Maria Vittoria", "Dell'Acqua-Łukasiewicz"),
    2: ("Gunnar", "Þórsson"),
    3: ("Alessandra", "Santangelo-Castelbarco"),
    4: ("Pieter", "van der Berg-Kierkegaard"),
}

TABLE_FITS = """
const table = document.querySelector('table.standings');
const heads = [...table.querySelectorAll('thead th')]
  .filter((th) => th.offsetParent !== null).map((th) => th.innerText.trim());
return [Math.round(table.getBoundingClientRect().right), document.documentElement.clientWidth,
        heads];
"""


@pytest.fixture
def long_names(transactional_db, director):
    cup = build_played("phone-players", Actor(user=director), confirmed=2)
    for number, (first, last) in LONG_NAMES.items():
        Player.objects.filter(registrations__tournament=cup, registrations__number=number).update(
            first_name=first, last_name=last
        )
    return cup


def headers(names):
    return [name.replace("\n", " ").rstrip(" ▲▼") for name in names]


@pytest.mark.browser
@pytest.mark.looks
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_public_standings_and_find_seat_fit_a_phone(browser, live_server, screenshot, long_names):
    for language in ("en", "it"):
        open_page(browser, live_server.url + "/")
        browser.add_cookie({"name": "django_language", "value": language})
        open_page(browser, f"{live_server.url}/t/{long_names.slug}/standings/")
        scroll_width, width, wide = browser.execute_script(OVERFLOW)
        right, client_width, heads = browser.execute_script(TABLE_FITS)
        screenshot(f"players-standings-360-{language}")
        assert scroll_width <= width and not wide, (language, scroll_width, wide)
        assert right <= client_width, (language, right)  # not even the table scrolls
        expected = {
            "en": ["Place", "Player", "Table points", "Score"],
            "it": ["Pos.", "Giocatore", "Punti tavolo", "Punteggio"],
        }[language]
        assert headers(heads) == expected
        # One name order per language: "Anna Rossi" in English, "Rossi Anna" in Italian.
        name = {
            "en": "Maria Vittoria Dell'Acqua-Łukasiewicz",
            "it": "Dell'Acqua-Łukasiewicz Maria Vittoria",
        }[language]
        assert name in browser.page_source
        browser.find_element(By.CSS_SELECTOR, "label.all-columns-label").click()
        _right, _width, every = browser.execute_script(TABLE_FITS)
        country = {"en": "Country", "it": "Nazione"}[language]
        assert len(every) > len(heads) and country in headers(every), every
        assert browser.execute_script(OVERFLOW)[0] <= width  # the table scrolls, not the page
        open_page(browser, f"{live_server.url}/t/{long_names.slug}/find/?q=dellacqualukasiewicz")
        scroll_width, width, wide = browser.execute_script(OVERFLOW)
        screenshot(f"players-find-seat-360-{language}")
        assert scroll_width <= width and not wide, (language, scroll_width, wide)
        assert "Dell'Acqua-Łukasiewicz" in browser.find_element(By.TAG_NAME, "main").text


@pytest.mark.browser
@pytest.mark.looks
@pytest.mark.parametrize("browser", [(1280, 800)], indirect=True)
def test_a_laptop_sees_every_column_without_the_toggle(browser, live_server, long_names):
    open_page(browser, f"{live_server.url}/t/{long_names.slug}/standings/")
    _right, _width, heads = browser.execute_script(TABLE_FITS)
    heads = headers(heads)
    assert heads[:3] == ["Place", "Move", "Player"]
    assert {"No.", "Country", "Club", "Table points", "Score", "Penalties"} <= set(heads)
    assert not browser.find_element(By.CSS_SELECTOR, "label.all-columns-label").is_displayed()
