"""Offset rows searched offline (pure Python, no database; run by ``bench/make_designs.py``).

The offset construction of ``seating.designs``: the player in column j (0..3) and row i sits at
table ``(i + c_j(r)) mod g`` in session r; rows whose pairwise differences ``c_j - c_k`` are
distinct across sessions give zero repeats. Two searches for such rows:

* **Ten rows** (``offset_rows``, ``make_offsets``) for 4g players with 12 <= g <= 29 where the
  linear offsets fail, found by backtracking.
* **Rows that mix the field** (``mixing_rows``, for ``seating.mixing``): the design is
  invariant under moving every row by the same amount, so the players ``(j, 0)`` and ``(k, d)``
  stand for every pair of columns j, k and row difference d: the opponents of ``(j, 0)`` are
  ``O_j = {(k, c_j(r) - c_k(r))}``, those of ``(k, d)`` are ``O_k + d``, and a pair who never
  meets has ``|O_j & (O_k + d)|`` opponents in common (``offset_mixing``: ``10 g`` small set
  intersections). A hill climb with random restarts changes one value of one row at a time,
  keeps every difference distinct across sessions (zero repeats), and raises the fewest
  opponents in common, then lowers the number of pair classes at that fewest.

Both are deterministic for a given seed (counted steps and nodes, never time).
"""

from __future__ import annotations

import functools
import itertools
import random

from tournament.seating.construction import ConstructionError, Log, quiet
from tournament.seating.designs import linear_offset_rows, table_shifts

Rows = list[list[int]]
OFFSET_ROWS = 10  # sessions wanted from the offset construction
OFFSET_RANGE = range(12, 30)  # g values (tables) that may need searched offset rows


def offset_rows(g: int, rows: int, seed: int, node_limit: int = 200_000) -> list[list[int]] | None:
    """Rows (c1, c2, c3) in Z_g, c0 = 0, with every difference c_j - c_k distinct across rows."""
    rng = random.Random(seed)
    used: list[set[int]] = [set() for _ in range(6)]
    chosen: list[list[int]] = []
    nodes = 0

    def values(a: int, b: int, c: int) -> tuple[int, ...]:
        return (a, b, c, (b - a) % g, (c - a) % g, (c - b) % g)

    def extend() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            raise TimeoutError
        if len(chosen) == rows:
            return True
        candidates = [
            (a, b, c)
            for a in range(g)
            if a not in used[0]
            for b in range(g)
            if b not in used[1]
            for c in range(g)
            if c not in used[2]
        ]
        rng.shuffle(candidates)
        for a, b, c in candidates:
            vals = values(a, b, c)
            if any(v in u for v, u in zip(vals, used, strict=True)):
                continue
            for v, u in zip(vals, used, strict=True):
                u.add(v)
            chosen.append([a, b, c])
            if extend():
                return True
            chosen.pop()
            for v, u in zip(vals, used, strict=True):
                u.discard(v)
        return False

    try:
        return chosen if extend() else None
    except TimeoutError:
        return None


def make_offsets(seed: int, log: Log = quiet) -> dict[str, list[list[int]]]:
    table: dict[str, list[list[int]]] = {}
    for g in OFFSET_RANGE:
        if len(linear_offset_rows(g, OFFSET_ROWS)) >= OFFSET_ROWS:
            continue
        for attempt in range(100):
            rows = offset_rows(g, OFFSET_ROWS, seed * 1000 + attempt)
            if rows:
                break
        else:
            raise ConstructionError(f"no offset rows for {g} tables")
        log(f"  {4 * g} players: offset rows found (attempt {attempt})")
        table[str(g)] = rows
    return table


# --------------------------------------------------------------------------- mixing


Orders = tuple[int, ...]


