"""Issue 31 in a real Chromium, at 360 px (a phone) and 1280 px (a laptop): what a director, a
referee and a player see on the day. Every test checks the page does not scroll sideways and
saves screenshots to $DESK_SCREENSHOTS (default /tmp/desk-screenshots), named
`on-the-day-<what>-<width>.png`.

1. a seating made public in an unpublished tournament is not called public; publishing the
   tournament from the notice makes it so;
2. "Time is up" asks in the dialog (Cancel changes nothing), and the director takes it back;
4. the public table result shows transfers and table points on a phone; the final standings
   show every session on a laptop; "Finalist" on the projector is a badge;
5. a 2016 chombo reads "−20.0" in the standings' Penalties column;
7. the draw's preview names who meets again in the final;
8. a finished session's table link is headed "Session 1 is over"; the token form's kind;
9. "Call a referee" on the table's page, the call on the dashboard and the referee's page, taken
   and closed; a call typed offline waits in the queue with a hand and both are saved once.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from draw.writing import write_draw
from scoring.access import Actor
from scoring.models import RefereeCall
from scoring.stages.services import make_cut
from tests.browser.helpers import OVERFLOW, PHONE, log_in, open_page
from tests.browser.offline import offline, open_table, queue_items, type_hand, wait
from tests.factories import (
    build,
    make_director,
    make_tournament,
    penalize,
    play,
    play_session,
    register_players,
)
from tournament.models import Player, Table, Tournament

LAPTOP = (1280, 800)
WIDTHS = [PHONE, LAPTOP]
LINK = Actor(via="table link")

pytestmark = pytest.mark.browser


def width_of(browser):
    return browser.execute_script("return window.innerWidth;")


def shot(browser, screenshot, name):
    """Save the screenshot (the whole page, as a person scrolls down it) and check the page does
    not scroll sideways."""
    width = width_of(browser)
    screenshot(f"on-the-day-{name}-{width}", whole=True)
    scroll, inner, wide = browser.execute_script(OVERFLOW)
    assert scroll <= inner + 1 and not wide, (name, width, scroll, inner, wide)


def css(browser, selector):
    return browser.find_element("css selector", selector)


def button(browser, label, within="main"):
    """The button of `within` whose text is `label`."""
    for element in browser.find_elements("css selector", f"{within} button"):
        if element.text.strip() == label:
            return element
    raise AssertionError(f"no button {label!r}")


def text_of(browser, selector):
    """The text of the first element `selector` finds now ("" without one), read in the page:
    no element is kept across a navigation."""
    return browser.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';", selector
    )


def heading(browser):
    return css(browser, "main h1").text.strip()


# -- 1. publication -------------------------------------------------------------------------


@pytest.mark.parametrize("browser", WIDTHS, indirect=True)
def test_a_seating_nobody_sees_is_not_called_public(
    browser, live_server, transactional_db, screenshot
):
    tournament = make_tournament(name="Quiet Open", slug="quiet", published=False)
    register_players(tournament, 8)
    write_draw(tournament, session_number=1, seed=3, publish_seating=True)
    open_page(browser, live_server.url + reverse("seating", args=["quiet", 1]))
    assert heading(browser) == "Page not found"  # players see nothing of it
    shot(browser, screenshot, "unpublished-player")
    log_in(browser, live_server, make_director())
    open_page(browser, live_server.url + reverse("session-dashboard", args=["quiet", 1]))
    state = css(browser, ".page-head .session-state").text
    assert state == "Drawn · seating ready · tournament not published"
    notice = css(browser, ".tournament-unpublished")
    assert notice.is_displayed() and "Players see none of its pages" in notice.text
    shot(browser, screenshot, "unpublished-dashboard")
    button(browser, "Publish the tournament", ".tournament-unpublished").click()
    wait(browser, lambda b: "The tournament is published" in b.page_source)
    assert css(browser, ".page-head .session-state").text == "Drawn · seating public"
    assert Tournament.objects.get(slug="quiet").published
    shot(browser, screenshot, "published-dashboard")


# -- 2. time is up --------------------------------------------------------------------------


@pytest.mark.parametrize("browser", WIDTHS, indirect=True)
def test_time_is_up_asks_first_and_the_director_takes_it_back(
    browser, live_server, transactional_db, screenshot
):
    cup = build(slug="time")
    table = cup.sessions.get(number=1).tables.get(number=1)
    play(table, [{"outcome": "washout"}] * 2, LINK)
    link = live_server.url + reverse("link:table", kwargs={"token": table.token})
    open_page(browser, link)
    button(browser, "Time is up").click()
    dialog = css(browser, "#confirm-dialog")
    wait(browser, lambda b: dialog.get_attribute("open") is not None)
    consequence = css(browser, "#confirm-dialog .consequence").text
    assert "hand 3, the one being played, is its last" in consequence
    assert "Only the director can take it back." in consequence
    shot(browser, screenshot, "time-up-dialog")
    button(browser, "Cancel", "#confirm-dialog").click()
    wait(browser, lambda b: dialog.get_attribute("open") is None)
    table.refresh_from_db()
    assert table.time_up_at is None  # cancelled: nothing changed
    button(browser, "Time is up").click()
    wait(browser, lambda b: dialog.get_attribute("open") is not None)
    css(browser, "#confirm-dialog button[value='confirm']").click()
    wait(browser, lambda b: "Hand 3, the last one" in text_of(b, ".hand-state"))
    assert Table.objects.get(pk=table.pk).time_up_at is not None
    shot(browser, screenshot, "time-up-called")

    log_in(browser, live_server, make_director())
    open_page(browser, live_server.url + reverse("session-dashboard", args=["time", 1]))
    assert "Time up after hand 2" in browser.page_source
    button(browser, "Take back “Time is up”").click()
    wait(browser, lambda b: "play goes on there" in b.page_source)
    assert Table.objects.get(pk=table.pk).time_up_at is None
    shot(browser, screenshot, "time-up-taken-back-dashboard")
    browser.delete_all_cookies()  # the referee's phone again
    open_page(browser, link)
    notice = css(browser, ".play-resumed")
    assert notice.is_displayed() and "play goes on at this table" in notice.text
    assert "the last one" not in css(browser, ".hand-state").text
    shot(browser, screenshot, "time-up-taken-back-referee")


# -- 4. screens -----------------------------------------------------------------------------


@pytest.mark.parametrize("browser", WIDTHS, indirect=True)
def test_the_public_table_result_shows_transfers_and_table_points(
    browser, live_server, transactional_db, screenshot
):
    cup = build(slug="result")
    table = cup.sessions.get(number=1).tables.get(number=1)
    director = Actor(user=make_director())
    penalize(table, 1, "false_hu", director, valid_shape=True, revealed=True)
    play_session(cup, 1, director)
    open_page(browser, live_server.url + reverse("table-results", args=["result", 1, 1]))
    width = width_of(browser)
    cells = browser.execute_script(
        "return Array.from(document.querySelectorAll('table.results-cards tbody td'))"
        ".map(td => { const box = td.getBoundingClientRect();"
        " return [td.dataset.label || '', td.textContent.trim(), box.left, box.right,"
        " box.width > 0 && getComputedStyle(td).display !== 'none']; });"
    )
    for label in ("Transfers", "Table points", "Penalties", "Score"):
        shown = [cell for cell in cells if cell[0] == label]
        assert len(shown) == 4, (label, cells)
        assert all(
            visible and left >= 0 and right <= width for _l, _t, left, right, visible in shown
        )
    transfers = sorted(text for label, text, *_rest in cells if label == "Transfers")
    assert transfers == ["10", "10", "10", "−30"]
    shot(browser, screenshot, "table-result")


def staged_final():
    """16 players, 6 sessions: 4 qualifying, a final of 2 for 8 finalists with a consolation
    stage, every session played and confirmed."""
    director = Actor(user=make_director())
    tournament = build(players=16, sessions=6, slug="final")
    Tournament.objects.filter(pk=tournament.pk).update(
        final_sessions=2, finalists=8, consolation=True
    )
    # clubs and countries as long as real ones
    Player.objects.filter(registrations__tournament=tournament).update(
        country="HUN", club="Budapest Mahjong Egyesület"
    )
    tournament.refresh_from_db()
    for number in (1, 2, 3, 4):
        play_session(tournament, number, director)
    make_cut(tournament, actor=director)
    write_draw(tournament, seed=5)
    for number in (5, 6):
        play_session(tournament, number, director)
    return tournament


@pytest.mark.parametrize("browser", WIDTHS, indirect=True)
def test_the_final_standings_show_every_session_and_finalist_is_a_badge(
    browser, live_server, transactional_db, screenshot
):
    tournament = staged_final()
    # a finalist named like the one the projector read as "Heiße Straßburger Finalist"
    finalist = tournament.registrations.filter(finalist=True).order_by("number").first()
    Player.objects.filter(pk=finalist.player_id).update(first_name="Heiße", last_name="Straßburger")
    log_in(browser, live_server, make_director("director"))
    open_page(browser, live_server.url + reverse("standings", args=["final"]))
    width = width_of(browser)
    if width >= LAPTOP[0]:
        scroll = browser.execute_script(
            "const box = document.querySelector('.standings-columns .table-scroll');"
            "return [box.scrollWidth, box.clientWidth];"
        )
        assert scroll[0] <= scroll[1] + 1, scroll  # no sideways scroll inside the table either
        headers = browser.execute_script(
            "return Array.from(document.querySelectorAll('table.standings thead th'))"
            ".map(th => [th.textContent.replace(/\\s+/g, ' ').trim(),"
            " th.getBoundingClientRect().right]);"
        )
        for number in range(1, 7):
            found = [right for text, right in headers if text.startswith(f"S{number} TP")]
            assert found and found[0] <= width, (number, headers)
        assert any(text == "Stage" for text, _right in headers)
    shot(browser, screenshot, "final-standings")

    browser.delete_all_cookies()
    open_page(browser, live_server.url + reverse("projector", args=["final"]))
    badges = browser.execute_script(
        "return Array.from(document.querySelectorAll('table.standings td.name')).map(td => {"
        " const badge = td.querySelector('.badge'); if (!badge) return null;"
        " const style = getComputedStyle(badge);"
        " return [td.firstChild.textContent.trim(), badge.textContent.trim(),"
        " style.backgroundColor, style.display, style.borderRadius]; }).filter(Boolean);"
    )
    assert len(badges) == 8, badges  # the finalists
    assert "Heiße Straßburger" in [name for name, *_rest in badges]  # the name alone
    for name, badge, background, display, radius in badges:
        assert badge == "Finalist" and "Finalist" not in name
        assert background not in ("rgba(0, 0, 0, 0)", "transparent") and display == "inline-block"
        assert radius not in ("0px", "")
    shot(browser, screenshot, "projector-finalist")


# -- 5. a chombo in thousands ----------------------------------------------------------------


@pytest.mark.parametrize("browser", WIDTHS, indirect=True)
def test_a_2016_chombo_reads_in_thousands_in_the_standings(
    browser, live_server, transactional_db, screenshot
):
    tournament = build(players=4, sessions=1, ruleset="riichi2016", slug="chombo")
    ron = {
        "outcome": "ron",
        "winners": [1],
        "discarder": 2,
        "han": [0, 3, 0, 0],
        "fu": [0, 30, 0, 0],
    }
    play_session(
        tournament,
        1,
        Actor(user=make_director()),
        entries=[ron, {"outcome": "chombo", "offender": 0}],
    )
    open_page(browser, live_server.url + reverse("standings", args=["chombo"]))
    if width_of(browser) < 640:
        css(browser, "label[for='standings-all-columns']").click()
    cells = browser.execute_script(
        "const heads = Array.from(document.querySelectorAll('table.standings thead th'))"
        ".map(th => th.textContent.trim());"
        "const column = heads.findIndex(text => text.startsWith('Penalties'));"
        "return Array.from(document.querySelectorAll('table.standings tbody tr'))"
        ".map(tr => tr.children[column].textContent.trim());"
    )
    assert sorted(cells) == ["0.0", "0.0", "0.0", "−20.0"], cells
    assert "20000" not in browser.find_element("css selector", "table.standings").text
    shot(browser, screenshot, "chombo-standings")


# -- 7. who meets again in the final ---------------------------------------------------------


@pytest.mark.parametrize("browser", WIDTHS, indirect=True)
def test_the_draw_preview_names_who_meets_again(browser, live_server, transactional_db, screenshot):
    director = Actor(user=make_director())
    tournament = build(players=16, sessions=5, slug="again")
    Tournament.objects.filter(pk=tournament.pk).update(final_sessions=2, finalists=8)
    tournament.refresh_from_db()
    for number in (1, 2, 3):
        play_session(tournament, number, director)
    make_cut(tournament, actor=director)
    log_in(browser, live_server, make_director("director"))
    open_page(browser, live_server.url + reverse("draw", args=["again"]))
    button(browser, "Preview").click()
    wait(browser, lambda b: b.find_elements("css selector", ".meet-again"))
    box = css(browser, ".meet-again")
    assert "The final sessions drawn together keep the same tables" in box.text
    assert "Session 5, table 1: the same four players as at a table of session 4" in box.text
    shot(browser, screenshot, "final-preview")


# -- 8. words -------------------------------------------------------------------------------


@pytest.mark.parametrize("browser", WIDTHS, indirect=True)
def test_a_finished_sessions_link_and_the_token_form(
    browser, live_server, transactional_db, screenshot
):
    cup = build(slug="words")
    table = cup.sessions.get(number=1).tables.get(number=1)
    play_session(cup, 1, Actor(user=make_director()))
    open_page(browser, live_server.url + reverse("link:table", kwargs={"token": table.token}))
    assert heading(browser) == "Session 1 is over"
    assert "which is over" in css(browser, "main .lead").text
    shot(browser, screenshot, "finished-link")
    log_in(browser, live_server, make_director("director"))
    open_page(browser, live_server.url + reverse("api-tokens", args=["words"]))
    assert css(browser, "input[name='kind'][value='director']").is_selected()
    labels = [
        label.text.strip()
        for label in browser.find_elements("css selector", "label[for^='id_kind_']")
    ]
    assert labels == ["Director", "Referee", "Read-only"]
    shot(browser, screenshot, "token-form")


# -- 9. a referee call ----------------------------------------------------------------------


def call_referee(browser, kind_label, note):
    css(browser, ".call-form summary").click()
    for label in browser.find_elements("css selector", ".call-form label.choice"):
        if label.text.strip() == kind_label:
            label.click()
    css(browser, ".call-form input[name='note']").send_keys(note)
    button(browser, "Call a referee", ".call-form").click()


@pytest.mark.parametrize("browser", WIDTHS, indirect=True)
def test_a_referee_call_from_the_table_to_the_referee(
    browser, live_server, transactional_db, screenshot
):
    cup = build(slug="call")
    table = cup.sessions.get(number=1).tables.get(number=1)
    referee = get_user_model().objects.create_user("floor-ref", password="x")
    cup.sessions.get(number=1).tables.get(number=2).referees.add(referee)
    link = live_server.url + reverse("link:table", kwargs={"token": table.token})
    open_page(browser, link)
    shot(browser, screenshot, "call-button")
    call_referee(browser, "Wrong count", "hand 2: 24 fan, not 22")
    wait(browser, lambda b: b.find_elements("css selector", ".call-referee .message"))
    status = css(browser, ".call-referee .message").text
    assert "A referee was called less than a minute ago (Wrong count)." in status
    call = RefereeCall.objects.get()
    assert (call.kind, call.note) == ("wrong_count", "hand 2: 24 fan, not 22")
    shot(browser, screenshot, "call-made")

    log_in(browser, live_server, make_director())
    open_page(browser, live_server.url + reverse("session-dashboard", args=["call", 1]))
    panel = css(browser, ".calls-panel")
    assert "1 table is calling a referee" in panel.text and "Table 1" in panel.text
    assert "called less than a minute ago" in panel.text and "hand 2: 24 fan" in panel.text
    assert "Calling a referee (Wrong count)" in css(browser, ".table-card.is-calling").text
    shot(browser, screenshot, "call-dashboard")

    browser.delete_all_cookies()
    log_in(browser, live_server, referee)
    open_page(browser, live_server.url + reverse("referee-home"))
    assert "Table 1" in css(browser, ".calls-panel").text
    button(browser, "Take this call", ".calls-panel").click()
    wait(browser, lambda b: "on your way" in b.page_source)
    assert "taken by floor-ref" in css(browser, ".calls-panel").text
    shot(browser, screenshot, "call-taken")
    css(browser, ".calls-panel input[name='outcome']").send_keys("recounted: 24 fan")
    button(browser, "Close the call", ".calls-panel").click()
    wait(browser, lambda b: "No table is calling a referee." in b.page_source)
    call.refresh_from_db()
    assert call.taken_by == referee and call.closed_by == referee
    assert call.outcome == "recounted: 24 fan"
    shot(browser, screenshot, "call-closed")


@pytest.mark.parametrize("browser", [PHONE], indirect=True)
def test_a_call_typed_offline_waits_with_a_hand_and_both_are_saved_once(
    browser, live_server, transactional_db, screenshot
):
    cup = build(slug="call-offline")
    table = cup.sessions.get(number=1).tables.get(number=1)
    open_table(browser, live_server, table)
    offline(browser)
    wait(browser, lambda b: b.execute_script("return navigator.onLine === false;"))
    call_referee(browser, "Dispute", "who discarded")
    wait(browser, lambda b: len(queue_items(b)) == 1)
    type_hand(browser, {"outcome": "washout"})
    wait(browser, lambda b: len(queue_items(b)) == 2)
    descriptions = [description for _state, description in queue_items(browser)]
    assert descriptions[0].startswith("Referee call: ") and "Dispute" in descriptions[0]
    assert "who discarded" in descriptions[0] and descriptions[1].startswith("Hand 1: ")
    shot(browser, screenshot, "call-offline-queued")
    assert not RefereeCall.objects.exists()
    offline(browser, False)
    wait(
        browser,
        lambda b: (
            RefereeCall.objects.count() == 1
            and table.hands.count() == 1
            and not b.execute_script("return localStorage.length;")
        ),
        seconds=40,
    )
    call = RefereeCall.objects.get()
    assert (call.kind, call.note, call.table_id) == ("dispute", "who discarded", table.pk)
    wait(browser, lambda b: b.find_elements("css selector", ".call-referee .message"))
    shot(browser, screenshot, "call-offline-sent")
