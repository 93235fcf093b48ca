"""Indirect meetings: how well a schedule mixes the field beyond who meets whom (pure Python).

For two players who never share a table, the *indirect meetings* are the players who meet both
of them: through them the two can still be compared. A schedule that spreads opponents well
gives every such pair many; a common target (the precomputed seatings of the Australian Mahjong
Tournament software) is at least the square root of the player count (docs/rules.md §8). The
draw improves it as a secondary goal: among zero-repeat designs it takes the one that mixes
best, which never costs a repeat, a wind or a clash.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar


def indirect_meetings(
    n: int, sessions: Iterable[Sequence[Sequence[int]]]
) -> tuple[int | None, int]:
    """``(minimum, below_floor)`` over the pairs of players ``0 .. n-1`` that never met: the
    fewest players who met both of a pair, and how many pairs have fewer than ``sqrt(n)``.
    ``minimum`` is None when every pair met. Tables may hold -1 for an empty seat."""
    counted = _counted(n, sessions, None)
    assert counted is not None
    return counted


def _counted(
    n: int, sessions: Iterable[Sequence[Sequence[int]]], beaten: tuple[int, int] | None
) -> tuple[int | None, int] | None:
    """``indirect_meetings``, or None as soon as its ``mixing_key`` cannot be below
    ``beaten`` (the minimum only falls and the pairs below the floor only grow, player by
    player)."""
    met = [0] * n
    for session in sessions:
        for table in session:
            mask = 0
            for p in table:
                if p >= 0:
                    mask |= 1 << p
            for p in table:
                if p >= 0:
                    met[p] |= mask
    floor = math.sqrt(n)
    minimum: int | None = None
    below = 0
    for a in range(n):
        row = met[a] | (1 << a)
        mine = met[a]
        for b in range(a + 1, n):
            if not row >> b & 1:
                common = (mine & met[b]).bit_count()
                if minimum is None or common < minimum:
                    minimum = common
                if common < floor:
                    below += 1
        if beaten is not None and (-(n if minimum is None else minimum), below) >= beaten:
            return None
    return minimum, below


def mixing_key(n: int, sessions: Iterable[Sequence[Sequence[int]]]) -> tuple[int, int]:
    """A sort key, smaller is better: the higher minimum first, then fewer pairs below."""
    minimum, below = indirect_meetings(n, sessions)
    return (-(n if minimum is None else minimum), below)


def mixing_key_below(
    n: int, sessions: Iterable[Sequence[Sequence[int]]], beaten: tuple[int, int]
) -> tuple[int, int] | None:
    """``mixing_key`` when it is below ``beaten``, else None (the counting stops as soon as
    the key cannot be below it)."""
    counted = _counted(n, sessions, beaten)
    if counted is None:
        return None
    minimum, below = counted
    key = (-(n if minimum is None else minimum), below)
    return key if key < beaten else None


MIXING_TRIES = 48  # random picks of design sessions compared for their indirect meetings
MIXING_WORK = 2_000_000  # picks x pairs of players

Pick = TypeVar("Pick")


def mixing_tries(n: int) -> int:
    """How many random picks of design sessions a draw of ``n`` players compares."""
    return max(2, min(MIXING_TRIES, MIXING_WORK // (n * n)))


def most_mixing(
    n: int,
    picks: Sequence[Pick],
    schedule: Callable[[Pick], Iterable[Sequence[Sequence[int]]]],
) -> Pick:
    """Of ``picks``, the first whose ``schedule(pick)`` has the lowest ``mixing_key``, as
    ``min`` gives it; a pick stops being counted as soon as it cannot beat the best one."""
    best, best_key = picks[0], mixing_key(n, schedule(picks[0]))
    for pick in picks[1:]:
        key = mixing_key_below(n, schedule(pick), best_key)
        if key is not None:
            best, best_key = pick, key
    return best