@functools.cache
def _group(orders: Orders) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and subtraction tables of the abelian group ``Z_o1 x Z_o2 x ...`` whose
    elements are the integers ``0 .. g-1`` in mixed radix (``(g,)``: the integers mod g)."""
    elements = list(itertools.product(*(range(o) for o in orders)))
    index = {e: i for i, e in enumerate(elements)}

    def combine(a: tuple[int, ...], b: tuple[int, ...], sign: int) -> int:
        return index[tuple((x + sign * y) % o for x, y, o in zip(a, b, orders, strict=True))]

    add = [[combine(a, b, 1) for b in elements] for a in elements]
    sub = [[combine(a, b, -1) for b in elements] for a in elements]
    return add, sub


def _opponents(g: int, rows: Rows, sub: list[list[int]]) -> list[set[int]]:
    """``O_j`` of every column, a point ``(k, v)`` written ``k * g + v``."""
    full = [(0, *row) for row in rows]
    return [{k * g + sub[c[j]][c[k]] for c in full for k in range(4) if k != j} for j in range(4)]


def offset_mixing(g: int, rows: Rows, orders: Orders | None = None) -> tuple[int, int]:
    """``(fewest, pairs)`` of the offset design's rows (over the group of ``orders``, by default
    the integers mod g): the fewest opponents in common of two players who never meet (``4 g``
    when every pair meets) and how many pair classes (column pair and row difference) have
    that fewest."""
    orders = orders or (g,)
    add, sub = _group(orders)
    opponents = _opponents(g, rows, sub)
    # mod g, the differences d and -d of one column are one class of pairs
    last = g // 2 + 1 if len(orders) == 1 else g
    fewest, count = 4 * g, 0
    for j in range(4):
        mine = opponents[j]
        for k in range(j, 4):
            theirs = opponents[k]
            for d in range(1 if k == j else 0, g if k != j else last):
                if k * g + d in mine:
                    continue  # they meet
                shifted = {p - p % g + add[p % g][d] for p in theirs}
                common = len(mine & shifted)
                if common < fewest:
                    fewest, count = common, 1
                elif common == fewest:
                    count += 1
    return fewest, count


def _valid(g: int, rows: Rows, sub: list[list[int]]) -> bool:
    """Every difference ``c_k - c_j`` (``c_0 = 0``) distinct across the rows: zero repeats."""
    full = [(0, *row) for row in rows]
    for j, k in itertools.combinations(range(4), 2):
        if len({sub[c[k]][c[j]] for c in full}) != len(full):
            return False
    return True


def _random_rows(g: int, sessions: int, rng: random.Random, sub: list[list[int]]) -> Rows | None:
    """Zero-repeat rows by a randomised greedy choice (None when it runs out of candidates)."""
    used: list[set[int]] = [set() for _ in range(6)]
    rows: Rows = []
    candidates = list(itertools.product(range(g), repeat=3))
    rng.shuffle(candidates)
    for _ in range(sessions):
        for a, b, c in candidates:
            values = (a, b, c, sub[b][a], sub[c][a], sub[c][b])
            if all(v not in u for v, u in zip(values, used, strict=True)):
                for v, u in zip(values, used, strict=True):
                    u.add(v)
                rows.append([a, b, c])
                break
        else:
            return None
    return rows


def mixing_rows(
    g: int,
    sessions: int,
    seed: int,
    steps: int,
    log: Log = quiet,
    target: int | None = None,
    orders: Orders | None = None,
) -> tuple[tuple[int, int], Rows] | None:
    """Offset rows for ``g`` tables and ``sessions`` sessions (over the group of ``orders``, by
    default the integers mod g) found by the hill climb described above (``steps`` changes
    tried in all), best first by ``offset_mixing``; None if no zero-repeat start is found.
    Stops once a restart ends at ``target`` fewest or more."""
    rng = random.Random(f"mixing-rows/{g}/{sessions}/{seed}")
    _add, sub = _group(orders or (g,))
    best: tuple[tuple[int, int], Rows] | None = None
    done = 0
    while done < steps:
        rows = None
        for _ in range(50):
            rows = _random_rows(g, sessions, rng, sub)
            if rows:
                break
        if rows is None and orders is None:  # tight: the backtracking of the offsets
            rows = offset_rows(g, sessions, rng.randrange(1 << 30))
        if rows is None:
            return best
        fewest, count = offset_mixing(g, rows, orders)
        stall = 0
        while done < steps and stall < 4000:
            done += 1
            stall += 1
            r = rng.randrange(sessions)
            j = rng.randrange(3)
            old = rows[r][j]
            rows[r][j] = rng.randrange(g)
            if rows[r][j] == old or not _valid(g, rows, sub):
                rows[r][j] = old
                continue
            new = offset_mixing(g, rows, orders)
            if (new[0], -new[1]) >= (fewest, -count):
                if (new[0], -new[1]) > (fewest, -count):
                    stall = 0
                fewest, count = new
            else:
                rows[r][j] = old
        if best is None or (fewest, -count) > (best[0][0], -best[0][1]):
            best = ((fewest, count), [row[:] for row in rows])
            log(f"  {4 * g}x{sessions}: rows with fewest {fewest} ({count} classes), step {done}")
        if target is not None and best[0][0] >= target:
            break
    return best


def group_offset_design(orders: Orders, rows: Rows, nodes: int = 200_000) -> list[list[list[int]]]:
    """Sessions of the offset construction over the group of ``orders`` (g its order): the
    player of column j and row i (point ``j * g + i``) sits at table ``i + c_j(r)``, listed at
    place ``i + c_j(r) + d_r`` with shifts ``d_r`` that make ``c_j(r) + d_r`` differ from
    session to session in each column when a depth-first search of ``nodes`` nodes finds them
    (then nobody returns to a table number), else ``d_r = 0``."""
    add, sub = _group(orders)
    g = len(add)
    shifts = [(0, *row) for row in rows]
    places = table_shifts(g, rows, nodes, add=lambda c, d: add[c][d])
    rounds = []
    for shift, d in zip(shifts, places, strict=True):
        tables: list[list[int]] = [[] for _ in range(g)]
        for t in range(g):
            tables[add[t][d]] = [j * g + sub[t][shift[j]] for j in range(4)]
        rounds.append(tables)
    return rounds
