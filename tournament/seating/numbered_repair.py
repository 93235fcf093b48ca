"""Club-mates apart first: the numbered design's last clashes traded for repeats (pure Python).

With club-mates apart first, a clash weighs as much as seven repeated meetings, and where no
labelling of the numbered column design keeps every club apart (32x7 with clubs of 4 to 6) the
tabu search (``seating.search``) removes the last clashes with a few repeats; its tables then
admit no numbering without a return to a table number (18 to 22 re-visits at 32x7). The
relabelled numbered design (``numbered_relabel``) has no repeat and no re-visit, but a clash or
two. ``repair`` starts from it and exchanges two players of one session, each time the exchange
that lowers the cost most (``seating.weights``: repeats, clashes), then the re-visits to the
design's numbers; it stops when no exchange lowers either. The result keeps most of the design's
numbering: ``numbered_tables.numbered_instead`` takes it in place of the searched tables when it
is no worse on team-mates, repeats and clashes, each counted alone, and has fewer re-visits
(docs/rules.md §8.1).

Budgeted in exchanges made, so the result is the same on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament.seating.base import Round
from tournament.seating.numbered_relabel import figures
from tournament.seating.numbers import number_tables, table_revisits
from tournament.seating.weights import REPEAT_WEIGHT

REPAIR_STEPS = 60  # exchanges made at most
TENURE = 6  # steps a moved player stays in its session's table


def repair(
    n: int,
    sessions: Sequence[Round],
    weights: Sequence[Sequence[int]],
    played: Sequence[Round] = (),
    steps: int = REPAIR_STEPS,
) -> list[Round]:
    """``sessions`` (each table's place its number) after a tabu search over exchanges of two
    players of one session (one of them meeting a group-mate or somebody again at their
    table), by the cost of ``weights`` (``seating.weights``: the played sessions and the groups),
    then the re-visits to the numbers (``played``: the played sessions, their numbers fixed);
    the best found. The tables keep their places."""
    result = [[list(table) for table in session] for session in sessions]
    costs = [list(row) for row in weights]  # + REPEAT_WEIGHT x the new meetings
    at = [[0] * len(result[0]) for _ in range(n)]  # sittings of each player at each number
    for session in played:
        for number, table in enumerate(session):
            for a in table:
                at[a][number] += 1
    for session in result:
        for number, table in enumerate(session):
            for a in table:
                at[a][number] += 1
                for b in table:
                    if b != a:
                        costs[a][b] += REPEAT_WEIGHT
    cost = 0
    best_seen = (0, 0, [[table[:] for table in session] for session in result])
    tabu: dict[tuple[int, int], int] = {}  # (session, player): the step it may move again
    for step in range(steps):
        move = None  # (cost change, re-visit change, s, A, i, B, j)
        for s, session in enumerate(result):
            for A, table in enumerate(session):
                for i, a in enumerate(table):
                    row_a = costs[a]
                    if not any(row_a[c] > REPEAT_WEIGHT for c in table if c != a):
                        continue  # a player who meets nobody again and no group-mate here
                    if tabu.get((s, a), 0) > step:
                        continue
                    leave_a = sum(row_a[c] - REPEAT_WEIGHT for c in table if c != a)
                    for B, other in enumerate(session):
                        if B == A:
                            continue
                        join_a = sum(row_a[c] for c in other)
                        for j, b in enumerate(other):
                            if tabu.get((s, b), 0) > step:
                                continue
                            row_b = costs[b]
                            change = (
                                join_a - row_a[b] - leave_a
                                + sum(row_b[c] for c in table if c != a)
                                - sum(row_b[c] - REPEAT_WEIGHT for c in other if c != b)
                            )  # fmt: skip
                            revisits = (
                                (at[a][B] >= 1) - (at[a][A] >= 2)
                                + (at[b][A] >= 1) - (at[b][B] >= 2)
                            )  # fmt: skip
                            if move is None or (change, revisits) < move[:2]:
                                move = (change, revisits, s, A, i, B, j)
        if move is None:
            break
        change, revisits, s, A, i, B, j = move
        session = result[s]
        a, b = session[A][i], session[B][j]
        for c in session[A]:
            if c != a:
                _meet(costs, a, c, -1)
                _meet(costs, b, c, 1)
        for c in session[B]:
            if c != b:
                _meet(costs, b, c, -1)
                _meet(costs, a, c, 1)
        session[A][i], session[B][j] = b, a
        at[a][A] -= 1
        at[a][B] += 1
        at[b][B] -= 1
        at[b][A] += 1
        tabu[s, a] = tabu[s, b] = step + TENURE
        cost += change
        revisits_now = sum(max(0, k - 1) for row in at for k in row)
        if (cost, revisits_now) < best_seen[:2]:
            best_seen = (
                cost,
                revisits_now,
                [[table[:] for table in session] for session in result],
            )
    return best_seen[2]


def repaired_instead(
    n: int,
    start: Sequence[Round],
    searched: Sequence[Round],
    weights: Sequence[Sequence[int]],
    layers: Sequence[Sequence[int]],
    played: Sequence[Round] = (),
) -> list[Round] | None:
    """``start`` (tables of a numbered design, each table's place its number) repaired, when
    that is no worse than the ``searched`` tables on team-mates, repeats and clashes, each
    counted alone (after the ``played`` sessions), and has fewer re-visits once both are
    numbered; else None."""
    repaired = repair(n, start, weights, played)
    mine = figures(n, [*played, *repaired], layers)
    theirs = figures(n, [*played, *searched], layers)
    if not all(x <= y for x, y in zip(mine, theirs, strict=True)):
        return None
    first = len(played)
    before = table_revisits(number_tables([*played, *searched], first, searches=False))
    after = table_revisits(number_tables([*played, *repaired], first, searches=False))
    return repaired if after < before else None


def _meet(weights: list[list[int]], a: int, b: int, sign: int) -> None:
    weights[a][b] += sign * REPEAT_WEIGHT
    weights[b][a] += sign * REPEAT_WEIGHT
