"""Keeping the printed plan when the players change (pure Python, no database; docs/rules.md
§8.2).

Players get their schedule cards for the whole event at the start. When the sessions not yet
played are drawn again after a change of players, the previous draw is kept as far as it can be:

* a substitution (as many newcomers as leavers): each newcomer takes a leaver's seats; seats are
  then swapped inside the newcomers' tables only when the winds need it (``keep_previous``,
  ``repair_winds``);
* a late registration or a removed table (more newcomers than leavers, or fewer): only the
  tables that must change are drawn again, session by session: the leavers' tables, and as many
  more as let each newcomer sit with three players who were already there; a tabu search seats
  the players of those tables against everything the kept tables already decide
  (``patch_previous``).

``keeps`` judges the result against a fresh draw: it is kept unless the fresh draw has fewer
repeats or clashes, or better winds for a player who was there before.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable

from tournament.seating.base import Schedule, check_sessions
from tournament.seating.numbers import assignment
from tournament.seating.plan import plan_cost
from tournament.seating.search import improve
from tournament.seating.weights import add_session, base_weights, total_cost
from tournament.seating.winds import WINDS, wind_counts

PATCH_ITERATIONS = 3000  # tabu steps when the tables that must change are drawn again


def quality(seated, seats, history, apart) -> tuple[tuple[int, int], int]:
    """(repeat and clash rank, ``plan.plan_cost``; wind spread above 1) of new sessions after
    the played ones."""
    n = len(apart)
    spread = max(max(row) - min(row) for row in wind_counts(n, [*seats, *seated]))
    return plan_cost(n, history, apart, seated), max(spread, 1)


def keeps(seated, seats, history, apart, fresh, joiners) -> bool:
    """Whether the kept plan is as good as a fresh draw (``fresh``: its quality): no more
    repeats or clashes, and nobody's winds worse, except a newcomer's by one: a substitute who
    joins mid-event cannot always get every wind without moving other players (docs/rules.md
    §8.2), and moving everyone is what the kept plan is there to avoid."""
    cost, spread = quality(seated, seats, history, apart)
    if cost > fresh[0]:
        return False
    if spread <= fresh[1]:
        return True
    counts = wind_counts(len(apart), [*seats, *seated])
    others = max(
        (max(row) - min(row) for p, row in enumerate(counts) if p not in joiners), default=0
    )
    return max(others, 1) <= fresh[1] and spread <= fresh[1] + 1


def previous_players(previous) -> set[Hashable]:
    return {p for session in previous for table in session for p in table}


def keep_previous(previous, played, roster, total) -> Schedule | None:
    """The previous draw's unplayed sessions with leavers replaced by newcomers, or None."""
    future = _future(previous, played, total)
    if future is None:
        return None
    order: dict[Hashable, int] = {}
    for session in future:
        for table in session:
            for p in table:
                order.setdefault(p, len(order))
    members = set(roster)
    leavers = [p for p in order if p not in members]
    joiners = [p for p in roster if p not in order]
    if len(leavers) != len(joiners):
        return None
    swap = dict(zip(leavers, joiners, strict=True))
    kept = [[tuple(swap.get(p, p) for p in table) for table in session] for session in future]
    for session in kept:
        seated = [p for table in session for p in table]
        if len(seated) != len(roster) or set(seated) != members:
            return None
    return kept


def _future(previous, played, total):
    plan = check_sessions(previous)
    if len(plan) != total:
        return None
    return plan[len(played) :]


