"""What a screen reader hears on a referee's phone (issue 36): the hand and the last save once,
"time is up" as an alert when the clock runs out, never the clock ticking; the tile picker's
buttons named by what they show, its six modes with their pressed state, its tile count said
after each tap. And the audit every Chromium test runs (tests/browser/audit.py) does find what
it is there to find."""

import pytest
from django.urls import reverse
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from scoring.access import Actor
from scoring.services.clock import start_clock
from tests.browser.audit import audit_again
from tests.browser.helpers import PHONE, click_choice, open_page
from tests.factories import build, mcr_entry

ANNOUNCED = "return document.querySelector('[data-announce]').textContent;"


def announced(browser, text):
    WebDriverWait(browser, 10, poll_frequency=0.2).until(
        lambda b: b.execute_script(ANNOUNCED) == text
    )


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_the_referee_hears_the_hand_and_time_up_but_not_the_clock(
    browser, live_server, transactional_db, director
):
    cup = build(slug="hears")
    table = cup.sessions.get(number=1).tables.get(number=1)
    start_clock(table.session, actor=Actor(user=director))
    open_page(browser, live_server.url + reverse("link:table", kwargs={"token": table.token}))
    announced(browser, "Hand 1 of 16, East round.")
    clock = browser.find_element(By.CSS_SELECTOR, ".hand-state .table-clock")
    assert clock.get_attribute("role") == "timer"  # read when asked, never by itself
    live = browser.execute_script(
        "return [...document.querySelectorAll('[aria-live], [role=status], [role=alert],"
        " [role=log]')].filter(e => e.contains(document.querySelector('.table-clock')))"
        ".length;"
    )
    assert live == 0  # no live region around the clock

    entry = mcr_entry(1)
    click_choice(browser, "outcome", entry["outcome"])
    click_choice(browser, "winner", entry["winner"])
    click_choice(browser, "discarder", entry["discarder"])
    browser.find_element(By.NAME, "fan").send_keys(str(entry["fan"]))
    browser.find_element(By.CSS_SELECTOR, "button.save").click()
    WebDriverWait(browser, 20, poll_frequency=0.2).until(lambda b: "Hand 1 saved" in b.page_source)
    text = WebDriverWait(browser, 10, poll_frequency=0.2).until(
        lambda b: b.execute_script(ANNOUNCED)
    )
    assert text.startswith("Hand 1 saved: ") and text.endswith(". Hand 2 of 16, East round."), text

    # The countdown reaches zero while the page is open: the banner appears as an alert
    # filled in at that moment (so it is said), and the clock stays quiet.
    banner = browser.find_element(By.ID, "time-banner")
    assert not banner.is_displayed() and banner.get_attribute("textContent") == ""
    browser.execute_script(
        "document.querySelector('.table-clock').setAttribute('data-remaining', '0');"
        "window.deskClocks();"
    )
    assert banner.is_displayed() and banner.get_attribute("role") == "alert"
    assert banner.text.startswith("Time is up: play stops now.")


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_the_tile_picker_speaks_what_it_shows(browser, live_server, transactional_db):
    cup = build(slug="picker-speaks")
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_page(browser, live_server.url + reverse("link:table", kwargs={"token": table.token}))
    summary = browser.find_element(By.CSS_SELECTOR, "details.tile-count summary")
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", summary)
    summary.click()
    modes = browser.find_elements(By.CSS_SELECTOR, "button.tile-mode")
    assert len(modes) == 6
    assert [mode.get_attribute("aria-pressed") for mode in modes] == ["true"] + ["false"] * 5
    names = browser.execute_script(
        "return [...document.querySelectorAll('button.tile')].map(b => "
        "[b.dataset.tile, b.getAttribute('aria-label'), b.textContent, b.title]);"
    )
    assert len(names) == 34
    by_tile = {tile: (label, text, title) for tile, label, text, title in names}
    assert by_tile["5z"] == (None, "Wh", "White dragon")  # named "Wh", as it shows
    assert by_tile["5p"] == (None, "5p", "5 dots")
    counter = browser.find_element(By.CSS_SELECTOR, ".tile-size")
    assert counter.get_attribute("role") == "status"
    for tile in ("1m", "2m", "3m"):
        browser.find_element(By.CSS_SELECTOR, f'button.tile[data-tile="{tile}"]').click()
    assert counter.text == "3 of 14 tiles"
    browser.find_element(By.CSS_SELECTOR, 'button.tile-mode[data-mode="pung"]').click()
    assert [mode.get_attribute("aria-pressed") for mode in modes].count("true") == 1
    assert modes[2].get_attribute("aria-pressed") == "true"
    audit_again(browser)  # the open picker passes axe, label-content-name-mismatch included


@pytest.mark.browser
@pytest.mark.parametrize("browser", [(1280, 800)], indirect=True)
def test_the_audit_finds_a_violation_and_a_refused_script(browser, live_server, transactional_db):
    """The audit is no decoration: a button named otherwise than it shows, and a script the
    policy refuses, are both found (then forgotten, so this test passes)."""
    open_page(browser, live_server.url + "/")
    browser.execute_script(
        "const b = document.createElement('button'); b.textContent = 'Wh';"
        "b.setAttribute('aria-label', '5z'); document.querySelector('main').append(b);"
        "const s = document.createElement('script'); s.textContent = 'window.ran = 1;';"
        "document.head.append(s);"
    )
    assert browser.execute_script("return window.ran === undefined;")  # refused
    audit = browser._listener
    audit_again(browser)
    found = "\n".join(audit.findings)
    assert "label-content-name-mismatch" in found, found
    assert "script-src-elem refused inline" in found, found
    audit.findings.clear()
