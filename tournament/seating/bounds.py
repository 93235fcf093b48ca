"""What can be promised before drawing: repeats by counting, zero-repeat sessions by size.

Pure Python, no database.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from tournament.seating.base import check_multiple
from tournament.seating.designs import design_size


def lower_bound(n_players: int, n_sessions: int) -> int:
    """Fewest repeats any schedule of ``n_sessions`` sessions for ``n_players`` can have, by
    counting: each player meets 3 people a session among ``n_players - 1``, so
    ``n * (3S - n + 1) / 2`` repeated meetings at least; 0 when counting allows zero repeats
    (which does not promise that a zero-repeat schedule exists: see
    ``max_zero_repeat_sessions``)."""
    return max(0, math.ceil(n_players * (3 * n_sessions - n_players + 1) / 2))


def clash_floor(group_sizes: Iterable[int], tables: int, sessions: int) -> int:
    """Fewest clashes (pairs of one group at one table, once per session) any schedule of
    ``sessions`` sessions of ``tables`` tables can have: each session a group of m members
    sits at best spread evenly over the tables, and a table with k of them holds C(k, 2)
    pairs (16 players with a club of 6: two tables hold two of them, 2 clashes a session)."""
    floor = 0
    for size in group_sizes:
        even, more = divmod(size, tables)
        floor += more * (even + 1) * even // 2 + (tables - more) * even * (even - 1) // 2
    return floor * sessions


def zero_repeat_clash_floor(group_sizes: Iterable[int], players: int, sessions: int) -> int:
    """Fewest clashes of a schedule without a repeat: each member of a group of m meets
    3 new players a session, and only ``players - m`` are outside the group, so at least
    ``3 * sessions - (players - m)`` of the meetings are with group-mates (36 players over 11
    sessions meet 33 of the 35 others: a club of 5 has at least 5 clashes)."""
    return sum((size * max(0, 3 * sessions - (players - size)) + 1) // 2 for size in group_sizes)


_KNOWN_MAXIMA = {4: 1, 8: 1, 12: 1, 20: 5}


def max_zero_repeat_sessions(n_players: int) -> int:
    """Most sessions a zero-repeat schedule for ``n_players`` (a multiple of 4) can have.

    The counting limit ``floor((n - 1) / 3)``, except the sizes known to fall short: with fewer
    than four tables a second session always repeats a pair (8 and 12 players: 1 session), and
    20 players stop at 5 (the 5-4-6 social golfer instance has no solution). From 24 players on,
    resolvable designs reach the counting limit (24 x 7, 28 x 9, 32 x 10, 36 x 11, ...).
    """
    check_multiple(n_players)
    return _KNOWN_MAXIMA.get(n_players, (n_players - 1) // 3)


def zero_repeat_sessions(n_players: int) -> int:
    """Sessions ``draw_schedule`` is guaranteed to draw without a repeat for ``n_players``
    (at least 10 from 32 players on; the maximum for 16 to 36 players)."""
    check_multiple(n_players)
    return design_size(n_players)
