"""The desk's one lock order on PostgreSQL: the tournament first, then a session, then a table
(`scoring.services.tables.lock_session`, `lock_table`), each row locked alone. Two writers of
one tournament then take turns instead of deadlocking, and the second re-checks what the first
did:

- the tournament's status follows its sessions under the tournament's lock: two sessions
  confirmed at the same instant leave it finished (each used to see the other unconfirmed and
  leave it running), a table reopened while the last session is confirmed leaves it running
  (the confirmation used to read the reopened session still confirmed and finish it), a
  confirmation and a table reopened at once end as one of them says, and
  the cut made while the last qualifying session is confirmed waits for it and counts it (it
  used to read the session unconfirmed and refuse);
- a save and minutes for every table wait for a re-draw that holds the tournament (they used to
  lock the table and the session first, in the same statement as the tournament, and wait for
  the tournament while the re-draw waited for those rows: a deadlock, answered 500); the save
  then refuses, its table drawn again, and the minutes reach the new tables.

The other order (the save in flight first, then the re-draw) is in test_lock_order.py. Each
interleaving is made by a transaction holding its first lock (`Holder`) while the other writer
starts and waits for a row lock (polled, never a pause), then going on with its work.
PostgreSQL only: SQLite locks the whole file."""

import pytest
from django.db import connection

from draw.writing import write_draw
from scoring.access import Actor
from scoring.services import closing, time_up
from scoring.services.hands import record_hand
from scoring.services.tables import TableError
from scoring.stages.services import make_cut
from tests.factories import build, make_director, qualify, staged
from tests.reliability.threads import Holder, at_once, re_drawing
from tournament.models import Session, Table, Tournament

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: PostgreSQL's (SQLite locks the file)"
)
ENTRY = {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9}


def refused(results, words):
    assert len(results) == 1 and isinstance(results[0], TableError), results
    assert words in str(results[0]), results[0]


# -- the tournament's status ------------------------------------------------------------------


def two_sessions_closed(slug):
    cup = build(players=4, sessions=2, slug=slug)
    write_draw(cup, session_number=2, seed=2)
    director = Actor(user=make_director())
    for table in Table.objects.filter(session__tournament=cup):
        closing.close_table(table, actor=director)
    first, second = cup.sessions.order_by("number")
    return cup, director, first, second


def test_two_sessions_confirmed_at_once_finish_the_tournament(transactional_db):
    cup, director, first, second = two_sessions_closed("confirm-both")
    holder = Holder(lambda: closing.confirm_session(first, actor=director)).start()
    waited, results = at_once(holder, lambda: closing.confirm_session(second, actor=director))
    assert len(results) == 1 and isinstance(results[0], Session), results
    assert set(cup.sessions.values_list("status", flat=True)) == {"confirmed"}
    assert Tournament.objects.get(pk=cup.pk).status == Tournament.Status.FINISHED
    assert waited  # the second confirmation waited for the tournament


def test_a_confirmation_waits_for_a_reopened_table_and_refuses(transactional_db):
    cup, director, first, _second = two_sessions_closed("confirm-reopen")
    table = first.tables.get()
    holder = Holder(lambda: closing.reopen_table(table, actor=director)).start()
    waited, results = at_once(holder, lambda: closing.confirm_session(first, actor=director))
    assert waited
    refused(results, "Tables still open: 1.")
    assert Session.objects.get(pk=first.pk).status == "running"
    assert Tournament.objects.get(pk=cup.pk).status == Tournament.Status.RUNNING


def test_a_reopen_waits_for_a_confirmation_and_reopens_the_session(transactional_db):
    cup, director, first, second = two_sessions_closed("reopen-confirm")
    closing.confirm_session(second, actor=director)
    holder = Holder(lambda: closing.confirm_session(first, actor=director)).start()
    table = first.tables.get()
    waited, results = at_once(holder, lambda: closing.reopen_table(table, actor=director))
    assert waited
    assert len(results) == 1 and isinstance(results[0], Table), results
    assert Session.objects.get(pk=first.pk).status == "running"
    assert Tournament.objects.get(pk=cup.pk).status == Tournament.Status.RUNNING


def test_a_reopen_and_the_last_confirmation_at_once_leave_the_tournament_running(
    transactional_db,
):
    cup, director, first, second = two_sessions_closed("reopen-last")
    closing.confirm_session(first, actor=director)
    holder = Holder(lambda: closing.reopen_table(first.tables.get(), actor=director)).start()
    waited, results = at_once(holder, lambda: closing.confirm_session(second, actor=director))
    assert waited
    assert len(results) == 1 and isinstance(results[0], Session), results
    assert Session.objects.get(pk=first.pk).status == "running"  # reopened: played again
    assert Tournament.objects.get(pk=cup.pk).status == Tournament.Status.RUNNING


# -- a re-draw against the writes of a table --------------------------------------------------


def test_a_save_waits_for_a_re_draw_and_refuses_the_table_drawn_again(transactional_db):
    cup = build(slug="redraw-save")
    table = cup.sessions.get(number=1).tables.order_by("number").first()
    holder = re_drawing(cup)
    waited, results = at_once(
        holder,
        lambda: record_hand(table, ENTRY, actor=Actor(via="phone"), revision=0),
    )
    assert waited
    assert len(holder.results) == 1 and not isinstance(holder.results[0], Exception)
    refused(results, "drawn again")
    assert not Table.objects.filter(pk=table.pk).exists()


def test_minutes_for_every_table_wait_for_a_re_draw_and_reach_its_tables(transactional_db):
    cup = build(slug="redraw-minutes")
    session = cup.sessions.get(number=1)
    director = Actor(user=make_director())
    holder = re_drawing(cup)
    waited, results = at_once(holder, lambda: time_up.give_time(session, 5, actor=director))
    assert waited
    assert len(holder.results) == 1 and not isinstance(holder.results[0], Exception)
    assert len(results) == 1 and not isinstance(results[0], Exception), results
    session.refresh_from_db()
    assert session.clock_extra_minutes == 5  # given after the re-draw, which cleared the clock
    assert session.tables.count() == 4


def test_a_cut_waits_for_the_last_qualifying_session_confirmed_at_once(transactional_db):
    director = Actor(user=make_director())
    cup = qualify(staged("cut-confirm"), director, sessions=(1, 2))
    write_draw(cup, session_number=3, seed=3)
    last = cup.sessions.get(number=3)
    for table in last.tables.all():
        closing.close_table(table, actor=director)
    holder = Holder(lambda: closing.confirm_session(last, actor=director)).start()
    waited, results = at_once(
        holder, lambda: make_cut(Tournament.objects.get(pk=cup.pk), actor=director)
    )
    assert waited  # the cut waited for the confirmation, then counted session 3
    assert len(results) == 1 and not isinstance(results[0], Exception), results
    assert cup.registrations.filter(finalist=True).count() == 8
