"""Swiss sessions: tables by the current standings (pure Python, no database).

Players are indices in standings order (0 = leader). The ideal session puts ranks 0-3 at table
0, ranks 4-7 at table 1, and so on. A small tabu search then moves players to avoid meeting
someone again (and club-mates), at a price:

* without bands, moving a player ``d`` tables away from their standings table costs ``d * d``
  (a swap moves a player at most ``MAX_SHIFT`` tables), while a repeat costs
  ``4 * REPEAT_WEIGHT * (times met)`` and a club-mate 4: a repeat is avoided by moving players
  to neighbouring tables, as few and as little as possible;
* with bands of ``band_size`` places, players are shuffled at random within their band and only
  swap within it (no other price);
* inside a block of four sessions (see ``seating.winds``), a table whose players cannot all
  start at a wind they have not had yet in the block (four players who all still miss only
  North, say) costs 3 per player left without one (Hall's condition on the missing winds).

``swiss_session`` is the entry point (players as ids, best first); ``swiss_tables`` the search on
indices. This module never touches the database.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Hashable, Iterable, Mapping, Sequence

from tournament.seating.base import (
    SeatingError,
    Table,
    check_players,
    check_sessions,
    group_numbers,
    history_seats,
    on_roster,
)
from tournament.seating.i18n import _
from tournament.seating.tabu import choose_move
from tournament.seating.weights import REPEATS_FIRST, apart_costs, base_weights
from tournament.seating.winds import balance_winds, missing_winds, shortfall

PAIR_SCALE = 4
WIND_SHORT = 3
ITERATIONS = 2000
STALL = 150  # steps without a better session before stopping
RESTARTS = 4  # fresh draws inside the bands
MAX_SHIFT = 3  # without bands, a swap moves a player at most this many tables


def swiss_session(
    ranking: Iterable[Hashable],
    *,
    history: Sequence[Sequence[Sequence[Hashable]]] = (),
    band_size: int | None = None,
    groups: Mapping[Hashable, Hashable] | None = None,
    seed: int | str = 0,
) -> list[Table]:
    """Seat one session by the standings.

    ``ranking`` lists the players best first. Without ``band_size`` the top four sit at table 1,
    the next four at table 2, and so on; a player is moved to a neighbouring table only to
    avoid meeting someone again (or a club-mate), as little as possible. With ``band_size`` (a
    multiple of 4, e.g. 16) players are drawn at random within bands of that many places (the
    top 16 share tables 1-4, ...), still avoiding repeats. ``history`` holds the sessions
    already played (as in ``draw_schedule``'s ``fixed``); the seat order balances the winds
    against it. Returns a list of 4-tuples (East, South, West, North), table 1 first.
    """
    roster = check_players(ranking)
    if band_size is not None and (
        isinstance(band_size, bool)
        or not isinstance(band_size, int)
        or band_size < 4
        or band_size % 4
    ):
        raise SeatingError(
            _("The band size must be a multiple of 4 (got {band_size})."), band_size=band_size
        )
    played = check_sessions(history)
    index = {player: i for i, player in enumerate(roster)}
    seats = history_seats(played, index)
    rng = random.Random(seed)
    tables = swiss_tables(len(roster), seats, group_numbers(roster, groups), band_size, rng)
    (seated,) = balance_winds([tables], seats, len(roster), rng)
    return [on_roster(roster, table) for table in seated]


def swiss_tables(
    n: int,
    seats: list[list[list[int]]],
    group_of: list[int],
    band_size: int | None,
    rng: random.Random,
) -> list[list[int]]:
    """Tables (unordered seats) of a Swiss session for players ``0 .. n-1`` in rank order.

    ``seats`` holds the played sessions in seat order on player indices (-1: no longer there).
    """
    history = [[[p for p in table if p >= 0] for table in session] for session in seats]
    K = base_weights(n, history, apart_costs(n, [(group_of, REPEATS_FIRST)]))
    for row in K:
        for b in range(n):
            row[b] *= PAIR_SCALE
    missing, block_left = missing_winds(n, seats)
    tables_count = n // 4
    band_of = [t * 4 // band_size if band_size else 0 for t in range(tables_count)]

    def disp(p: int, t: int) -> int:
        return 0 if band_size else (t - p // 4) ** 2

    def short(members: list[int]) -> int:
        return WIND_SHORT * shortfall(tuple(missing[x] for x in members))

    result: tuple[int, list[list[int]]] | None = None
    for _restart in range(RESTARTS if band_size else 1):
        if band_size:  # a fresh random draw inside every band
            order: list[int] = []
            for start in range(0, n, band_size):
                band = list(range(start, min(n, start + band_size)))
                rng.shuffle(band)
                order.extend(band)
        else:
            order = list(range(n))
        tables = [order[4 * t : 4 * t + 4] for t in range(tables_count)]
        found = _search(tables, K, disp, short if block_left else None, band_of, rng)
        if result is None or found[0] < result[0]:
            result = found
        if result[0] == 0:
            break
    assert result is not None
    return result[1]


def _search(
    tables: list[list[int]],
    K: list[list[int]],
    disp: Callable[[int, int], int],
    short: Callable[[list[int]], int] | None,
    band_of: list[int],
    rng: random.Random,
) -> tuple[int, list[list[int]]]:
    """Tabu search from ``tables``; returns (cost, tables) of the best session seen."""
    n = len(K)
    loc = [0] * n
    for t, table in enumerate(tables):
        for p in table:
            loc[p] = t

    def pair_load(p: int, t: int) -> int:
        row = K[p]
        return sum(row[x] for x in tables[t] if x != p)

    def table_short(table: list[int]) -> int:
        return short(table) if short else 0

    def swaps(movable: list[int]) -> Generator[tuple[tuple[int, int], int], int | None, None]:
        """Every swap of a movable player p with a player q of a table in reach, and its delta
        (but none worse than the best so far, which ``choose_move`` sends back)."""
        bound: int | None = None
        for p in movable:
            t = loc[p]
            mates = [x for x in tables[t] if x != p]
            near = (
                range(len(tables))
                if band_of[-1]
                else range(max(0, t - MAX_SHIFT), min(len(tables), t + MAX_SHIFT + 1))
            )
            for u in near:
                if u == t or band_of[u] != band_of[t]:
                    continue
                for q in tables[u]:
                    others = [y for y in tables[u] if y != q]
                    pairs = sum(K[q][x] - K[p][x] for x in mates) + sum(
                        K[p][y] - K[q][y] for y in others
                    )
                    delta = pairs + disp(p, u) + disp(q, t) - disp(p, t) - disp(q, u)
                    if short:
                        delta += (
                            short([q, *mates]) + short([p, *others])
                            - short(tables[t]) - short(tables[u])
                        )  # fmt: skip
                    if bound is None or delta <= bound:
                        bound = yield (p, q), delta

    current = sum(pair_load(p, loc[p]) + 2 * disp(p, loc[p]) for p in range(n)) // 2
    current += sum(table_short(table) for table in tables)
    best_cost, best = current, [table[:] for table in tables]
    tabu: dict[tuple[int, int], int] = {}
    last_gain = 0
    for step in range(ITERATIONS):
        if step - last_gain > STALL or best_cost == 0:
            break
        movable = [
            p
            for p in range(n)
            if pair_load(p, loc[p]) or disp(p, loc[p]) or table_short(tables[loc[p]])
        ]
        if not movable:
            break
        if len(movable) > 16:
            movable = rng.sample(movable, 16)
        chosen = choose_move(swaps(movable), tabu, step, best_cost - current, rng)
        if chosen is None:
            continue
        (p, q), delta = chosen
        t, u = loc[p], loc[q]
        tables[t][tables[t].index(p)] = q
        tables[u][tables[u].index(q)] = p
        loc[p], loc[q] = u, t
        current += delta
        tabu[p, q] = tabu[q, p] = step + 3 + rng.randrange(5)
        if current < best_cost:
            best_cost, best = current, [table[:] for table in tables]
            last_gain = step
    return best_cost, best
