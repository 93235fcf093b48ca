"""Relabelling a zero-repeat design (``seating.relabel``): which player takes which point.

Swapping two players' whole itineraries keeps the design zero-repeat; the search keeps
club-mates and pairs that already met apart, never ends worse than it started, and draws
the same map from the same seed, in small fields (every partner tried) and large ones (a
sample of ``RELABEL_PARTNERS`` partners)."""

import random

import pytest

from tournament.seating.designs import design_rounds
from tournament.seating.relabel import RELABEL_PARTNERS, relabel
from tournament.seating.weights import REPEATS_FIRST, apart_costs, base_weights


def clubs_of(n: int, size: int) -> list[int]:
    return [p // size for p in range(n)]


def cost(point_of, design, weights):
    """sum over pairs of weights[a][b] times the meetings of their points, by brute force."""
    player_at = {point: player for player, point in enumerate(point_of)}
    total = 0
    for session in design:
        for table in session:
            players = [player_at[x] for x in table]
            for i, a in enumerate(players):
                for b in players[i + 1 :]:
                    total += weights[a][b]
    return total


@pytest.mark.parametrize(("players", "sessions"), [(32, 7), (40, 8), (4 * 33, 6)])
def test_relabelling_keeps_club_mates_apart_better_than_its_start(players, sessions):
    design = design_rounds(players, limit=sessions)[:sessions]
    apart = apart_costs(players, [(clubs_of(players, 5), REPEATS_FIRST)])
    weights = base_weights(players, [], apart)
    start = list(range(players))
    random.Random(7).shuffle(start)
    point_of = relabel(players, design, weights, random.Random(1), 3000, start=start)
    assert sorted(point_of) == list(range(players))
    assert cost(point_of, design, weights) < cost(start, design, weights)
    again = relabel(players, design, weights, random.Random(1), 3000, start=start)
    assert again == point_of


def test_large_fields_try_a_sample_of_partners():
    """Above RELABEL_PARTNERS players the search samples its partners and still improves."""
    players = 4 * (RELABEL_PARTNERS // 4 + 2)
    design = design_rounds(players, limit=5)[:5]
    history = [design_rounds(players, limit=1)[0]]  # a played session: its pairs should not meet
    weights = base_weights(players, history, [])
    start = list(range(players))
    point_of = relabel(players, design, weights, random.Random(3), 400, start=start)
    assert sorted(point_of) == list(range(players))
    assert cost(point_of, design, weights) < cost(start, design, weights)
