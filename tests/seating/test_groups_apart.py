"""Keeping players of one group apart (clubs, countries; teams later) against repeated opponents
(issue 17, item 3; docs/rules.md §8): both at zero where a search finds it, else the director's
choice between the two priorities, with the other priority's figures at hand."""

from __future__ import annotations

import random

import pytest

from bench.seating import clubs  # every player in a club of 4 to 6, as the bench draws them
from tests.seating.helpers import assert_valid
from tournament.seating import Option, draw, draw_schedule, seating_report
from tournament.seating.bounds import clash_floor, zero_repeat_clash_floor
from tournament.seating.weights import APART_FIRST, REPEATS_FIRST, apart_costs


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_forty_players_in_clubs_get_no_repeat_and_no_clash(seed):
    groups = clubs(40, seed)
    result = draw(range(40), 8, seed=seed, groups=groups)
    assert_valid(result.schedule, range(40), 8)
    report = seating_report(result.schedule, groups)
    assert (report.repeats, report.group_clashes, report.wind_spread) == (0, 0, 0)
    assert result.alternative is None  # nothing to weigh: this draw is best on both


def test_where_both_cannot_be_zero_each_priority_names_the_other():
    groups = clubs(32, 3)
    first = draw(range(32), 7, seed=3, groups=groups)
    mine = seating_report(first.schedule, groups)
    assert mine.repeats == 0 and mine.group_clashes > 0  # repeats first: no repeat at all
    other = first.alternative
    assert isinstance(other, Option) and other.apart_first
    assert other.group_clashes < mine.group_clashes and other.repeats > 0
    # asking for the other priority gives exactly the figures announced, and names these
    second = draw(range(32), 7, seed=3, groups=groups, apart_first=True)
    theirs = seating_report(second.schedule, groups)
    assert (theirs.repeats, theirs.group_clashes) == (other.repeats, other.group_clashes)
    assert second.alternative == Option(False, mine.repeats, mine.group_clashes)
    assert theirs.wind_spread <= 1


def test_each_priority_is_reproducible():
    groups = clubs(32, 4)
    for apart_first in (False, True):
        one = draw_schedule(range(32), 7, seed=8, groups=groups, apart_first=apart_first)
        two = draw_schedule(range(32), 7, seed=8, groups=groups, apart_first=apart_first)
        assert one == two


def test_without_groups_there_is_nothing_to_weigh():
    result = draw(range(32), 7, seed=3)
    assert result.alternative is None
    assert draw(range(32), 7, seed=3, apart_first=True).schedule == result.schedule


def test_group_weights_add_up_over_layers():
    clubs_of = [0, 0, 1, 1, -1]
    teams_of = [5, -1, 5, -1, 5]
    apart = apart_costs(5, [(clubs_of, REPEATS_FIRST), (teams_of, APART_FIRST)])
    assert apart[0][1] == apart[1][0] == REPEATS_FIRST  # club-mates
    assert apart[0][2] == APART_FIRST  # team-mates
    assert apart[0][4] == apart[2][4] == APART_FIRST
    assert apart[2][3] == REPEATS_FIRST
    assert apart[1][3] == apart[3][4] == 0  # no group in common (-1 is no group)
    assert all(apart[p][p] == 0 for p in range(5))
    both = apart_costs(2, [([0, 0], REPEATS_FIRST), ([7, 7], APART_FIRST)])
    assert both[0][1] == REPEATS_FIRST + APART_FIRST


@pytest.mark.parametrize("seed", [3, 2])
def test_played_sessions_with_clashes_still_leave_the_rest_apart(seed):
    # (seed 2: the numbered column design has no continuation that keeps every club apart
    # after this played clash in the continuation's budget; the column continuation of the
    # one played session, which lets the clubs clash where they must, has none left either)
    groups = clubs(40, seed)
    plan = draw_schedule(range(40), 8, seed=seed, groups=groups)
    # session 1 as played, with two club-mates swapped into one table by hand
    played = [list(table) for table in plan[0]]
    a, b = next((p, q) for p in range(40) for q in range(p) if groups[p] == groups[q])
    ta = next(t for t in played if a in t)
    tb = next(t for t in played if b in t)
    if ta is not tb:
        other = next(p for p in ta if p != a)
        ta[ta.index(other)], tb[tb.index(b)] = b, other
    fixed = [[tuple(table) for table in played]]
    redrawn = draw(range(40), 8, seed=seed, groups=groups, fixed=fixed)
    report = seating_report(redrawn.schedule, groups)
    assert report.group_clashes >= 1  # the played clash stays: history is history
    assert seating_report(redrawn.schedule[1:], groups).group_clashes == 0


