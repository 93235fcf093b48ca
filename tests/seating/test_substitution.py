"""A substitution keeps the printed plan (issue 17, item 1): after one player is replaced by a
newcomer, only the leaver's tables change (seats may swap inside them to keep the winds even),
nobody else changes table or opponents, and `changed_players` names exactly whose cards to
reprint."""

import pytest

from tournament.seating import changed_players, draw_schedule, seating_report


def tables_of(schedule, player):
    return {
        (number, frozenset(table))
        for number, session in enumerate(schedule)
        for table in session
        if player in table
    }


@pytest.mark.parametrize(("players", "sessions"), [(32, 7), (64, 8)])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_one_substitution_changes_only_the_leavers_tables(players, sessions, seed):
    field = list(range(players))
    plan = draw_schedule(field, sessions, seed=seed)
    leaver, newcomer = 5, 1000
    roster = [p for p in field if p != leaver] + [newcomer]
    redrawn = draw_schedule(roster, sessions, seed=seed + 50, fixed=plan[:2], previous=plan)
    assert redrawn[:2] == plan[:2]
    for old, new in zip(plan[2:], redrawn[2:], strict=True):
        for position, (before, after) in enumerate(zip(old, new, strict=True)):
            if leaver in before:
                # the newcomer takes the leaver's table; seats may swap inside it
                assert newcomer in after
                assert set(after) == (set(before) - {leaver}) | {newcomer}, position
            else:
                assert tuple(after) == tuple(before), position  # same number, same seats
    report = seating_report(redrawn)
    assert report.repeats == seating_report(plan).repeats and report.wind_spread <= 2
    winds = {}
    for session in redrawn:
        for table in session:
            for wind, player in enumerate(table):
                winds.setdefault(player, [0, 0, 0, 0])[wind] += 1
    # everybody but the newcomer keeps a wind spread of at most 1
    assert all(max(row) - min(row) <= 1 for p, row in winds.items() if p != newcomer)
    mates = {p for session in plan[2:] for table in session if leaver in table for p in table}
    assert set(changed_players(plan[2:], redrawn[2:])) <= mates | {newcomer}
    assert {leaver, newcomer} <= set(changed_players(plan[2:], redrawn[2:]))


def test_changed_players_names_moves_seats_and_opponents():
    before = [[(1, 2, 3, 4), (5, 6, 7, 8)]]
    assert changed_players(before, before) == []
    swapped_seats = [[(2, 1, 3, 4), (5, 6, 7, 8)]]
    assert changed_players(before, swapped_seats) == [2, 1]
    renumbered = [[(5, 6, 7, 8), (1, 2, 3, 4)]]
    assert changed_players(before, renumbered) == [5, 6, 7, 8, 1, 2, 3, 4]


def test_a_removed_table_redraws_only_some_tables_when_that_is_as_good():
    """Four players who sat together in session 1 leave: each unplayed session opens the
    tables they sat at (and more only if needed); every other table keeps its number, seats
    may swap inside it for the winds, and nobody meets anyone twice."""
    from tests.seating.helpers import assert_valid

    field = list(range(64))
    plan = draw_schedule(field, 8, seed=1)
    leavers = set(plan[0][0])
    roster = [p for p in field if p not in leavers]
    redrawn = draw_schedule(roster, 8, seed=2, fixed=plan[:2], previous=plan)
    assert_valid(redrawn[2:], roster, 6)
    fresh = draw_schedule(roster, 8, seed=2, fixed=plan[:2])
    assert redrawn != fresh  # the old plan was kept in part
    same = sum(
        1
        for old, new in zip(plan[2:], redrawn[2:], strict=True)
        for before, after in zip(old, new, strict=False)
        if set(before) == set(after)
    )
    assert same >= 30  # of 90 tables, at least a third stand as printed
    report = seating_report(redrawn)
    assert report.repeats == 0 and report.wind_spread <= seating_report(fresh).wind_spread


def test_four_late_registrations_change_only_the_newcomers_tables():
    """A table more: in each unplayed session the four newcomers sit at four tables with three
    players who were already there; every other table keeps its players and number (seats may
    swap inside it for the winds)."""
    from tests.seating.helpers import assert_valid

    field = list(range(64))
    plan = draw_schedule(field, 8, seed=1)
    newcomers = [100, 101, 102, 103]
    roster = [*field, *newcomers]
    redrawn = draw_schedule(roster, 8, seed=2, fixed=plan[:2], previous=plan)
    assert_valid(redrawn[2:], roster, 6)
    for old, new in zip(plan[2:], redrawn[2:], strict=True):
        assert len(new) == len(old) + 1
        other = [t for t, table in enumerate(new) if t >= len(old) or set(old[t]) != set(table)]
        assert len(other) == 4  # the newcomers' tables, and nothing else
        assert set(newcomers) <= {p for t in other for p in new[t]}
    report = seating_report(redrawn)
    assert report.repeats == 0 and report.wind_spread <= 1


@pytest.mark.parametrize("played", [0, 1, 2])
def test_a_plan_whose_sessions_already_differ_is_patched_or_drawn_afresh(played):
    """Session 4 alone was drawn again after a substitution (player 0 -> 100): the sessions of
    the previous plan no longer seat the same players; the next re-draw must still work."""
    from tests.seating.helpers import assert_valid

    base = draw_schedule(range(20), 4, seed=1)
    previous = [list(session) for session in base]
    previous[3] = [tuple(100 if p == 0 else p for p in table) for table in previous[3]]
    roster = [*range(1, 20), 100]
    redrawn = draw_schedule(roster, 4, seed=1, fixed=base[:played], previous=previous)
    assert_valid(redrawn[played:], roster, 4 - played)
