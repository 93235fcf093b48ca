"""Saves at different tables of one tournament go side by side on PostgreSQL: each save locks the
tournament and the session in share mode and its own table for update (`lock_table`), so a save
in flight at one table does not hold up the referees of the others (when every save locked the
tournament for update, the saves of a whole room took turns: issue 30's visitors' load measured
them +68 to +195 % slower). The writers that change the tournament or a session still take turns
with every save in flight: a re-draw, and the director's writes that change the session
themselves (the first hand that starts a session, a reopened table, a substitute seated), which
lock it for update from the start instead of asking for it while another save shares it. One
form's one-time id used at two tables at once (an attack) is saved once and the other save
refused with a message, as when the saves took turns. Each interleaving is made by a transaction
holding its locks (`Holder`) while the other writer starts (polled, never a pause). PostgreSQL
only: SQLite locks the whole file."""

import uuid

import pytest
from django.db import connection

from draw.errors import DrawError
from draw.writing import write_draw
from scoring.access import Actor
from scoring.calls.models import RefereeCall
from scoring.calls.services import make_call
from scoring.models import Hand
from scoring.services import closing
from scoring.services.hands import record_hand
from scoring.services.tables import TableError
from tests.factories import build, make_director
from tests.reliability.threads import Holder, at_once, free, in_a_thread, until_it_waits
from tournament.models import Seat, Session, Table, Tournament
from tournament.services.registrations import register_player

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: PostgreSQL's (SQLite locks the file)"
)
ENTRY = {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9}


def saving(table, actor=None):
    """A save at `table` (a referee's unless `actor`), for a thread or a `Holder`."""
    return lambda: record_hand(
        Table.objects.get(pk=table.pk), ENTRY, actor=actor or Actor(via="phone"), revision=0
    )


def two_tables(slug, started=True):
    cup = build(slug=slug, started=started)
    first, second = cup.sessions.get(number=1).tables.order_by("number")[:2]
    return cup, first, second


def test_a_save_does_not_wait_for_a_save_in_flight_at_another_table(transactional_db):
    cup, first, second = two_tables("side-by-side")
    holder = Holder(saving(first)).start()
    # while it holds its locks, the tournament and the session are shared, not taken
    assert not free(Tournament._meta.db_table, cup.pk)
    waited, results = at_once(holder, saving(second))
    assert not waited  # the second table's save went through while the first was in flight
    assert len(results) == 1 and isinstance(results[0], tuple), results
    assert Hand.objects.filter(table__in=[first, second]).count() == 2


def test_a_save_at_the_same_table_waits_and_then_is_refused_as_stale(transactional_db):
    _cup, first, _second = two_tables("same-table")
    holder = Holder(saving(first)).start()
    waited, results = at_once(holder, saving(first))  # the same page's revision 0
    assert waited
    assert len(results) == 1 and "Another device saved" in str(results[0]), results
    assert Hand.objects.filter(table=first).count() == 1


def test_a_re_draw_waits_for_every_save_in_flight_and_refuses_the_session(transactional_db):
    cup, first, second = two_tables("redraw-two-saves")
    holders = [Holder(saving(first)).start(), Holder(saving(second)).start()]
    drawing, results = in_a_thread(lambda: write_draw(cup, session_number=1, seed=8))
    try:
        assert until_it_waits(drawing)
        holders[0].release()
        assert until_it_waits(drawing)  # the other save still shares the tournament
    finally:
        for holder in holders:
            holder.release()
        drawing.join(60)
    assert len(results) == 1 and isinstance(results[0], DrawError), results
    assert Hand.objects.filter(table__in=[first, second]).count() == 2


def in_turn(holder, works):
    """Each of `works` started in a thread of its own while `holder` (started) holds its locks,
    the next once the one before waits for a lock; then `holder` released. Returns what they
    returned or raised."""
    threads = []
    try:
        for count, work in enumerate(works, start=1):
            threads.append(in_a_thread(work))
            assert until_it_waits(threads[-1][0], count)
    finally:
        holder.release()
        for thread, _results in threads:
            thread.join(60)
    return [result for _thread, results in threads for result in results]


def test_two_directors_first_hands_at_once_start_the_session(transactional_db):
    """Before a session starts only the director writes at its tables (a call made at one holds
    the session in share mode). Two first hands at two other tables at once (two directors, two
    tabs) both start the session: each locks it for update from the start, so they take turns;
    sharing it, both would then ask to update it, and one would end in a deadlock (a 500)."""
    cup = build(slug="first-hands", started=False)
    one, two, three = cup.sessions.get(number=1).tables.order_by("number")[:3]
    director = Actor(user=make_director())
    holder = Holder(
        lambda: make_call(Table.objects.get(pk=one.pk), "other", actor=director)
    ).start()
    results = in_turn(holder, [saving(two, director), saving(three, director)])
    assert len(results) == 2 and all(isinstance(result, tuple) for result in results), results
    assert Hand.objects.filter(table__in=[two, three]).count() == 2
    assert Session.objects.get(pk=one.session_id).status == "running"
    assert Tournament.objects.get(pk=cup.pk).status == Tournament.Status.RUNNING


