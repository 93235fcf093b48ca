"""Every page of the tour fits a 360 px phone: nothing wider than the screen except inside a
container that scrolls on its own (wide standings tables), so no page scrolls sideways."""

import pytest
from django.conf import settings
from django.test import Client

from tests.browser.test_in_chromium import PHONE
from tests.pages import tour_pages

OVERFLOW = """
const width = document.documentElement.clientWidth;
const wide = [];
for (const element of document.body.querySelectorAll('*')) {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.right <= width + 1) continue;
  let scrolls = false;
  for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (['auto', 'scroll', 'hidden'].includes(style.overflowX)
        && up.getBoundingClientRect().right <= width + 1) { scrolls = true; break; }
  }
  if (!scrolls) wide.push(element.tagName + '.' + element.className + ' ' + Math.round(box.right));
}
return [document.documentElement.scrollWidth, width, wide.slice(0, 5)];
"""


@pytest.mark.browser
@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_every_page_fits_a_phone(browser, live_server, screenshot, transactional_db, director):
    pages = tour_pages("phone-width", director)
    client = Client()
    client.force_login(director)
    browser.get(live_server.url + "/")
    browser.add_cookie({"name": settings.SESSION_COOKIE_NAME,
                        "value": client.cookies[settings.SESSION_COOKIE_NAME].value})
    problems = []
    for url in pages:
        browser.get(live_server.url + url)
        assert browser.current_url == live_server.url + url, (url, browser.current_url)
        scroll_width, width, wide = browser.execute_script(OVERFLOW)
        screenshot("phone-" + (url.strip("/").replace("/", "-").replace("?", "-") or "home"))
        if scroll_width > width or wide:
            problems.append((url, scroll_width, wide))
    assert not problems, problems
