"""A referee call's locks on PostgreSQL: its tournament first, then the call alone (`_lock_call`),
as every write of the desk takes the tournament first.

Reopening a call takes its locks in the order taking and closing one do: the tournament and the
call, then its table. In the other order a reopen racing a close (a double-tapped "Close the
call" and "Reopen the call" at once) deadlocked, and answered 500. A call taken while a re-draw
holds the tournament used to lock the call, its table and session and then wait for the
tournament, while the re-draw deleting the table waited for the call: a deadlock; it now waits
for the re-draw and says the call is gone. PostgreSQL only: SQLite locks the whole database,
so there is no order of rows to get wrong."""

import pytest
from django.db import connection

from scoring.access import Actor
from scoring.calls import services
from scoring.calls.models import RefereeCall
from scoring.services.tables import TableError
from tests.factories import build, make_director
from tests.reliability.threads import (
    Holder,
    at_once,
    free,
    in_a_thread,
    re_drawing,
    until_it_waits,
    waiting_for_a_lock,
)

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: PostgreSQL's (SQLite locks the file)"
)


def test_a_reopen_waits_for_the_call_before_it_locks_the_table(transactional_db):
    cup = build(slug="reopen-locks")
    table = cup.sessions.get(number=1).tables.get(number=1)
    director = Actor(user=make_director())
    call = services.make_call(table, "dispute", actor=Actor(via="table link"))
    services.close_call(call, actor=director)
    # another request busy with this call (a close, a take)
    holder = Holder(lambda: RefereeCall.objects.select_for_update().get(pk=call.pk)).start()
    reopening, results = in_a_thread(
        lambda: services.reopen_call(RefereeCall.objects.get(pk=call.pk), actor=director)
    )
    try:
        assert until_it_waits(reopening)
        assert waiting_for_a_lock() == 1
        # The reopen waits for the call and holds nothing of the table meanwhile.
        assert free("tournament_table", table.pk)
    finally:
        holder.release()
        reopening.join(60)
    assert len(results) == 1 and isinstance(results[0], RefereeCall), results
    assert RefereeCall.objects.get(pk=call.pk).is_open


def test_a_call_taken_during_a_re_draw_waits_and_is_gone(transactional_db):
    cup = build(slug="redraw-call")
    table = cup.sessions.get(number=1).tables.get(number=1)
    director = Actor(user=make_director())
    call = services.make_call(table, "dispute", actor=Actor(via="table link"))
    holder = re_drawing(cup)
    waited, results = at_once(holder, lambda: services.take_call(call, actor=director))
    assert waited
    assert len(holder.results) == 1 and not isinstance(holder.results[0], Exception)
    assert len(results) == 1 and isinstance(results[0], TableError), results
    assert "no longer exists" in str(results[0])
    assert not RefereeCall.objects.filter(pk=call.pk).exists()


def test_a_call_taken_locks_its_tournament_and_the_call_only(transactional_db):
    cup = build(slug="call-rows")
    table = cup.sessions.get(number=1).tables.get(number=1)
    director = Actor(user=make_director())
    call = services.make_call(table, "dispute", actor=Actor(via="table link"))
    holder = Holder(lambda: services.take_call(call, actor=director)).start()
    try:
        assert not free("tournament_tournament", cup.pk)
        assert not free("scoring_refereecall", call.pk)
        assert free("tournament_table", table.pk)
        assert free("tournament_session", table.session_id)
    finally:
        holder.release()
