"""Played sessions: returned unchanged, counted as history (part 4 of issue 4)."""

from __future__ import annotations

import pytest

from tournament.seating import draw_schedule, seating_report

from .helpers import assert_valid, meetings

SUBSTITUTION = [(16, 5, 2), (24, 7, 3), (28, 9, 3), (32, 10, 4), (36, 11, 3), (100, 8, 3)]


@pytest.mark.parametrize(("n", "sessions", "played"), SUBSTITUTION)
def test_fixed_sessions_untouched_and_no_repeat_after_a_substitution(n, sessions, played):
    players = [f"p{i}" for i in range(n)]
    original = draw_schedule(players, sessions, seed=1)
    fixed = original[:played]
    later = players[:]
    later[5] = "substitute"  # p5 withdrew after the played sessions
    schedule = draw_schedule(later, sessions, seed=2, fixed=fixed)
    assert schedule[:played] == fixed
    assert_valid(schedule[played:], later, sessions - played)
    report = seating_report(schedule)
    assert report["repeats"] == 0
    assert report["wind_spread"] <= 1


def test_history_pairs_are_avoided_with_foreign_history():
    players = list(range(48))
    fixed = [[tuple(range(t, t + 4)) for t in range(0, 48, 4)]]  # not from a design
    schedule = draw_schedule(players, 6, fixed=fixed, seed=4)
    assert schedule[0] == fixed[0]
    assert max(meetings(schedule).values()) == 1


def test_late_registration_and_table_removed():
    players = list(range(40))
    fixed = draw_schedule(players, 3)
    late = [*players, 40, 41, 42, 43]  # a new table of late registrations
    grown = draw_schedule(late, 8, fixed=fixed)
    assert_valid(grown[3:], late, 5)
    assert seating_report(grown)["repeats"] == 0
    shrunk = draw_schedule(players[:-4], 8, fixed=fixed)  # a table removed
    assert_valid(shrunk[3:], players[:-4], 5)
    assert seating_report(shrunk)["repeats"] == 0


def test_all_sessions_played_returns_them():
    fixed = draw_schedule(list(range(16)), 2)
    assert draw_schedule(list(range(16)), 2, fixed=fixed) == fixed


def test_fixed_winds_count_toward_the_balance():
    players = list(range(32))
    first = draw_schedule(players, 8, seed=3)
    schedule = draw_schedule(players, 8, fixed=first[:4], seed=9)
    for p in players:  # a new block of four sessions: four different winds
        winds = {table.index(p) for session in schedule[4:] for table in session if p in table}
        assert winds == {0, 1, 2, 3}
    for played in (1, 2, 3):  # a redraw early in a block still ends balanced
        schedule = draw_schedule(players, 8, fixed=first[:played], seed=played)
        assert seating_report(schedule)["wind_spread"] <= 1


@pytest.mark.parametrize("played", range(1, 8))
def test_previous_draw_is_kept_with_the_substitute_in_the_leavers_seat(played):
    players = [f"p{i}" for i in range(32)]
    first = draw_schedule(players, 8, seed=3)
    later = [*players[:7], "sub", *players[8:]]  # p7 withdrew
    schedule = draw_schedule(later, 8, fixed=first[:played], previous=first, seed=4)
    expected = [
        [tuple("sub" if p == "p7" else p for p in table) for table in session]
        for session in first[played:]
    ]
    assert schedule == [*first[:played], *expected]
    report = seating_report(schedule)
    assert report["repeats"] == 0
    assert report["wind_spread"] <= 1


def test_previous_draw_is_ignored_when_the_field_changed():
    players = list(range(32))
    first = draw_schedule(players, 6)
    schedule = draw_schedule(players[:28], 6, fixed=first[:2], previous=first)
    assert_valid(schedule[2:], players[:28], 4)


def test_time_limit_returns_a_valid_schedule_quickly():
    players = list(range(24))
    schedule = draw_schedule(players, 8, time_limit=0.05)
    assert_valid(schedule, players, 8)


def test_fixed_sessions_come_back_exactly_as_given():
    """Lists of lists stay lists of lists (and tuples stay tuples); an iterator works too."""
    played = [[list(range(i, i + 4)) for i in range(0, 16, 4)]]
    schedule = draw_schedule(list(range(16)), 3, seed=1, fixed=played)
    assert schedule[:1] == played and len(schedule) == 3
    as_tuples = [tuple(tuple(t) for t in played[0])]
    assert draw_schedule(list(range(16)), 2, fixed=iter(as_tuples))[:1] == as_tuples
