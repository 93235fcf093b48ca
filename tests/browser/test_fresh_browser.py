"""The browser tests share one Chromium per window size in each test process
(tests/browser/chromium.py): between two tests it forgets everything the first left behind, as a
browser just started, so that no test depends on another. Here a referee's phone is left in the
worst state the tests leave it in (offline, requests held, storage full, a service worker with
its own copy, a second tab, a dialog open, another window size and wait), and the next test's
browser is checked to be the same Chromium and as new."""

import pytest

from tests.browser.chromium import TIMEOUTS, workers
from tests.browser.helpers import PHONE, log_in, open_page
from tests.browser.offline import HELD, offline, open_table
from tests.factories import build

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("browser", [PHONE], indirect=True)]

LEAVE = """
const done = arguments[arguments.length - 1];
localStorage.setItem('left', '1');
sessionStorage.setItem('left', '1');
document.cookie = 'left=1; path=/; max-age=3600';
const opening = indexedDB.open('left', 1);
opening.onupgradeneeded = () => opening.result.createObjectStore('things');
opening.onsuccess = () => {
  opening.result.close();
  caches.open('left').then(cache => cache.put('/left', new Response('left')))
    .then(() => done(1));
};
"""

FOUND = """
const done = arguments[arguments.length - 1];
Promise.all([indexedDB.databases(), caches.keys(),
             navigator.serviceWorker.getRegistrations()]).then(([bases, names, workers]) => done({
  local: localStorage.getItem('left'), session: sessionStorage.getItem('left'),
  cookie: document.cookie.includes('left='), bases: bases.map(base => base.name),
  caches: names, workers: workers.length, script: window.__left || null,
  width: window.innerWidth, online: navigator.onLine}));
"""


def test_the_next_test_finds_the_browser_as_new(
    browser, chromiums, live_server, transactional_db, director
):
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    log_in(browser, live_server, director)
    open_table(browser, live_server, table)  # the page kept by the desk's service worker
    assert workers(browser)
    assert browser.execute_async_script(LEAVE) == 1
    browser.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument", {"source": "window.__left = 'script';"}
    )
    assert offline(browser) >= 1  # the page and the service worker
    browser.execute_cdp_cmd("Fetch.enable", {"patterns": [HELD]})
    browser.set_window_size(1000, 600)
    browser.implicitly_wait(0)
    browser.set_script_timeout(1)
    browser.switch_to.new_window("tab")
    browser.get("about:blank")
    browser.execute_script("setTimeout(() => alert('left'), 0);")
    first = browser.wrapped_driver

    chromiums.forget(PHONE, {live_server.url})  # the end of one test
    after = chromiums.ready(PHONE)  # the start of the next

    assert after is first  # the same Chromium, not another one started
    assert len(after.window_handles) == 1
    assert not workers(after)
    assert not after.get_cookies()
    assert after.timeouts.implicit_wait == TIMEOUTS["implicit_wait"]
    assert after.timeouts.script == TIMEOUTS["script"]
    assert after.timeouts.page_load == TIMEOUTS["page_load"]
    assert after.get_window_size() == {"width": PHONE[0], "height": PHONE[1]}
    open_page(browser, live_server.url + "/")  # online, nothing held: the desk answers
    found = browser.execute_async_script(FOUND)
    assert found == {
        "local": None,
        "session": None,
        "cookie": False,
        "bases": [],
        "caches": [],
        "workers": 0,
        "script": None,
        "width": PHONE[0],
        "online": True,
    }
