"""Fit sessions already played into a zero-repeat design (pure Python, no database).

When a director re-draws the rest of an event (a substitute, a late registration), the best
continuation of a tight schedule (28 players x 9 sessions, 32 x 10, ...) is the rest of a
zero-repeat design whose other sessions *are* the played ones. ``embed`` looks for a map of the
players onto the design points and a design session for every played session such that every
played table lands inside one table of its design session. The design sessions left over then
continue the event without a single repeat (a design never seats a pair twice). Players without
history (substitutes, late registrations) take the free points; a player who left frees one.

It is a backtracking search: players in order of most already-placed table-mates, a candidate
point must share the design table of every placed mate in that played session's design session
(which the first placed pair of the session fixes). Restarts with a node limit each keep it
fast and make it give up (return None) instead of hanging when the history does not fit, for
instance after a table was removed or a Swiss session.
This module never touches the database.
"""

from __future__ import annotations

import random


def embed(
    design: list[list[list[int]]],
    history: list[list[list[int]]],
    n: int,
    future: int,
    rng: random.Random,
    node_limit: int = 20_000,
    attempts: int = 8,
) -> tuple[list[int], list[int]] | None:
    """Return ``(point_of, future_rounds)`` or None when no embedding was found.

    ``history`` holds the played sessions on player indices (tables may be short where a
    player left); ``future`` is the number of sessions still to draw.
    """
    played = [s for s in history if any(len(table) > 1 for table in s)]
    if len(design) - future < len(played) or n != sum(len(t) for t in design[0]):
        return None
    meet_round = [[-1] * n for _ in range(n)]
    block_mates: list[list[list[int]]] = [[] for _ in range(n)]  # [point][round] -> 3 points
    for r, session in enumerate(design):
        for table in session:
            for x in table:
                others = [y for y in table if y != x]
                block_mates[x].append(others)
                for y in others:
                    meet_round[x][y] = r
    mates_in: list[list[list[int]]] = [[[] for _ in range(n)] for _ in played]  # [session][player]
    for i, session in enumerate(played):
        for table in session:
            for p in table:
                mates_in[i][p] = [q for q in table if q != p]
    order = _placement_order([set().union(*(m[p] for m in mates_in)) for p in range(n)])
    # for each placed player: per played session, the mates placed before it
    earlier: list[list[tuple[int, list[int]]]] = []
    placed: set[int] = set()
    for p in order:
        earlier.append(
            [(i, [q for q in m[p] if q in placed]) for i, m in enumerate(mates_in) if m[p]]
        )
        placed.add(p)
    for _ in range(attempts):
        found = _search(order, earlier, n, len(design), len(played), meet_round, block_mates,
                        rng, node_limit)  # fmt: skip
        if found:
            point_of, sigma = found
            taken_points = set(point_of)
            free = [y for y in range(n) if y not in taken_points]
            rng.shuffle(free)
            for p in range(n):
                if point_of[p] < 0:
                    point_of[p] = free.pop()
            unused = [r for r in range(len(design)) if r not in sigma]
            return point_of, rng.sample(unused, future)
    return None


def _search(order, earlier, n, rounds, sessions, meet_round, block_mates, rng, node_limit):
    point_of = [-1] * n
    used = [False] * n
    sigma = [-1] * sessions  # design session of each played session
    taken = [False] * rounds
    nodes = 0

    def candidates(i: int) -> list[int]:
        best = None
        for s, before in earlier[i]:
            if before and sigma[s] >= 0:
                pool = block_mates[point_of[before[0]]][sigma[s]]
                if best is None or len(pool) < len(best):
                    best = pool
        if best is not None:
            return best
        for _s, before in earlier[i]:
            if before:
                anchor = point_of[before[0]]
                return [y for r in range(rounds) if not taken[r] for y in block_mates[anchor][r]]
        return list(range(n))

    def place(i: int) -> bool:
        nonlocal nodes
        if i == len(order):
            return True
        nodes += 1
        if nodes > node_limit:
            raise TimeoutError
        p = order[i]
        options = [y for y in candidates(i) if not used[y]]
        rng.shuffle(options)
        for y in options:
            row = meet_round[y]
            opened = []
            fits = True
            for s, before in earlier[i]:
                for q in before:
                    r = row[point_of[q]]
                    if r < 0:
                        fits = False
                    elif sigma[s] < 0 and not taken[r]:
                        sigma[s], taken[r] = r, True
                        opened.append(s)
                    elif r != sigma[s]:
                        fits = False
                    if not fits:
                        break
                if not fits:
                    break
            if fits:
                point_of[p], used[y] = y, True
                if place(i + 1):
                    return True
                point_of[p], used[y] = -1, False
            for s in opened:
                taken[sigma[s]] = False
                sigma[s] = -1
        return False

    try:
        if place(0):
            return point_of, sigma
    except TimeoutError:
        pass
    return None


def _placement_order(mates: list[set[int]]) -> list[int]:
    """Players with history, each next one with the most already-ordered mates."""
    todo = {p for p, m in enumerate(mates) if m}
    order: list[int] = []
    links = dict.fromkeys(todo, 0)
    while todo:
        p = max(todo, key=lambda x: (links[x], len(mates[x]), -x))
        order.append(p)
        todo.discard(p)
        for q in mates[p]:
            if q in links:
                links[q] += 1
    return order