def shuffled_teams(n: int, seed: int, size: int = 4) -> dict[int, int]:
    import random

    order = list(range(n))
    random.Random(seed).shuffle(order)
    return {p: i // size for i, p in enumerate(order)}


@pytest.mark.parametrize(("players", "sessions"), [(32, 7), (64, 8), (128, 10)])
def test_team_mates_never_sit_together_with_zero_repeats(players, sessions):
    teams = shuffled_teams(players, 3)
    result = draw(range(players), sessions, seed=3, teams=teams)
    report = seating_report(result.schedule, teams=teams)
    assert (report.team_clashes, report.repeats) == (0, 0) and report.wind_spread <= 1


def test_teams_come_before_clubs():
    teams = shuffled_teams(32, 1)
    groups = clubs(32, 1)
    report = seating_report(
        draw_schedule(range(32), 7, seed=1, teams=teams, groups=groups), groups, teams=teams
    )
    assert report.team_clashes == 0 and report.repeats == 0
    assert report.group_clashes > 0  # teams across clubs: the clubs give way, and say so


def test_the_report_counts_team_mates_who_must_meet():
    """A team of six cannot sit apart at four tables: the draw still seats everyone, and the
    report says how many times team-mates met."""
    teams = dict.fromkeys(range(6), 0)
    schedule = draw_schedule(range(16), 3, seed=2, teams=teams)
    report = seating_report(schedule, teams=teams)
    assert report.team_clashes >= 3 * 2  # 6 players at 4 tables: at least 2 pairs a session
    assert report.repeats == 0


@pytest.mark.parametrize("seed", [1, 2, 4])
@pytest.mark.parametrize("inside", [False, True])
def test_clubs_never_cost_a_repeat_that_the_teams_allow(seed, inside):
    """Issue 33: teams of 4 (across clubs, or made of club-mates) and clubs of 4 to 6 at 32 x 7,
    repeats first: no repeat (the teams alone allow none), no team-mates together; the clubs
    take what is left."""
    groups = clubs(32, seed)
    order = list(range(32))
    random.Random(seed).shuffle(order)
    if inside:
        order.sort(key=lambda p: groups[p])
    teams = {p: i // 4 for i, p in enumerate(order)}
    alone = seating_report(draw_schedule(range(32), 7, seed=seed, teams=teams), teams=teams)
    both = seating_report(
        draw_schedule(range(32), 7, seed=seed, groups=groups, teams=teams), groups, teams=teams
    )
    assert alone.repeats == alone.team_clashes == 0
    assert both.repeats == both.team_clashes == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_clubs_keep_the_design_numbers_when_packed_maps_do_best(seed):
    """Issue 33, item 4: with every player in a club of 4 to 6 at 32 x 7, repeats first, the
    column maps that pack the clubs give few clashes on a design's own tables, so nobody comes
    back to a table number (the same size without clubs has none either)."""
    groups = clubs(32, seed)
    report = seating_report(draw_schedule(range(32), 7, seed=seed, groups=groups), groups)
    assert report.repeats == 0 and report.wind_spread <= 1
    assert report.group_clashes <= 3
    assert report.table_revisits == 0


def test_clash_floor_spreads_each_group_over_the_tables():
    # a club of 6 at 4 tables: two tables hold two of them, one pair each, every session
    assert clash_floor([6], 4, 3) == 6
    assert clash_floor([4, 4, 4, 4], 4, 5) == 0
    assert clash_floor([9], 4, 1) == 3 + 1 + 1 + 1  # 3, 2, 2, 2 members
    assert clash_floor([5, 6], 5, 2) == 0 + 2


def test_at_the_floors_the_other_priority_is_not_drawn():
    # 16 players, clubs of 4 to 6: a club of 6 at 4 tables cannot avoid its clashes, and the
    # draw has no repeat: the other priority cannot do better on anything, so none is offered
    groups = clubs(16, 1)
    result = draw(range(16), 4, seed=1, groups=groups)
    report = seating_report(result.schedule, groups)
    sizes = [list(groups.values()).count(c) for c in set(groups.values())]
    assert report.repeats == 0 and report.group_clashes == clash_floor(sizes, 4, 4) > 0
    assert result.alternative is None


def test_one_priority_draws_the_schedule_of_that_priority_alone():
    groups = clubs(32, 3)
    whole = draw(range(32), 7, seed=3, groups=groups)
    alone = draw(range(32), 7, seed=3, groups=groups, other_priority=False)
    assert whole.alternative is not None and alone.alternative is None
    # repeats first drew the same schedule; only the preview's other draw is left out
    assert alone.schedule == whole.schedule


def test_without_repeats_club_mates_must_meet_when_the_field_is_nearly_met():
    # 36 players over 11 sessions meet 33 of the 35 others: a club of 5 leaves 31 players
    # outside, so each member meets at least 2 club-mates
    assert zero_repeat_clash_floor([5], 36, 11) == 5  # 5 x 2 meetings, each pair counted once
    assert zero_repeat_clash_floor([6, 4], 40, 8) == 0


def test_a_draw_at_its_clash_floor_stops_searching_with_the_same_figures():
    # 28 players over 9 sessions without a repeat: the clubs' floor is reached by the design
    groups = clubs(28, 1)
    alone = draw(range(28), 9, seed=1, groups=groups, other_priority=False)
    report = seating_report(alone.schedule, groups)
    sizes = [list(groups.values()).count(c) for c in set(groups.values())]
    assert report.repeats == 0
    assert report.group_clashes == zero_repeat_clash_floor(sizes, 28, 9)
