"""Every page of the desk in Chromium, audited by axe-core (WCAG 2.0/2.1/2.2 A and AA) and
against its Content-Security-Policy (tests/browser/audit.py): the tour of every role's pages and
the pages it leaves out (the projector, the API's documentation, Django's admin, a missing page),
at 1280 px in English and Italian and at 360 px in Italian (the 360 px English tour is
test_phone_width.py's)."""

import pytest
from django.urls import reverse

from tests.browser.audit import audited_pages
from tests.browser.helpers import PHONE, log_in, open_page
from tests.pages import more_pages, tour_pages

LAPTOP = (1280, 800)


@pytest.mark.browser
@pytest.mark.looks
@pytest.mark.parametrize(
    ("browser", "language"),
    [(LAPTOP, "en"), (LAPTOP, "it"), (PHONE, "it")],
    indirect=["browser"],
)
def test_every_page_passes_axe_and_its_policy(
    browser, live_server, transactional_db, director, language
):
    pages = tour_pages("audit", director) + more_pages("audit", director)
    log_in(browser, live_server, director, language)
    for url in pages:
        open_page(browser, live_server.url + url)
        assert browser.current_url == live_server.url + url, (url, browser.current_url)
        # Swagger UI speaks English only, and says so
        expected = "en" if url == reverse("api-docs") else language
        assert browser.execute_script("return document.documentElement.lang;") == expected, url
        assert audited_pages(browser)[-1].startswith(url + " "), url  # axe ran on it