def patch_previous(
    previous,
    played,
    roster,
    total,
    history,
    apart,
    rng: random.Random,
    at_least: int = 0,
    winds: tuple[list[int], int] | None = None,
):
    """The previous draw's unplayed sessions (on player indices, seat order) with only the
    tables that must change drawn again, and the set of ``(session, place)`` of those tables;
    None when there is no previous plan of the same sessions or nobody changed.

    In each session the tables of a leaver are opened, then more tables until the newcomers
    are at most a quarter of the players to seat and ``at_least`` tables are open (the caller
    opens more when the result is not good enough): first those whose players are already
    moved in another session, whose cards are reprinted anyway. Those players are seated again
    by the tabu search, every kept table's meetings counting as already decided, each player
    wanting the wind they had there and each newcomer a wind in turn (``seat_masks``: then
    nobody's winds change and the newcomers' are even). The new tables take the numbers left free by the opened ones (a table more
    takes the next number; with a table fewer, a kept table above the last number moves to a
    free one), the numbers chosen by an assignment that sends the fewest players back to a
    number they have in another session (docs/rules.md §8.2). ``winds``
    (``seating.winds.missing_winds``) is the block of four started before the re-draw."""
    future = _future(previous, played, total)
    if future is None:
        return None
    index = {player: i for i, player in enumerate(roster)}
    there = previous_players(future)
    if all(p in there for p in roster) and all(p in index for p in there):
        return None
    n = len(roster)
    layouts = []
    moved: set[int] = set()
    full = (1 << WINDS) - 1
    block_masks, block_left = winds if winds else ([full] * n, 0)
    seat_masks = []
    for number, session in enumerate(future):
        # newcomers and leavers of this session (an earlier re-draw may have seated some)
        seated = {p for table in session for p in table}
        joiners = [index[p] for p in roster if p not in seated]
        opened = [t for t, table in enumerate(session) if any(p not in index for p in table)]
        closed = [t for t in range(len(session)) if t not in opened]
        rng.shuffle(closed)
        closed.sort(key=lambda t: sum(index[p] in moved for p in session[t]))
        free = [index[p] for t in opened for p in session[t] if p in index] + joiners
        # each newcomer among three others, and at least `at_least` tables open
        while (len(free) < 4 * len(joiners) or len(opened) < at_least) and closed:
            t = closed.pop()
            opened.append(t)
            free.extend(index[p] for p in session[t])
        opened.sort()
        if len(free) % 4:
            return None  # a session that does not seat the roster: draw afresh
        moved.update(free)
        rng.shuffle(free)
        kept = {t: [index[p] for p in session[t]] for t in closed}
        layouts.append((kept, opened, [free[i : i + 4] for i in range(0, len(free), 4)]))
        masks = [block_masks[p] if number < block_left else full for p in range(n)]
        for table in session:
            for wind, p in enumerate(table):
                if p in index:
                    masks[index[p]] = 1 << wind
        for k, p in enumerate(joiners):  # newcomers: a wind in turn, East, South, ...
            masks[p] = 1 << (k + number) % WINDS
        seat_masks.append(masks)
    weights = base_weights(n, history, apart)
    for kept, _opened, _new in layouts:
        add_session(weights, list(kept.values()), 1)
    moving = [new for _kept, _opened, new in layouts]
    held = _held_numbers(history, layouts, n)
    numbers = [
        [t for t in range(len(kept) + len(new)) if t not in kept or t >= len(kept) + len(new)]
        for kept, _opened, new in layouts
    ]
    moving, _cost = improve(
        moving,
        weights,
        total_cost(weights, apart),
        rng,
        PATCH_ITERATIONS,
        apart=apart,
        seat_masks=seat_masks,
        numbered=(held, numbers),
    )
    sessions, changed = [], set()
    for s, ((kept, _opened, _new), new) in enumerate(zip(layouts, moving, strict=True)):
        size = len(kept) + len(new)
        places: dict[int, list[int]] = {t: table for t, table in kept.items() if t < size}
        items = [_seated(table, seat_masks[s]) for table in new]
        items += [table for t, table in sorted(kept.items()) if t >= size]
        free = [t for t in range(size) if t not in places]
        for table, t in zip(items, _places(items, free, held), strict=True):
            places[t] = table
            changed.add((s, t))
            for p in table:
                held[p][t] += 1
        sessions.append([places[t] for t in range(size)])
    return sessions, changed


def _held_numbers(history, layouts, n: int) -> list[list[int]]:
    """``held[p][k]``: sessions in which p sits at table number k, played or kept."""
    numbers = max([len(s) for s in history] + [len(k) + len(new) for k, _o, new in layouts])
    held = [[0] * (numbers + 1) for _ in range(n)]
    for session in history:
        for t, table in enumerate(session):
            for p in table:
                if 0 <= p < n:
                    held[p][t] += 1
    for kept, _opened, _new in layouts:
        for t, table in kept.items():
            for p in table:
                held[p][t] += 1
    return held


def _places(items: list[list[int]], numbers: list[int], held: list[list[int]]) -> list[int]:
    """The number of each table of ``items`` among ``numbers``: the assignment that sends the
    fewest of their players back to a number they have elsewhere."""
    cost = [[sum(held[p][k] >= 1 for p in table) for k in numbers] for table in items]
    return [numbers[j] for j in assignment(cost)]


def _seated(table: list[int], masks: list[int]) -> list[int]:
    """The seat order of a new table that puts the most players at a wind of their mask (the
    wind they had there), the order drawn otherwise."""
    return list(
        max(
            itertools.permutations(table),
            key=lambda order: sum(masks[p] >> w & 1 for w, p in enumerate(order)),
        )
    )


