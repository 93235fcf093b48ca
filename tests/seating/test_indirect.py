"""Indirect meetings (issue 17, item 4; docs/rules.md §8): for two players who never meet, the
players who meet both; a secondary goal that never costs a repeat, a wind or a clash."""

from __future__ import annotations

import math
import random

import pytest

from tournament.seating import draw_schedule, seating_report
from tournament.seating.indirect import indirect_meetings, mixing_key, mixing_key_below


def test_counted_by_hand_on_eight_players():
    sessions = [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 1, 4, 5], [2, 3, 6, 7]]]
    # 0 never meets 6 or 7: both meet 4 and 5 (session 2 for 0; session 1 for 6, 7) and 2, 3
    minimum, below = indirect_meetings(8, sessions)
    assert minimum == 4
    assert below == 0  # 4 >= sqrt(8)
    lonely = [[[0, 1, 2, 3], [4, 5, 6, 7]]]
    # 0 and 4 never met and nobody met both
    assert indirect_meetings(8, lonely) == (0, 16)


def test_everybody_met_everybody():
    assert indirect_meetings(4, [[[0, 1, 2, 3]]]) == (None, 0)


def test_empty_seats_of_players_who_left_are_skipped():
    assert indirect_meetings(8, [[[0, 1, 2, -1], [4, 5, 6, 7]]])[0] == 0


def test_the_report_gives_the_figures():
    schedule = draw_schedule(range(32), 7, seed=1)
    report = seating_report(schedule)
    assert report.indirect_min == indirect_meetings(32, schedule)[0]
    assert report.indirect_floor == pytest.approx(math.sqrt(32))
    assert report["indirect_below"] == report.indirect_below


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_draw_mixes_at_least_as_well_as_precomputed_seatings(seed):
    # AIM's precomputed seatings: minimum 14 at 32x7, 96 pairs under sqrt(64) at 64x8
    small = seating_report(draw_schedule(range(32), 7, seed=seed))
    assert small.repeats == 0 and small.wind_spread <= 1
    assert small.indirect_min >= 14
    large = seating_report(draw_schedule(range(64), 8, seed=seed))
    assert large.repeats == 0 and large.wind_spread <= 1 and large.table_revisits == 0
    assert large.indirect_below <= 96


def test_players_who_left_do_not_count():
    """A substitution from session 3 on: the leaver and the newcomer each miss sessions, but
    only the current field (the last session's players) is measured."""
    schedule = [list(session) for session in draw_schedule(range(32), 7, seed=1)]
    for number in range(2, 7):
        schedule[number] = [tuple(100 if p == 5 else p for p in t) for t in schedule[number]]
    report = seating_report(schedule)
    assert report.indirect_floor == pytest.approx(math.sqrt(32))
    assert report.indirect_min >= 6  # counting the replaced player (player 5) gave 0


@pytest.mark.parametrize(("sessions", "fewest"), [(11, 33), (10, 27)])
def test_36_players_have_the_most_opponents_in_common(sessions, fewest):
    """The 36-player design never seats a player with the two others of their group of three:
    two players who never meet miss the same third one (docs/rules.md §8.4; AIM's precomputed
    seatings reach 33 and 27)."""
    report = seating_report(draw_schedule(range(36), sessions, seed=1))
    assert report.repeats == 0 and report.wind_spread <= 1
    assert report.indirect_min == fewest


def test_the_grouped_base_class_is_found_and_pairs_each_player_once():
    from tournament.seating.construction import GROUPED_M, develop, grouped_base_class
    from tournament.seating.designs import design_repeats

    base = grouped_base_class()
    assert base is not None
    rounds = develop(base, GROUPED_M, 3)
    assert len(rounds) == 11 and design_repeats(rounds, 36) == 0
    met = {frozenset((a, b)) for session in rounds for t in session for a in t for b in t if a < b}
    never = {frozenset((a, b)) for a in range(36) for b in range(a + 1, 36)} - met
    # the pairs who never meet: the groups {x, x+11, x+22} and the three fixed points
    groups = [{x, x + 11, x + 22} for x in range(11)] + [{33, 34, 35}]
    assert never == {frozenset((a, b)) for g in groups for a in g for b in g if a < b}


def test_the_key_below_another_is_the_key_or_none():
    """Issue 33: comparing picks of design sessions stops counting a pick as soon as its key
    cannot be below the best one's; it still gives the key whenever it is below."""
    rng = random.Random(4)
    for _ in range(40):
        n = 4 * rng.randrange(4, 10)
        sessions = []
        for _session in range(rng.randrange(1, 6)):
            order = list(range(n))
            rng.shuffle(order)
            sessions.append([order[i : i + 4] for i in range(0, n, 4)])
        key = mixing_key(n, sessions)
        for beaten in [key, (key[0], key[1] + 1), (key[0] + 1, 0), (key[0] - 1, 10**6)]:
            assert mixing_key_below(n, sessions, beaten) == (key if key < beaten else None)
