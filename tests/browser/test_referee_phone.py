"""Every referee page of every rule set fits a 360 px phone (issue 14, point 1): the entry page
after the deal moved (with a penalty and long names), the penalty, correction and history pages
of a table of MCR, EMA Riichi 2008 and 2016, classic European, FIMJ and Faentino, and the entry page
again in Italian. No sideways scroll (document.scrollingElement.scrollWidth within the 360 px);
a screenshot of each page goes to $DESK_REFEREE_SHOTS (default /tmp/shots)."""

import base64
import os
from pathlib import Path

import pytest
from django.urls import reverse

from scoring.access import Actor
from scoring.services.closing import call_time
from tests.browser.helpers import OVERFLOW, PHONE, open_page
from tests.scoring.referee_tables import RULESETS, referee_table

SHOTS = Path(os.environ.get("DESK_REFEREE_SHOTS", "/tmp/shots"))


@pytest.mark.browser
@pytest.mark.looks
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_every_referee_page_of_every_rule_set_fits_a_phone(browser, live_server, transactional_db):
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for code in RULESETS:
        table = referee_table(code)
        pages = {
            "entry": reverse("link:table", kwargs={"token": table.token}),
            "penalty": reverse("link:penalty", kwargs={"token": table.token}),
            "correction": reverse("link:correct", kwargs={"token": table.token, "number": 1}),
            "history": reverse("link:history", kwargs={"token": table.token}),
        }
        for name, url in [*pages.items(), ("entry-it", pages["entry"])]:
            # the Italian words are longer: the entry page again in Italian
            language = "it" if name.endswith("-it") else "en"
            open_page(browser, live_server.url + url)
            if (browser.get_cookie("django_language") or {}).get("value", "en") != language:
                browser.add_cookie({"name": "django_language", "value": language})
                open_page(browser, live_server.url + url)
            assert browser.current_url == live_server.url + url, (url, browser.current_url)
            scroll_width, inner_width = browser.execute_script(
                "return [document.scrollingElement.scrollWidth, window.innerWidth];"
            )
            browser.save_screenshot(str(SHOTS / f"referee-{code}-{name}.png"))
            # The whole page, as a referee scrolls down it.
            full = browser.execute_cdp_cmd(
                "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}
            )
            (SHOTS / f"referee-{code}-{name}-full.png").write_bytes(base64.b64decode(full["data"]))
            assert browser.execute_script("return document.documentElement.lang;") == language
            if name.startswith("entry") or name == "history":
                # the hands list (and the history's versions) shows its four player columns whole, without scrolling
                hands = browser.execute_script(
                    "const t = document.querySelector('table.hands');"
                    "return [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right,"
                    " t.querySelectorAll('thead th').length];"
                )
                if hands[0] > hands[1] or hands[2] > PHONE[0] or hands[3] != 5:
                    problems.append((code, name, "hands list", hands))
            _document_width, _width, wide = browser.execute_script(OVERFLOW)
            if scroll_width > min(inner_width, PHONE[0]) or wide:
                problems.append((code, name, scroll_width, inner_width, wide))
    # the last table (Faentino) after "Time is up": the header says the hand is the last one
    table.refresh_from_db()
    call_time(table, actor=Actor(via="table link"), revision=table.revision)
    open_page(browser, live_server.url + reverse("link:table", kwargs={"token": table.token}))
    browser.delete_cookie("django_language")
    open_page(browser, live_server.url + reverse("link:table", kwargs={"token": table.token}))
    browser.save_screenshot(str(SHOTS / "referee-faentino-entry-time-up.png"))
    header = browser.find_element("css selector", ".hand-state").text
    assert "Hand 3, the last one" in header and "of 3" not in header, header
    scroll_width = browser.execute_script("return document.scrollingElement.scrollWidth;")
    if scroll_width > PHONE[0]:
        problems.append(("faentino", "entry after time is up", scroll_width))
    assert not problems, problems
