"""The referee's page without connection (issue 19), in a real Chromium at 360 px with the
DevTools network conditions: hands typed offline wait on the phone, survive an offline reload
(the page then comes from the service worker's copy: the test renames the tournament meanwhile
and the reloaded page still shows the old name) and are saved once each when the connection is
back; another device saving meanwhile gives a choice; a table closed meanwhile refuses the hand,
which stays until dismissed. Screenshots go to $DESK_SCREENSHOTS: offline-queued,
offline-conflict, offline-refused."""

import pytest
from django.urls import reverse

from scoring.access import Actor
from scoring.models import Hand
from scoring.services import closing, hands
from scoring.services.tables import snapshot
from tests.browser.helpers import PHONE, elements_now, open_page
from tests.browser.offline import (
    HELD,
    kept_on_the_phone,
    offline,
    open_table,
    queue_items,
    stored_kinds,
    type_hand,
    wait,
)
from tests.factories import build, make_director, play
from tournament.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("browser", [PHONE], indirect=True)]

HANDS = [
    {"outcome": "self_drawn", "winner": 3, "fan": 8},
    {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 12},
    {"outcome": "washout"},
]


def heading(browser):
    return browser.execute_script(
        "const h = document.querySelector('#desk-queue:not([hidden]) h2');"
        "return h ? h.textContent : '';"
    )


def one_hand_queued(browser, live_server, hand):
    """A cup whose first table's page is open on a phone gone offline, with `hand` typed and
    waiting in the queue; returns the table."""
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_table(browser, live_server, table)
    offline(browser)
    wait(browser, lambda b: b.execute_script("return navigator.onLine === false;"))
    type_hand(browser, hand)
    wait(browser, lambda b: len(queue_items(b)) == 1)
    return table


def test_three_hands_typed_offline_are_saved_once_each(
    browser, live_server, transactional_db, screenshot
):
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_table(browser, live_server, table)
    offline(browser)
    wait(browser, lambda b: b.execute_script("return navigator.onLine === false;"))
    for number, entry in enumerate(HANDS, start=1):
        type_hand(browser, entry)
        wait(browser, lambda b, n=number: len(queue_items(b)) == n)
    assert heading(browser) == "3 hands waiting to be sent"
    descriptions = [description for _state, description in queue_items(browser)]
    winner = table.seats.get(wind=1).registration.player.last_name
    assert descriptions[0].startswith("Hand 1: ")
    assert descriptions[1].startswith("Hand 2: ") and winner in descriptions[1]
    assert "12" in descriptions[1] and descriptions[2].startswith("Hand 3: ")
    assert browser.find_element("css selector", ".seat-strip.not-counted")
    screenshot("offline-queued")
    assert not Hand.objects.exists()

    # Reload without connection: the page comes from the phone's copy (the tournament's new
    # name cannot reach it), and the three hands still wait.
    Tournament.objects.filter(pk=cup.pk).update(name="Renamed while offline")
    browser.refresh()
    wait(browser, lambda b: len(queue_items(b)) == 3)
    assert "Renamed while offline" not in browser.page_source
    assert not Hand.objects.exists()
    assert cup.name in browser.title
    assert heading(browser) == "3 hands waiting to be sent"
    screenshot("offline-queued-after-reload")

    offline(browser, False)
    wait(browser, lambda b: Hand.objects.count() == 3 and not b.execute_script(
        "return localStorage.length;"
    ), seconds=40)  # fmt: skip
    wait(browser, lambda b: "Renamed while offline" in b.title)  # reloaded from the desk
    saved = Hand.objects.filter(table=table).order_by("number")
    assert [hand.number for hand in saved] == [1, 2, 3]
    assert all(hand.version == 1 and hand.is_current for hand in saved)
    assert len({hand.submission for hand in saved}) == 3
    # the same hands played through the services at another table give the same totals
    other = cup.sessions.get(number=1).tables.get(number=2)
    play(other, HANDS, Actor(via="table link"))
    assert snapshot(table).totals == snapshot(other).totals
    shown = browser.execute_script(
        "return Array.from(document.querySelectorAll('.seat-strip .points'))"
        ".map(p => p.textContent.trim());"
    )
    numbers = sorted(
        int(text.replace("−", "-").replace("+", "").replace(",", "")) for text in shown
    )
    assert numbers == sorted(int(total) for total in snapshot(table).totals)
    assert not elements_now(browser, ".not-counted")


