"""Exact search for a cyclic 24 x 8 schedule at its counting bound, 12 repeats (issue 33).

Run from the repository root (offline; deterministic; docs/rules.md §8.5)::

    .venv/bin/python bench/beyond_exact.py                # Z8 x 3, one base session (seconds)
    .venv/bin/python bench/beyond_exact.py --shape 4      # Z4 x 6, two base sessions
    .venv/bin/python bench/beyond_exact.py --shape 4 --nodes 50000000
    .venv/bin/python bench/beyond_exact.py --anneal 20x6 --seeds 20   # whole schedules (minutes)

In 8 sessions each of 24 players meets 24 others, one more than there are: a schedule with 12
repeats is one where every pair meets and each player meets exactly one other twice. The
players here are ``Z_m x L`` (``L = 24 / m`` levels, point ``(x, l)`` is ``l * m + x``) and
the schedule is ``8 / m`` base sessions, each developed by the ``m`` translations
``x -> x + 1``. A pair's *class* is its orbit under the translations: within a level the
difference ``±d`` (for ``d = m / 2`` the orbit has only ``m / 2`` pairs, each met twice once the
class is used), between levels ``l < l'`` the difference ``x' - x``. Every pair meets exactly
when every class is used, and then the repeats are exactly the ``L * m / 2 = 12`` pairs of the
half classes: so a schedule of this shape at the bound is a set of base sessions that uses
every class exactly once. (A group of order 8 other than Z8, Z4 x Z2 or Z2^3, acting on three
levels, has 3 or 7 involutions, each of whose classes in a level costs 4 repeats: at least 36.)

The search is depth-first: the table holding the smallest free point, its three other players
in increasing order, a class used twice refused at once. With one base session (``m = 8``)
the composition of the tables (how many players of each level a table has) is pruned first: a
table with ``k_i`` players on level ``i`` uses ``C(k_i, 2)`` pure and ``k_i k_j`` mixed
classes, and a level has 4 pure classes, a pair of levels 8 mixed ones, so only 6 multisets of
compositions are possible and a partial session must be part of one. Each level may be
translated alone and the levels renamed, so the first table (the one holding ``(0, 0)``) is
taken holding ``(0, l)`` for every level ``l`` it reaches, those levels being the first ones and
holding no fewer of its players than the next. The node budget makes a run deterministic; the result says
whether the search ran to its end (a proof that no such base session exists) or stopped.

``--anneal`` runs instead a simulated annealing of whole schedules (no symmetry): a move swaps two
players of one session, the cost is the repeats, the temperature goes from 0.8 down to 0.05;
one run per seed, each printing the fewest repeats it reached.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.seating.designs import best_schedule

PLAYERS = 24
SESSIONS = 8

Composition = tuple[int, ...]


def class_bits(m: int, levels: int) -> list[list[int]]:
    """``bits[a][b]``: the class of the pair of points ``a`` and ``b``, as one bit."""
    ids: dict[tuple, int] = {}
    n = m * levels
    bits = [[0] * n for _ in range(n)]
    for a, b in itertools.permutations(range(n), 2):
        xa, la, xb, lb = a % m, a // m, b % m, b // m
        if la == lb:
            key: tuple = ("pure", la, min((xb - xa) % m, (xa - xb) % m))
        else:
            if la > lb:
                xa, la, xb, lb = xb, lb, xa, la
            key = ("mixed", la, lb, (xb - xa) % m)
        ids.setdefault(key, len(ids))
        bits[a][b] = 1 << ids[key]
    return bits


def session_compositions(m: int, levels: int) -> list[tuple[Composition, ...]]:
    """The multisets of table compositions of one base session that uses every class once."""
    shapes = [c for c in itertools.product(range(5), repeat=levels) if sum(c) == 4]
    found = []
    for chosen in itertools.combinations_with_replacement(shapes, m * levels // 4):
        if (
            all(sum(c[i] for c in chosen) == m for i in range(levels))
            and all(sum(c[i] * (c[i] - 1) // 2 for c in chosen) == m // 2 for i in range(levels))
            and all(
                sum(c[i] * c[j] for c in chosen) == m
                for i, j in itertools.combinations(range(levels), 2)
            )
        ):
            found.append(chosen)
    return found


def _parts(chosen: tuple[Composition, ...]) -> Iterator[tuple[Composition, ...]]:
    """Every sub-multiset of ``chosen``, sorted."""
    counts = list(Counter(chosen).items())
    for taken in itertools.product(*(range(k + 1) for _, k in counts)):
        yield tuple(sorted(c for (c, _), t in zip(counts, taken, strict=True) for _ in range(t)))


class Search:
    """Depth-first search for ``8 / m`` base sessions over ``Z_m x (24 / m)``."""

    def __init__(self, m: int, max_nodes: int) -> None:
        self.m, self.levels, self.bases = m, PLAYERS // m, SESSIONS // m
        self.bits = class_bits(m, self.levels)
        self.max_nodes = max_nodes
        self.nodes = 0
        self.partial: set[tuple[Composition, ...]] | None = None
        if self.bases == 1:
            self.compositions = session_compositions(m, self.levels)
            self.partial = {part for chosen in self.compositions for part in _parts(chosen)}
        self.tables: list[list[tuple[int, ...]]] = [[] for _ in range(self.bases)]

    def composition(self, table: tuple[int, ...]) -> Composition:
        counts = [0] * self.levels
        for p in table:
            counts[p // self.m] += 1
        return tuple(counts)

    def first_table_ok(self, table: tuple[int, ...]) -> bool:
        """The first table holds ``(0, l)`` for every level ``l`` it reaches, and those levels
        are the first ones, holding no fewer of its players than the next."""
        counts = self.composition(table)
        reached = sum(1 for c in counts if c)
        ordered = all(counts[level] >= counts[level + 1] for level in range(self.levels - 1))
        return ordered and all(level * self.m in table for level in range(reached))

    def run(self) -> list[list[tuple[int, ...]]] | None:
        """The base sessions found, or None (see ``self.nodes`` against the budget)."""
        if self._session(0, 0):
            return self.tables
        return None

    def _session(self, base: int, used: int) -> bool:
        if base == self.bases:
            return True
        return self._table(base, (1 << PLAYERS) - 1, used, ())

    def _table(self, base: int, free: int, used: int, shapes: tuple[Composition, ...]) -> bool:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            return False
        if not free:
            return self._session(base + 1, used)
        bits = self.bits
        p = (free & -free).bit_length() - 1
        rest = [q for q in range(p + 1, PLAYERS) if free >> q & 1]
        first = base == 0 and not self.tables[0]
        for i, q in enumerate(rest):
            c1 = bits[p][q]
            if used & c1:
                continue
            for j in range(i + 1, len(rest)):
                r = rest[j]
                c2, c3 = bits[p][r], bits[q][r]
                if (used | c1) & (c2 | c3) or c2 == c3:
                    continue
                u2 = used | c1 | c2 | c3
                for s in rest[j + 1 :]:
                    c4, c5, c6 = bits[p][s], bits[q][s], bits[r][s]
                    if u2 & (c4 | c5 | c6) or c4 in (c5, c6) or c5 == c6:
                        continue
                    table = (p, q, r, s)
                    if first and not self.first_table_ok(table):
                        continue
                    grown = shapes
                    if self.partial is not None:
                        grown = tuple(sorted((*shapes, self.composition(table))))
                        if grown not in self.partial:
                            continue
                    self.tables[base].append(table)
                    taken = 1 << p | 1 << q | 1 << r | 1 << s
                    if self._table(base, free & ~taken, u2 | c4 | c5 | c6, grown):
                        return True
                    self.tables[base].pop()
                    if self.nodes > self.max_nodes:
                        return False
        return False


def develop(m: int, bases: list[list[tuple[int, ...]]]) -> list[list[list[int]]]:
    """The ``8`` sessions of the base sessions: each translated ``m`` times."""
    return [
        sorted(sorted((p // m) * m + (p % m + t) % m for p in table) for table in base)
        for base in bases
        for t in range(m)
    ]


def anneal(n: int, sessions: int, seed: int, steps: int) -> tuple[int, list[list[list[int]]]]:
    """Fewest repeats a simulated annealing of ``steps`` swaps reaches, and that schedule."""
    rng = random.Random(seed)
    tables: list[list[list[int]]] = []
    where: list[list[int]] = []
    for _ in range(sessions):
        order = list(range(n))
        rng.shuffle(order)
        session = [order[4 * i : 4 * i + 4] for i in range(n // 4)]
        tables.append(session)
        at = [0] * n
        for i, table in enumerate(session):
            for p in table:
                at[p] = i
        where.append(at)
    count = [[0] * n for _ in range(n)]
    for session in tables:
        for table in session:
            for a, b in itertools.permutations(table, 2):
                count[a][b] += 1
    cost = sum(max(0, count[a][b] - 1) for a, b in itertools.combinations(range(n), 2))
    best, best_plan = cost, [[t[:] for t in session] for session in tables]
    for step in range(steps):
        heat = 0.8 * (0.05 / 0.8) ** (step / steps)
        s, p, q = rng.randrange(sessions), rng.randrange(n), rng.randrange(n)
        a, b = where[s][p], where[s][q]
        if a == b:
            continue
        first, second = tables[s][a], tables[s][b]
        cp, cq = count[p], count[q]
        delta = 0
        for x in first:
            if x != p:
                delta += (cq[x] >= 1) - (cp[x] >= 2)
        for y in second:
            if y != q:
                delta += (cp[y] >= 1) - (cq[y] >= 2)
        if delta > 0 and rng.random() >= math.exp(-delta / heat):
            continue
        _trade(count, first, p, q)
        _trade(count, second, q, p)
        first[first.index(p)], second[second.index(q)] = q, p
        where[s][p], where[s][q] = b, a
        cost += delta
        if cost < best:
            best, best_plan = cost, [[t[:] for t in session] for session in tables]
    return best, best_plan


def _trade(count: list[list[int]], table: list[int], leaving: int, joining: int) -> None:
    """The meetings counted as ``leaving`` leaves ``table`` and ``joining`` takes its place."""
    for x in table:
        if x != leaving:
            count[leaving][x] -= 1
            count[x][leaving] -= 1
            count[joining][x] += 1
            count[x][joining] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", type=int, choices=(2, 4, 8), default=8, help="m of Z_m")
    parser.add_argument("--nodes", type=int, default=10_000_000, help="node budget")
    parser.add_argument("--anneal", help="anneal whole schedules of this size (20x6, 24x8)")
    parser.add_argument("--seeds", type=int, default=1, help="annealing runs (seeds 0, 1, ...)")
    parser.add_argument("--steps", type=int, default=20_000_000, help="swaps per annealing run")
    args = parser.parse_args(argv)
    if args.anneal:
        n, sessions = map(int, args.anneal.split("x"))
        for seed in range(args.seeds):
            start = time.process_time()
            repeats, plan = anneal(n, sessions, seed, args.steps)
            seconds = time.process_time() - start
            print(f"{args.anneal} seed {seed}: {repeats} repeats ({seconds:.1f} s CPU)")
            shipped = best_schedule(n, sessions)
            if shipped is None or repeats < shipped[0]:
                print(json.dumps(plan))
        return 0
    search = Search(args.shape, args.nodes)
    if search.partial is not None:
        print(f"compositions of a base session: {len(search.compositions)}")
        for chosen in search.compositions:
            print("  " + " ".join("".join(map(str, c)) for c in chosen))
    start = time.process_time()
    found = search.run()
    seconds = time.process_time() - start
    shape = f"Z{args.shape} x {search.levels}, {search.bases} base session(s)"
    if found:
        print(f"{shape}: found after {search.nodes} nodes ({seconds:.1f} s CPU): {found}")
        print(develop(args.shape, found))
    elif search.nodes > args.nodes:
        print(f"{shape}: stopped at the budget of {args.nodes} nodes ({seconds:.1f} s CPU)")
    else:
        print(f"{shape}: none exists (search complete, {search.nodes} nodes, {seconds:.1f} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
