"""Every page of the tour fits a 360 px phone: nothing wider than the screen except inside a
container that scrolls on its own (wide standings tables), so no page scrolls sideways; and every
text stands out from its background (WCAG contrast, tests/browser/contrast.js)."""

import pytest

from tests.browser.helpers import CONTRAST, OVERFLOW, PHONE, log_in, open_page
from tests.pages import tour_pages


@pytest.mark.browser
@pytest.mark.looks
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_every_page_fits_a_phone_and_is_legible(
    browser, live_server, screenshot, transactional_db, director
):
    pages = tour_pages("phone-width", director)
    log_in(browser, live_server, director)
    problems = []
    for url in pages:
        open_page(browser, live_server.url + url)
        assert browser.current_url == live_server.url + url, (url, browser.current_url)
        scroll_width, width, wide = browser.execute_script(OVERFLOW)
        screenshot("phone-" + (url.strip("/").replace("/", "-").replace("?", "-") or "home"))
        if scroll_width > width or wide:
            problems.append((url, scroll_width, wide))
        faint = browser.execute_script(CONTRAST)
        if faint:
            problems.append((url, "contrast", faint))
    assert not problems, problems
