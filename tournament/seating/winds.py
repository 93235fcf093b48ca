"""Starting winds: the seat order at every table (pure Python, no database).

Each table of four is seated East, South, West, North. Over the whole schedule every player
should start at each wind ``floor(S/4)`` or ``ceil(S/4)`` times (a *wind spread* of at most 1).

``balance_winds`` works in blocks of four consecutive sessions (sessions 1-4, 5-8, ... of the
whole event): inside a block, every player gets four different winds, which is a proper
4-edge-colouring of the bipartite graph players - tables; König's theorem says one exists and
the alternating-path method finds it. So after sessions 4, 8, ... every player has started at
each wind equally often, and at any moment the spread is at most 1. A re-draw after played
sessions continues the block they started (their winds count as already used).

When played sessions block a colouring (their seats cannot change), the rest is balanced by
moving one wind "a" from a player with too many to one with too few along a chain of tables (at
each table of the chain the a-holder and the b-holder exchange seats; the argument behind de
Werra's equitable edge colourings) and by re-seating single tables. Every such move lowers the
sum of squared wind counts, so the loop terminates. This module never touches the database.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import deque

WINDS = 4
BLOCK = 4  # sessions per block
_ORDERS = list(itertools.permutations(range(WINDS)))


def wind_counts(n: int, sessions: list[list[list[int]]]) -> list[list[int]]:
    """``counts[p][w]``: sessions player p started at wind w (tables are in seat order;
    negative entries are seats of players no longer counted)."""
    counts = [[0] * WINDS for _ in range(n)]
    for session in sessions:
        for table in session:
            for w, p in enumerate(table):
                if p >= 0:
                    counts[p][w] += 1
    return counts


def missing_winds(n: int, played: list[list[list[int]]]) -> tuple[list[int], int]:
    """Winds each player has not had yet in the current block, as bit masks, and the number of
    sessions left in that block (0 when the played sessions end a block: all masks full)."""
    masks = [(1 << WINDS) - 1] * n
    start = len(played) // BLOCK * BLOCK
    for session in played[start:]:
        for table in session:
            for w, p in enumerate(table):
                if p >= 0:
                    masks[p] &= ~(1 << w)
    return masks, (BLOCK - len(played) % BLOCK) % BLOCK


@functools.cache
def shortfall(masks: tuple[int, ...]) -> int:
    """Players of a table who cannot start at a wind from their mask (a tuple of masks).

    That is the table size minus the largest matching of players to winds, which by
    Hall/König is the minimum over subsets S of players of ``(others) + |winds missed in S|``.
    """
    size = len(masks)
    best = size
    for subset in range(1 << size):
        union = 0
        for i in range(size):
            if subset >> i & 1:
                union |= masks[i]
        best = min(best, size - subset.bit_count() + union.bit_count())
    return size - best


@functools.cache
def shortfalls_replacing(new: int, masks: tuple[int, ...]) -> tuple[int, ...]:
    """``shortfall`` of the table of ``masks`` with its i-th player replaced by one of mask
    ``new``, for each i."""
    return tuple(shortfall((new, *masks[:i], *masks[i + 1 :])) for i in range(len(masks)))


def balance_winds(
    sessions: list[list[list[int]]],
    played: list[list[list[int]]],
    n: int,
    rng: random.Random,
) -> list[list[list[int]]]:
    """Seat order (East first) for every table of ``sessions``, which follow ``played``.

    ``played`` holds the sessions already played, in seat order, on player indices (-1 for a
    player no longer there). Returns new lists; ``sessions`` is left unchanged.
    """
    counts = wind_counts(n, played)
    start = len(played) // BLOCK * BLOCK
    used = [[False] * WINDS for _ in range(n)]  # winds used in the current block
    for session in played[start:]:
        for table in session:
            for w, p in enumerate(table):
                if p >= 0:
                    used[p][w] = True
    seated: list[list[list[int]]] = []
    index = len(played)
    pending: list[list[list[int]]] = []
    for session in sessions:
        pending.append(session)
        index += 1
        if index % BLOCK == 0 or len(seated) + len(pending) == len(sessions):
            seated.extend(_colour_block(pending, used, counts, rng))
            pending = []
            used = [[False] * WINDS for _ in range(n)]
    for session in seated:
        for table in session:
            for w, p in enumerate(table):
                counts[p][w] += 1
    tables = [table for session in seated for table in session]
    changed = True
    while changed:
        changed = False
        for a, b in itertools.combinations(range(WINDS), 2):
            while _move_one(tables, counts, a, b) or _move_one(tables, counts, b, a):
                changed = True
        for table in tables:
            changed |= _reseat(table, counts)
    return seated


def _colour_block(block, used, counts, rng) -> list[list[list[int]]]:
    """Seat the tables of one block so that nobody gets a wind twice within the block.

    ``used[p][w]`` marks winds p already had in the block (played sessions): they are fixed.
    """
    tables = [table for session in block for table in session]
    at_table: list[list[int]] = [[-1] * WINDS for _ in tables]  # wind -> player
    at_player: dict[int, dict[int, int]] = {}  # player -> wind -> table (-1: played, fixed)
    for table in tables:
        for p in table:
            at_player.setdefault(p, {w: -1 for w in range(WINDS) if used[p][w]})
    edges = [(t, p) for t, table in enumerate(tables) for p in table]
    rng.shuffle(edges)
    leftover = []
    for t, p in edges:
        mine = at_player[p]
        free_p = [w for w in range(WINDS) if w not in mine]
        free_t = [w for w in range(WINDS) if at_table[t][w] < 0]
        both = [w for w in free_p if w in free_t]
        if both:
            w = min(both, key=lambda w: counts[p][w])
        else:
            w = next((a for a in free_p for b in free_t if _flip(a, b, t, at_table, at_player)), -1)
        if w < 0:
            leftover.append((t, p))
            continue
        at_table[t][w] = p
        mine[w] = t
    for t, p in leftover:  # blocked by played seats: repaired below
        w = min((w for w in range(WINDS) if at_table[t][w] < 0), key=lambda w: (counts[p][w], w))
        at_table[t][w] = p
    if leftover:
        _repair_block(at_table, used, rng)
    result, k = [], 0
    for session in block:
        result.append([at_table[k + i][:] for i in range(len(session))])
        k += len(session)
    return result


def _repair_block(seats: list[list[int]], used, rng: random.Random, steps: int = 4000) -> None:
    """Min-conflicts search: re-seat tables so that nobody starts twice at one wind in the block.

    ``seats[t][w]`` is the player of table t at wind w; ``used`` marks played winds (fixed).
    """
    uses: dict[int, list[int]] = {}
    tables_of: dict[int, list[int]] = {}
    for t, table in enumerate(seats):
        for w, p in enumerate(table):
            row = uses.setdefault(p, [int(x) for x in used[p]])
            row[w] += 1
            tables_of.setdefault(p, []).append(t)

    def clashes(table: list[int]) -> int:
        return sum(uses[p][w] - 1 for w, p in enumerate(table) if uses[p][w] > 1)

    for _ in range(steps):
        bad = [t for t, table in enumerate(seats) if clashes(table)]
        if not bad:
            return
        t = rng.choice(bad)
        table = seats[t]
        for w, p in enumerate(table):
            uses[p][w] -= 1
        best, options = None, []
        for order in _ORDERS:
            cost = sum(uses[table[order[w]]][w] for w in range(WINDS))
            if best is None or cost < best:
                best, options = cost, [order]
            elif cost == best:
                options.append(order)
        if rng.random() < 0.1:  # a random step now and then leaves plateaus
            options = _ORDERS
        order = rng.choice(options)
        seats[t] = [table[order[w]] for w in range(WINDS)]
        for w, p in enumerate(seats[t]):
            uses[p][w] += 1


def _flip(a: int, b: int, t: int, at_table, at_player) -> bool:
    """Free wind ``a`` at table t by swapping a and b along the alternating path from t.

    The path leaves t by its a-seat, then alternates b (at players) and a (at tables). It
    cannot come back to the player being seated (who lacks a). Played seats stop it: False.
    """
    path = []
    table, colour = t, a
    while True:
        p = at_table[table][colour]
        if p < 0:
            break
        path.append((table, p, colour))
        other = b if colour == a else a
        nxt = at_player[p].get(other)
        if nxt is None:
            break
        if nxt < 0:
            return False
        path.append((nxt, p, other))
        table = nxt
    # a player at the end of the path trades a for b: b must not be a played wind of theirs
    for table, p, colour in path:
        at_table[table][colour] = -1
        if at_player[p].get(colour) == table:
            del at_player[p][colour]
    for table, p, colour in path:
        swapped = b if colour == a else a
        at_table[table][swapped] = p
        at_player[p][swapped] = table
    return True


def _reseat(table: list[int], counts: list[list[int]]) -> bool:
    """Best seat order of one table for the sum of squared wind counts; True if changed."""
    for w, p in enumerate(table):
        counts[p][w] -= 1
    current = sum((counts[table[w]][w] + 1) ** 2 for w in range(WINDS))
    best, best_cost = None, current
    for order in _ORDERS:  # order[w] = position in ``table`` of the player seated at wind w
        cost = sum((counts[table[order[w]]][w] + 1) ** 2 for w in range(WINDS))
        if cost < best_cost:
            best, best_cost = order, cost
    if best is not None:
        table[:] = [table[best[w]] for w in range(WINDS)]
    for w, p in enumerate(table):
        counts[p][w] += 1
    return best is not None


def _move_one(tables: list[list[int]], counts: list[list[int]], a: int, b: int) -> bool:
    """Move one wind ``a`` from an overloaded player to an underloaded one; True if done."""
    diff = [row[a] - row[b] for row in counts]
    if max(diff) - min(diff) < 3:
        return False
    holding_a: dict[int, list[int]] = {}
    for t, table in enumerate(tables):
        holding_a.setdefault(table[a], []).append(t)
    for source in sorted(range(len(diff)), key=lambda p: -diff[p]):
        if diff[source] < 1:
            break
        parent: dict[int, tuple[int, int]] = {source: (-1, -1)}
        queue = deque([source])
        while queue:
            p = queue.popleft()
            if diff[p] <= diff[source] - 3:
                _reverse(tables, counts, parent, p, a, b)
                return True
            for t in holding_a.get(p, ()):
                q = tables[t][b]
                if q not in parent:
                    parent[q] = (p, t)
                    queue.append(q)
    return False


def _reverse(tables, counts, parent, end: int, a: int, b: int) -> None:
    """Exchange the a and b seats at every table on the chain ending at ``end``."""
    p = end
    while parent[p][0] >= 0:
        prev, t = parent[p]
        table = tables[t]
        table[a], table[b] = table[b], table[a]
        counts[prev][a] -= 1
        counts[prev][b] += 1
        counts[p][a] += 1
        counts[p][b] -= 1
        p = prev
