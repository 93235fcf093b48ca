"""Zero-repeat designs over ``Z_m x 3 + f`` that the rotation of the three levels leaves unchanged
(pure Python, no database), searched for their indirect meetings (docs/rules.md §8.4).

The players are the points ``(x, l)`` of ``Z_m`` (m odd) on three levels, point ``l * m + x``,
plus ``f`` fixed points ``3m ..``; one base session (a parallel class) is searched, and its
``m`` translates ``x -> x + t`` are the ``m`` sessions (``construction.develop``). The base
session is searched among those that the rotation ``(x, l) -> (x, l + 1)`` maps to itself:
it is the rotations of a few *orbit tables*, so the search places each ``x`` of ``Z_m`` once,
in an orbit table and on a level, and tries a third as many tables as a plain search. Two
players meet once in every session pair of their difference: a pair of one level meets once
when its gap ``1 .. (m-1)/2`` is used once, a pair of two levels when its difference (the
next level's point minus this one's) is used once. Two shapes:

* ``f = 3`` (48 = Z15 x 3 + 3, 60 = Z19 x 3 + 3, 36 = Z11 x 3 + 3): the fixed points are
  rotated among themselves, so one orbit table holds a fixed point and one point of each
  level; no table seats ``(x, 0)``, ``(x, 1)`` and ``(x, 2)`` together (difference 0 is never
  used), nor two fixed points. The players each one never meets are then the two others of
  a group of three, ``{(x, 0), (x, 1), (x, 2)}`` or the fixed points, and every other pair
  meets once (a resolvable design of ``3m + 3`` players in groups of three): two players who
  never meet miss the same third player, the most opponents in common such a size allows.
  36 players keep their design of ``construction.grouped_base_class`` (the same shape).
* ``f = 1`` (52 = Z17 x 3 + 1): the fixed point sits with ``(a, 0)``, ``(a, 1)`` and
  ``(a, 2)`` (the one table that uses difference 0), and every pair meets exactly once (a
  resolvable design of pairs: 17 sessions in which everybody meets everybody).

The search is exact (depth first, ``x`` in increasing order, the first base session found);
``NODES`` bounds it. Deterministic, no random choice.
"""

from __future__ import annotations

from tournament.seating.construction import ConstructionError, develop

#: players -> (m, fixed points): the sizes searched (sessions: m).
ROTATIONAL = {48: (15, 3), 52: (17, 1), 60: (19, 3)}
NODES = 2_000_000  # search nodes the search of one base session may visit

Rounds = list[list[list[int]]]
Orbit = list[tuple[int, int]]  # (x, level) of an orbit table's points


def rotational_orbits(m: int, fixed: int, nodes: int = NODES) -> tuple[list[Orbit], int] | None:
    """The orbit tables of a base session over ``Z_m x 3 + fixed`` (``fixed`` 3 or 1) and, for
    ``fixed = 1``, the ``a`` of the fixed point's table (else -1); None when the search ends
    (or reaches ``nodes``) without one. With ``fixed = 3`` the first orbit table is the fixed
    points' one: one point per level, levels 0, 1 and 2 in that order."""
    if fixed not in (1, 3) or m % 2 == 0 or (m - fixed) % 4:
        raise ValueError(f"no rotational design over Z{m} x 3 + {fixed}")
    tables_wanted = (m - fixed) // 4
    pure = [False] * ((m - 1) // 2 + 1)  # gaps used within a level
    pure[0] = True
    mixed = [False] * m  # differences used from a level to the next
    mixed[0] = fixed == 3  # the groups of three never meet
    orbits: list[Orbit] = [[]] if fixed == 3 else []
    single: list[int] = []
    budget = [nodes]

    def place(t: int, x: int, level: int) -> list[tuple[list[bool], int]] | None:
        """Seat ``(x, level)`` at orbit table t when its pairs use new differences."""
        used: list[tuple[list[bool], int]] = []
        for y, other in orbits[t]:
            if other == level:
                flags, value = pure, min((x - y) % m, (y - x) % m)
            else:
                flags = mixed
                value = (x - y) % m if (other + 1) % 3 == level else (y - x) % m
            if flags[value]:
                for flags_used, value_used in used:
                    flags_used[value_used] = False
                return None
            flags[value] = True
            used.append((flags, value))
        orbits[t].append((x, level))
        return used

    def unplace(t: int, used: list[tuple[list[bool], int]]) -> None:
        orbits[t].pop()
        for flags, value in used:
            flags[value] = False

    def search(x: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if x == m:
            return True
        if fixed == 1 and not single and not mixed[0]:  # the fixed point's table
            mixed[0] = True
            single.append(x)
            if search(x + 1):
                return True
            single.pop()
            mixed[0] = False
        for t, orbit in enumerate(orbits):
            with_fixed = fixed == 3 and t == 0
            if len(orbit) >= (3 if with_fixed else 4):
                continue
            for level in (len(orbit),) if with_fixed else (0, 1, 2):
                used = place(t, x, level)
                if used is None:
                    continue
                if search(x + 1):
                    return True
                unplace(t, used)
        if len(orbits) - (fixed == 3) < tables_wanted:  # a new orbit table, x on level 0
            orbits.append([(x, 0)])
            if search(x + 1):
                return True
            orbits.pop()
        return False

    if not search(0):
        return None
    return [list(orbit) for orbit in orbits], (single[0] if single else -1)


def rotational_base_class(m: int, fixed: int, nodes: int = NODES) -> list[list[int]] | None:
    """The base session of ``rotational_orbits`` as tables of points (fixed point k is
    ``3m + k``, point ``(x, l)`` is ``l*m + x``), or None."""
    found = rotational_orbits(m, fixed, nodes)
    if found is None:
        return None
    orbits, single = found
    blocks: list[list[int]] = []
    for t, orbit in enumerate(orbits):
        for turn in range(3):
            block = [(level + turn) % 3 * m + x for x, level in orbit]
            blocks.append([3 * m + turn, *block] if fixed == 3 and t == 0 else block)
    if fixed == 1:
        blocks.append([3 * m, single, m + single, 2 * m + single])
    return blocks


def make_rotational(n: int) -> tuple[str, Rounds]:
    """The design of ``ROTATIONAL`` for ``n`` players: ``(method, m sessions)``."""
    m, fixed = ROTATIONAL[n]
    base = rotational_base_class(m, fixed)
    if base is None:
        raise ConstructionError(f"no rotational base session for {n} players")
    return f"rotational Z{m}x3+{fixed}, base class {base}", develop(base, m, 3)
