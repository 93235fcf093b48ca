"""How the zero-repeat designs of ``seating/data/designs.json`` are built (pure Python).

``bench/make_designs.py`` is the command line that runs these constructions and writes the
file; the draw itself only reads the file (``tournament.seating.designs``). Three
constructions, all computed here from scratch (nothing is copied from elsewhere):

* **Cyclic base classes** for 16, 20, 24, 28 and 40 players. The players are the points
  ``Z_m x L`` plus ``k`` fixed points; one base table plan (a parallel class) is searched by tabu
  search so that every difference is used at most once, and the ``m`` translates ``x -> x + t``
  are the ``m`` sessions. Sizes: 16 = Z5x3+1 (5 sessions, the affine plane of order 4 up to
  isomorphism), 20 = Z5x4 (5), 24 = Z7x3+3 (7), 28 = Z9x3+1 (9), 40 = Z10x4 (10).
* **A grouped cyclic base class** for 36 players (Z11x3+3, 11 sessions), searched exactly: the
  players each one never meets are the two others of a group of three, so two players who never
  meet have the most opponents in common (``grouped_base_class``).
* **Sign lifting** for 32 players, 10 sessions (``seating.lifting``) (the 8-4-10 social golfer instance). Two disjoint
  line spreads of PG(3, 2) give ten parallel classes on the 16 vectors of GF(2)^4 in which every
  pair of vectors lies in exactly two tables. Each vector becomes two players (x, 0) and (x, 1);
  a table {x1..x4} with signs s becomes the two tables {(xi, si)} and {(xi, 1 - si)}. The signs
  solve a linear system over GF(2) (the two tables holding a pair must carry opposite relations),
  so every pair of players meets exactly once, except the 16 pairs (x, 0), (x, 1) that never meet.
Plus the best schedules found for three sizes beyond the zero-repeat limit (20 x 6, 20 x 7,
24 x 8), by the draw's own tabu search (``tournament.seating.search.improve``) run much longer
than a draw may: the draw then starts from them instead of searching again; and the numbering
of a shipped design's tables (``number_design``). The offset rows are searched in
``seating.offsets``, the designs chosen for their indirect meetings in ``seating.mixing``.

The tabu searches here choose their moves like the draw's (``seating.tabu.choose_move``).
Progress goes to the ``log`` callback (nothing by default). This module never touches the
database.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable

from tournament.seating.designs import design_repeats
from tournament.seating.numbers import table_revisits
from tournament.seating.search import improve
from tournament.seating.tabu import choose_move
from tournament.seating.weights import REPEAT_WEIGHT, base_weights

Log = Callable[[str], None]


def quiet(message: str) -> None:
    """The default ``log``: say nothing."""


class ConstructionError(RuntimeError):
    """A construction found nothing within its attempts (a bug or a wrong size, not user input)."""


# players -> (m, levels, fixed points): the cyclic base-class constructions.
CYCLIC = {
    16: (5, 3, 1),
    20: (5, 4, 0),
    24: (7, 3, 3),
    28: (9, 3, 1),
    40: (10, 4, 0),
}
# sizes beyond the zero-repeat limit whose best schedule is searched here, not at each draw:
# (players, sessions) -> (iterations per attempt, attempts)
BEYOND = {(20, 6): (60_000, 3), (20, 7): (60_000, 6), (24, 8): (60_000, 2)}


# --------------------------------------------------------------------------- cyclic


def _difference_keys(m: int, levels: int, fixed: int):
    """Key of every pair of finite points, and the level keys of the fixed points.

    Returns ``(pair, level, caps, weights)``: a key used more than its capacity costs its
    weight per extra use, which is the number of repeated meetings it causes once developed.
    """
    nfin = m * levels
    key_ids: dict[tuple, int] = {}
    caps: list[int] = []
    weights: list[int] = []

    def key(k: tuple, cap: int, weight: int) -> int:
        if k not in key_ids:
            key_ids[k] = len(caps)
            caps.append(cap)
            weights.append(weight)
        return key_ids[k]

    pair = [[-1] * nfin for _ in range(nfin)]
    for a, b in itertools.permutations(range(nfin), 2):
        xa, la, xb, lb = a % m, a // m, b % m, b // m
        if la == lb:
            d = min((xb - xa) % m, (xa - xb) % m)
            # {x, x + m/2} comes back after m/2 translations: m/2 pairs meet twice
            half = 2 * d == m
            pair[a][b] = key(("pure", la, d), 0 if half else 1, m // 2 if half else m)
        else:
            if la > lb:
                xa, la, xb, lb = xb, lb, xa, la
            pair[a][b] = key(("mixed", la, lb, (xb - xa) % m), 1, m)
    # a fixed point meets every translate of its companions: one companion per level
    level = [[key(("fixed", f, p // m), 1, m) for p in range(nfin)] for f in range(fixed)]
    return pair, level, caps, weights


def cyclic_base_class(m: int, levels: int, fixed: int, seed: int, max_iters: int, target: int = 0):
    """Tabu search for a base class whose development has at most ``target`` repeats.

    Returns the blocks (fixed point f is ``m * levels + f``) or None.
    """
    rng = random.Random(seed)
    nfin = m * levels
    nblocks = (nfin + fixed) // 4
    pair, level, caps, weights = _difference_keys(m, levels, fixed)
    count = [0] * len(caps)
    points = list(range(nfin))
    rng.shuffle(points)
    blocks: list[list[int]] = []
    for b in range(nblocks):
        size = 3 if b < fixed else 4
        blocks.append(points[:size])
        points = points[size:]
    where = [0] * nfin
    for b, block in enumerate(blocks):
        for p in block:
            where[p] = b
        for p, q in itertools.combinations(block, 2):
            count[pair[p][q]] += 1
        if b < fixed:
            for p in block:
                count[level[b][p]] += 1
    cost = sum(max(0, c - cap) * w for c, cap, w in zip(count, caps, weights, strict=True))

    def changes(p: int, q: int) -> tuple[list[int], list[int]]:
        b1, b2 = where[p], where[q]
        removed: list[int] = []
        added: list[int] = []
        for x in blocks[b1]:
            if x != p:
                removed.append(pair[p][x])
                added.append(pair[q][x])
        for y in blocks[b2]:
            if y != q:
                removed.append(pair[q][y])
                added.append(pair[p][y])
        if b1 < fixed:
            removed.append(level[b1][p])
            added.append(level[b1][q])
        if b2 < fixed:
            removed.append(level[b2][q])
            added.append(level[b2][p])
        return removed, added

    def apply(removed: list[int], added: list[int], sign: int = 1) -> int:
        delta = 0
        for k in removed:
            if count[k] > caps[k]:
                delta -= weights[k]
            count[k] -= 1
        for k in added:
            if count[k] >= caps[k]:
                delta += weights[k]
            count[k] += 1
        if sign < 0:  # undo: only the delta was wanted
            for k in added:
                count[k] -= 1
            for k in removed:
                count[k] += 1
        return delta

    def swap(p: int, q: int) -> None:
        b1, b2 = where[p], where[q]
        blocks[b1][blocks[b1].index(p)] = q
        blocks[b2][blocks[b2].index(q)] = p
        where[p], where[q] = b2, b1

    tabu: dict[tuple[int, int], int] = {}
    best = cost
    stall = 0
    for it in range(max_iters):
        if cost <= target:
            break
        conflicted = []
        for b, block in enumerate(blocks):
            for p in block:
                bad = any(x != p and count[pair[p][x]] > caps[pair[p][x]] for x in block)
                if bad or (b < fixed and count[level[b][p]] > 1):
                    conflicted.append(p)
        swaps = (
            ((p, q), apply(*changes(p, q), -1))
            for p in conflicted
            for q in range(nfin)
            if where[q] != where[p]
        )
        chosen = choose_move(swaps, tabu, it, best - cost, rng)
        if chosen is None:
            continue
        (p, q), _delta = chosen
        cost += apply(*changes(p, q))
        swap(p, q)
        tabu[p, q] = tabu[q, p] = it + 10 + rng.randrange(10)
        if cost < best:
            best, stall = cost, 0
        else:
            stall += 1
            if stall > 2000:  # escape a plateau with a few random swaps
                stall = 0
                for _ in range(3):
                    p, q = rng.sample(range(nfin), 2)
                    if where[p] != where[q]:
                        cost += apply(*changes(p, q))
                        swap(p, q)
                best = cost
    if cost > target:
        return None
    return [[*([nfin + b] if b < fixed else []), *block] for b, block in enumerate(blocks)]


def develop(base: list[list[int]], m: int, levels: int) -> list[list[list[int]]]:
    """The ``m`` translates of a base class: one session each."""
    nfin = m * levels
    rounds = []
    for t in range(m):
        tables = []
        for block in base:
            tables.append(sorted(p if p >= nfin else (p // m) * m + (p % m + t) % m for p in block))
        rounds.append(sorted(tables))
    return rounds


def make_cyclic(n: int, seed: int, log: Log = quiet) -> tuple[str, list]:
    m, levels, fixed = CYCLIC[n]
    start = time.monotonic()
    for attempt in range(1000):
        base = cyclic_base_class(m, levels, fixed, seed * 1000 + attempt, max_iters=20000)
        log(
            f"  {n} players: attempt {attempt} {'found' if base else 'failed'}"
            f" ({time.monotonic() - start:.0f} s)"
        )
        if base:
            method = f"cyclic Z{m}x{levels}+{fixed}, base class {base}"
            return method, develop(base, m, levels)
    raise ConstructionError(f"no base class found for {n} players")


# --------------------------------------------------------------------------- 36 players

GROUPED_M = 11  # 36 players = Z11 x 3 levels + 3 fixed points


def grouped_base_class(m: int = GROUPED_M) -> list[list[int]] | None:
    """A base class over ``Z_m x 3 + 3`` whose ``m`` translates never seat ``(x, 0)``, ``(x, 1)``
    and ``(x, 2)`` together, nor the three fixed points, and seat every other pair once: a
    resolvable design of 12 groups of 3 (36 players, 11 sessions) in which the players each one
    never meets are the two others of their group. Two players who never meet then miss the
    same third player and have 33 opponents in common, the most 36 x 11 allows, and any ten of
    the sessions leave at least 27 (docs/rules.md §8.4).

    The base class is searched exactly, among those left unchanged by the rotation of the three
    levels ``(x, l) -> (x, l + 1)``: each level holds a table of three of its points (with one
    point of the next level), two pairs (one with a pair of the next level, one with a pair of
    the previous), one point (with three of the previous level) and three points seated with the
    fixed points, one per level, the fixed point k taking ``left[k]``, ``left[c(k)]`` and
    ``left[c(c(k))]`` for a 3-cycle c. The pure differences of a level must use each of
    ``1 .. (m-1)/2`` once and the mixed differences between two levels each of ``1 .. m-1``
    once (0 is the group). Returns the blocks (fixed point f is ``3m + f``, point ``(x, l)`` is
    ``l*m + x``) of the first such class, or None."""
    half = (m - 1) // 2

    def gap(d: int) -> int:
        return min(d % m, -d % m)

    def mixed_ok(tri, pairs, single, left, cycle) -> bool:
        """Mixed differences (next level minus this one) all distinct and never 0."""
        seen = set()
        values = [single - t for t in tri]
        values += [b - a for a in pairs[0] for b in pairs[1]]
        values += [left[cycle[k]] - left[k] for k in range(3)]
        for v in values:
            v %= m
            if v == 0 or v in seen:
                return False
            seen.add(v)
        return True

    cycles = ((1, 2, 0), (2, 0, 1))
    for tri in itertools.combinations(range(m), 3):
        gaps = {gap(tri[1] - tri[0]), gap(tri[2] - tri[0]), gap(tri[2] - tri[1])}
        if len(gaps) < 3:
            continue
        rest = [x for x in range(m) if x not in tri]
        short = [d for d in range(1, half + 1) if d not in gaps]
        if len(short) != 2:
            continue
        for first in itertools.combinations(rest, 2):
            if gap(first[1] - first[0]) != short[0]:
                continue
            others = [x for x in rest if x not in first]
            for second in itertools.combinations(others, 2):
                if gap(second[1] - second[0]) != short[1]:
                    continue
                remaining = [x for x in others if x not in second]
                for single in remaining:
                    left = [x for x in remaining if x != single]
                    for pairs in ((first, second), (second, first)):
                        for cycle in cycles:
                            if mixed_ok(tri, pairs, single, left, cycle):
                                return _grouped_blocks(m, tri, pairs, single, left, cycle)
    return None


def _grouped_blocks(m, tri, pairs, single, left, cycle) -> list[list[int]]:
    """The blocks of ``grouped_base_class`` from one level's parts, rotated over the levels."""
    blocks: list[list[int]] = []
    for k in range(3):  # the fixed points' tables, one point of each level
        point = k
        block = [3 * m + k]
        for level in range(3):
            block.append(level * m + left[point])
            point = cycle[point]
        blocks.append(block)
    for level in range(3):
        after = (level + 1) % 3
        blocks.append([*(level * m + x for x in tri), after * m + single])
        blocks.append([*(level * m + x for x in pairs[0]), *(after * m + x for x in pairs[1])])
    return blocks


