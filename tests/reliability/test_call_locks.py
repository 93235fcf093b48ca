"""Reopening a referee call takes its locks in the order taking and closing one do: the call
first, then its table. In the other order a reopen racing a close (a double-tapped "Close the
call" and "Reopen the call" at once) deadlocked on PostgreSQL, whose lock of the call also holds
the rows it joins, and answered 500. PostgreSQL only: SQLite locks the whole database, so there
is no order of rows to get wrong."""

import threading

import pytest
from django.db import connection, connections, transaction

from scoring.access import Actor
from scoring.calls import services
from scoring.calls.models import RefereeCall
from tests.factories import build, make_director
from tests.reliability.threads import waiting_for_a_lock

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: PostgreSQL's (SQLite locks the file)"
)


def test_a_reopen_waits_for_the_call_before_it_locks_the_table(transactional_db):
    cup = build(slug="reopen-locks")
    table = cup.sessions.get(number=1).tables.get(number=1)
    director = Actor(user=make_director())
    call = services.make_call(table, "dispute", actor=Actor(via="table link"))
    services.close_call(call, actor=director)
    holding, release, results = threading.Event(), threading.Event(), []

    def hold_the_call():  # another request busy with this call (a close, a take)
        try:
            with transaction.atomic():
                RefereeCall.objects.select_for_update().get(pk=call.pk)
                holding.set()
                release.wait(60)
        finally:
            connections.close_all()

    def reopen():
        try:
            results.append(
                services.reopen_call(RefereeCall.objects.get(pk=call.pk), actor=director)
            )
        except Exception as error:
            results.append(error)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold_the_call)
    holder.start()
    assert holding.wait(60)
    reopening = threading.Thread(target=reopen)
    reopening.start()
    try:
        for _attempt in range(6000):  # until the reopen waits (polled, never a fixed pause)
            if waiting_for_a_lock():
                break
            reopening.join(0.01)
        assert waiting_for_a_lock() == 1
        # The reopen waits for the call and holds nothing of the table meanwhile.
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT id FROM tournament_table WHERE id = %s FOR UPDATE NOWAIT", [table.pk]
            )
    finally:
        release.set()
        holder.join(60)
        reopening.join(60)
    assert len(results) == 1 and isinstance(results[0], RefereeCall), results
    assert RefereeCall.objects.get(pk=call.pk).is_open
