"""A save locks its tournament, then its session, then its table (`lock_table`, the desk's one
lock order), so the director's writes, which take the tournament first too, wait for a save in
flight and then see it: a re-draw refuses a session that now has a hand, minutes given to every
table reach a save queued behind them, a disqualified finalist and a withdrawal at once leave
the final full. Locking the table alone (child first) was tried and reviewed: each of these
then deadlocked (answered 500) or lost the minutes at one table. The other order (the re-draw
first) is in test_tournament_first.py. PostgreSQL only: SQLite locks the whole file."""

import datetime as dt

import pytest
from django.db import connection
from django.utils import timezone

from draw.errors import DrawError
from draw.registrations import change_registration
from draw.writing import write_draw
from scoring.access import Actor
from scoring.models import Hand
from scoring.services import time_up
from scoring.services.hands import record_hand
from scoring.stages.services import make_cut
from tests.factories import build, make_director, penalize, qualify, seated, staged
from tests.reliability.threads import Holder, in_a_thread, until_it_waits
from tournament.models import Registration, Session, Table
from tournament.services import registrations as registration_service

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: PostgreSQL's (SQLite locks the file)"
)
ENTRY = {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9}


def saving(table):
    """A referee's save at `table`, its transaction still open (Holder)."""
    return lambda: record_hand(
        Table.objects.get(pk=table.pk), ENTRY, actor=Actor(via="phone"), revision=0
    )


def test_a_re_draw_waits_for_a_save_in_flight_and_refuses_the_session(transactional_db):
    cup = build(slug="redraw-lock")
    table = cup.sessions.get(number=1).tables.order_by("number").first()
    holder = Holder(saving(table)).start()
    drawing, results = in_a_thread(lambda: write_draw(cup, session_number=1, seed=8))
    try:
        assert until_it_waits(drawing)
    finally:
        holder.release()
        drawing.join(60)
    assert len(results) == 1 and isinstance(results[0], DrawError), results
    assert Hand.objects.filter(table=table).count() == 1


def test_minutes_for_every_table_reach_a_save_queued_behind_them(transactional_db):
    cup = build(slug="minutes-lock")
    session = cup.sessions.get(number=1)
    ran_out = timezone.now() - dt.timedelta(minutes=cup.session_minutes + 1)
    Session.objects.filter(pk=session.pk).update(clock_started_at=ran_out)
    table = session.tables.order_by("number").first()
    director = Actor(user=make_director())
    holder = Holder(
        lambda: time_up.give_time(Session.objects.get(pk=session.pk), 5, actor=director)
    ).start()
    referee, results = in_a_thread(saving(table))
    try:
        assert until_it_waits(referee)
    finally:
        holder.release()
        referee.join(60)
    assert len(results) == 1 and not isinstance(results[0], Exception), results
    table.refresh_from_db()
    assert table.time_up_at is None  # the clock has five minutes left for it


def test_a_disqualified_finalist_and_a_withdrawal_at_once_leave_the_final_full(transactional_db):
    actor = Actor(user=make_director())
    tournament = qualify(staged("final-lock"), actor)
    make_cut(tournament, actor=actor)
    write_draw(tournament, seed=5)
    table = tournament.sessions.get(number=4).tables.get(number=1)
    offender = seated(table, 0)
    other = (
        tournament.registrations.filter(finalist=True)
        .exclude(pk=offender.pk)
        .exclude(seats__table=table)
        .first()
    )
    holder = Holder(
        lambda: penalize(table, 0, "disqualification", actor, reason="Cheating")
    ).start()
    withdrawing, results = in_a_thread(
        lambda: change_registration(
            tournament,
            other,
            registration_service.WITHDRAW,
            expected=registration_service.registration_values(other),
        )
    )
    try:
        assert until_it_waits(withdrawing)
    finally:
        holder.release()
        withdrawing.join(60)
    assert len(results) == 1 and not isinstance(results[0], Exception), results
    assert Registration.objects.filter(tournament=tournament, finalist=True).count() == 8
