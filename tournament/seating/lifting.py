"""The 32-player design by sign lifting (pure Python, no database; run offline by
``bench/make_designs.py``, described in ``seating.construction``).

Two disjoint line spreads of PG(3, 2) give ten parallel classes on the 16 vectors of GF(2)^4 in
which every pair of vectors lies in exactly two tables. Each vector becomes two players (x, 0)
and (x, 1); a table {x1..x4} with signs s becomes the two tables {(xi, si)} and
{(xi, 1 - si)}. The signs solve a linear system over GF(2) (the two tables holding a pair must
carry opposite relations), so every pair of players meets exactly once, except the 16 pairs
(x, 0), (x, 1) that never meet.
"""

from __future__ import annotations

import itertools

from tournament.seating.construction import ConstructionError, Log, quiet


def _spreads() -> list[tuple[frozenset[int], ...]]:
    """All line spreads of PG(3, 2): five 2-dim subspaces of GF(2)^4 covering each vector once."""
    lines = sorted(
        {frozenset((u, v, u ^ v)) for u in range(1, 16) for v in range(1, 16) if u != v},
        key=sorted,
    )
    found: list[tuple[frozenset[int], ...]] = []

    def extend(chosen: list[frozenset[int]], covered: frozenset[int]) -> None:
        if len(covered) == 15:
            found.append(tuple(chosen))
            return
        first = min(set(range(1, 16)) - covered)
        for line in lines:
            if first in line and not line & covered:
                extend([*chosen, line], covered | line)

    extend([], frozenset())
    return found


def _solve_gf2(rows: list[tuple[int, int]]) -> dict[int, int] | None:
    """Solve equations (bitmask of variables, right-hand side) over GF(2); free variables = 0."""
    pivots: dict[int, tuple[int, int]] = {}
    for mask, rhs in rows:
        for col, (pmask, prhs) in pivots.items():
            if mask >> col & 1:
                mask, rhs = mask ^ pmask, rhs ^ prhs
        if not mask:
            if rhs:
                return None
            continue
        col = mask.bit_length() - 1
        for other, (pmask, prhs) in list(pivots.items()):
            if pmask >> col & 1:
                pivots[other] = (pmask ^ mask, prhs ^ rhs)
        pivots[col] = (mask, rhs)
    return {col: rhs for col, (_mask, rhs) in pivots.items()}


def make_doubled(log: Log = quiet) -> tuple[str, list]:
    spreads = _spreads()
    log(f"  32 players: {len(spreads)} spreads of PG(3,2)")
    for first, second in itertools.combinations(spreads, 2):
        if set(first) & set(second):
            continue
        classes = []
        for line in (*first, *second):
            subspace = sorted(line | {0})
            cosets = sorted({tuple(sorted(x ^ w for w in subspace)) for x in range(16)})
            classes.append(cosets)
        var: dict[tuple[int, int, int], int] = {}
        holders: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for c, cosets in enumerate(classes):
            for b, block in enumerate(cosets):
                for x in block:
                    var[c, b, x] = len(var)
                for x, y in itertools.combinations(block, 2):
                    holders.setdefault((x, y), []).append((c, b))
        rows = []
        for (x, y), (h1, h2) in holders.items():
            mask = 0
            for c, b in (h1, h2):
                mask ^= 1 << var[c, b, x] ^ 1 << var[c, b, y]
            rows.append((mask, 1))
        solution = _solve_gf2(rows)
        if solution is None:
            continue
        rounds = []
        for c, cosets in enumerate(classes):
            tables = []
            for b, block in enumerate(cosets):
                signs = [solution.get(var[c, b, x], 0) for x in block]
                tables.append(sorted(2 * x + s for x, s in zip(block, signs, strict=True)))
                tables.append(sorted(2 * x + 1 - s for x, s in zip(block, signs, strict=True)))
            rounds.append(sorted(tables))
        spread_text = [[sorted(line) for line in s] for s in (first, second)]
        return f"sign lifting of the spreads {spread_text}", rounds
    raise ConstructionError("no consistent pair of spreads")
