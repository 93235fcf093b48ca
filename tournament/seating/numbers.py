"""Table numbers: who sits at which table number, session by session (docs/rules.md §8).

The draw decides who sits with whom and at which wind; the number of a table is only its place
in the session's list. Left alone, many players would sit at one table number in every session.
``number_tables`` orders each new session's tables by an assignment (the Hungarian method, exact,
O(t^3) for t tables) so that as few players as possible return to a table number they already
had, without touching who sits with whom or the winds; in small rooms, where the assignments can
miss it, a bounded exact search looks for a numbering without any re-visit. ``table_revisits``
counts what is left.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from tournament.seating.renumber import renumber

Schedule = list[list[tuple[Hashable, ...]]]
#: Exchanges of two tables' numbers the tabu search may examine (``seating.renumber``).
NUMBER_WORK = 1_500_000
#: Rooms of at most EXACT_TABLES tables end with an exact search of at most EXACT_NODES nodes.
EXACT_TABLES = 16
EXACT_NODES = 1500


def assignment(cost: list[list[int]]) -> list[int]:
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
    for index, position in enumerate(assignment(cost)):
        ordered[position] = session[index]
    return ordered


def number_tables(
    schedule: Sequence[Sequence[Sequence[Hashable]]],
    first: int = 0,
    passes: int = 12,
    searches: bool = True,
) -> Schedule:
    """``schedule`` with the tables of sessions ``first`` onwards put in the order that sends
    the fewest players back to a table number they had; earlier sessions keep their order.

    Each new session is first numbered against the sessions before it, then each is numbered
    again against all the others, for at most ``passes`` rounds or until nothing improves;
    then (unless not ``searches``: the assignments alone) the exact search of small rooms and
    the tabu search. Deterministic: the same schedule always gets the same numbers."""
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
    as_drawn = table_revisits(drawn)
    if as_drawn < best[0]:  # a design that came numbered, better than the assignments
        best = (as_drawn, [list(session) for session in drawn])
    if not searches:
        return best[1]
    if best[0] and drawn and len(drawn[0]) <= EXACT_TABLES:
        # small rooms: the assignments can miss a numbering without re-visits that exists
        exact = _without_revisits(best[1], first, EXACT_NODES)
        if exact is not None:
            return exact
    bound = revisit_bound(best[1], first)
    if best[0] > bound:  # docs/rules.md §8.1: a tabu search goes on from the best numbering
        best = _searched(best[1], first, bound)
    return best[1]


def _searched(schedule: Schedule, first: int, bound: int) -> tuple[int, Schedule]:
    """``renumber`` run on ``schedule`` (its own fixed random stream: a schedule always gets
    the same numbers), with the result put back into table order."""
    index: dict[Hashable, int] = {}
    tables = [
        [[index.setdefault(p, len(index)) for p in table] for table in session]
        for session in schedule
    ]
    order = [list(range(len(session))) for session in schedule]
    rng = random.Random(f"numbers/{len(schedule)}/{len(index)}")
    found, numbers = renumber(tables, order, first, bound, NUMBER_WORK, rng)
    result: Schedule = []
    for session, places in zip(schedule, numbers, strict=True):
        ordered: list[tuple[Hashable, ...]] = [()] * len(session)
        for table, place in zip(session, places, strict=True):
            ordered[place] = tuple(table)
        result.append(ordered)
    return found, result


def revisit_bound(schedule: Sequence[Sequence[Sequence[Hashable]]], first: int = 0) -> int:
    """Fewest re-visits any numbering of these tables can have (docs/rules.md §8.1).

    The larger of two bounds. *Counting*: a player who sits in more sessions than there are
    table numbers returns to one at least once per session beyond them. *Meetings*: the players
    at one number are the tables given it, one per session; against a chosen session r, every
    player of a table who also sits in r's table of that number re-visits it, so each other
    session costs at least its cheapest assignment to r's tables by the players they share;
    the largest such sum over r (computed in rooms of at most ``EXACT_TABLES`` tables, where
    it can exceed the counting bound: 16 players, whose tables must share a player). With
    played sessions (``first``) the search may do worse: their numbers are fixed.
    """
    if not schedule:
        return 0
    numbers = max(len(session) for session in schedule)
    sittings: dict[Hashable, int] = {}
    for session in schedule:
        for table in session:
            for p in table:
                sittings[p] = sittings.get(p, 0) + 1
    counting = sum(max(0, count - numbers) for count in sittings.values())
    if numbers > EXACT_TABLES or len(schedule) < 2:
        return counting
    seated: list[list[set[Hashable]]] = [[set(t) for t in session] for session in schedule]
    meetings = 0
    for r, reference in enumerate(seated):
        total = 0
        for s, other in enumerate(seated):
            if s != r and len(other) == len(reference):
                cost = [[len(a & b) for b in reference] for a in other]
                total += sum(cost[i][j] for i, j in enumerate(assignment(cost)))
        meetings = max(meetings, total)
    return max(counting, meetings)


def numbers_without_revisits(sessions: Sequence[Sequence[Sequence[Hashable]]]) -> bool:
    """Whether the bounded exact search numbers these sessions' tables without a re-visit
    (False also when it ran out of nodes); for rooms of at most ``EXACT_TABLES`` tables."""
    schedule: Schedule = [[tuple(table) for table in session] for session in sessions]
    if not schedule or len(schedule[0]) > EXACT_TABLES:
        return False
    if table_revisits(schedule) == 0:
        return True
    return _without_revisits(schedule, 0, EXACT_NODES) is not None


def _without_revisits(schedule: Schedule, first: int, nodes: int) -> Schedule | None:
    """A numbering of sessions ``first`` onwards that sends nobody back to a table number they
    had, found by a depth-first search (the table with the fewest numbers left first), or None
    when there is none or the search ran out of its ``nodes``."""
    used: dict[Hashable, int] = {}  # player -> table numbers held (a bit mask)
    for session in schedule[:first]:
        for position, table in enumerate(session):
            for player in table:
                used[player] = used.get(player, 0) | 1 << position
    for session in schedule[first:]:
        for table in session:
            for player in table:
                used.setdefault(player, 0)
    taken = [0] * len(schedule)  # numbers given in each session
    numbered: dict[tuple[int, int], int] = {}

    def give(s: int, t: int, number: int, sign: int) -> None:
        taken[s] ^= 1 << number
        for player in schedule[s][t]:
            used[player] ^= 1 << number
        if sign > 0:
            numbered[s, t] = number
        else:
            del numbered[s, t]

    left = [(s, t) for s in range(first, len(schedule)) for t in range(len(schedule[s]))]
    if first == 0 and schedule:  # the first session's numbers are a free choice: keep them
        for t in range(len(schedule[0])):
            give(0, t, t, 1)
        left = [(s, t) for s, t in left if s > 0]
    budget = [nodes]
    every = [(1 << len(session)) - 1 for session in schedule]  # all numbers of a session

    def search(left: list[tuple[int, int]]) -> bool | None:
        if not left:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return None
        # the table with the fewest free numbers (``free``, inlined: the hot loop)
        choice, options, fewest = 0, 0, -1
        for i, (s, t) in enumerate(left):
            mask = every[s] & ~taken[s]
            for player in schedule[s][t]:
                mask &= ~used[player]
            if fewest < 0 or mask.bit_count() < fewest:
                choice, options, fewest = i, mask, mask.bit_count()
                if not mask:
                    return False
        s, t = left[choice]
        rest = left[:choice] + left[choice + 1 :]
        while options:
            number = (options & -options).bit_length() - 1
            options &= options - 1
            give(s, t, number, 1)
            found = search(rest)
            if found:
                return True
            give(s, t, number, -1)
            if found is None:
                return None
        return False

    if not search(left):
        return None
    result = [list(session) for session in schedule]
    for s in range(first, len(schedule)):
        ordered: list[tuple[Hashable, ...]] = [()] * len(schedule[s])
        for t, table in enumerate(schedule[s]):
            ordered[numbered[s, t]] = tuple(table)
        result[s] = ordered
    return result


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