def test_the_directors_hand_in_a_running_session_goes_beside_a_save(transactional_db):
    """Once the session runs, the director typing a paper score sheet saves like a referee:
    beside the saves at the other tables."""
    _cup, first, second = two_tables("director-beside")
    director = Actor(user=make_director())
    holder = Holder(saving(first)).start()
    waited, results = at_once(holder, saving(second, director))
    assert not waited
    assert len(results) == 1 and isinstance(results[0], tuple), results


def test_two_tables_reopened_at_once_reopen_the_confirmed_session(transactional_db):
    """Reopening a table of a confirmed session writes the session: two at once (two tabs, two
    directors), while a link renewed at a third table shares the session, take turns from the
    start; sharing it, both would then ask to update it and one end in a deadlock."""
    cup = build(slug="two-reopens")
    session = cup.sessions.get(number=1)
    director = Actor(user=make_director())
    tables = list(session.tables.order_by("number"))
    for table in tables:
        closing.close_table(table, actor=director)
    closing.confirm_session(session, actor=director)
    one, two, three = tables[:3]

    def reopening(table):
        return lambda: closing.reopen_table(Table.objects.get(pk=table.pk), actor=director)

    holder = Holder(lambda: closing.renew_link(Table.objects.get(pk=one.pk), actor=director))
    results = in_turn(holder.start(), [reopening(two), reopening(three)])
    assert len(results) == 2 and all(isinstance(result, Table) for result in results), results
    assert Session.objects.get(pk=session.pk).status == "running"
    assert Tournament.objects.get(pk=cup.pk).status == Tournament.Status.RUNNING


def test_one_submission_id_at_two_tables_at_once_saves_once(transactional_db):
    """Two saves with the same one-time id at two tables (a phone's form copied, an attack):
    the second waits for the first's row with that id and is refused with the message of an id
    used elsewhere (when the tournament's lock put them in turn, it read the first's hand)."""
    _cup, first, second = two_tables("one-id")
    submission = uuid.uuid4()

    def save(table):
        return lambda: record_hand(
            Table.objects.get(pk=table.pk),
            ENTRY,
            actor=Actor(via="phone"),
            revision=0,
            submission=submission,
        )

    holder = Holder(save(first)).start()
    waited, results = at_once(holder, save(second))
    assert waited  # for the first's row with that id, not for the tournament
    assert len(results) == 1 and isinstance(results[0], TableError), results
    assert "used for another save" in str(results[0])
    assert list(Hand.objects.filter(submission=submission).values_list("table", flat=True)) == [
        first.pk
    ]


def test_one_submission_id_for_calls_at_two_tables_at_once_calls_once(transactional_db):
    _cup, first, second = two_tables("one-call-id")
    submission = uuid.uuid4()

    def call(table):
        return lambda: make_call(
            Table.objects.get(pk=table.pk), "other", actor=Actor(via="phone"), submission=submission
        )

    holder = Holder(call(first)).start()
    waited, results = at_once(holder, call(second))
    assert waited
    assert len(results) == 1 and isinstance(results[0], TableError), results
    assert "used for another save" in str(results[0])
    assert list(RefereeCall.objects.values_list("table", flat=True)) == [first.pk]


def test_one_substitute_for_two_tables_at_once_sits_at_one(transactional_db):
    """A substitution changes the session's seating: it locks the session for update, so a
    second one at another table waits and then sees the substitute seated (shared, both would
    pass the check and the second fail on the database's constraint: a 500)."""
    cup, first, second = two_tables("one-substitute")
    substitute = register_player(cup, first_name="Sub", last_name="Stitute", is_substitute=True)
    director = Actor(user=make_director())

    def substitution(table):
        return lambda: closing.seat_substitute(
            Table.objects.get(pk=table.pk).seats.get(wind=2), substitute, actor=director
        )

    holder = Holder(substitution(first)).start()
    waited, results = at_once(holder, substitution(second))
    assert waited
    assert len(results) == 1 and isinstance(results[0], TableError), results
    assert "already sits at a table in this session" in str(results[0])
    assert list(Seat.objects.filter(registration=substitute).values_list("table", flat=True)) == [
        first.pk
    ]