def make_grouped(log: Log = quiet) -> tuple[str, list]:
    """The 36-player design of ``grouped_base_class``, developed over Z11 (11 sessions)."""
    base = grouped_base_class()
    if base is None:
        raise ConstructionError("no grouped base class for 36 players")
    log(f"  36 players: grouped base class {base}")
    return f"grouped cyclic Z{GROUPED_M}x3+3, base class {base}", develop(base, GROUPED_M, 3)


# --------------------------------------------------------------------------- numbers

NUMBER_SEEDS = 12  # fresh starts of the numbering search for a shipped design
NUMBER_DESIGN_WORK = 6_000_000  # exchanges each start may examine


def number_design(rounds: list, log: Log = quiet) -> tuple[int, list]:
    """The design's sessions with each session's tables in the order of the fewest returns to a
    table number (``seating.renumber``, started again from up to ``NUMBER_SEEDS`` streams until
    it reaches ``numbers.revisit_bound``): the draw keeps the order of a design's tables, so a
    design whose every session is drawn (32 x 10, 36 x 11, ...) comes numbered. Who sits with
    whom does not change. Returns ``(re-visits, rounds)``."""
    from tournament.seating.numbers import revisit_bound
    from tournament.seating.renumber import renumber

    bound = revisit_bound(rounds)
    start = [list(range(len(session))) for session in rounds]
    best = (table_revisits(rounds), start)
    for seed in range(NUMBER_SEEDS):
        if best[0] <= bound:
            break
        found = renumber(rounds, start, 0, bound, NUMBER_DESIGN_WORK, random.Random(seed))
        log(f"  numbering, start {seed}: {found[0]} re-visits (bound {bound})")
        best = min(best, found)
    numbered = []
    for session, places in zip(rounds, best[1], strict=True):
        ordered: list = [None] * len(session)
        for table, place in zip(session, places, strict=True):
            ordered[place] = table
        numbered.append(ordered)
    return best[0], numbered