def tables_holding(sessions, players) -> set[tuple[int, int]]:
    """``(session, place)`` of every table where one of ``players`` sits."""
    return {
        (s, t)
        for s, session in enumerate(sessions)
        for t, table in enumerate(session)
        if not players.isdisjoint(table)
    }


def _spread_and_squares(row):
    return max(0, max(row) - min(row) - 1), sum(value * value for value in row)


def _evenest_pair(counts, first, second):
    """The seat orders (one, two) of tables ``first`` and ``second`` (which share players) that
    leave the fewest winds beyond a spread of one, then the fewest squares of the counts, the
    orders as they are on a tie, then the first in the order of ``itertools.product`` of their
    permutations. ``counts`` are the wind counts without these two tables. A player at one
    table only is priced once per order of that table; the players of both, once per pair of
    winds they get."""
    shared = sorted(set(first) & set(second))

    def orders(table):
        priced = []
        for order in itertools.permutations(table):
            spread = squares = 0
            for w, p in enumerate(order):
                if p in shared:
                    continue
                row = counts[p][:]
                row[w] += 1
                extra, square = _spread_and_squares(row)
                spread += extra
                squares += square
            winds = tuple(order.index(p) for p in shared)  # every shared player is here
            priced.append((order, spread, squares, winds))
        return priced

    def both(winds_one, winds_two):
        spread = squares = 0
        for p, w1, w2 in zip(shared, winds_one, winds_two, strict=True):
            row = counts[p][:]
            row[w1] += 1
            row[w2] += 1
            extra, square = _spread_and_squares(row)
            spread += extra
            squares += square
        return spread, squares

    as_they_are = (tuple(first), tuple(second))
    best = best_key = None
    cache = {}
    for one, spread_one, squares_one, winds_one in orders(first):
        for two, spread_two, squares_two, winds_two in orders(second):
            pair = (winds_one, winds_two)
            if pair not in cache:
                cache[pair] = both(winds_one, winds_two)
            spread_both, squares_both = cache[pair]
            key = (
                spread_one + spread_two + spread_both,
                squares_one + squares_two + squares_both,
                (one, two) != as_they_are,
            )
            if best_key is None or key < best_key:
                best, best_key = (one, two), key
    return best


def repair_winds(sessions, seats, n, targets, passes: int = 8, newcomers=frozenset()):
    """``sessions`` (player indices, seat order) with the seats of the tables at ``targets``
    (``(session, place)`` pairs) permuted so that every player's winds stay as even as can be
    (fewest squares of the counts); the other tables and everybody's table and opponents stay
    as they are."""
    sessions = [[list(table) for table in session] for session in sessions]
    counts = wind_counts(n, [*seats, *sessions])
    targets = sorted(targets)
    for _round in range(passes):
        changed = False
        for s, t in targets:
            table = sessions[s][t]
            for w, p in enumerate(table):
                counts[p][w] -= 1

            def load(order):
                # first no player's spread above one (a player who was there before
                # first, then a newcomer), then the evenest counts
                spread = late = squares = 0
                for w, p in enumerate(order):
                    row = counts[p][:]
                    row[w] += 1
                    if p in newcomers:
                        late += max(0, max(row) - min(row) - 1)
                    else:
                        spread += max(0, max(row) - min(row) - 1)
                    squares += sum(value * value for value in row)
                return spread, late, squares

            best = min(
                itertools.permutations(table),
                key=lambda order: (load(order), order != tuple(table)),
            )
            if list(best) != table:
                changed = True
                sessions[s][t] = list(best)
            for w, p in enumerate(sessions[s][t]):
                counts[p][w] += 1
        if not changed:
            break
    # A player whose winds one table cannot mend: try the tables two at a time.
    for (s1, t1), (s2, t2) in itertools.combinations(targets, 2):
        first, second = sessions[s1][t1], sessions[s2][t2]
        if all(max(counts[p]) - min(counts[p]) <= 1 for p in set(first) & set(second)):
            continue  # no player of both tables is a wind short
        for table in (first, second):
            for w, p in enumerate(table):
                counts[p][w] -= 1
        one, two = _evenest_pair(counts, first, second)
        sessions[s1][t1], sessions[s2][t2] = list(one), list(two)
        for table in (sessions[s1][t1], sessions[s2][t2]):
            for w, p in enumerate(table):
                counts[p][w] += 1
    return sessions
