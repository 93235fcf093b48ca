"""Clubs without returns to a table number (issue 33, item 4; docs/rules.md §8.1).

Where the tabu search leaves tables that admit no numbering without a re-visit, the draw turns to
the numbered column design: a labelling without any clash by an exact cover
(``seating.apart_cover``), or a relabelling searched harder (``seating.numbered_relabel``),
taken only when no worse on team-mates, repeats and clashes."""

from __future__ import annotations

import itertools
import random

import pytest

from bench.seating import clubs  # every player in a club of 4 to 6, as the bench draws them
from tests.seating.helpers import assert_valid, meetings
from tournament.seating import draw, seating_report
from tournament.seating.apart_cover import (
    QUICK_SETS,
    QUICK_WORK,
    apart_labelling,
    cover,
    independent_sets,
)
from tournament.seating.designs import column_design
from tournament.seating.numbered_relabel import figures, relabel_numbered
from tournament.seating.numbered_tables import numbered_instead, without_clashes
from tournament.seating.numbers import numbers_without_revisits, table_revisits
from tournament.seating.weights import REPEATS_FIRST, apart_costs, base_weights


@pytest.mark.parametrize("seed", [4, 5])
def test_clubs_at_32x7_no_longer_cost_a_return_to_a_table_number(seed):
    """Before: 0 repeats, 3 clashes and 4 re-visits; now no figure worse and no re-visit."""
    groups = clubs(32, seed)
    result = draw(range(32), 7, seed=seed, groups=groups)
    assert_valid(result.schedule, range(32), 7)
    report = seating_report(result.schedule, groups)
    assert report.repeats == 0 and report.group_clashes <= 3 and report.wind_spread <= 1
    assert report.table_revisits == 0


@pytest.mark.parametrize(("seed", "apart_first"), [(1, False), (2, False), (1, True), (2, True)])
def test_clubs_at_40x8_sit_apart_without_a_return_to_a_table_number(seed, apart_first):
    """Before: 0 repeats and 0 clashes, but 19 re-visits; now none either way."""
    groups = clubs(40, seed)
    result = draw(range(40), 8, seed=seed, groups=groups, apart_first=apart_first)
    report = seating_report(result.schedule, groups)
    assert (report.repeats, report.group_clashes, report.table_revisits) == (0, 0, 0)
    assert report.wind_spread == 0 and result.alternative is None


def brute_independent(n, design, size):
    met = meetings(design)
    return {
        sum(1 << x for x in chosen)
        for chosen in itertools.combinations(range(n), size)
        if not any(met[frozenset(pair)] for pair in itertools.combinations(chosen, 2))
    }


@pytest.mark.parametrize("size", [2, 3, 4])
def test_independent_sets_are_every_set_of_points_that_never_meet(size):
    design = column_design(20, limit=3)  # three sessions: some points of two columns never meet
    meet = [0] * 20
    for session in design:
        for table in session:
            for x in table:
                meet[x] |= sum(1 << y for y in table)
    apart = [((1 << 20) - 1) & ~meet[x] for x in range(20)]
    found = independent_sets(20, apart, [size, 4], 10**6)[size]
    assert len(found) == len(set(found))
    assert set(found) == brute_independent(20, design, size)


def test_the_cover_uses_the_sets_of_the_sizes_asked():
    sets = {2: [0b0011, 0b1100, 0b0110], 1: [0b0001, 0b1000]}
    chosen = cover(4, sets, {2: 1, 1: 2}, [1000])
    assert chosen is not None and sorted(chosen) == [0b0001, 0b0110, 0b1000]
    assert cover(4, sets, {2: 2}, [1000]) in ([0b0011, 0b1100], [0b1100, 0b0011])
    assert cover(4, {2: [0b0011, 0b0110]}, {2: 2}, [1000]) is None
    assert cover(4, sets, {2: 2}, [2]) is None  # out of work
    # the free point with the fewest sets is chosen whatever point 0 holds: here every point
    # but 0 has more sets than point 0, and once 0 is covered the search goes on from them
    pairs = [0b100001, 0b000110, 0b011000, 0b001010, 0b010100]
    found = cover(6, {2: pairs}, {2: 3}, [1000])
    assert found is not None and sorted(found) == [0b000110, 0b011000, 0b100001]


def test_four_clubs_as_large_as_the_columns_take_a_column_each():
    group_of = [p % 4 for p in range(20)]
    design = column_design(20, limit=5)
    sessions = apart_labelling(20, design, 4, group_of, random.Random(1))
    assert sessions is not None and len(sessions) == 4
    assert figures(20, sessions, [group_of]) == (0, 0)
    assert table_revisits(sessions) == 0


