"""Table numbers of a shipped design built number by number (pure Python, no database).

A table number gathers one table of every session, and its re-visits are its sittings minus the
players it holds (docs/rules.md §8.1). ``number_by_classes`` builds the numbers one after the
other: each takes, of the tables still without a number, the one table per session that hold
the most players together (an exact branch and bound, counted in nodes), and the tabu search
of ``seating.renumber`` goes on from there. Offline only (``seating.mixing``, for the designs
developed over Z_m, whose tables the tabu search from the sessions' own order leaves further
from the floor); deterministic: counted nodes and exchanges, a seeded random stream.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournament.seating.numbers import revisit_bound
from tournament.seating.renumber import renumber

CLASS_NODES = 300_000  # branch-and-bound nodes for the tables of one number
CLASS_WORK = 20_000_000  # exchanges the tabu search may examine afterwards
CLASS_PATIENCE = 20_000  # its steps without a better numbering before it stops


def fullest_class(
    masks: Sequence[Sequence[int]], free: Sequence[set[int]], nodes: int
) -> list[int]:
    """One table of each session among ``free[s]`` (``masks[s][t]``: table t of session s as a
    bit mask of players) that hold the most players together; the best found in ``nodes``."""
    best_size, best = -1, [min(tables) for tables in free]
    chosen: list[int] = []
    budget = nodes

    def search(s: int, held: int) -> None:
        nonlocal best_size, best, budget
        budget -= 1
        if budget < 0:
            return
        size = held.bit_count()
        if s == len(masks):
            if size > best_size:
                best_size, best = size, list(chosen)
            return
        reach = sum(
            max((masks[x][t] & ~held).bit_count() for t in free[x]) for x in range(s, len(masks))
        )
        if size + reach <= best_size:
            return
        for _gain, t in sorted(((masks[s][t] & ~held).bit_count(), t) for t in free[s])[::-1]:
            chosen.append(t)
            search(s + 1, held | masks[s][t])
            chosen.pop()

    search(0, 0)
    return best


def number_by_classes(
    rounds: Sequence[Sequence[Sequence[int]]],
    nodes: int = CLASS_NODES,
    work: int = CLASS_WORK,
    seed: int = 0,
) -> tuple[int, list[list[int]]]:
    """``(re-visits, numbers)`` of ``rounds`` (sessions of equally many tables, players
    ``0 .. n-1``): ``numbers[s][t]`` is the number of table t of session s."""
    count = len(rounds[0])
    masks = [[sum(1 << p for p in table) for table in session] for session in rounds]
    free = [set(range(count)) for _ in rounds]
    numbers = [[0] * count for _ in rounds]
    for number in range(count):
        for s, t in enumerate(fullest_class(masks, free, nodes)):
            free[s].discard(t)
            numbers[s][t] = number
    return renumber(
        rounds, numbers, 0, revisit_bound(rounds), work, random.Random(seed), CLASS_PATIENCE
    )
