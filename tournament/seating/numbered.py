"""Numbered offset designs: zero repeats and nobody back at a table number (pure Python).

Built offline by ``bench/make_designs.py`` into ``seating/data/designs.json`` (key
``numbered_rows``) for the table counts where no field gives a column design that comes
numbered (docs/rules.md §8.1): 6, 10 and 12 tables. The draw reads them through
``tournament.seating.designs.column_design``.

The construction: g tables, four columns of g players; in session r the player of column j and
row i sits at table number ``i + e_j(r)`` (mod g). Two players of one column never meet; two of
columns j and k meet in session r only when their rows differ by ``e_k(r) - e_j(r)``, so rows
``e(r) = (e_0, e_1, e_2, e_3)`` whose pairwise differences are distinct from session to session
give zero repeats, and rows whose every ``e_j`` is distinct from session to session send nobody
back to a table number. The rows are found by a depth-first search in a fixed order (the first
row is all zero: moving every table number by the same amount changes nothing), so the same
command always writes the same rows. This module never touches the database.
"""

from __future__ import annotations

import itertools

Rows = list[list[int]]

#: tables -> sessions searched: 6 x 6 has no such rows (the search runs out of candidates),
#: 10 x 10 was not found within the node budget; 16 and more tables have fields or enough rows.
NUMBERED_SESSIONS = {6: 5, 10: 9, 12: 10}


def numbered_rows(g: int, sessions: int, node_limit: int = 5_000_000) -> Rows | None:
    """``sessions`` rows ``(e_0, e_1, e_2, e_3)`` in Z_g as described above, or None when the
    search finds none within ``node_limit`` nodes."""
    places: list[set[int]] = [set() for _ in range(4)]
    differences: dict[tuple[int, int], set[int]] = {
        pair: set() for pair in itertools.combinations(range(4), 2)
    }
    candidates = list(itertools.product(range(g), repeat=4))
    chosen: Rows = []
    nodes = 0

    def fits(row: tuple[int, ...]) -> bool:
        if any(row[j] in places[j] for j in range(4)):
            return False
        return all((row[k] - row[j]) % g not in seen for (j, k), seen in differences.items())

    def mark(row: tuple[int, ...], add: bool) -> None:
        for j in range(4):
            (places[j].add if add else places[j].discard)(row[j])
        for (j, k), seen in differences.items():
            (seen.add if add else seen.discard)((row[k] - row[j]) % g)

    def extend(start: int) -> bool:
        nonlocal nodes
        if len(chosen) == sessions:
            return True
        nodes += 1
        if nodes > node_limit:
            raise TimeoutError
        for index in range(start, len(candidates)):
            row = candidates[index]
            if fits(row):
                mark(row, True)
                chosen.append(list(row))
                if extend(index + 1):
                    return True
                chosen.pop()
                mark(row, False)
        return False

    first = (0, 0, 0, 0)
    mark(first, True)
    chosen.append(list(first))
    try:
        return chosen if extend(1) else None
    except TimeoutError:
        return None


def numbered_design(g: int, rows: Rows) -> list[list[list[int]]]:
    """The sessions of ``rows``; point ``j * g + i`` is column j, row i, and the table at place
    p of a session is table number p + 1."""
    return [
        [[j * g + (place - row[j]) % g for j in range(4)] for place in range(g)] for row in rows
    ]


def make_numbered(log=None) -> dict[str, Rows]:
    """The ``numbered_rows`` of the data file: rows for each size of ``NUMBERED_SESSIONS``."""
    table: dict[str, Rows] = {}
    for g, sessions in NUMBERED_SESSIONS.items():
        rows = numbered_rows(g, sessions)
        if rows is None:
            raise RuntimeError(f"no numbered offset rows for {g} tables and {sessions} sessions")
        if log:
            log(f"  {4 * g} players: {sessions} numbered sessions")
        table[str(g)] = rows
    return table