def test_no_cover_when_the_clubs_cannot_sit_apart():
    # 20 players, five sessions: every two points of different columns meet, so five clubs of
    # four cannot all sit apart (only the four columns never meet)
    group_of = [p // 4 for p in range(20)]
    assert apart_labelling(20, column_design(20, limit=5), 5, group_of, random.Random(1)) is None


def test_an_iterated_relabelling_keeps_the_design_numbered_and_without_repeats():
    groups = clubs(32, 4)
    group_of = [groups[p] for p in range(32)]
    apart = apart_costs(32, [(group_of, REPEATS_FIRST)])
    design = column_design(32, limit=16, need=7)
    found = relabel_numbered(
        32, design, 7, base_weights(32, [], apart), random.Random(3), 1000, [group_of]
    )
    assert found is not None
    key, sessions = found
    assert_valid([[tuple(t) for t in s] for s in sessions], range(32), 7)
    assert key == figures(32, sessions, [group_of])
    assert key[1] == 0 and key[0] <= 4  # (clashes, repeats): no repeat, a few clashes
    assert table_revisits(sessions) == 0


def test_tables_that_can_be_numbered_are_kept_as_searched():
    groups = clubs(32, 1)
    group_of = [groups[p] for p in range(32)]
    apart = apart_costs(32, [(group_of, REPEATS_FIRST)])
    weights = base_weights(32, [], apart)
    design = column_design(32, limit=16, need=7)[:7]  # numbered: nobody at one number twice
    kept = numbered_instead(32, 7, design, weights, random.Random(1), [group_of], None, 1000)
    assert kept is design


def test_tables_with_a_clash_left_give_way_to_a_numbered_design_no_worse():
    """Tables the search might leave at 32x7 (clubs of seed 4): a numbered design's, with two
    sessions' first tables exchanging a player, so that they cannot be numbered without a
    re-visit; the iterated relabelling finds a numbered design no worse on any figure."""
    groups = clubs(32, 4)
    group_of = [groups[p] for p in range(32)]
    apart = apart_costs(32, [(group_of, REPEATS_FIRST)])
    weights = base_weights(32, [], apart)
    found = relabel_numbered(
        32, column_design(32, limit=16, need=7), 7, weights, random.Random(5), 1000, [group_of]
    )
    assert found is not None
    tables = [[table[:] for table in session] for session in found[1]]
    tables[1][0][0], tables[1][1][0] = tables[1][1][0], tables[1][0][0]
    stuck = figures(32, tables, [group_of])
    if numbers_without_revisits(tables):  # this exchange left them numberable: another one
        tables[2][0][1], tables[2][2][1] = tables[2][2][1], tables[2][0][1]
        stuck = figures(32, tables, [group_of])
    assert not numbers_without_revisits(tables)
    replaced = numbered_instead(32, 7, tables, weights, random.Random(1), [group_of], None, 1000)
    assert replaced is not tables
    assert all(x <= y for x, y in zip(figures(32, replaced, [group_of]), stuck, strict=True))
    assert table_revisits(replaced) == 0


def test_clubs_that_can_sit_apart_on_a_numbered_design_skip_the_search():
    """40x7 with every player in a club of 4 to 6 (seed 1): a cover of the numbered column
    design keeps every club apart, so the draw has no repeat, no clash and no re-visit."""
    groups = clubs(40, 1)
    group_of = [groups[p] for p in range(40)]
    tables = without_clashes(40, 7, [[-1] * 40, group_of], random.Random(1), QUICK_WORK, QUICK_SETS)
    assert tables is not None and len(tables) == 7
    assert_valid([[tuple(t) for t in s] for s in tables], range(40), 7)
    assert figures(40, tables, [group_of]) == (0, 0)
    assert table_revisits(tables) == 0
    report = seating_report(draw(range(40), 7, seed=1, groups=groups).schedule, groups)
    assert (report.repeats, report.group_clashes, report.table_revisits) == (0, 0, 0)


def test_picks_of_the_draws_count_keep_clubs_apart_where_larger_picks_cannot():
    """36x6 (clubs of seed 0): no pick of eight of the design's nine sessions has a cover, but
    some picks of exactly six do (they hold fewer meetings), found within the quick budget;
    they are searched only when asked for (after the tabu search, in a draw)."""
    groups = clubs(36, 0)
    group_of = [groups[p] for p in range(36)]
    design = column_design(36, limit=16, need=6)
    assert len(design) == 9
    tables = apart_labelling(
        36, design, 6, group_of, random.Random(1), QUICK_WORK, QUICK_SETS, of_count=True
    )
    assert tables is not None and len(tables) == 6
    assert_valid([[tuple(t) for t in s] for s in tables], range(36), 6)
    assert figures(36, tables, [group_of]) == (0, 0)
    assert table_revisits(tables) == 0
    assert apart_labelling(36, design, 6, group_of, random.Random(1)) is None


@pytest.mark.parametrize(("players", "sessions"), [(36, 6), (44, 7), (44, 8)])
def test_clubs_sit_apart_without_a_return_where_the_larger_picks_left_some(players, sessions):
    """Repeats first, clubs of seed 0; before: 8, 3 and 12 re-visits (no repeat, no clash)."""
    groups = clubs(players, 0)
    result = draw(range(players), sessions, seed=0, groups=groups)
    assert_valid(result.schedule, range(players), sessions)
    report = seating_report(result.schedule, groups)
    assert (report.repeats, report.group_clashes, report.table_revisits) == (0, 0, 0)
    assert report.wind_spread <= 1
