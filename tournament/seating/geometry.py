"""Zero-repeat designs from finite geometry for 40 and 64 players (pure Python, no database).

Run offline by ``bench/make_designs.py --mixing`` (``seating.mixing.make_mixing``), which keeps
the sessions that mix the field best (docs/rules.md §8.4):

* **40 players: a packing of PG(3, 3).** The projective space of dimension 3 over GF(3) has 40
  points and 130 lines of 4 points; any two points lie on exactly one line. A *spread* is 10
  lines that cover every point once (a session of 10 tables), and a *packing* is 13 spreads
  that share no line: 13 sessions in which every pair of players meets exactly once. Dropping
  sessions leaves the pairs of the dropped lines apart, and two players on one dropped line
  miss its two other points together: at 40x10 (three spreads dropped) every two players who
  never meet have at least 2 * 30 - 38 + 2 = 24 opponents in common, at 40x11 30, at 40x12 36.
  The packing is found by an exact cover of the lines by spreads (the line with the fewest
  spreads left first, options in a seeded order).
* **64 players: the parallel classes of AG(3, 4).** The affine space of dimension 3 over GF(4)
  has 64 points; the lines of one direction (a point of PG(2, 4), 21 of them) are 16 tables of 4
  that cover every point once, and two points lie on exactly one line. Any set D of directions
  gives a zero-repeat schedule, and two players a, b who never meet (b - a in a direction d not
  in D) have one opponent in common for each ordered pair of directions of D on a line of
  PG(2, 4) through d. With seven directions that is 4 or 6; the sets where it is never 4 exist
  (6 at 64x7, AIM's figure) and ``best_subset`` finds one.
"""

from __future__ import annotations

import itertools
import random

from tournament.seating.designs import _field

Rounds = list[list[list[int]]]


def _pg33_lines() -> list[frozenset[int]]:
    """The 130 lines of PG(3, 3) on the points 0..39 (normalised vectors in sorted order)."""

    def normal(v: tuple[int, ...]) -> tuple[int, ...]:
        lead = next(x for x in v if x)
        return tuple(y * lead % 3 for y in v)  # 1 and 2 are their own inverses mod 3

    points = sorted({normal(v) for v in itertools.product(range(3), repeat=4) if any(v)})
    index = {p: i for i, p in enumerate(points)}
    lines = {
        frozenset(
            index[normal(tuple((x * s + y * t) % 3 for x, y in zip(a, b, strict=True)))]
            for s in range(3)
            for t in range(3)
            if s or t
        )
        for a, b in itertools.combinations(points, 2)
    }
    return sorted(lines, key=sorted)


def pg33_packing(seed: int) -> Rounds:
    """13 sessions of 10 tables for 40 players, every pair meeting once (a packing of PG(3, 3)
    as described above, the exact cover's options shuffled by ``seed``)."""
    lines = _pg33_lines()
    through = [[i for i, line in enumerate(lines) if p in line] for p in range(40)]
    spreads: list[frozenset[int]] = []

    def spread(chosen: list[int], covered: frozenset[int]) -> None:
        if len(covered) == 40:
            spreads.append(frozenset(chosen))
            return
        first = min(set(range(40)) - covered)
        for i in through[first]:
            if not lines[i] & covered:
                spread([*chosen, i], covered | lines[i])

    spread([], frozenset())
    holding = [[k for k, s in enumerate(spreads) if i in s] for i in range(len(lines))]
    rng = random.Random(f"pg33/{seed}")

    def pack(chosen: list[int], used: frozenset[int]) -> list[int] | None:
        if len(used) == len(lines):
            return chosen
        options: list[int] | None = None
        for i in range(len(lines)):
            if i not in used:
                fits = [k for k in holding[i] if not spreads[k] & used]
                if options is None or len(fits) < len(options):
                    options = fits
                if not fits:
                    return None
        assert options is not None
        rng.shuffle(options)
        for k in options:
            found = pack([*chosen, k], used | spreads[k])
            if found:
                return found
        return None

    packing = pack([], frozenset())
    if packing is None:  # a packing of PG(3, q) exists for every q (Denniston)
        raise RuntimeError("no packing of PG(3, 3) found")
    return [sorted(sorted(lines[i]) for i in spreads[k]) for k in packing]


def ag34_classes() -> Rounds:
    """The 21 parallel classes of AG(3, 4), one session of 16 tables each (64 players; point
    ``x0 + 4 x1 + 16 x2``)."""
    field = _field(4)
    assert field is not None
    add, mul, _neg = field
    directions = []
    for v in itertools.product(range(4), repeat=3):
        if any(v) and next(x for x in v if x) == 1:  # one vector per direction
            directions.append(v)
    rounds = []
    for d in directions:
        tables = set()
        for p in itertools.product(range(4), repeat=3):
            line = tuple(
                sorted(sum(add[p[i]][mul[t][d[i]]] * 4**i for i in range(3)) for t in range(4))
            )
            tables.add(line)
        rounds.append([list(t) for t in sorted(tables)])
    return rounds
