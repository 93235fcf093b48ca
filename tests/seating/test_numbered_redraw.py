"""A re-draw after played sessions continues the numbered column design (issue 33; docs/rules.md
§8.2): where the played sessions are sessions of it, the sessions left repeat no meeting, keep
every club apart and come back to no table number, as the fresh draw's do."""

from __future__ import annotations

import copy
import random
from typing import cast

import pytest

from bench.seating import clubs  # every player in a club of 4 to 6, as the bench draws them
from tests.seating.helpers import assert_valid
from tournament.seating import draw, draw_schedule, numbered_tables, seating_report
from tournament.seating.apart_cover import clash_free_cover
from tournament.seating.base import group_numbers
from tournament.seating.continuation import continue_design
from tournament.seating.designs import column_design
from tournament.seating.numbered_tables import Continuations, numbered_continuation
from tournament.seating.numbers import table_revisits
from tournament.seating.plan import plan_tables
from tournament.seating.weights import REPEATS_FIRST, apart_costs

cover_of = numbered_tables._from_cover  # the cover matched to the played sessions


@pytest.mark.parametrize(
    ("players", "sessions", "seed", "apart_first"),
    [(40, 8, 1, False), (40, 8, 2, True), (44, 8, 0, False), (48, 8, 0, False), (40, 7, 0, False)],
)
def test_a_redraw_after_a_played_session_keeps_the_fresh_draws_figures(
    players, sessions, seed, apart_first
):
    """Before: 19, 17, 14, 10 and 9 re-visits (no repeat, no clash), where the fresh draw has
    none."""
    groups = clubs(players, seed)
    plan = draw_schedule(
        range(players), sessions, seed=seed, groups=groups, apart_first=apart_first
    )
    fresh = seating_report(plan, groups)
    assert (fresh.repeats, fresh.group_clashes, fresh.table_revisits) == (0, 0, 0)
    result = draw(
        range(players), sessions, seed=seed, groups=groups, apart_first=apart_first, fixed=plan[:1]
    )
    assert_valid(result.schedule, range(players), sessions)
    assert result.schedule[0] == plan[0]  # the played session as played, numbers included
    report = seating_report(result.schedule, groups)
    assert (report.repeats, report.group_clashes, report.table_revisits) == (0, 0, 0)
    assert report.wind_spread <= fresh.wind_spread


def test_the_continuation_puts_the_played_session_on_a_design_session():
    groups = clubs(44, 0)
    group_of = group_numbers(list(range(44)), groups)
    plan = draw_schedule(range(44), 8, seed=0, groups=groups)
    played = [cast(list[list[int]], [list(table) for table in plan[0]])]  # players 0 .. 43
    design = column_design(44, limit=16, need=8)
    mates = [[q for q in range(44) if q != p and group_of[q] == group_of[p]] for p in range(44)]
    found = continue_design(design, played, 44, 7, mates, random.Random(1))
    assert found is not None
    point_of, future, first = found
    assert sorted(point_of) == list(range(44)) and len(set(future)) == 7 and first not in future
    design_tables = {frozenset(table) for table in design[first]}
    assert {frozenset(point_of[p] for p in table) for table in played[0]} == design_tables
    player_at = {x: p for p, x in enumerate(point_of)}
    for r in future:
        for table in design[r]:
            seated = [group_of[player_at[x]] for x in table]
            assert len(set(seated)) == 4  # every player of this field is in a club


def test_the_fresh_draws_cover_goes_on_as_it_is_even_with_winds_to_finish():
    """The cover's continuation is taken at once (§8.2): with a block of winds to finish and
    players who may each take one wind only, the tabu search for the winds ran on it and changed
    its tables in place (44 x 8, seed 0: 0 re-visits before the search, 33 after it)."""
    players, sessions, seed = 44, 8, 0
    groups = clubs(players, seed)
    played = draw_schedule(range(players), sessions, seed=seed, groups=groups)[:1]
    group_of = group_numbers(list(range(players)), groups)
    history = [[list(table) for table in played[0]]]
    apart = apart_costs(players, [(group_of, REPEATS_FIRST)])
    layers = ([-1] * players, group_of)
    found = numbered_continuation(
        players, sessions - 1, history, apart, random.Random(seed), layers
    )
    assert found is not None and found[1]  # the fresh draw's own cover, taken as it is
    cover = copy.deepcopy(found[0])
    rng = random.Random(3)
    masks = [1 << rng.randrange(4) for _ in range(players)]  # one wind left for each player
    tables = plan_tables(
        players, sessions - 1, history, apart, random.Random(seed), None, (masks, 3), {}, True,
        layers=layers, covers={},
    )  # fmt: skip
    assert sorted(tables) == sorted(cover)  # in the order that suits the winds left
    assert table_revisits([*history, *tables]) == 0


