"""A season's ranking and a player's page on a 360 px phone, in English and Italian: nothing
wider than the screen (a wide table scrolls inside its frame), the ranking's first columns
visible, a player's line opening their results (docs/seasons.md)."""

import pytest
from selenium.webdriver.common.by import By

from tests.browser.helpers import OVERFLOW, PHONE, open_page
from tests.factories import make_season, season_cups
from tournament.models import Player

VISIBLE_HEADS = """
const table = document.querySelector('table.season-ranking');
return [Math.round(table.getBoundingClientRect().right), document.documentElement.clientWidth,
        [...table.querySelectorAll('thead th')].filter((th) => th.offsetParent !== null)
          .map((th) => th.innerText.trim())];
"""


@pytest.fixture
def season(transactional_db):
    cups = season_cups()
    Player.objects.filter(first_name="Anna").update(
        first_name="Maria Vittoria", last_name="Dell'Acqua-Łukasiewicz"
    )
    return make_season("phone-season", [cups["spring"], cups["summer"], cups["autumn"]])


@pytest.mark.browser
@pytest.mark.looks
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_the_ranking_and_a_player_page_fit_a_phone(browser, live_server, screenshot, season):
    anna = Player.objects.get(last_name="Dell'Acqua-Łukasiewicz")
    for language in ("en", "it"):
        open_page(browser, live_server.url + "/")
        browser.add_cookie({"name": "django_language", "value": language})
        open_page(browser, f"{live_server.url}/seasons/{season.slug}/")
        scroll_width, width, wide = browser.execute_script(OVERFLOW)
        right, client_width, heads = browser.execute_script(VISIBLE_HEADS)
        screenshot(f"season-ranking-360-{language}")
        assert scroll_width <= width and not wide, (language, scroll_width, wide)
        assert right <= client_width, (language, right)  # the ranking itself does not scroll
        assert (
            heads
            == {
                "en": ["Place", "Player", "Ranking", "Results"],
                "it": ["Pos.", "Giocatore", "Classifica", "Risultati"],
            }[language]
        )
        assert {"en": "610.87", "it": "610,87"}[language] in browser.page_source
        # a player's line opens their results
        name = {
            "en": "Maria Vittoria Dell'Acqua-Łukasiewicz",
            "it": "Dell'Acqua-Łukasiewicz Maria Vittoria",
        }[language]
        browser.find_element(By.LINK_TEXT, name).click()
        assert browser.current_url.endswith(f"/seasons/{season.slug}/players/{anna.pk}/")
        screenshot(f"season-player-360-{language}")
        scroll_width, width, wide = browser.execute_script(OVERFLOW)
        assert scroll_width <= width and not wide, (language, scroll_width, wide)
        assert {"en": "Part A", "it": "Parte A"}[language] in browser.page_source
        open_page(browser, f"{live_server.url}/players/{anna.pk}/")
        screenshot(f"season-player-history-360-{language}")
        scroll_width, width, wide = browser.execute_script(OVERFLOW)
        assert scroll_width <= width and not wide, (language, scroll_width, wide)
        main = browser.find_element(By.TAG_NAME, "main").text
        assert {"en": "Statistics from the hands", "it": "Statistiche delle mani"}[language] in main
        assert "Cup spring" in main and "Cup autumn" in main


@pytest.mark.browser
@pytest.mark.looks
@pytest.mark.parametrize("browser", [(1280, 800)], indirect=True)
def test_a_laptop_sees_every_column(browser, live_server, screenshot, season):
    open_page(browser, f"{live_server.url}/seasons/{season.slug}/")
    _right, _width, heads = browser.execute_script(VISIBLE_HEADS)
    screenshot("season-ranking-1280")
    assert heads == ["Place", "Player", "Country", "Ranking", "Part A", "Part B", "Results"]
    anna = Player.objects.get(last_name="Dell'Acqua-Łukasiewicz")
    open_page(browser, f"{live_server.url}/players/{anna.pk}/")
    assert browser.execute_script(OVERFLOW)[0] <= 1280
    screenshot("season-player-history-1280")
