"""Closing tables, reopening them, confirming sessions, substitutes; what the standings count."""

from fractions import Fraction

import pytest

from rules import mcr
from scoring.models import SeatResult
from scoring.services import closing
from scoring.services.hands import record_hand
from scoring.services.penalties import give_penalty
from scoring.services.tables import TableError, snapshot
from scoring.standings.ranking import compute_standings
from tests.factories import mcr_entry
from tournament.models import SessionStatus


def play(table, actor, entries):
    for entry in entries:
        table.refresh_from_db()
        record_hand(table, entry, actor=actor, revision=table.revision)


def play_full(table, actor):
    play(table, actor, [mcr_entry(n) for n in range(1, 17)])


def test_close_computes_places_and_table_points_with_the_rules(table, link_actor):
    play_full(table, link_actor)
    totals = snapshot(table).totals
    results = closing.close_table(table, actor=link_actor)
    table.refresh_from_db()
    assert table.is_closed
    assert [r.table_points for r in results] == list(mcr.table_points(totals))
    assert sum(r.table_points for r in results) == 7
    stored = SeatResult.objects.filter(table=table).order_by("wind")
    assert [r.score for r in stored] == list(totals)
    assert [r.table_points for r in stored] == list(mcr.table_points(totals))


def test_tied_players_share_table_points_exactly(table, link_actor):
    # Two self-drawn 8-fan wins by seats 0 and 1, then washouts: 0 and 1 tie at +32.
    entries = [
        {"outcome": "self_drawn", "winner": 0, "fan": 8},
        {"outcome": "self_drawn", "winner": 1, "fan": 8},
    ]
    play(table, link_actor, entries + [{"outcome": "washout"}] * 14)
    results = closing.close_table(table, actor=link_actor)
    stored = SeatResult.objects.get(table=table, wind=0)
    assert [r.table_points for r in results] == [3, 3, Fraction(1, 2), Fraction(1, 2)]
    assert stored.table_points == 3 and stored.place == 1
    assert SeatResult.objects.get(table=table, wind=3).table_points == Fraction(1, 2)


def test_a_table_cannot_close_before_the_end_unless_time_is_up(table, link_actor):
    play(table, link_actor, [mcr_entry(1)])
    with pytest.raises(TableError, match="15 hands to play"):
        closing.close_table(table, actor=link_actor)
    closing.call_time(table, actor=link_actor)
    results = closing.close_table(table, actor=link_actor)
    assert sum(r.table_points for r in results) == 7


def test_reopen_is_for_the_director_and_removes_the_results(table, link_actor, director_actor):
    play_full(table, link_actor)
    closing.close_table(table, actor=link_actor)
    with pytest.raises(TableError, match="Only the director"):
        closing.reopen_table(table, actor=link_actor)
    closing.reopen_table(table, actor=director_actor)
    table.refresh_from_db()
    assert not table.is_closed and not SeatResult.objects.filter(table=table).exists()


def close_all(session, actor):
    for table in session.tables.all():
        play_full(table, actor)
        closing.close_table(table, actor=actor)


def test_confirm_needs_every_table_closed_and_counts_in_standings(cup, link_actor, director_actor):
    session = cup.sessions.get(number=1)
    first, *others = session.tables.order_by("number")
    play_full(first, link_actor)
    closing.close_table(first, actor=link_actor)
    with pytest.raises(TableError, match="Tables still open: 2, 3, 4"):
        closing.confirm_session(session, actor=director_actor)
    assert compute_standings(cup).through is None  # nothing confirmed yet
    for table in others:
        play_full(table, link_actor)
        closing.close_table(table, actor=link_actor)
    with pytest.raises(TableError, match="Only the director"):
        closing.confirm_session(session, actor=link_actor)
    closing.confirm_session(session, actor=director_actor)
    session.refresh_from_db()
    assert session.status == SessionStatus.CONFIRMED and session.confirmed_by is not None
    standings = compute_standings(cup)
    assert standings.through == 1
    assert sum(row.table_points for row in standings.rows) == 7 * 4
    assert [row.place for row in standings.rows][:1] == [1]


def test_reopening_a_table_of_a_confirmed_session_unconfirms_it(cup, link_actor, director_actor):
    session = cup.sessions.get(number=1)
    close_all(session, link_actor)
    closing.confirm_session(session, actor=director_actor)
    closing.reopen_table(session.tables.first(), actor=director_actor)
    session.refresh_from_db()
    assert session.status == SessionStatus.RUNNING
    assert compute_standings(cup).through is None


def test_late_player_replaced_by_a_substitute_scores_nothing(
    cup, table, link_actor, director_actor
):
    from tournament.services.registrations import register_player

    substitute = register_player(cup, first_name="Sub", last_name="Stitute", is_substitute=True)
    late_seat = table.seats.get(wind=2)
    late = late_seat.registration
    give_penalty(
        table.session,
        late,
        "late_arrival",
        actor=link_actor,
        table=table,
        revision=table.revision,
        minutes=20,
    )
    assert list(closing.disqualified_for_session(table.session)) == [late_seat]
    with pytest.raises(TableError, match="Only the director"):
        closing.seat_substitute(late_seat, substitute, actor=link_actor)
    closing.seat_substitute(late_seat, substitute, actor=director_actor)
    late_seat.refresh_from_db()
    assert late_seat.registration == substitute and late_seat.replaced == late
    session = table.session
    close_all(session, link_actor)
    closing.confirm_session(session, actor=director_actor)
    rows = {row.registration: row for row in compute_standings(cup).rows}
    assert substitute not in rows  # substitutes are never ranked
    assert rows[late].sessions == {} and rows[late].table_points == 0
    assert SeatResult.objects.get(table=table, wind=2).registration == substitute


def test_a_substitute_cannot_take_a_seat_once_play_started(cup, table, link_actor, director_actor):
    from tournament.services.registrations import register_player

    substitute = register_player(cup, first_name="Sub", last_name="Two", is_substitute=True)
    play(table, link_actor, [mcr_entry(1)])
    with pytest.raises(TableError, match="before the first hand"):
        closing.seat_substitute(table.seats.get(wind=0), substitute, actor=director_actor)


def test_the_tournament_status_follows_its_sessions(db, director):
    """Preparing until the first hand, running while play goes on, finished when every session
    is confirmed, running again when the director reopens a table of a confirmed session."""
    from scoring.access import Actor
    from tests.factories import build, play_session

    cup = build(sessions=2, slug="status", started=False)
    actor = Actor(user=director)
    assert cup.status == "preparing"
    table = cup.sessions.get(number=1).tables.get(number=1)
    play(table, actor, [mcr_entry(1)])
    cup.refresh_from_db()
    assert cup.status == "running"
    # 15 more hands at every table: the director may close a table early.
    play_session(cup, 1, actor, entries=[mcr_entry(n) for n in range(2, 17)])
    cup.refresh_from_db()
    assert cup.status == "running"
    play_session(cup, 2, actor)
    cup.refresh_from_db()
    assert cup.status == "finished"
    closing.reopen_table(cup.sessions.get(number=2).tables.first(), actor=actor)
    cup.refresh_from_db()
    assert cup.status == "running"
