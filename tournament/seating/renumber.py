"""Table numbers by local search: the fewest returns to a table number (pure Python, no database).

``number_tables`` (``seating.numbers``) first numbers each session by an exact assignment against
the others; that stops at a numbering no single session can improve alone. ``renumber`` goes on
from there with a tabu search over the numbers of two tables of one session exchanged (who sits
with whom and at which wind never changes). Its state is ``held[p][k]``, how many sessions
player p sits at table number k; a re-visit is every sitting beyond the first at a number, so
the cost is ``sum max(0, held[p][k] - 1)`` (``numbers.table_revisits``). For each table and
number it keeps ``near[s][t][k]``, the players of table t of session s who sit at number k in
another session, so the change of an exchange is four look-ups:
``near[t][b] - near[t][a] + near[u][a] - near[u][b]`` for tables t at a and u at b. It keeps
that change for every exchange: exchanging numbers a and b changes only the counts of a and b,
so in each session only the exchanges of the two tables numbered a and b are priced again, and
a session whose least change is above the best exchange found so far is passed over at once.

Each step takes a best exchange among those that move a table with a re-visit (ties drawn from
the search's own ``random.Random``); an exchange just undone is tabu for a few steps unless it
beats the best numbering seen; after ``STALL`` steps without a better numbering the search goes
back to the best one and makes a few random exchanges. It stops at ``bound`` (nothing can be
better), after ``PATIENCE`` steps without a better numbering, or when it has examined ``work``
exchanges: iteration counts, so the numbers are the same on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

TENURE = (5, 12)  # steps an undone exchange stays tabu: drawn in this range
STALL = 200  # steps without a better numbering before going back to the best one
KICKS = 3  # random exchanges made then
PATIENCE = 2000  # steps without a better numbering before the search gives up
NONE_YET = 1 << 60  # above the change of any exchange
UNMOVED = 1 << 61  # above NONE_YET: an exchange of two tables without a re-visit


def renumber(
    tables: Sequence[Sequence[Sequence[int]]],
    order: list[list[int]],
    first: int,
    bound: int,
    work: int,
    rng: random.Random,
    patience: int = PATIENCE,
) -> tuple[int, list[list[int]]]:
    """Improve the numbers of sessions ``first`` onwards; returns ``(re-visits, numbers)``.

    ``tables[s][t]`` holds the players (indices ``0 .. n-1``) of table t of session s;
    ``order[s][t]`` is its number (a permutation of ``range(len(tables[s]))``; earlier
    sessions keep theirs). Stops at ``bound`` re-visits, after ``work`` exchanges examined or
    after ``patience`` steps without a better numbering.
    """
    players = 1 + max((p for session in tables for table in session for p in table), default=-1)
    numbers = max((len(session) for session in tables), default=0)
    held = [[0] * numbers for _ in range(players)]
    seats: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    num = [row[:] for row in order]
    for s, session in enumerate(tables):
        for t, table in enumerate(session):
            for p in table:
                held[p][num[s][t]] += 1
                seats[p].append((s, t))
    near = [[[0] * numbers for _table in session] for session in tables]

    def count_near(s: int, t: int) -> None:
        rows = [held[p] for p in tables[s][t]]
        mine = num[s][t]
        counts = [len(column) - column.count(0) for column in zip(*rows, strict=True)]
        if not rows:  # a played table whose players have all left
            counts = [0] * numbers
        counts[mine] = sum(1 for row in rows if row[mine] >= 2)
        near[s][t][:] = counts  # in place: ``elsewhere`` holds the rows

    for s, session in enumerate(tables):
        for t in range(len(session)):
            count_near(s, t)
    # elsewhere[p][s]: the rows of ``near`` of p's tables in the sessions other than s
    elsewhere = [
        [[near[r][v] for r, v in places if r != s] for s in range(len(tables))] for places in seats
    ]
    cost = sum(c - 1 for row in held for c in row if c > 1)
    best, best_num = cost, [row[:] for row in num]
    movable = [s for s in range(first, len(tables)) if len(tables[s]) > 1]
    # change[s][i]: the change of the i-th exchange of session s (tables t < u in order,
    # ``pairs``), or UNMOVED for two tables without a re-visit (never tried). An exchange
    # changes only the counts of its two numbers, so in each session only the exchanges of
    # the two tables holding those numbers change: those are priced again, the others kept
    pairs = {m: [(t, u) for t in range(m) for u in range(t + 1, m)] for m in map(len, tables)}
    with_tables: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}

    def touching(m: int, v: int, w: int) -> list[tuple[int, int, int]]:
        """``(i, t, u)`` of the exchanges of tables v or w in a session of m tables."""
        if (m, v, w) not in with_tables:
            with_tables[m, v, w] = [
                (i, t, u) for i, (t, u) in enumerate(pairs[m]) if v in (t, u) or w in (t, u)
            ]
        return with_tables[m, v, w]

    def price(s: int, exchanges: Iterable[tuple[int, int, int]]) -> None:
        rows, mine, row_changes = near[s], num[s], change[s]
        for i, t, u in exchanges:
            a, b = mine[t], mine[u]
            row_t, row_u = rows[t], rows[u]
            at_a, at_b = row_t[a], row_u[b]
            row_changes[i] = row_t[b] - at_a + row_u[a] - at_b if at_a or at_b else UNMOVED

    change = [[UNMOVED] * len(pairs[len(session)]) for session in tables]
    every_exchange = {
        m: [(i, t, u) for i, (t, u) in enumerate(listed)] for m, listed in pairs.items()
    }
    for s in movable:
        price(s, every_exchange[len(num[s])])
    table_at = [[-1] * numbers for _ in tables]  # table_at[s][k]: the table numbered k
    for s, mine in enumerate(num):
        for t, k in enumerate(mine):
            table_at[s][k] = t

    def exchange(s: int, t: int, u: int, priced: bool = True) -> None:
        """Exchange the numbers of tables t and u of session s, keeping ``held`` and ``near``
        true: ``near[r][v][k]`` counts p while ``held[p][k] - (num[r][v] == k) >= 1``; and
        ``change`` unless not ``priced`` (several exchanges in a row, priced once after)."""
        a, b = num[s][t], num[s][u]
        for leaving, joining, players in ((a, b, tables[s][t]), (b, a, tables[s][u])):
            for p in players:
                row = held[p]
                out, into = row[leaving], row[joining]
                row[leaving], row[joining] = out - 1, into + 1
                # p's other tables stop counting p at `leaving` when p had it once (then
                # none of them has that number), or at the one table numbered `leaving` when p
                # had it twice; they start counting p at `joining` when p had it never (none
                # of them has it), or at the one numbered `joining` when p had it once; else
                # nothing changes (p sits once a session: one table of each other session)
                if out == 1:
                    for other in elsewhere[p][s]:
                        other[leaving] -= 1
                elif out == 2:
                    for r, v in seats[p]:
                        if r != s and num[r][v] == leaving:
                            near[r][v][leaving] -= 1
                            break
                if into == 0:
                    for other in elsewhere[p][s]:
                        other[joining] += 1
                elif into == 1:
                    for r, v in seats[p]:
                        if r != s and num[r][v] == joining:
                            near[r][v][joining] += 1
                            break
        num[s][t], num[s][u] = b, a
        table_at[s][a], table_at[s][b] = u, t
        count_near(s, t)
        count_near(s, u)
        for r in movable if priced else ():
            v, w = (t, u) if r == s else (table_at[r][a], table_at[r][b])
            price(r, touching(len(num[r]), v, w))

    tabu: dict[tuple[int, int, int], int] = {}
    stall = step = last_gain = 0
    while best > bound and work > 0 and movable and step - last_gain < patience:
        step += 1
        best_delta = NONE_YET
        moves: list[tuple[int, int, int]] = []
        aspiration = best - cost
        for s in movable:
            row_changes = change[s]
            # every exchange but those of two tables without a re-visit counts as examined
            work -= len(row_changes) - row_changes.count(UNMOVED)
            if min(row_changes) > best_delta:
                continue  # none as good as the best found
            mine, listed = num[s], pairs[len(num[s])]
            for i, delta in enumerate(row_changes):
                if delta > best_delta:
                    continue
                t, u = listed[i]
                a, b = mine[t], mine[u]
                if (tabu.get((s, t, b), 0) > step or tabu.get((s, u, a), 0) > step) and not (
                    delta < aspiration
                ):
                    continue
                if delta < best_delta:
                    best_delta, moves = delta, [(s, t, u)]
                else:
                    moves.append((s, t, u))
        if not moves:
            break  # nothing to move: every table of a movable session is free of re-visits
        s, t, u = rng.choice(moves)
        a, b = num[s][t], num[s][u]
        exchange(s, t, u)
        cost += best_delta
        tabu[s, t, a] = tabu[s, u, b] = step + rng.randint(*TENURE)
        if cost < best:
            best, best_num, stall, last_gain = cost, [row[:] for row in num], 0, step
            continue
        stall += 1
        if stall > STALL:
            stall = 0
            for s in movable:  # back to the best numbering
                for t in range(len(num[s])):
                    if num[s][t] != best_num[s][t]:
                        exchange(s, t, num[s].index(best_num[s][t]), priced=False)
            cost = best
            for _kick in range(KICKS):
                s = movable[rng.randrange(len(movable))]
                t, u = rng.sample(range(len(num[s])), 2)
                a, b = num[s][t], num[s][u]
                cost += near[s][t][b] - near[s][t][a] + near[s][u][a] - near[s][u][b]
                exchange(s, t, u, priced=False)
            for s in movable:
                price(s, every_exchange[len(num[s])])
    return best, best_num