def test_another_device_saving_meanwhile_gives_a_choice(
    browser, live_server, transactional_db, screenshot
):
    table = one_hand_queued(browser, live_server, HANDS[1])
    # another phone at the table saves its hand meanwhile
    table.refresh_from_db()
    hands.record_hand(table, HANDS[0], actor=Actor(via="table link"), revision=table.revision)
    offline(browser, False)
    wait(browser, lambda b: queue_items(b) and queue_items(b)[0][0] == "conflict", seconds=40)
    theirs = browser.find_element("css selector", ".queue-theirs").text
    mine = browser.find_element("css selector", ".queue-mine").text
    winner = table.seats.get(wind=3).registration.player.full_name
    assert f"{winner} wins 8 fan self-drawn" in theirs
    assert "Hand 1: " in mine and "12" in mine
    screenshot("offline-conflict")
    assert Hand.objects.count() == 1
    browser.find_element("css selector", "button.queue-keep").click()
    wait(browser, lambda b: Hand.objects.count() == 2, seconds=40)
    wait(browser, lambda b: not b.execute_script("return localStorage.length;"))
    second = Hand.objects.get(number=2)
    assert second.entry["winner"] == 1 and second.entry["fan"] == 12
    assert Hand.objects.filter(number=1).count() == 1


def test_a_table_closed_meanwhile_refuses_and_keeps_the_hand(
    browser, live_server, transactional_db, screenshot
):
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    url = open_table(browser, live_server, table)
    offline(browser)
    wait(browser, lambda b: b.execute_script("return navigator.onLine === false;"))
    type_hand(browser, HANDS[0])
    wait(browser, lambda b: len(queue_items(b)) == 1)
    table.refresh_from_db()
    closing.close_table(table, actor=Actor(user=make_director()), revision=table.revision)
    offline(browser, False)
    wait(browser, lambda b: queue_items(b) and queue_items(b)[0][0] == "refused", seconds=40)
    message = browser.find_element("css selector", ".queue-refused .queue-message").text
    assert "This table is closed" in message
    screenshot("offline-refused")
    # it stays on the phone until the referee dismisses it, across a reload
    open_page(browser, url)
    wait(browser, lambda b: queue_items(b) and queue_items(b)[0][0] == "refused")
    assert not Hand.objects.exists()
    assert browser.find_element("css selector", "button.queue-again")  # Send again, too
    # the dashboard was told 1 waiting earlier; Dismiss tells it 0
    Table.objects.filter(pk=table.pk).update(waiting_reported=1)
    browser.find_element("css selector", "button.queue-dismiss").click()
    wait(browser, lambda b: not b.execute_script("return localStorage.length;"))
    assert not elements_now(browser, "#desk-queue:not([hidden])")
    wait(browser, lambda b: Table.objects.get(pk=table.pk).waiting_reported == 0)


def test_without_storage_the_form_posts_as_before(browser, live_server, transactional_db):
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    # a browser that refuses storage (private mode, a full disk): the queue stays out of the way
    browser.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {
            "source": "Object.defineProperty(window, 'localStorage', {get() {"
            " throw new DOMException('no storage', 'SecurityError'); }});"
        },
    )
    url = live_server.url + reverse("link:table", kwargs={"token": table.token})
    open_page(browser, url)
    type_hand(browser, HANDS[0])
    wait(browser, lambda b: "Hand 1 saved" in b.page_source)
    assert Hand.objects.count() == 1
    assert not elements_now(browser, "#desk-queue:not([hidden])")


def test_the_dashboard_shows_silent_tables_on_a_phone(
    browser, live_server, transactional_db, screenshot
):
    from datetime import timedelta

    from django.utils import timezone

    from tests.browser.helpers import OVERFLOW, log_in

    cup = build()
    tables = list(cup.sessions.get(number=1).tables.order_by("number"))
    now = timezone.now()
    tables[0].last_contact_at = now - timedelta(seconds=30)
    tables[0].waiting_reported, tables[0].waiting_reported_at = 2, now - timedelta(seconds=30)
    tables[1].last_contact_at = now - timedelta(minutes=7, seconds=5)
    for table in tables[:2]:
        table.save()
    log_in(browser, live_server, make_director())
    open_page(browser, live_server.url + reverse("session-dashboard", args=[cup.slug, 1]))
    cards = browser.find_elements("css selector", ".table-card")
    assert "its phone reports 2 saves waiting" in cards[0].text
    assert "Silent for 7 min: walk to the table" in cards[1].text
    assert "is-silent" in cards[1].get_attribute("class")
    assert "has not reached the desk yet" in cards[2].text
    browser.execute_script("arguments[0].scrollIntoView();", cards[0])
    screenshot("offline-dashboard")
    _width, _inner, wide = browser.execute_script(OVERFLOW)
    assert not wide


