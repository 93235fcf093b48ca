"""Table numbers: who sits at which table number, session by session (docs/rules.md §8).

The draw decides who sits with whom and at which wind; the number of a table is only its place
in the session's list. Left alone, many players would sit at one table number in every session.
``number_tables`` orders each new session's tables by an assignment (the Hungarian method, exact,
O(t^3) for t tables) so that as few players as possible return to a table number they already
had, without touching who sits with whom or the winds. ``table_revisits`` counts what is left.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

Schedule = list[list[tuple[Hashable, ...]]]
#: How much searching the restarts may do (in table^3 x sessions, the cost of one numbering).
RESTART_WORK = 600_000
MAX_RESTARTS = 60


def _assignment(cost: list[list[int]]) -> list[int]:
    """For a square cost matrix, the column of each row in a cheapest assignment."""
    n = len(cost)
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    match = [0] * (n + 1)  # match[column] = row, 1-based; 0 = free
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        match[0] = row
        column = 0
        least = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[column] = True
            current, delta, chosen = match[column], inf, 0
            for j in range(1, n + 1):
                if used[j]:
                    continue
                reduced = cost[current - 1][j - 1] - u[current] - v[j]
                if reduced < least[j]:
                    least[j], way[j] = reduced, column
                if least[j] < delta:
                    delta, chosen = least[j], j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            column = chosen
            if match[column] == 0:
                break
        while column:
            previous = way[column]
            match[column] = match[previous]
            column = previous
    result = [0] * n
    for j in range(1, n + 1):
        if match[j]:
            result[match[j] - 1] = j - 1
    return result


def _order(session, elsewhere, drawn):
    """`session`'s tables in the order that costs the fewest players a table number they have
    in `elsewhere` (player -> table numbers held in the other sessions); ties keep `drawn`."""
    size = len(session)
    cost = [
        [
            sum(1 for player in table if position in elsewhere.get(player, ())) * (size + 1)
            # a tiny preference for the drawn position breaks ties the same way always
            + (position != drawn.index(table))
            for position in range(size)
        ]
        for table in session
    ]
    ordered: list[tuple[Hashable, ...]] = [()] * size
    for index, position in enumerate(_assignment(cost)):
        ordered[position] = session[index]
    return ordered


def number_tables(
    schedule: Sequence[Sequence[Sequence[Hashable]]], first: int = 0, passes: int = 12
) -> Schedule:
    """``schedule`` with the tables of sessions ``first`` onwards put in the order that sends
    the fewest players back to a table number they had; earlier sessions keep their order.

    Each new session is first numbered against the sessions before it, then each is numbered
    again against all the others, for at most ``passes`` rounds or until nothing improves.
    Deterministic: the same schedule always gets the same numbers."""
    result: Schedule = [[tuple(table) for table in session] for session in schedule]
    drawn = [list(session) for session in result]

    def held(skip: int, upto: int) -> dict[Hashable, set[int]]:
        places: dict[Hashable, set[int]] = {}
        for number, session in enumerate(result[:upto]):
            if number != skip:
                for position, table in enumerate(session):
                    for player in table:
                        places.setdefault(player, set()).add(position)
        return places

    for number in range(first, len(result)):
        result[number] = _order(result[number], held(number, number), drawn[number])

    def descend() -> int:
        for _round in range(passes):
            before = table_revisits(result)
            if before == 0:
                return 0
            for number in range(first, len(result)):
                result[number] = _order(result[number], held(number, len(result)), drawn[number])
            if table_revisits(result) >= before:
                break
        return table_revisits(result)

    best = (descend(), [list(session) for session in result])
    # Small rooms get stuck where a player has few numbers to move to: start again from other
    # orders (a fixed sequence of shuffles, so the same schedule gets the same numbers).
    rng = random.Random(len(result) * 1000 + len(drawn[0]) if drawn else 0)
    budget = (
        RESTART_WORK // max(1, len(drawn[0]) ** 3 * max(1, len(result) - first)) if drawn else 0
    )
    for _restart in range(min(budget, MAX_RESTARTS)):
        if best[0] == 0:
            break
        for number in range(first, len(result)):
            rng.shuffle(result[number])
        score = descend()
        if score < best[0]:
            best = (score, [list(session) for session in result])
    return best[1]


def table_revisits(schedule: Sequence[Sequence[Sequence[Hashable]]]) -> int:
    """How many times a player sits at a table number they already had in an earlier session."""
    had: dict[Hashable, set[int]] = {}
    revisits = 0
    for session in schedule:
        for position, table in enumerate(session):
            for player in table:
                seen = had.setdefault(player, set())
                revisits += position in seen
                seen.add(position)
    return revisits
