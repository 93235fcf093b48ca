"""The draw's tabu search (``seating.search.improve``) against a plain version of its rule.

``improve`` keeps the costs of every seat up to date and skips the tables whose swaps cannot be
as good as the best one found (issue 33: faster at the same moves). The plain version below
prices every swap of every sampled player from the weights alone; both must take the same
moves from the same random stream, so they end at the same schedule and cost.
"""

from __future__ import annotations

import random

import pytest

from tournament.seating.search import improve
from tournament.seating.weights import (
    APART_FIRST,
    REPEAT_WEIGHT,
    REPEATS_FIRST,
    add_session,
    apart_costs,
    base_weights,
    light_clashes,
    total_cost,
)


def plain_search(sessions, weights, target, rng, iterations, apart):
    """The tabu search's rule with nothing kept between steps (no winds, no table numbers,
    fewer than 400 steps: no restart)."""
    big, n = REPEAT_WEIGHT, len(weights)
    sessions = [[list(table) for table in session] for session in sessions]
    K = [row[:] for row in weights]
    for session in sessions:
        add_session(K, session, 1)
    base = total_cost(weights, apart)
    tracked = any(0 < w < big for row in apart for w in row)

    def light() -> int:
        return light_clashes(K, apart) - light_clashes(weights, apart) if tracked else 0

    cost = total_cost(K, apart) - base
    best_rank, best_cost = (cost - light(), light()), cost
    best = [[table[:] for table in session] for session in sessions]
    tabu: dict = {}
    for step in range(iterations):
        if best_rank[0] + best_rank[1] <= target - base:
            break
        conflicted = [
            (s, p)
            for s, session in enumerate(sessions)
            for table in session
            for p in table
            if any(K[p][x] > big for x in table if x != p)
        ]
        if not conflicted:
            break
        if len(conflicted) > max(8, min(48, 4000 // n)):
            conflicted = rng.sample(conflicted, max(8, min(48, 4000 // n)))
        best_delta, moves = None, []
        for s, p in conflicted:
            t = next(i for i, table in enumerate(sessions[s]) if p in table)
            for u, table in enumerate(sessions[s]):
                if u == t:
                    continue
                for q in table:
                    # p leaves its tablemates and joins q's, q the other way round
                    delta = 6 * big
                    delta += sum(K[q][x] - K[p][x] for x in sessions[s][t] if x != p)
                    delta += sum(K[p][y] - K[q][y] for y in table if y != q)
                    if best_delta is not None and delta > best_delta:
                        continue
                    if tabu.get((s, p, q), -1) > step and not delta < best_cost - cost:
                        continue
                    if best_delta is None or delta < best_delta:
                        best_delta, moves = delta, [(s, p, q)]
                    else:
                        moves.append((s, p, q))
        if best_delta is None:
            continue
        s, p, q = rng.choice(moves)
        for table in sessions[s]:
            if p in table or q in table:
                add_session(K, [table], -1)
                table[:] = [q if x == p else p if x == q else x for x in table]
                add_session(K, [table], 1)
        cost += best_delta
        tabu[s, p, q] = tabu[s, q, p] = step + 4 + rng.randrange(8)
        ranked = (cost - light(), light())
        if ranked < best_rank:
            best_rank, best_cost = ranked, cost
            best = [[table[:] for table in session] for session in sessions]
    return best, best_cost + base


def random_sessions(n, count, rng):
    sessions = []
    for _ in range(count):
        order = list(range(n))
        rng.shuffle(order)
        sessions.append([order[i : i + 4] for i in range(0, n, 4)])
    return sessions


@pytest.mark.parametrize(
    ("players", "count", "club_weight", "played"),
    [
        (16, 5, REPEATS_FIRST, 0),
        (20, 5, REPEATS_FIRST, 1),
        (24, 6, APART_FIRST, 0),
        (24, 5, REPEATS_FIRST, 2),
        (28, 6, 0, 1),
        (32, 7, REPEATS_FIRST, 0),
    ],
)
@pytest.mark.parametrize("seed", [0, 1])
def test_the_search_moves_as_its_plain_rule(players, count, club_weight, played, seed):
    rng = random.Random(f"{players}/{count}/{seed}")
    club_of = [rng.randrange(players // 5) for _ in range(players)]
    apart = apart_costs(players, [(club_of, club_weight)] if club_weight else [])
    history = random_sessions(players, played, rng)  # sessions played: pairs that met
    weights = base_weights(players, history, apart)
    sessions = random_sessions(players, count, rng)
    found = improve(
        [[table[:] for table in session] for session in sessions],
        weights,
        0,
        random.Random(seed),
        300,
        apart=apart if club_weight else None,
    )
    assert found == plain_search(sessions, weights, 0, random.Random(seed), 300, apart)