def test_a_penalty_typed_offline_is_computed_by_the_desk_once(
    browser, live_server, transactional_db
):
    from scoring.models import Penalty

    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_table(browser, live_server, table)
    penalty_url = live_server.url + reverse("link:penalty", kwargs={"token": table.token})
    open_page(browser, penalty_url)  # visited once online: the phone keeps its copy
    wait(browser, lambda b: kept_on_the_phone(b))
    offline(browser)
    wait(browser, lambda b: b.execute_script("return navigator.onLine === false;"))
    late = table.seats.get(wind=2).registration
    browser.execute_script(
        """
        const [player] = arguments;
        const form = document.querySelector('form.penalty-form');
        form.querySelector('select[name="registration"]').value = player;
        form.querySelector('select[name="kind"]').value = 'late_arrival';
        form.querySelector('input[name="minutes"]').value = '4';
        form.querySelector('button[type="submit"]').click();
        """,
        str(late.pk),
    )
    # back on the table's page (the phone's copy), the penalty waits
    wait(browser, lambda b: "/penalty/" not in b.current_url and len(queue_items(b)) == 1)
    assert stored_kinds(browser) == ["penalty"]  # kept by the queue, not posted by the form
    description = queue_items(browser)[0][1]
    assert description.startswith("Penalty (computed by the desk when it arrives): ")
    assert late.player.last_name in description and "4" in description
    assert heading(browser) == "1 save waiting to be sent"
    assert not Penalty.objects.exists()
    offline(browser, False)
    wait(browser, lambda b: Penalty.objects.count() == 1, seconds=40)
    wait(browser, lambda b: not b.execute_script("return localStorage.length;"))
    penalty = Penalty.objects.get()
    assert (penalty.registration, penalty.kind, penalty.minutes_late) == (late, "late_arrival", 4)
    assert penalty.submission is not None


def test_a_wifi_that_passes_nothing_keeps_the_hand_on_the_phone(
    browser, live_server, transactional_db, screenshot, settings
):
    settings.DESK_OFFLINE_SAVE_WAIT_MS = 2000  # the page's wait, from the desk's setting
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_table(browser, live_server, table)
    # connected, but nothing answers: the page's requests are held and never continued
    browser.execute_cdp_cmd("Fetch.enable", {"patterns": [HELD]})
    type_hand(browser, HANDS[0])
    # on the phone before any answer, the page still says it is online
    wait(browser, lambda b: stored_kinds(b) == ["hand"])
    assert browser.execute_script("return navigator.onLine;")
    assert not Hand.objects.exists()
    # no answer within the time: it is shown waiting, and the form is ready for the next hand
    wait(browser, lambda b: len(queue_items(b)) == 1, seconds=20)
    assert queue_items(browser)[0][0] == "waiting"
    note = browser.find_element("css selector", "#desk-queue-offline").text
    assert note == "The desk did not answer: saved on this phone, it will be sent."
    screenshot("offline-no-answer")
    browser.execute_cdp_cmd("Fetch.disable", {})
    browser.find_element("css selector", "button.queue-send").click()
    wait(browser, lambda b: Hand.objects.count() == 1 and not stored_kinds(b), seconds=40)
    assert Hand.objects.get().entry["winner"] == 3


def test_a_save_queued_under_an_old_csrf_token_is_sent_with_the_current_one(
    browser, live_server, transactional_db
):
    one_hand_queued(browser, live_server, HANDS[0])
    # the token is rotated meanwhile (a log-in elsewhere): the stored form field is out of date
    browser.execute_script("document.cookie = 'csrftoken=' + 'k'.repeat(32) + '; path=/';")
    offline(browser, False)
    wait(browser, lambda b: Hand.objects.count() == 1 and not stored_kinds(b), seconds=40)


def test_a_queue_that_is_not_json_is_moved_aside(browser, live_server, transactional_db):
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    url = open_table(browser, live_server, table)
    key = f"desk-queue:table:{table.pk}:1"
    browser.execute_script('localStorage.setItem(arguments[0], \'[{"kind": "ha\');', key)
    open_page(browser, url)
    kept = browser.execute_script(
        "return Object.keys(localStorage).filter(k => k.startsWith(arguments[0] + ':backup:'))"
        ".map(k => localStorage.getItem(k));",
        key,
    )
    assert kept == ['[{"kind": "ha']
    assert not elements_now(browser, "#desk-queue:not([hidden])")


