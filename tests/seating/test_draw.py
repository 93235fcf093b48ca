"""draw_schedule: valid, deterministic, zero repeats where designs exist, history respected."""

from __future__ import annotations

import pytest

from tournament.seating import draw_schedule, lower_bound, seating_report

from .helpers import assert_valid, meetings, wind_rows

ZERO = [
    *[(16, 4), (16, 5), (20, 5), (24, 7), (28, 9), (32, 7), (32, 10), (36, 11), (40, 7)],
    *[(40, 10), (44, 10), (48, 10), (64, 8), (100, 8), (128, 10), (200, 8), (400, 10)],
]


@pytest.mark.parametrize(("n", "sessions"), ZERO)
def test_zero_repeats_and_balanced_winds(n, sessions):
    players = list(range(n))
    schedule = draw_schedule(players, sessions, seed=3)
    assert_valid(schedule, players, sessions)
    report = seating_report(schedule)
    assert report["repeats"] == 0
    assert report["max_meetings"] == 1
    assert report["wind_spread"] <= 1


@pytest.mark.parametrize("n", range(16, 132, 4))
def test_every_size_up_to_ten_sessions_is_valid_and_zero_repeat(n):
    sessions = min(10, {16: 5, 20: 5, 24: 7, 28: 9}.get(n, 10))
    schedule = draw_schedule([f"p{i}" for i in range(n)], sessions)
    assert_valid(schedule, [f"p{i}" for i in range(n)], sessions)
    assert seating_report(schedule)["repeats"] == 0


@pytest.mark.parametrize(("n", "sessions"), [(16, 6), (16, 10), (20, 7), (20, 10), (28, 10)])
def test_beyond_the_limit_reaches_the_counting_bound(n, sessions):
    report = seating_report(draw_schedule(list(range(n)), sessions))
    assert report["repeats"] == lower_bound(n, sessions)
    assert report["max_meetings"] == 2
    assert report["wind_spread"] <= 1


@pytest.mark.parametrize(("n", "sessions"), [(4, 3), (8, 2), (12, 3), (20, 6), (24, 8)])
def test_small_and_impossible_sizes_still_give_valid_schedules(n, sessions):
    schedule = draw_schedule(list(range(n)), sessions)
    assert_valid(schedule, list(range(n)), sessions)
    report = seating_report(schedule)
    assert report["wind_spread"] <= 1
    if n >= 16:
        assert report["max_meetings"] == 2


def test_same_seed_same_schedule_other_seed_other_schedule():
    players = [f"player {i}" for i in range(40)]
    first = draw_schedule(players, 8, seed=7)
    assert draw_schedule(players, 8, seed=7) == first
    assert draw_schedule(players, 8, seed=8) != first
    assert draw_schedule(players, 8, seed="spring open") == draw_schedule(
        players, 8, seed="spring open"
    )


def test_determinism_with_groups_history_and_search():
    players = list(range(24))
    groups = {p: p % 3 for p in range(12)}
    fixed = [[tuple(range(t, t + 4)) for t in range(0, 24, 4)]]  # foreign history: tabu search
    runs = [draw_schedule(players, 5, seed=5, groups=groups, fixed=fixed) for _ in range(2)]
    assert runs[0] == runs[1]
    assert seating_report(runs[0], groups)["repeats"] == 0


def test_every_prefix_of_a_schedule_has_balanced_winds():
    schedule = draw_schedule(list(range(48)), 10, seed=2)
    for k in range(1, 11):
        assert seating_report(schedule[:k])["wind_spread"] <= 1
    rows = wind_rows(schedule[:8])
    assert all(row == [2, 2, 2, 2] for row in rows.values())


def test_groups_are_kept_apart_with_zero_repeats():
    players = list(range(64))
    groups = {p: f"club {p // 4}" for p in range(40)}  # ten clubs of four
    schedule = draw_schedule(players, 8, groups=groups)
    report = seating_report(schedule, groups)
    assert report["group_clashes"] == 0
    assert report["repeats"] == 0


def test_groups_as_large_as_the_number_of_tables():
    players = list(range(32))
    groups = {p: p % 4 for p in players}  # four countries of eight players, eight tables
    report = seating_report(draw_schedule(players, 7, groups=groups), groups)
    assert report["group_clashes"] == 0
    assert report["repeats"] == 0


def test_repeats_come_before_clashes_in_a_complete_design():
    # 28 x 9 meets every pair exactly once: club-mates must meet, repeats stay at zero
    groups = {0: "a", 1: "a"}
    report = seating_report(draw_schedule(list(range(28)), 9, groups=groups), groups)
    assert report["repeats"] == 0
    assert report["group_clashes"] == 1


def test_players_may_be_any_hashable():
    players = [("club", i) for i in range(16)]
    schedule = draw_schedule(players, 5)
    assert_valid(schedule, players, 5)
    assert max(meetings(schedule).values()) == 1
