"""A referee with a keyboard only (issue 36): on an MCR table and on a riichi table, a hand, a
penalty and a correction entered with Tab, Space, arrows, typing and Enter, never the mouse, and
at every step the focus ring shows with 3:1 contrast against what is behind it
(tests/browser/focus.js); and every control of the pages a director, a referee and a player use
most has such a ring, on the white, the page's grey and the dark header alike."""

from pathlib import Path

import pytest
from django.urls import reverse
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from scoring.models import Hand, Penalty
from tests.browser.helpers import PHONE, log_in, open_page
from tests.factories import build
from tests.pages import tour_pages

FOCUS = (Path(__file__).parent / "focus.js").read_text()
LAPTOP = (1280, 800)


class Keyboard:
    """Keys pressed where the focus is; every element the focus reaches is checked."""

    def __init__(self, browser):
        self.browser = browser
        self.seen = []
        self.hidden = []

    def press(self, *keys):
        ActionChains(self.browser.wrapped_driver).send_keys(*keys).perform()

    def check(self):
        what, shown, contrast = self.browser.execute_script(FOCUS)
        self.seen.append(what)
        if not shown:
            self.hidden.append((self.browser.current_url, what, contrast))

    def tab_to(self, wanted, limit=80):
        """Tab until the focused element matches the CSS selector `wanted`."""
        for _ in range(limit):
            self.press(Keys.TAB)
            self.check()
            if self.browser.execute_script(
                "return document.activeElement.matches(arguments[0]);", wanted
            ):
                return
        raise AssertionError(f"Tab never reached {wanted}; reached {self.seen[-limit:]}")

    def start(self, url):
        """Open `url` and enter its content by the skip link, as a keyboard user does."""
        open_page(self.browser, url)
        self.tab_to("a.skip-link", limit=3)
        self.press(Keys.ENTER)

    def type(self, text):
        """Replace the focused field's text."""
        ActionChains(self.browser.wrapped_driver).key_down(Keys.CONTROL).send_keys("a").key_up(
            Keys.CONTROL
        ).send_keys(Keys.BACKSPACE, text).perform()

    def choose(self, name, value):
        """A radio button of a group by arrows (Space first, when none is chosen yet)."""
        self.tab_to(f'input[name="{name}"]')
        if not self.browser.execute_script("return document.activeElement.checked;"):
            self.press(Keys.SPACE)
        for _ in range(8):
            if self.browser.execute_script(
                "return document.activeElement.value === arguments[0];", str(value)
            ):
                self.check()
                return
            self.press(Keys.ARROW_RIGHT)
        raise AssertionError(f"no {name}={value}")

    def tick(self, name, value):
        """A checkbox: Tab to it, Space."""
        self.tab_to(f'input[name="{name}"][value="{value}"]')
        self.press(Keys.SPACE)

    def submit(self, selector, then):
        """Tab to the button or link, Enter, and wait for the text `then` (or the address
        `then`, back at the table)."""
        self.tab_to(selector)
        self.press(Keys.ENTER)
        WebDriverWait(self.browser, 20, poll_frequency=0.2).until(
            lambda b: (
                (
                    b.current_url == then
                    and b.execute_script("return document.readyState") == "complete"
                )
                or then in b.page_source
            )
        )


def mcr_hand(keys):
    keys.choose("outcome", "discard")
    keys.choose("winner", 1)
    keys.choose("discarder", 2)
    keys.tab_to('input[name="fan"]')
    keys.type("8")
    keys.tab_to('input[name="flowers"]')
    keys.type("0")


def riichi_hand(keys):
    keys.choose("outcome", "ron")
    keys.tick("winners", 1)
    keys.choose("discarder", 2)
    keys.tab_to('input[name="han_1"]')
    keys.type("3")
    keys.tab_to('input[name="fu_1"]')
    keys.type("30")


@pytest.mark.browser
@pytest.mark.parametrize("ruleset", ["mcr", "riichi2016"])
@pytest.mark.parametrize("browser", [LAPTOP], indirect=True)
def test_a_referee_enters_a_hand_a_penalty_and_a_correction_by_keyboard(
    browser, live_server, transactional_db, screenshot, ruleset
):
    cup = build(slug=f"keys-{ruleset}", ruleset=ruleset)
    table = cup.sessions.get(number=1).tables.get(number=1)
    url = live_server.url + reverse("link:table", kwargs={"token": table.token})
    keys = Keyboard(browser)

    keys.start(url)
    (mcr_hand if ruleset == "mcr" else riichi_hand)(keys)
    keys.submit("button.save", "Hand 1 saved")
    first = Hand.objects.current().get(table=table, number=1)

    keys.start(url)
    keys.submit('a[href$="/penalty/"]', "Compute the penalty")
    keys.tab_to('select[name="kind"]')
    for _ in range(6):  # down the list to the referee's decision
        if browser.execute_script("return document.activeElement.value;") == "referee_decision":
            break
        keys.press(Keys.ARROW_DOWN)
    keys.tab_to('input[name="amount"]')
    keys.type("5")
    keys.tab_to('input[name="reason"], textarea[name="reason"]')
    keys.type("Slow play")
    keys.submit("form.penalty-form button[type=submit]", "Confirm the penalty")
    keys.submit("form.penalty-form button[type=submit]", url)
    assert Penalty.objects.filter(table=table, kind="referee_decision").count() == 1

    keys.start(url)
    keys.submit('table.hands a[href*="/hands/1/"]', "Save the correction")
    if ruleset == "mcr":
        keys.tab_to('input[name="fan"]')
        keys.type("9")
    else:
        keys.tab_to('input[name="han_1"]')
        keys.type("4")
    screenshot(f"keyboard-{ruleset}-correction")
    keys.submit("button.save", url)
    hand = Hand.objects.current().get(table=table, number=1)
    assert hand.version == 2 and hand.entry != first.entry
    if ruleset == "mcr":
        assert hand.fan == 9
    assert not keys.hidden, keys.hidden


@pytest.mark.browser
@pytest.mark.looks
@pytest.mark.parametrize("browser", [LAPTOP, PHONE], indirect=True)
def test_every_control_shows_a_focus_ring_that_stands_out(
    browser, live_server, transactional_db, director
):
    """The home page, the standings, a session's dashboard, the draw, and a table's entry and
    penalty pages: Tab round each page once, header included."""
    pages = tour_pages("rings", director)
    chosen = [
        url
        for url in pages
        if url in ("/", "/t/rings/standings/", "/director/t/rings/sessions/2/")
        or url == "/director/t/rings/draw/"
        or (url.startswith("/r/") and url.count("/") == 3)
        or (url.startswith("/r/") and url.endswith("/penalty/"))
    ]
    assert len(chosen) == 6, chosen
    log_in(browser, live_server, director)
    keys = Keyboard(browser)
    for url in chosen:
        open_page(browser, live_server.url + url)
        first = None
        for _ in range(150):  # round the page once
            keys.press(Keys.TAB)
            if browser.execute_script("return document.activeElement === document.body;"):
                break  # past the last control
            keys.check()
            what = keys.seen[-1]
            if what == first:
                break
            first = first or what
    assert len(keys.seen) > 100
    assert not keys.hidden, keys.hidden