def test_a_full_storage_posts_the_form_as_before(browser, live_server, transactional_db):
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_table(browser, live_server, table)
    browser.execute_script(
        """
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (key.startsWith('desk-queue:')) throw new DOMException('full', 'QuotaExceededError');
          return setItem.call(this, key, value);
        };
        window.alert = (said) => sessionStorage.setItem('told', said);
        """
    )
    type_hand(browser, HANDS[0])
    wait(browser, lambda b: "Hand 1 saved" in b.page_source)
    assert Hand.objects.count() == 1
    told = browser.execute_script("return sessionStorage.getItem('told');")
    assert told.startswith("This phone's storage is full")


def test_a_reload_the_network_does_not_answer_shows_the_phones_copy(
    browser, live_server, transactional_db, settings
):
    import json
    import time

    settings.DESK_OFFLINE_PAGE_WAIT_MS = 1000  # the service worker's wait, from the setting
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_table(browser, live_server, table)
    Tournament.objects.filter(pk=cup.pk).update(name="Renamed meanwhile")
    # the service worker's requests are held and never continued: a Wi-Fi that passes nothing
    workers = [
        target["targetId"]
        for target in browser.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]
        if target["type"] == "service_worker"
    ]
    assert workers
    for worker in workers:
        session = browser.execute_cdp_cmd(
            "Target.attachToTarget", {"targetId": worker, "flatten": False}
        )["sessionId"]
        message = {"id": 1, "method": "Fetch.enable", "params": {"patterns": [{"urlPattern": "*"}]}}
        browser.execute_cdp_cmd(
            "Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)}
        )
    started = time.monotonic()
    browser.refresh()
    wait(browser, lambda b: cup.name in b.title)
    assert time.monotonic() - started < 10  # the page, then its scripts: a second each
    assert "Renamed meanwhile" not in browser.page_source


def test_a_penalty_being_typed_is_not_lost_when_the_queue_is_sent(
    browser, live_server, transactional_db
):
    cup = build()
    table = cup.sessions.get(number=1).tables.get(number=1)
    url = open_table(browser, live_server, table)
    penalty_url = live_server.url + reverse("link:penalty", kwargs={"token": table.token})
    open_page(browser, penalty_url)  # the phone keeps its copy
    wait(browser, lambda b: kept_on_the_phone(b))
    open_page(browser, url)
    offline(browser)
    wait(browser, lambda b: b.execute_script("return navigator.onLine === false;"))
    type_hand(browser, HANDS[0])
    wait(browser, lambda b: len(queue_items(b)) == 1)
    browser.get(penalty_url)  # the phone's copy
    wait(browser, lambda b: len(queue_items(b)) == 1)
    browser.execute_script(
        "const minutes = document.querySelector('form.penalty-form input[name=\"minutes\"]');"
        "minutes.value = '7'; minutes.dispatchEvent(new Event('input', {bubbles: true}));"
    )
    offline(browser, False)
    wait(browser, lambda b: Hand.objects.count() == 1, seconds=40)
    wait(browser, lambda b: b.find_elements("css selector", "#desk-queue .queue-done"))
    assert "/penalty/" in browser.current_url
    value = browser.execute_script(
        "return document.querySelector('form.penalty-form input[name=\"minutes\"]').value;"
    )
    assert value == "7"


def test_a_renewed_link_still_shows_and_resends_what_waits(
    browser, live_server, transactional_db, screenshot
):
    table = one_hand_queued(browser, live_server, HANDS[0])
    closing.renew_link(table, actor=Actor(user=make_director()))
    table.refresh_from_db()
    offline(browser, False)
    # the director hands over the new link: the hand typed under the old one is there, refused
    open_page(browser, live_server.url + reverse("link:table", kwargs={"token": table.token}))
    wait(browser, lambda b: queue_items(b) and queue_items(b)[0][0] == "refused", seconds=40)
    message = browser.find_element("css selector", ".queue-refused .queue-message").text
    assert "This table link is not valid (any more)" in message
    hint = browser.find_element("css selector", ".queue-refused .help").text
    assert "earlier link of this table" in hint
    screenshot("offline-renewed-link")
    assert not Hand.objects.exists()
    browser.find_element("css selector", "button.queue-again").click()
    wait(browser, lambda b: Hand.objects.count() == 1 and not stored_kinds(b), seconds=40)
