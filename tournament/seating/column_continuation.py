"""A re-draw after one played session, on the numbered column design (pure Python).

A fresh draw with a group to keep apart often seats sessions of the column design
(``designs.column_design``: its four columns never meet, and it comes numbered, nobody at one
table number twice), with the clubs packed into its columns. When its first session is played
and the rest is drawn again (or the event is drawn session by session), the played session is a
session of that design under many maps of the players onto its points: each played table onto a
table of one design session, its four players onto the four columns in any order. Every such map
continues the event with no repeat (the design seats no pair twice, the played pairs meet in the
played session's design session) and no return to a table number (the design's numbering, the
played session's numbers on its tables); the clashes depend on the columns the players take.

``column_continuation`` searches that map: for each design session as the played one, from a
few starts (the columns of the map that packs the groups, then random columns for each group),
each played table in turn takes the order of its players over the columns that costs least
(the ``apart`` weights of the pairs meeting in the cheapest design sessions left; an equal
order may be taken too) until no table improves. It is looked for where no clash-free
continuation exists (``numbered_tables.numbered_continuation`` finds none): at 32x7 with clubs
of 4 to 6, re-drawn after the first session played as drawn, it gives the fresh draw's figures
(docs/rules.md §8.2). Budgeted in starts and passes, so the result is the same on any machine.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from tournament.seating.base import Round, meeting_sessions
from tournament.seating.designs import column_design
from tournament.seating.numbers import EXACT_TABLES, table_revisits

COLUMN_ORDERS = tuple(itertools.permutations(range(4)))
CONTINUATION_STARTS = 12  # starts for each design session as the played one
CONTINUATION_PASSES = 8  # passes over the played tables from one start, at most


def column_continuation(
    n: int,
    count: int,
    history: Sequence[Round],
    apart: Sequence[Sequence[int]],
    rng: random.Random,
    packed: Sequence[int] | None = None,
) -> list[Round] | None:
    """``count`` sessions of the numbered column design that continue the one played session
    of ``history`` (every player of ``0 .. n-1`` at one of its full tables) with no repeat and
    no re-visit and the fewest clashes found (``apart``), their tables listed so that the k-th
    takes the number of the played session's k-th table; or None when the history is not one
    full session or the room has no numbered column design for the event. ``packed``: a map of
    the players onto the column design's points (``designs.column_start``) whose columns make the
    first start."""
    played = [session for session in history if any(len(table) > 1 for table in session)]
    if len(played) != 1 or len(history) != 1 or n > 4 * EXACT_TABLES:
        return None
    tables = played[0]
    g = n // 4
    if len(tables) != g or any(len(table) != 4 for table in tables):
        return None
    if sorted(p for table in tables for p in table) != list(range(n)):
        return None
    total = 1 + count
    design = column_design(n, limit=max(total, 16), need=total)
    if len(design) < total or table_revisits(design):
        return None
    meet_round = meeting_sessions(design, n)
    mates = [[(q, w) for q, w in enumerate(row) if w and q != p] for p, row in enumerate(apart)]
    rounds = len(design)
    leader = list(range(n))  # a player of each group (players linked by ``apart``)

    def find(p: int) -> int:
        while leader[p] != p:
            leader[p] = leader[leader[p]]
            p = leader[p]
        return p

    for p, row in enumerate(mates):
        for q, _w in row:
            leader[find(q)] = find(p)
    for p in range(n):
        leader[p] = find(p)
    best: tuple[int, int, list[int]] | None = None  # (cost, design session played, point_of)
    for first in range(rounds):
        # the k-th played table lies on the design's k-th table of session ``first``, its
        # players on its points in the column order chosen (a point's column: point // g)
        points = [sorted(table, key=lambda x: x // g) for table in design[first]]
        for _start in range(CONTINUATION_STARTS):
            # a start that puts each group in one column where its played tables allow it:
            # the columns of ``packed`` first, then random ones
            if packed is not None and not _start:
                column_of = [x // g for x in packed]
            else:
                column_of = [rng.randrange(4) for _ in range(n)]
                for p in range(n):
                    column_of[p] = column_of[leader[p]]
            orders = [_closest(table, column_of) for table in tables]
            point_of = _placed(tables, points, orders, n)
            spent = _spent(point_of, mates, meet_round, rounds)
            cost = _cheapest(spent, first, count)
            for _pass in range(CONTINUATION_PASSES):
                improved = False
                for k in rng.sample(range(g), g):
                    table = tables[k]
                    _move(spent, table, point_of, mates, meet_round, -1)
                    # what each player of the table adds at each column's point
                    adds = [
                        [_added(p, x, table, point_of, mates, meet_round) for x in points[k]]
                        for p in table
                    ]
                    costs = []
                    for order in COLUMN_ORDERS:
                        trial = spent[:]
                        for added, c in zip(adds, order, strict=True):
                            for r, w in added[c]:
                                trial[r] += w
                        costs.append(_cheapest(trial, first, count))
                    least = min(costs)
                    if least < costs[orders[k]]:
                        improved = True
                    if least <= costs[orders[k]]:  # sideways too: plateaus are wide
                        orders[k] = rng.choice([o for o, x in enumerate(costs) if x == least])
                    for p, c in zip(table, COLUMN_ORDERS[orders[k]], strict=True):
                        point_of[p] = points[k][c]
                    _move(spent, table, point_of, mates, meet_round, 1)
                    cost = costs[orders[k]]
                if not improved or cost == 0:
                    break
            if best is None or cost < best[0]:
                best = (cost, first, point_of[:])
            if cost == 0:
                break
        if best is not None and best[0] == 0:
            break
    assert best is not None
    _cost, first, point_of = best
    spent = _spent(point_of, mates, meet_round, rounds)
    chosen = sorted((r for r in range(rounds) if r != first), key=lambda r: (spent[r], r))[:count]
    player_at = [0] * n
    for p, x in enumerate(point_of):
        player_at[x] = p
    return [[[player_at[x] for x in table] for table in design[r]] for r in chosen]


def _closest(table: Sequence[int], column_of: Sequence[int]) -> int:
    """The first order of ``table``'s players over the columns that puts the most of them in
    their column (``column_of``)."""
    fits = [
        sum(column_of[p] == c for p, c in zip(table, order, strict=True)) for order in COLUMN_ORDERS
    ]
    return fits.index(max(fits))


def _placed(tables: Round, points: list[list[int]], orders: list[int], n: int) -> list[int]:
    """The point of each player: the k-th table's players on the k-th design table's points,
    in the column order ``orders[k]``."""
    point_of = [0] * n
    for k, table in enumerate(tables):
        for p, c in zip(table, COLUMN_ORDERS[orders[k]], strict=True):
            point_of[p] = points[k][c]
    return point_of


def _spent(
    point_of: list[int],
    mates: list[list[tuple[int, int]]],
    meet_round: list[list[int]],
    rounds: int,
) -> list[int]:
    """What the clashes of each design session cost under ``point_of``."""
    spent = [0] * rounds
    for p, row in enumerate(mates):
        meets = meet_round[point_of[p]]
        for q, w in row:
            if q > p:
                r = meets[point_of[q]]
                if r >= 0:
                    spent[r] += w
    return spent


def _move(
    spent: list[int],
    table: Sequence[int],
    point_of: list[int],
    mates: list[list[tuple[int, int]]],
    meet_round: list[list[int]],
    sign: int,
) -> None:
    """Count (sign 1) or uncount (-1) in ``spent`` the clashes of the players of ``table`` with
    those of other tables (table-mates meet in the played session's design session only)."""
    for p in table:
        for r, w in _added(p, point_of[p], table, point_of, mates, meet_round):
            spent[r] += sign * w


def _added(
    p: int,
    x: int,
    table: Sequence[int],
    point_of: list[int],
    mates: list[list[tuple[int, int]]],
    meet_round: list[list[int]],
) -> list[tuple[int, int]]:
    """The design sessions (and weights) of p's clashes with the players of other tables when
    p sits at point x."""
    meets = meet_round[x]
    added = []
    for q, w in mates[p]:
        if q not in table:
            r = meets[point_of[q]]
            if r >= 0:
                added.append((r, w))
    return added


def _cheapest(spent: list[int], first: int, count: int) -> int:
    """What the ``count`` cheapest design sessions other than ``first`` cost."""
    costs = sorted(spent[:first] + spent[first + 1 :])
    return sum(costs[:count])
