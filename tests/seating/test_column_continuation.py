"""A re-draw after one played session with clashes left (issue 33, item 4), and club-mates apart
first on the numbered design (docs/rules.md §8.1 and §8.2)."""

from __future__ import annotations

import random

from bench.seating import clubs  # every player in a club of 4 to 6, as the bench draws them
from tests.seating.helpers import assert_valid, meetings
from tournament.seating import draw, seating_report
from tournament.seating.base import group_numbers
from tournament.seating.column_continuation import column_continuation
from tournament.seating.numbered_repair import repair
from tournament.seating.numbers import table_revisits
from tournament.seating.weights import APART_FIRST, REPEATS_FIRST, apart_costs


def test_a_redraw_after_the_first_session_played_keeps_the_fresh_draws_figures():
    """32x7, every player in a club of 4 to 6 (seed 1), repeats first: no labelling of the
    numbered design keeps every club apart, so neither the cover nor its continuation exists.
    Before: the re-draw after the first session played as drawn had 21 re-visits and 25
    clashes where the fresh draw has 0 and 3."""
    groups = clubs(32, 1)
    plan = draw(range(32), 7, seed=1, groups=groups, other_priority=False).schedule
    fresh = seating_report(plan, groups)
    assert (fresh.repeats, fresh.group_clashes, fresh.table_revisits) == (0, 3, 0)
    result = draw(range(32), 7, seed=1, groups=groups, fixed=plan[:1], other_priority=False)
    assert_valid(result.schedule, range(32), 7)
    assert result.schedule[0] == plan[0]  # the played session as played, numbers included
    report = seating_report(result.schedule, groups)
    assert (report.repeats, report.group_clashes, report.table_revisits) == (0, 3, 0)
    assert report.wind_spread <= fresh.wind_spread


def test_a_redraw_from_the_continuation_is_no_worse_than_from_the_tables_before():
    """40x8, clubs of seed 0, repeats first, re-drawn after the first session played as drawn:
    the column continuation is the better start, so the tabu search runs from it and from the
    design fitted to the played session (``embedding``), and the better result is kept. With
    the search from the continuation alone: 3 clashes and 18 re-visits, where the search from
    the fitted design leaves 1 clash and 20 re-visits (docs/rules.md §8.2)."""
    groups = clubs(40, 0)
    plan = draw(range(40), 8, seed=0, groups=groups, other_priority=False).schedule
    result = draw(range(40), 8, seed=0, groups=groups, fixed=plan[:1], other_priority=False)
    report = seating_report(result.schedule, groups)
    assert (report.repeats, report.group_clashes, report.table_revisits) <= (0, 1, 20)


def test_the_column_continuation_repeats_nobody_and_keeps_the_played_numbers():
    groups = clubs(32, 4)
    group_of = group_numbers(list(range(32)), groups)
    apart = apart_costs(32, [(group_of, REPEATS_FIRST)])
    # the first session of the fresh draw (2 clashes in all, none in that session)
    plan = draw(range(32), 7, seed=4, groups=groups, other_priority=False).schedule
    played = [[int(p) for p in table] for table in plan[0]]
    sessions = column_continuation(32, 6, [played], apart, random.Random(0))
    assert sessions is not None
    schedule = [played, *sessions]
    assert max(meetings(schedule).values()) == 1  # nobody meets twice
    assert table_revisits(schedule) == 0  # the k-th table of each session takes number k
    clashes = sum(
        1
        for session in sessions
        for table in session
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if group_of[a] == group_of[b]
    )
    assert clashes <= 2  # as few as the fresh draw's
    # two played sessions, or a session with a short table: not this continuation's case
    assert column_continuation(32, 5, [played, played], apart, random.Random(0)) is None
    short = [table[:3] if k == 0 else table for k, table in enumerate(played)]
    assert column_continuation(32, 6, [short], apart, random.Random(0)) is None


def test_club_mates_apart_first_keeps_most_of_the_numbered_designs_numbers():
    """32x7, clubs of seed 3, club-mates apart first: the tabu search's tables (4 repeats, no
    clash) admit no numbering with fewer than 18 re-visits; the numbered design's last clashes
    traded for repeats leave 8 re-visits with 2 repeats and no clash."""
    groups = clubs(32, 3)
    result = draw(range(32), 7, seed=3, groups=groups, apart_first=True, other_priority=False)
    report = seating_report(result.schedule, groups)
    assert report.group_clashes == 0 and report.repeats <= 2
    assert report.table_revisits <= 8


def test_the_repair_trades_a_clash_for_repeats_and_keeps_the_places():
    # two sessions of four tables (16 players), each table's place its number; players 0 and 1
    # are club-mates at one table of the second session
    first = [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]]
    second = [[0, 1, 10, 15], [4, 5, 14, 11], [8, 9, 2, 7], [12, 13, 6, 3]]
    group_of = [0, 0] + [-1] * 14
    apart = apart_costs(16, [(group_of, APART_FIRST)])
    repaired = repair(16, [first, second], apart)
    assert [sorted(len(t) for t in s) for s in repaired] == [[4] * 4, [4] * 4]
    together = any(0 in table and 1 in table for session in repaired for table in session)
    assert not together  # a clash weighs more than the repeats an exchange adds
    assert max(meetings(repaired).values()) <= 2
