"""Table numbers (docs/rules.md §8, issue 17 item 2): each new session's tables are numbered so
that players do not come back to a table number they had, without touching who sits with whom
or the winds; played sessions keep their numbers; the same draw always gets the same numbers."""

import itertools
import random

import pytest

from tournament.seating import draw_schedule, seating_report
from tournament.seating.numbers import _assignment, number_tables, table_revisits


@pytest.mark.parametrize("size", [1, 2, 4, 6])
def test_the_assignment_is_a_cheapest_one(size):
    rng = random.Random(size)
    for _ in range(20):
        cost = [[rng.randrange(10) for _ in range(size)] for _ in range(size)]
        columns = _assignment(cost)
        assert sorted(columns) == list(range(size))
        best = min(
            sum(cost[row][col] for row, col in enumerate(order))
            for order in itertools.permutations(range(size))
        )
        assert sum(cost[row][col] for row, col in enumerate(columns)) == best


@pytest.mark.parametrize(("players", "sessions"), [(64, 8), (128, 10)])
def test_nobody_returns_to_a_table_number_in_big_rooms(players, sessions):
    schedule = draw_schedule(list(range(players)), sessions, seed=3)
    report = seating_report(schedule)
    assert report.table_revisits == 0 == table_revisits(schedule)
    assert report.repeats == 0 and report.wind_spread <= 1


def test_numbering_changes_only_the_order_of_the_tables():
    rng = random.Random(5)
    players = list(range(32))
    schedule = []
    for _ in range(6):
        rng.shuffle(players)
        schedule.append([tuple(players[i : i + 4]) for i in range(0, 32, 4)])
    numbered = number_tables(schedule, first=2)
    assert numbered[:2] == schedule[:2]  # played sessions keep their numbers
    for before, after in zip(schedule, numbered, strict=True):
        assert sorted(before) == sorted(after)  # same tables, same seats (winds) inside
    plain, renumbered = seating_report(schedule), seating_report(numbered)
    assert plain.replace(table_revisits=0) == renumbered.replace(table_revisits=0)
    assert renumbered.table_revisits < plain.table_revisits


def test_the_same_draw_gets_the_same_numbers():
    first = draw_schedule(list(range(40)), 7, seed=11)
    assert draw_schedule(list(range(40)), 7, seed=11) == first
    assert number_tables(first, first=0) == number_tables(first, first=0)


def test_played_sessions_keep_their_numbers_in_a_redraw():
    full = draw_schedule(list(range(64)), 8, seed=2)
    played = [list(reversed(session)) for session in full[:3]]  # numbered by someone else
    redrawn = draw_schedule(list(range(64)), 8, seed=9, fixed=played)
    assert redrawn[:3] == [[tuple(t) for t in s] for s in played]
    assert seating_report(redrawn).repeats == 0