def _first_session_of_nobody_here(players, sessions, seed):
    """A re-draw of the fresh draw (clubs of ``seed``) after two played sessions: the first
    played by players who have all left (no meeting of this field), then the fresh draw's
    first session; with the apart matrix and the layers the draw passes."""
    groups = clubs(players, seed)
    plan = draw_schedule(range(players), sessions, seed=seed, groups=groups)
    group_of = group_numbers(list(range(players)), groups)
    apart = apart_costs(players, [(group_of, REPEATS_FIRST)])
    history = [[[] for _ in plan[0]], [list(table) for table in plan[0]]]
    return history, apart, ([-1] * players, group_of)


def test_the_cover_matched_to_the_played_sessions_is_that_of_every_session(monkeypatch):
    """The fresh draw counted every session of the event, those nobody of the field played
    too, as the caller does (``len(history)``); before, the cover counted only the sessions
    someone here played (8 of 9)."""
    history, apart, layers = _first_session_of_nobody_here(40, 9, 0)
    counted = []

    def cover(n, design, count, *args):
        counted.append(count)
        return clash_free_cover(n, design, count, *args)

    monkeypatch.setattr(numbered_tables, "clash_free_cover", cover)
    numbered_continuation(40, 7, history, apart, random.Random(0), layers)
    assert counted and set(counted) == {9}


def test_a_continuation_not_found_is_looked_for_again_under_another_random_stream(monkeypatch):
    """The search is seeded from the draw's random stream, which differs between the two
    priorities (and the attempts): one that ran out of its budget under one stream may find a
    map under another. Before, the first failure was marked for the whole draw."""
    history, apart, layers = _first_session_of_nobody_here(40, 9, 0)
    # a short search: under the stream of Random(9) it runs out of its budget, under that of
    # Random(4) it finds a continuation
    searches = []

    def short_search(*args, **kwargs):
        searches.append(args[5].getstate())
        return continue_design(*args, budget=300, **kwargs)

    monkeypatch.setattr(numbered_tables, "continue_design", short_search)
    covers: dict = {}  # the draw's record of covers, shared by its plans
    plan_tables(40, 7, history, apart, random.Random(9), layers=layers, covers=covers)
    plan_tables(40, 7, history, apart, random.Random(4), layers=layers, covers=covers)
    assert len(searches) == 2  # before: 1, the second plan skipped it
    # the draw's record of continuations: nothing under Random(9)'s stream, a map under
    # Random(4)'s, and the same stream is not searched twice
    matched = []

    def matching(*args):
        matched.append(args)
        return cover_of(*args)

    monkeypatch.setattr(numbered_tables, "_from_cover", matching)
    tried = Continuations()
    searches.clear()
    assert numbered_continuation(40, 7, history, apart, random.Random(9), layers, tried) is None
    assert numbered_continuation(40, 7, history, apart, random.Random(9), layers, tried) is None
    found = numbered_continuation(40, 7, history, apart, random.Random(4), layers, tried)
    assert found is not None and not found[1]  # searched, not the fresh draw's cover
    assert len(searches) == 2 and len(matched) == 1  # the cover matched once per draw
    report = seating_report([*history[1:], *found[0]])
    assert report.repeats == 0 and table_revisits([*history[1:], *found[0]]) == 0


def test_a_played_session_whose_players_have_all_left_is_no_obstacle():
    """Its tables are empty on the roster: the numbering of the new sessions raised an
    IndexError on them (48 x 8, seed 0)."""
    groups = clubs(48, 0)
    plan = draw_schedule(range(48), 8, seed=0, groups=groups)
    gone = [tuple(1000 + 4 * t + i for i in range(4)) for t in range(12)]
    result = draw(range(48), 8, seed=0, groups=groups, fixed=[gone, plan[0]])
    assert result.schedule[:2] == [gone, plan[0]]
    assert_valid(result.schedule[1:], range(48), 7)
    assert seating_report(result.schedule[2:], groups).group_clashes == 0
