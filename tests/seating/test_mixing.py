"""The designs searched offline for their indirect meetings (issue 33, item 5; docs/rules.md
§8.4): what is stored holds what it says, and the draw gives it."""

from __future__ import annotations

import itertools

import pytest

from bench.seating import clubs  # every player in a club of 4 to 6, as the bench draws them
from tournament.seating import draw, draw_schedule, seating_report
from tournament.seating.designs import _data, design_repeats, mixing_design, offset_design
from tournament.seating.geometry import ag34_classes, pg33_packing
from tournament.seating.indirect import indirect_meetings
from tournament.seating.mixing import (
    DEVELOPED,
    GEOMETRY,
    MIXING_GROUPS,
    MIXING_ROWS,
    best_subset,
    common_counts,
)
from tournament.seating.numbers import table_revisits
from tournament.seating.offsets import group_offset_design, mixing_rows

STORED = _data()["mixing"]


def test_the_evaluation_by_symmetry_counts_what_the_sessions_hold():
    """``offset_mixing`` looks at one pair per column pair and row difference; the full count
    over every pair of players gives the same fewest."""
    for g, sessions in ((11, 4), (13, 6), (22, 7)):
        found = mixing_rows(g, sessions, seed=3, steps=300)
        assert found is not None
        (fewest, _classes), rows = found
        rounds = offset_design(g, rows)
        assert design_repeats(rounds, 4 * g) == 0
        assert indirect_meetings(4 * g, rounds)[0] == fewest
        assert common_counts(4 * g, rounds)[:2] == (0, fewest)


def test_the_row_search_is_the_same_on_every_run():
    assert mixing_rows(22, 7, seed=1, steps=500) == mixing_rows(22, 7, seed=1, steps=500)


def test_rows_over_another_group_are_counted_right():
    """Over Z2 x Z6 (48 players) the evaluation by symmetry still matches the full count, and
    the tables are listed so that nobody returns to a table number."""
    found = mixing_rows(12, 6, seed=2, steps=300, orders=(2, 6))
    assert found is not None
    rounds = group_offset_design((2, 6), found[1])
    assert design_repeats(rounds, 48) == 0
    assert indirect_meetings(48, rounds)[0] == found[0][0]
    stored = mixing_design(48, 10)
    assert stored is not None
    assert table_revisits([[tuple(t) for t in session] for session in stored]) == 0


@pytest.mark.parametrize("size", sorted(STORED))
def test_every_stored_design_has_no_repeat_and_its_stated_mixing(size):
    n, sessions = (int(x) for x in size.split("x"))
    rounds = mixing_design(n, sessions)
    assert rounds is not None and len(rounds) == sessions
    assert design_repeats(rounds, n) == 0
    fewest = indirect_meetings(n, rounds)[0]
    assert (n if fewest is None else fewest) == STORED[size]["fewest"]
    groups = {k: t for k, (_g, t) in MIXING_GROUPS.items()}
    targets = {**MIXING_ROWS, **GEOMETRY, **groups, **DEVELOPED}
    target = targets[n, sessions]
    assert target is None or STORED[size]["fewest"] >= target  # AIM's, or the climb's stop


def test_every_size_of_the_tables_is_stored():
    """Only sizes reached are stored; the listed offset sizes below ten sessions all are."""
    wanted = {f"{n}x{s}" for (n, s) in [*MIXING_ROWS, *GEOMETRY, *MIXING_GROUPS, *DEVELOPED]}
    assert set(STORED) <= wanted
    assert {f"{n}x{s}" for (n, s) in DEVELOPED} <= set(STORED)
    assert {f"{n}x{s}" for (n, s) in [*MIXING_ROWS, *MIXING_GROUPS] if s <= 10} <= set(STORED)


def test_the_packing_of_pg33_seats_every_pair_of_40_players_once():
    rounds = pg33_packing(seed=1)
    assert len(rounds) == 13 and design_repeats(rounds, 40) == 0
    assert indirect_meetings(40, rounds) == (None, 0)  # 13 x 3 = 39 opponents each


def test_the_classes_of_ag34_seat_every_pair_of_64_players_once():
    rounds = ag34_classes()
    assert len(rounds) == 21 and all(len(session) == 16 for session in rounds)
    assert design_repeats(rounds, 64) == 0
    assert indirect_meetings(64, rounds) == (None, 0)


def test_best_subset_compares_every_choice():
    rounds = pg33_packing(seed=1)
    (fewest, count), picked = best_subset(40, rounds, 11)
    every = [
        common_counts(40, [rounds[r] for r in chosen])[1:]
        for chosen in itertools.combinations(range(13), 11)
    ]
    assert max(every, key=lambda c: (c[0], -c[1])) == (fewest, count)
    assert fewest == 30  # two players on a dropped line miss its two other points together
    assert len(picked) == 11


@pytest.mark.parametrize(
    ("n", "sessions", "aim"),
    [(48, 10, 17), (64, 7, 6), (80, 9, 4), (88, 7, 1), (88, 10, 5), (104, 10, 3), (124, 10, 2)],
)
def test_the_draw_mixes_at_least_as_well_as_aim(n, sessions, aim):
    """AIM's precomputed seatings' fewest opponents in common, never at the cost of a repeat,
    a wind or a table number (these sizes have at least as many tables as sessions)."""
    report = seating_report(draw_schedule(range(n), sessions, seed=1))
    assert report.repeats == 0 and report.wind_spread <= 1 and report.table_revisits == 0
    assert report.indirect_min >= aim


def test_128_players_over_15_sessions_mix_as_far_as_the_climb_reaches():
    """AIM has 14 there; the climb of the offset rows stops at 12 (docs/rules.md §8.4), which
    the draw takes over the other designs' 0, at no cost in repeats, winds or table numbers."""
    report = seating_report(draw_schedule(range(128), 15, seed=1))
    assert report.repeats == 0 and report.wind_spread <= 1 and report.table_revisits == 0
    assert report.indirect_min >= 12


@pytest.mark.parametrize(("sessions", "fewest"), [(10, 24), (11, 30), (12, 36), (13, None)])
def test_forty_players_play_up_to_thirteen_sessions_without_a_repeat(sessions, fewest):
    """The packing of PG(3, 3): AIM's 24, 30 and 36 at 40x10 to 40x12, every pair met once at
    40x13 (the shipped 40-player design stops at 10 sessions)."""
    report = seating_report(draw_schedule(range(40), sessions, seed=1))
    assert report.repeats == 0 and report.wind_spread <= 1
    assert report.indirect_min == fewest


def test_clubs_keep_their_figures_where_a_mixing_design_is_added():
    """The design searched for the mixing draws from its own random stream: with every player
    in a club, 40x10 keeps the clashes it had without it (20, 0 repeats, seed 0)."""
    groups = clubs(40, 0)
    result = draw(list(range(40)), 10, seed=0, groups=groups)
    report = seating_report(result.schedule, groups)
    assert report.repeats == 0 and report.group_clashes <= 20
