"""What the browser tests share: the phone's size and the scripts that inspect a page."""

from pathlib import Path

PHONE = (360, 740)
#: How long the browser waits for an element a test looks for to appear (Selenium's implicit wait).
APPEAR_SECONDS = 5
CONTRAST = (Path(__file__).parent / "contrast.js").read_text()
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


#: What chromedriver answers when a command reaches a window whose document is being replaced
#: (a navigation under way): the command is worth giving again once the new document is there.
NAVIGATING = (
    "no such execution context",
    "navigation detected",
    "loader has changed",
    "context has changed",
    "target frame detached",
    "cannot determine loading status",
)


def gone(element):
    """A condition for WebDriverWait: `element`'s document has been replaced. chromedriver says so
    as a stale element or, while the next document is being built, as a node that "does not
    belong to the document"."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    def replaced(driver):
        try:
            element.is_enabled()
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in (error.msg or ""):
                return True
            raise
        return False

    return replaced


def navigating(error):
    """True when `error` (a WebDriverException) says the document changed under the command."""
    return any(words in (error.msg or "") for words in NAVIGATING)


def until_settled(browser, condition, seconds):
    """Wait until `condition(browser)` holds, asked again whenever a navigation under way kept
    the browser from answering (any other error is raised)."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    def settled(driver):
        try:
            return condition(driver)
        except WebDriverException as error:
            if navigating(error):
                return False
            raise

    return WebDriverWait(browser, seconds, poll_frequency=0.1).until(settled)


def complete(driver):
    """The window's document is loaded (no navigation under way)."""
    return driver.execute_script("return document.readyState") == "complete"


def press(browser, element, seconds=10):
    """Click `element`, a button that submits its form, and wait until the next document has
    replaced the page and is loaded: an element looked up at once could otherwise be the old
    page's, gone by the time it is read ("stale element reference")."""
    from selenium.webdriver.support.ui import WebDriverWait

    element.click()
    WebDriverWait(browser, seconds, poll_frequency=0.1).until(gone(element))
    until_settled(browser, complete, seconds)


def open_page(browser, url, seconds=30):
    """Open `url` and wait until its document is complete and its body has text, waiting out a
    navigation still under way. Under a loaded CI machine Chromium has been seen to hand back an
    empty document right after navigating; one more try then."""
    from selenium.common.exceptions import TimeoutException

    def has_text(driver):
        return driver.execute_script(
            "return document.readyState === 'complete' && !!document.body"
            " && document.body.innerText.trim().length > 0"
        )

    for attempt in (1, 2):
        browser.get(url)
        try:
            until_settled(browser, has_text, seconds)
            return
        except TimeoutException:
            if attempt == 2:
                raise


def log_in(browser, live_server, user, language=None):
    """Open the desk in `browser` logged in as `user` (a session made by the test client),
    in `language` when given."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    open_page(browser, live_server.url + "/")
    browser.add_cookie(
        {
            "name": settings.SESSION_COOKIE_NAME,
            "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        }
    )
    if language:
        browser.add_cookie({"name": settings.LANGUAGE_COOKIE_NAME, "value": language})


def wait_for_text(browser, text, seconds=10):
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, seconds, poll_frequency=0.2).until(lambda b: text in b.page_source)


def elements_now(browser, selector):
    """The elements matching the CSS `selector` as the page stands: an empty list at once when
    there is none (`find_elements` would first wait APPEAR_SECONDS for one to appear)."""
    from selenium.webdriver.common.by import By

    browser.implicitly_wait(0)
    try:
        return browser.find_elements(By.CSS_SELECTOR, selector)
    finally:
        browser.implicitly_wait(APPEAR_SECONDS)


def click_choice(browser, name, value):
    """Tap the big button of a choice (the radio itself is invisible under its label)."""
    from selenium.webdriver.common.by import By

    field = browser.find_element(By.CSS_SELECTOR, f'input[name="{name}"][value="{value}"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    field.find_element(By.XPATH, "..").click()
