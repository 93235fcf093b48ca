"""Table numbers by local search: the fewest returns to a table number (pure Python, no database).

``number_tables`` (``seating.numbers``) first numbers each session by an exact assignment against
the others; that stops at a numbering no single session can improve alone. ``renumber`` goes on
from there with a tabu search over the numbers of two tables of one session exchanged (who sits
with whom and at which wind never changes). Its state is ``held[p][k]``, how many sessions
player p sits at table number k; a re-visit is every sitting beyond the first at a number, so
the cost is ``sum max(0, held[p][k] - 1)`` (``numbers.table_revisits``). For each table and
number it keeps ``near[s][t][k]``, the players of table t of session s who sit at number k in
another session, so the change of an exchange is four look-ups:
``near[t][b] - near[t][a] + near[u][a] - near[u][b]`` for tables t at a and u at b.

Each step takes a best exchange among those that move a table with a re-visit (ties drawn from
the search's own ``random.Random``); an exchange just undone is tabu for a few steps unless it
beats the best numbering seen; after ``STALL`` steps without a better numbering the search goes
back to the best one and makes a few random exchanges. It stops at ``bound`` (nothing can be
better), after ``PATIENCE`` steps without a better numbering, or when it has examined ``work``
exchanges: iteration counts, so the numbers are the same on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

TENURE = (5, 12)  # steps an undone exchange stays tabu: drawn in this range
STALL = 200  # steps without a better numbering before going back to the best one
KICKS = 3  # random exchanges made then
PATIENCE = 2000  # steps without a better numbering before the search gives up
NONE_YET = 1 << 60  # above the change of any exchange


def renumber(
    tables: Sequence[Sequence[Sequence[int]]],
    order: list[list[int]],
    first: int,
    bound: int,
    work: int,
    rng: random.Random,
) -> tuple[int, list[list[int]]]:
    """Improve the numbers of sessions ``first`` onwards; returns ``(re-visits, numbers)``.

    ``tables[s][t]`` holds the players (indices ``0 .. n-1``) of table t of session s;
    ``order[s][t]`` is its number (a permutation of ``range(len(tables[s]))``; earlier
    sessions keep theirs). Stops at ``bound`` re-visits or after ``work`` exchanges examined.
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

    def exchange(s: int, t: int, u: int) -> None:
        """Exchange the numbers of tables t and u of session s, keeping ``held`` and ``near``
        true: ``near[r][v][k]`` counts p while ``held[p][k] - (num[r][v] == k) >= 1``."""
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
        count_near(s, t)
        count_near(s, u)

    tabu: dict[tuple[int, int, int], int] = {}
    stall = step = last_gain = 0
    while best > bound and work > 0 and movable and step - last_gain < PATIENCE:
        step += 1
        best_delta = NONE_YET
        moves: list[tuple[int, int, int]] = []
        aspiration = best - cost
        for s in movable:
            mine, rows = num[s], near[s]
            here = [row[k] for row, k in zip(rows, mine, strict=True)]
            # every exchange but those of two tables without a re-visit counts as examined
            free, m = here.count(0), len(mine)
            work -= (m * (m - 1) - free * (free - 1)) // 2
            for t, row in enumerate(rows):
                a, at_a = mine[t], here[t]
                for u in range(t + 1, m):
                    if not (at_a or here[u]):
                        continue
                    b = mine[u]
                    delta = row[b] - at_a + rows[u][a] - here[u]
                    if delta > best_delta:
                        continue
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
                        exchange(s, t, num[s].index(best_num[s][t]))
            cost = best
            for _kick in range(KICKS):
                s = movable[rng.randrange(len(movable))]
                t, u = rng.sample(range(len(num[s])), 2)
                a, b = num[s][t], num[s][u]
                cost += near[s][t][b] - near[s][t][a] + near[s][u][a] - near[s][u][b]
                exchange(s, t, u)
    return best, best_num
