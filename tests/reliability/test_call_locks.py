"""Reopening a referee call takes its locks in the order taking and closing one do: the call
first, then its table. In the other order a reopen racing a close (a double-tapped "Close the
call" and "Reopen the call" at once) deadlocked on PostgreSQL, whose lock of the call also holds
the rows it joins, and answered 500. PostgreSQL only: SQLite locks the whole database, so there
is no order of rows to get wrong."""

import pytest
from django.db import connection

from scoring.access import Actor
from scoring.calls import services
from scoring.calls.models import RefereeCall
from tests.factories import build, make_director
from tests.reliability.threads import (
    Holder,
    free,
    in_a_thread,
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
