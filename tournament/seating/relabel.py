"""Relabelling a zero-repeat design: which player takes which point (pure Python).

The seating draw starts from a fixed design (``seating.designs``) whose sessions have no
repeated meeting. Swapping two players' whole itineraries keeps every session valid and the
design zero-repeat, so ``relabel`` searches over those swaps to keep club-mates and pairs that
already met apart (the weights of ``seating.weights``). It uses only the ``random.Random`` it is
given and stops on a step budget, so it is deterministic whatever the speed of the machine; the
optional ``SafetyClock`` (``seating.base``) only cuts a runaway search short.
"""

from __future__ import annotations

import random
from operator import add, itemgetter, sub

from tournament.seating.base import Round, SafetyClock

RELABEL_PARTNERS = 128  # partners tried per relabelling step in large fields
UNREACHED = 1 << 62  # above any change of cost: a player is no partner of their own


def relabel(
    n: int,
    design: list[Round],
    weights: list[list[int]],
    rng: random.Random,
    iterations: int,
    clock: SafetyClock | None = None,
    start: list[int] | None = None,
) -> list[int]:
    """Map players to design points; returns ``point_of[player]``.

    Minimises ``sum K[a][b] * (times the points of a and b meet in the design)`` by swapping two
    players' points, starting from ``start`` (a map, e.g. ``designs.column_start``) or a random
    map. A step takes a player with a cost and tries
    every partner (``RELABEL_PARTNERS`` random ones in large fields); with ``F_a(x)`` the cost
    of a at point x, swapping a and b changes the cost by
    ``F_a(pb) - F_a(pa) + F_b(pa) - F_b(pb) + 2 K[a][b] meet(pa, pb)``.
    """
    point_of = list(range(n))
    rng.shuffle(point_of)
    if start is not None:
        point_of = start[:]
    neighbours = [
        [(b, w) for b, w in enumerate(row) if w and b != a] for a, row in enumerate(weights)
    ]
    if not any(neighbours):
        return point_of
    meet = [[0] * n for _ in range(n)]
    for session in design:
        for table in session:
            for x in table:
                row = meet[x]
                for y in table:
                    if y != x:
                        row[y] += 1
    met = [[(y, m) for y, m in enumerate(row) if m] for row in meet]
    columns = [list(column) for column in zip(*weights, strict=True)]  # [c][b]: weights[b][c]
    # few weights (clubs, no history) and symmetric: F_b(pa) is summed from each player's
    # weighted partners rather than from whole columns (the same sums)
    sparse = (
        columns == weights
        and not any(weights[a][a] for a in range(n))
        and sum(map(len, neighbours)) * 4 < n * n
    )
    player_at = [0] * n
    for player, point in enumerate(point_of):
        player_at[point] = player

    def load(a: int) -> int:
        row = meet[point_of[a]]
        return sum(w * row[point_of[b]] for b, w in neighbours[a])

    loads = [load(a) for a in range(n)]
    cost = sum(loads) // 2
    best_cost, best_map, last_gain = cost, point_of[:], 0
    tabu = [0] * n
    for step in range(iterations):
        if cost == 0 or step - last_gain > 2 * n:
            break
        if clock is not None and step % 64 == 0 and clock.expired():
            break
        bad = [a for a in range(n) if loads[a] and tabu[a] <= step]
        if not bad:
            bad = [a for a in range(n) if loads[a]]
        a = rng.choice(bad)
        pa = point_of[a]
        cost_at = [0] * n  # F_a(x) for every point x
        for c, w in neighbours[a]:
            for y, m in met[point_of[c]]:
                cost_at[y] += w * m
        # F_b(pa) for every player b at once: the weights of b to the players who meet pa
        at_pa = [0] * n
        if sparse:
            for y, m in met[pa]:
                for c, w in neighbours[player_at[y]]:
                    at_pa[c] += m * w
        else:
            for y, m in met[pa]:
                column = columns[player_at[y]]
                at_pa = [*map(add, at_pa, column if m == 1 else [m * w for w in column])]
        row_pa = meet[pa]
        # the change of swapping a with every player b at once, but for - loads[a]
        at_points = itemgetter(*point_of)
        deltas = [*map(sub, map(add, at_points(cost_at), at_pa), loads)]
        for c, w in neighbours[a]:
            deltas[c] += 2 * w * row_pa[point_of[c]]
        if n <= RELABEL_PARTNERS:  # every partner, in order
            deltas[a] = UNREACHED
            least = min(deltas)
            choices = [b for b, delta in enumerate(deltas) if delta == least]
        else:
            partners = [b for b in rng.sample(range(n), RELABEL_PARTNERS) if b != a]
            least = min(deltas[b] for b in partners)
            choices = [b for b in partners if deltas[b] == least]
        best_delta = least - loads[a]
        if best_delta > 0:
            tabu[a] = step + 5
            continue
        b = rng.choice(choices)
        pb = point_of[b]
        for c, w in neighbours[a]:
            if c != b:
                loads[c] += w * (meet[point_of[c]][pb] - meet[point_of[c]][pa])
        for c, w in neighbours[b]:
            if c != a:
                loads[c] += w * (meet[point_of[c]][pa] - meet[point_of[c]][pb])
        point_of[a], point_of[b] = pb, pa
        player_at[pa], player_at[pb] = b, a
        loads[a], loads[b] = load(a), load(b)
        cost += best_delta
        tabu[a] = tabu[b] = step + 3
        if cost < best_cost:
            best_cost, best_map, last_gain = cost, point_of[:], step
    return best_map
