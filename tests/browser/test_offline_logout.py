"""Logging out forgets the referee pages the phone kept offline, and keeps the saves waiting
(issue 30, point 5), in a real Chromium at 360 px.

`Clear-Site-Data: "cache"` does not empty Cache Storage in Chromium: after ref1 logged out,
`/referee/` and ref1's table still opened from the service worker's copy, with the names and the
entry form. Now the page after the logout empties the service worker's caches (the queue of
unsent saves in localStorage stays), and the next account sees nothing offline.
Screenshot: $DESK_SCREENSHOTS/offline-after-logout.png.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.browser.helpers import PHONE, log_in, open_page
from tests.browser.offline import (
    kept_on_the_phone,
    offline,
    queue_items,
    stored_kinds,
    type_hand,
    wait,
)
from tests.factories import build

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("browser", [PHONE], indirect=True)]

REFEREE_CACHES = """
const done = arguments[arguments.length - 1];
caches.keys().then(names => Promise.all(names.filter(n => n.startsWith('desk-referee-'))
  .map(n => caches.open(n).then(c => c.keys()).then(keys => keys.map(k => k.url)))))
  .then(lists => done([].concat(...lists))).catch(e => done(['error: ' + e]));
"""


def kept_urls(browser):
    return browser.execute_async_script(REFEREE_CACHES)


def test_the_next_account_sees_nothing_offline_and_the_saves_waiting_stay(
    browser, live_server, transactional_db, screenshot
):
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    users = get_user_model().objects
    ref1 = users.create_user("ref1", password="pw-ref1-123")
    ref2 = users.create_user("ref2", password="pw-ref2-123")
    table.referees.add(ref1)
    cup.sessions.get(number=1).tables.get(number=2).referees.add(ref2)
    player = table.seats.get(wind=0).registration.player.full_name

    log_in(browser, live_server, ref1)
    home_url = live_server.url + reverse("referee-home")
    table_url = live_server.url + reverse("account:table", kwargs={"table_id": table.pk})
    open_page(browser, home_url)
    open_page(browser, table_url)
    wait(browser, kept_on_the_phone)
    open_page(browser, home_url)
    wait(browser, kept_on_the_phone)
    open_page(browser, table_url)
    # A hand typed without connection waits on the phone.
    offline(browser)
    wait(browser, lambda b: b.execute_script("return navigator.onLine === false;"))
    type_hand(browser, {"outcome": "washout"})
    wait(browser, lambda b: len(queue_items(b)) == 1)
    assert any(url.endswith(f"/referee/tables/{table.pk}/") for url in kept_urls(browser))
    # Still offline, the referee goes to "My tables" (the phone's copy), where no queue sends,
    # then the connection is back and ref1 logs out.
    open_page(browser, home_url)
    assert "ref1" in browser.page_source
    offline(browser, False)
    browser.execute_script(
        "document.querySelector('form[action$=\"/accounts/logout/\"] button').click();"
    )
    wait(browser, lambda b: "Director login" in b.page_source)
    wait(browser, lambda b: kept_urls(b) == [])
    assert stored_kinds(browser) == ["hand"]  # the save waiting is still on the phone

    # The next account, offline: neither ref1's tables nor the table page open from the phone.
    log_in(browser, live_server, ref2)
    offline(browser)
    for url in (home_url, table_url):
        browser.get(url)  # offline: the service worker has no copy to answer with
        source = browser.page_source
        assert "ref1" not in source and player not in source, url
        assert "hand-form" not in source, url
    screenshot("offline-after-logout")
    offline(browser, False)
    open_page(browser, live_server.url + "/")
    assert stored_kinds(browser) == ["hand"]
