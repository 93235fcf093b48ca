"""Zero-repeat designs searched offline for their indirect meetings (pure Python, no database).

``bench/make_designs.py --mixing`` runs these searches and stores what they find in
``seating/data/designs.json`` (key ``mixing``); the draw reads them through
``seating.designs.mixing_design`` and compares them with its other designs (docs/rules.md §8.4).
Two searches, both deterministic for a given seed (counted steps, never time):

* **Offset rows** (``offsets.mixing_rows``), for 44 players and more: the offset construction
  of ``seating.designs`` with rows chosen for the mixing instead of the linear
  ``c_j(r) = j * r`` (a hill climb that evaluates one pair per column pair and row difference).
* **Sessions of a finite geometry** (``best_subset``), for 40 and 64 players: the packing of
  PG(3, 3) and the parallel classes of AG(3, 4) (``seating.geometry``) have more sessions than
  a tournament plays; every choice of sessions has zero repeats, and the one whose players have
  the most opponents in common is kept (all choices compared).
* **Sessions of a design developed over Z_m** (``best_subset`` again): for 48, 52 and 60
  players the designs of ``seating.rotational`` (15, 17 and 19 sessions, the pairs who never
  meet in groups of three, or none); for 44 and 56 players a cyclic base session over
  ``Z13 x 3 + 5`` and ``Z15 x 3 + 11`` (``construction.cyclic_base_class``; 13 and 15
  sessions, the fixed points never meet each other). Any choice of sessions compared; their
  tables numbered by ``construction.number_design`` or, where that is better, number by number
  (``seating.number_classes``; docs/rules.md §8.1).

``make_mixing`` runs them for the sizes of ``MIXING_ROWS`` (and ``MIXING_GROUPS``, offset rows
over a group that is not cyclic), ``GEOMETRY`` and ``DEVELOPED``: the sizes of AIM's
published statistics where the desk's other designs had fewer opponents in common, each
searched until it reaches the target beside it: AIM's figure, or at 128 x 15 the 12 where the
climb stops (AIM 14; the other designs give 0).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable

from tournament.seating.construction import (
    ConstructionError,
    Log,
    cyclic_base_class,
    develop,
    number_design,
    quiet,
)
from tournament.seating.geometry import ag34_classes, pg33_packing
from tournament.seating.number_classes import number_by_classes
from tournament.seating.numbers import table_revisits
from tournament.seating.offsets import group_offset_design, mixing_rows
from tournament.seating.rotational import ROTATIONAL, make_rotational

Rows = list[list[int]]
Rounds = list[list[list[int]]]

#: (players, sessions) -> the fewest opponents in common wanted (AIM's figure, or at 128 x 15
#: where the climb stops): offset rows.
MIXING_ROWS = {
    (56, 12): 20, (60, 11): 14, (60, 12): 17, (72, 11): 9, (72, 12): 12, (72, 13): 16,
    (72, 14): 20, (72, 15): 24, (80, 9): 4, (80, 11): 6, (80, 12): 10, (80, 14): 16,
    (80, 15): 20, (84, 11): 8, (84, 12): 9, (84, 15): 18, (88, 7): 1, (88, 8): 2, (88, 9): 3,
    (88, 10): 5, (88, 11): 6, (88, 12): 9, (88, 13): 10, (88, 14): 15, (88, 15): 17,
    (96, 11): 5, (96, 12): 7, (96, 13): 10, (96, 14): 12, (96, 15): 15, (104, 8): 2,
    (104, 9): 2, (104, 10): 3, (104, 11): 4, (104, 12): 6, (104, 13): 8, (104, 14): 10,
    (104, 15): 13, (112, 8): 1, (112, 9): 1, (112, 10): 2, (112, 11): 3, (112, 12): 4,
    (112, 13): 6, (112, 14): 8, (112, 15): 11, (120, 11): 1, (120, 12): 3, (120, 13): 5,
    (120, 14): 6, (124, 9): 1, (124, 10): 2, (124, 11): 3, (124, 12): 5, (124, 13): 6,
    (124, 14): 8, (124, 15): 10, (128, 12): 4, (128, 13): 6, (128, 14): 10, (132, 11): 2,
    (132, 13): 3, (132, 14): 4, (136, 11): 1, (136, 12): 1, (136, 13): 4, (136, 14): 5,
    (136, 15): 6, (140, 11): 1, (140, 12): 2, (144, 11): 1, (144, 12): 2, (144, 13): 3,
    (144, 14): 4, (144, 15): 5, (148, 11): 1, (148, 12): 2, (148, 13): 4, (148, 14): 4,
    (148, 15): 6, (152, 12): 1, (152, 13): 2, (152, 14): 3, (152, 15): 5, (156, 14): 1,
    (156, 15): 3, (164, 12): 1, (164, 13): 2, (164, 14): 2, (164, 15): 3, (168, 13): 1,
    (168, 14): 2, (168, 15): 3, (172, 14): 1,
    # AIM has 14 here; the climb stops at 12 over Z32, Z2 x Z16 and Z4 x Z8 (the groups tried;
    # docs/rules.md §8.4), kept because the desk's other designs give 0.
    (128, 15): 12,
}  # fmt: skip
MIXING_STEPS = 20_000  # changes the hill climb of the offset rows may try for one size
#: (players, sessions) -> (the group's cyclic factors, AIM's figure): offset rows over another
#: group of order g (over Z12 the climb stops at 16 at 48 x 10, over Z2 x Z6 it reaches 18).
MIXING_GROUPS = {(48, 10): ((2, 6), 17)}
GROUP_STEPS = 60_000
GROUP_SEEDS = 20  # seeds tried for rows that reach the target and whose tables come numbered
#: (players, sessions) -> AIM's figure (None: every pair meets): sessions of a finite geometry
#: (``seating.geometry``). Not 40 x 9: the packing's sessions give 18 there (AIM 19) and
#: their tables cannot be numbered without re-visits, where the shipped design's can
#: (re-visits come first, docs/rules.md §8.1).
GEOMETRY = {(40, 10): 24, (40, 11): 30, (40, 12): 36, (40, 13): None, (64, 7): 6}
#: players -> (m, levels, fixed points): a cyclic base session searched for a design of m
#: sessions (``construction.cyclic_base_class``, attempts of ``CYCLIC_STEPS`` from the seed).
CYCLIC_MIXING = {44: (13, 3, 5), 56: (15, 3, 11)}
CYCLIC_STEPS = 20_000
#: (players, sessions) -> AIM's figure (None: beyond their statistics): sessions of a design
#: developed over Z_m (``seating.rotational`` for 48, 52 and 60 players, ``CYCLIC_MIXING``
#: for 44 and 56), from the first size the desk's other designs left short of it (or with
#: repeats) to the design's every session.
DEVELOPED = {
    (44, 12): 30, (44, 13): 36,
    (48, 11): 22, (48, 12): 27, (48, 13): 33, (48, 14): 39, (48, 15): 45,
    (52, 14): 36, (52, 15): 42, (52, 16): None, (52, 17): None,
    (56, 11): 14, (56, 13): 24, (56, 14): 30, (56, 15): 36,
    (60, 13): 23, (60, 14): 28, (60, 15): 33, (60, 16): None, (60, 17): None, (60, 18): None,
    (60, 19): None,
}  # fmt: skip


# --------------------------------------------------------------------------- finite geometry


def common_counts(n: int, rounds: Rounds) -> tuple[int, int, int]:
    """``(repeats, fewest, pairs at fewest)`` of a schedule; fewest is ``n`` if all meet."""
    met = [0] * n
    repeats = 0
    for session in rounds:
        for table in session:
            for a, b in itertools.combinations(table, 2):
                if met[a] >> b & 1:
                    repeats += 1
                met[a] |= 1 << b
                met[b] |= 1 << a
    fewest, count = n, 0
    for a in range(n):
        for b in range(a + 1, n):
            if not met[a] >> b & 1:
                common = (met[a] & met[b]).bit_count()
                if common < fewest:
                    fewest, count = common, 1
                elif common == fewest:
                    count += 1
    return repeats, fewest, count


def best_subset(
    n: int, design: Rounds, sessions: int, first_fixed: bool = False
) -> tuple[tuple[int, int], Rounds]:
    """Of every choice of ``sessions`` sessions of a zero-repeat ``design``, the one with the
    most opponents in common (``(fewest, pairs at fewest)``, the first found on a tie).
    ``first_fixed``: only the choices holding session 0 (enough when the design's symmetries
    take any session to any other, as for AG(3, 4))."""
    best: tuple[tuple[int, int], Rounds] | None = None
    others = range(1, len(design)) if first_fixed else range(len(design))
    for chosen in itertools.combinations(others, sessions - first_fixed):
        picked = [design[r] for r in ((0, *chosen) if first_fixed else chosen)]
        _repeats, fewest, count = common_counts(n, picked)
        if best is None or (fewest, -count) > (best[0][0], -best[0][1]):
            best = ((fewest, count), picked)
    assert best is not None
    return best


def make_mixing(seed: int, log: Log = quiet, players: Collection[int] = ()) -> dict[str, dict]:
    """The designs of ``MIXING_ROWS``, ``MIXING_GROUPS``, ``GEOMETRY`` and
    ``DEVELOPED`` (only those of ``players`` when given), keyed ``"NxS"``: offset
    rows (``{"fewest", "rows"}``) or numbered sessions (``{"fewest", "rounds"}``, the tables of
    each session in the order of the fewest returns to a table number: placed so over a group,
    else by ``construction.number_design``). A size whose search stays under its target is
    left out (the draw keeps its other designs)."""
    found: dict[str, dict] = {}

    def wanted(sizes: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
        return [size for size in sizes if not players or size[0] in players]

    for n, sessions in wanted(MIXING_ROWS):
        target = MIXING_ROWS[n, sessions]
        rows = mixing_rows(n // 4, sessions, seed, MIXING_STEPS, target=target)
        if rows and rows[0][0] >= target:
            found[f"{n}x{sessions}"] = {"fewest": rows[0][0], "rows": rows[1]}
            log(f"  {n}x{sessions}: offset rows with fewest {rows[0][0]} (target {target})")
        else:
            log(f"  {n}x{sessions}: nothing reaches {target}")
    for n, sessions in wanted(MIXING_GROUPS):
        orders, target = MIXING_GROUPS[n, sessions]
        for attempt in range(GROUP_SEEDS):
            rows = mixing_rows(
                n // 4, sessions, seed + attempt, GROUP_STEPS, target=target, orders=orders
            )
            if not rows or rows[0][0] < target:
                continue
            rounds = group_offset_design(orders, rows[1])
            if table_revisits([[tuple(t) for t in session] for session in rounds]) == 0:
                found[f"{n}x{sessions}"] = {"fewest": rows[0][0], "rounds": rounds}
                log(f"  {n}x{sessions}: rows over {orders}, fewest {rows[0][0]}, numbered")
                break
    packing = pg33_packing(seed) if wanted(GEOMETRY) else []
    for n, sessions in wanted(GEOMETRY):
        aim = GEOMETRY[n, sessions]
        if n == 40:
            (fewest, count), picked = best_subset(n, packing, sessions)
        else:
            (fewest, count), picked = best_subset(n, ag34_classes(), sessions, first_fixed=True)
        revisits, numbered = number_design(picked)
        found[f"{n}x{sessions}"] = {"fewest": fewest, "rounds": numbered}
        mixing = f"fewest {fewest} ({count} pairs; target {aim})" if fewest < n else "all meet"
        log(f"  {n}x{sessions}: geometry, {mixing}, {revisits} re-visits")
    developed: dict[int, Rounds] = {}
    for n, sessions in wanted(DEVELOPED):
        aim = DEVELOPED[n, sessions]
        if n not in developed:
            developed[n] = make_rotational(n)[1] if n in ROTATIONAL else _cyclic(n, seed)
        (fewest, count), picked = best_subset(n, developed[n], sessions)
        revisits, numbered = number_design(picked)
        by_classes, numbers = number_by_classes(picked)  # kept only where it is better
        if by_classes < revisits:
            revisits, numbered = by_classes, _in_order(picked, numbers)
        found[f"{n}x{sessions}"] = {"fewest": fewest, "rounds": numbered}
        mixing = f"fewest {fewest} ({count} pairs; target {aim})" if fewest < n else "all meet"
        log(f"  {n}x{sessions}: developed over Z_m, {mixing}, {revisits} re-visits")
    return dict(sorted(found.items(), key=lambda item: tuple(map(int, item[0].split("x")))))


def _in_order(rounds: Rounds, numbers: list[list[int]]) -> Rounds:
    """Each session's tables in the order of their numbers."""
    ordered: Rounds = []
    for session, places in zip(rounds, numbers, strict=True):
        tables: list[list[int]] = [[] for _ in session]
        for table, place in zip(session, places, strict=True):
            tables[place] = table
        ordered.append(tables)
    return ordered


def _cyclic(n: int, seed: int) -> Rounds:
    """The m sessions of a cyclic base session of ``CYCLIC_MIXING`` for ``n`` players (the
    first of up to 100 attempts from ``seed`` that finds one)."""
    m, levels, fixed = CYCLIC_MIXING[n]
    for attempt in range(100):
        base = cyclic_base_class(m, levels, fixed, seed * 1000 + attempt, CYCLIC_STEPS)
        if base:
            return develop(base, m, levels)
    raise ConstructionError(f"no cyclic base session for {n} players")
