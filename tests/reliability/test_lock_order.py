"""Writers take row locks child first: a table, then its session, then its tournament; a hand
save locks its table alone. With the joined rows locked too (PostgreSQL's FOR UPDATE locks every
row a query joins), every save of the hall waited for the one before it, and a director's
action taking the session before a table could wait in a circle with a save that took the table
before the session (a deadlock, answered 500). PostgreSQL only: SQLite locks the whole file."""

import pytest
from django.db import connection

from scoring.access import Actor
from scoring.models import Hand
from scoring.services import publication, time_up
from scoring.services.hands import record_hand
from scoring.services.tables import lock_session, lock_table
from tests.factories import build, make_director
from tests.reliability.threads import Holder, free, in_a_thread, until_it_waits
from tournament.models import Session, Table

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: PostgreSQL's (SQLite locks the file)"
)
ENTRY = {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9}


@pytest.fixture
def session(transactional_db):
    return build(slug="lock-order").sessions.get(number=1)


def test_a_save_locks_its_table_alone(session):
    first, second = session.tables.order_by("number")[:2]
    holder = Holder(lambda: lock_table(first)).start()  # a save busy at table 1
    try:
        assert not free("tournament_table", first.pk)
        assert free("tournament_session", session.pk)
        assert free("tournament_tournament", session.tournament_id)
        # Table 2 saves meanwhile, without waiting for table 1.
        record_hand(Table.objects.get(pk=second.pk), ENTRY, actor=Actor(via="phone"), revision=0)
    finally:
        holder.release()
    assert Hand.objects.filter(table=second).count() == 1


def test_minutes_for_every_table_wait_for_a_table_before_they_lock_the_session(session):
    first = session.tables.order_by("number").first()
    director = Actor(user=make_director())
    holder = Holder(lambda: lock_table(first)).start()
    thread, results = in_a_thread(
        lambda: time_up.give_time(Session.objects.get(pk=session.pk), 5, actor=director)
    )
    try:
        assert until_it_waits(thread)
        assert free("tournament_session", session.pk)  # not held while it waits for table 1
    finally:
        holder.release()
        thread.join(60)
    assert len(results) == 1 and not isinstance(results[0], Exception), results
    assert Session.objects.get(pk=session.pk).clock_extra_minutes == 5


def test_publishing_the_tournament_takes_the_session_before_the_tournament(session):
    tournament = session.tournament
    tournament.published = False
    tournament.save(update_fields=["published"])
    director = Actor(user=make_director())
    holder = Holder(lambda: lock_session(session)).start()  # a reopen or a clock change
    thread, results = in_a_thread(
        lambda: publication.publish(
            Session.objects.get(pk=session.pk), actor=director, seating=True, tournament=True
        )
    )
    try:
        assert until_it_waits(thread)
        assert free("tournament_tournament", tournament.pk)  # not held while it waits
    finally:
        holder.release()
        thread.join(60)
    assert len(results) == 1 and not isinstance(results[0], Exception), results
    tournament.refresh_from_db()
    assert tournament.published
