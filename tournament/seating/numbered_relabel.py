"""Back to a numbered design when the searched tables cannot be numbered (pure Python).

With clubs, the tabu search (``seating.search``) swaps players between tables to remove the
last clashes, and the tables it leaves may admit no numbering without a return to a table number
(docs/rules.md §8.1). A design that comes numbered (``designs.column_design``: nobody sits at one
table number twice) keeps that property whatever player takes which point, and so do its
repeats: relabelling it (``seating.relabel``) changes the clashes alone. ``relabel_numbered``
searches such relabellings harder than the draw's first pass (an iterated search: from its best
map, exchange a few players' points at random and relabel again, on fresh picks of the design's
sessions), and ``plan.plan_tables`` takes its tables in place of the searched ones when they are
no worse on team-mates, repeats and clashes, each counted alone.

Budgeted in relabelling runs, so the result is the same on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournament.seating.base import Round, SafetyClock, on_players
from tournament.seating.relabel import relabel

ROUNDS = 3  # fresh picks of the design's sessions, each from a random map
KICKS = 10  # then: from the best map, a few points exchanged at random and relabelled again
KICKED = 3  # the exchanges of one kick


def relabel_numbered(
    n: int,
    design: Sequence[Round],
    count: int,
    weights: list[list[int]],
    rng: random.Random,
    steps: int,
    layers: Sequence[Sequence[int]],
    clock: SafetyClock | None = None,
) -> tuple[tuple[int, ...], list[Round]] | None:
    """The best relabelling found of ``count`` sessions of a numbered ``design`` (no player at
    one table number twice), as ``(figures(...), sessions on players)``; None when the design
    has fewer sessions. Relabelling moves by ``weights`` (``seating.weights``); the best kept is
    the one of the lowest ``figures``."""
    if len(design) < count:
        return None
    best: tuple[tuple[int, ...], list[Round]] | None = None
    for _round in range(ROUNDS):
        order = list(range(len(design)))
        rng.shuffle(order)
        picked = [design[i] for i in order[:count]]
        point_of = relabel(n, picked, weights, rng, steps, clock)
        mine = (_cost(weights, picked, point_of), point_of)
        for _kick in range(KICKS):
            start = mine[1][:]
            for _ in range(KICKED):
                a, b = rng.sample(range(n), 2)
                start[a], start[b] = start[b], start[a]
            point_of = relabel(n, picked, weights, rng, steps, clock, start)
            cost = _cost(weights, picked, point_of)
            if cost <= mine[0]:
                mine = (cost, point_of)
            if not mine[0]:
                break
        sessions = on_players(picked, mine[1])
        key = figures(n, sessions, layers)
        if best is None or key < best[0]:
            best = (key, sessions)
        if not mine[0]:
            break  # nothing to keep apart is together
    return best


def figures(n: int, sessions: Sequence[Round], layers: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """``(clashes of the first layer, repeated meetings, clashes of the next layers...)`` of
    new sessions without history: the team-mates, the repeats and the club-mates together, each
    counted alone (a pair counted once per session it shares a table)."""
    met: dict[tuple[int, int], int] = {}
    for session in sessions:
        for table in session:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pair = (a, b) if a < b else (b, a)
                    met[pair] = met.get(pair, 0) + 1
    repeats = sum(m - 1 for m in met.values())
    clashes = [
        sum(m for (a, b), m in met.items() if group_of[a] >= 0 and group_of[a] == group_of[b])
        for group_of in layers
    ]
    return (clashes[0] if clashes else 0, repeats, *clashes[1:])


def _cost(weights: list[list[int]], design: Sequence[Round], point_of: list[int]) -> int:
    """What the relabelling minimises: the weights of the players of every table."""
    cost = 0
    for session in on_players(design, point_of):
        for table in session:
            for i, a in enumerate(table):
                row = weights[a]
                for b in table[i + 1 :]:
                    cost += row[b]
    return cost