# --------------------------------------------------------------------------- beyond


def make_beyond(
    n: int, sessions: int, design: list, seed: int, log: Log = quiet
) -> tuple[int, list]:
    """Best schedule the tabu search finds for a size with no zero-repeat schedule.

    Starts from the zero-repeat design cycled to ``sessions`` sessions; stops at the counting
    bound or after the attempts of ``BEYOND``.
    """
    iterations, attempts = BEYOND[n, sessions]
    bound = max(0, n * (3 * sessions - n + 1) // 2)
    best: tuple[int, list] | None = None
    start = time.monotonic()
    for attempt in range(attempts):
        rng = random.Random(seed * 1000 + attempt)
        order = list(range(len(design)))
        rng.shuffle(order)
        plan = [[t[:] for t in design[order[i % len(order)]]] for i in range(sessions)]
        weights = base_weights(n, [], [])
        plan, _cost = improve(plan, weights, REPEAT_WEIGHT * bound, rng, iterations)
        repeats = design_repeats(plan, n)
        log(
            f"  {n}x{sessions}: attempt {attempt}: {repeats} repeats (bound {bound},"
            f" {time.monotonic() - start:.0f} s)"
        )
        if best is None or repeats < best[0]:
            best = (repeats, [sorted(sorted(t) for t in session) for session in plan])
        if repeats <= bound:
            break
    assert best is not None
    return best
