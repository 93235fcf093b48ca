"""The tabu search of the seating draw: who sits together (pure Python, no database).

The costs are those of ``seating.weights`` (a repeat weighs ``REPEAT_WEIGHT``, a group clash
its group's weight; the best schedule is the one of the lowest ``rank``). ``improve`` is a tabu
search over swaps of two players in one session (after Dotu and Van Hentenryck, "Scheduling
social golfers locally"), for what relabelling a design (``seating.relabel``) cannot reach. It
can also weigh the winds of a block of four sessions started before a re-draw: a table whose
players cannot all start at a wind they have not had in the block costs 1 per player short;
and, for a kept plan, the returns to a table number. What it keeps up to date as it swaps
(the costs of every seat, the conflicted players, the table numbers held) is
``seating.seat_costs``; here are the choice of the move, the best schedule and the restarts.

It uses only the ``random.Random`` it is given and stops on an iteration budget, so it is
deterministic whatever the speed of the machine; the optional ``SafetyClock``
(``seating.base``) only cuts a runaway search short, and records that it did.

The weights and ``relabel`` are also importable from here, as before they had modules of
their own.
"""

from __future__ import annotations

import math
import random

from tournament.seating.base import Round, SafetyClock
from tournament.seating.relabel import RELABEL_PARTNERS, relabel
from tournament.seating.seat_costs import UNPRUNED, SeatCosts
from tournament.seating.weights import (
    APART_FIRST,
    REPEAT_WEIGHT,
    REPEATS_FIRST,
    add_session,
    apart_costs,
    base_weights,
    light_clashes,
    rank,
    total_cost,
)
from tournament.seating.winds import shortfall, shortfalls_replacing

__all__ = [
    "APART_FIRST",
    "PATIENCE",
    "RELABEL_PARTNERS",
    "REPEATS_FIRST",
    "REPEAT_WEIGHT",
    "REVISIT",
    "SEAT_SHORT",
    "add_session",
    "apart_costs",
    "base_weights",
    "improve",
    "light_clashes",
    "rank",
    "relabel",
    "total_cost",
]

REVISIT = 1  # a return to a table number, when the search knows the numbers
SEAT_SHORT = 3  # a kept plan's player away from their wind: above two returns to a number
PATIENCE = 1000  # tabu steps without a better schedule before the draw's search stops


def improve(
    sessions: list[Round],
    weights: list[list[int]],
    target: int,
    rng: random.Random,
    iterations: int,
    clock: SafetyClock | None = None,
    winds: tuple[list[int], int] | None = None,
    apart: list[list[int]] | None = None,
    seat_masks: list[list[int]] | None = None,
    numbered: tuple[list[list[int]], list[list[int]]] | None = None,
    patience: int | None = None,
    light_floor: int = 0,
) -> tuple[list[Round], int]:
    """Tabu search over swaps inside a session; returns the best sessions found and their cost.

    ``weights`` holds the history and groups only (it is left unchanged), ``apart`` the groups
    alone (``apart_costs``, None for none); ``target`` is a cost that cannot be beaten (the
    search stops there). ``sessions`` is modified in place.
    ``winds = (masks, k)``: the first k sessions finish a block of four whose start was played;
    ``masks[p]`` the winds p has not had in it. There a table whose players cannot all start at
    a missing wind costs 1 per player short (``seating.winds.shortfall``).
    ``seat_masks[s][p]``: the winds p may take in session s, for every session (instead of
    ``winds``): a kept plan patched in place wants each player at the wind they had there
    (``SEAT_SHORT`` per player who cannot have it).
    ``numbered = (held, numbers)``: table i of session s will get table number
    ``numbers[s][i]``, and ``held[p][k]`` counts p's other sittings at number k; each return to
    a number then costs ``REVISIT`` in the moves, and of two schedules equal on everything else
    the best kept is the one with fewer returns (a kept plan's numbers, docs/rules.md §8.2).
    ``patience``: once the best schedule has nothing heavy left above ``target`` (repeats,
    team-mates; only light clashes), stop after that many steps without a better one (None:
    run the whole ``iterations``); a step count, so the result is the same on any machine.
    ``light_floor``: the light clashes no schedule avoids once nothing heavy is left above
    ``target`` (``bounds.clash_floor``): the search stops when its best schedule has no more.

    Each step examines the swaps of a sample of the conflicted players; the cost of seating a
    player at each table of each session is kept up to date (``T``, ``seating.seat_costs``),
    so a swap's change of cost is a few look-ups. With weights never negative, a table none of
    whose swaps can be as good as the best found so far is passed over from two figures kept
    up to date (``heaviest``, ``dearest``): the moves are those of pricing every swap, about a
    third of them priced.
    """
    n = len(weights)
    big = REPEAT_WEIGHT
    masks, short_sessions = winds if winds else ([], 0)
    masks_of: list[list[int] | None] = [
        seat_masks[s] if seat_masks else masks if s < short_sessions else None
        for s in range(len(sessions))
    ]

    short_weight = SEAT_SHORT if seat_masks else 1

    def short(table: list[int], s: int) -> int:
        a, b, c, d = table
        mask = masks_of[s]
        assert mask is not None
        return short_weight * shortfall((mask[a], mask[b], mask[c], mask[d]))

    state = SeatCosts(sessions, weights, masks_of, short, numbered)
    # the search's own names for the state's lists (each kept in place as it changes)
    K, T, where, held, numbers = state.K, state.T, state.where, state.held, state.numbers
    heaviest, dearest = state.heaviest, state.dearest
    conflicts, swap, renumbered = state.conflicts, state.swap, state.renumbered

    apart = apart or []
    cost = total_cost(K, apart) + sum(
        short(t, s) for s, session in enumerate(sessions) if masks_of[s] for t in session
    )
    base = total_cost(weights, apart)
    cost -= base
    target -= base
    # the light clashes (club-mates when repeats come first) are followed apart: the best
    # schedule is the one of the lowest (cost - light, light), whatever the search moves by
    light_of = [[w if 0 < w < big else 0 for w in row] for row in apart]
    tracked = any(any(row) for row in light_of)
    light = light_clashes(K, apart) - light_clashes(weights, apart) if tracked else 0
    floor = sum(c - 1 for row in numbered[0] for c in row if c > 1) if numbered else 0
    revisits = sum(c - 1 for row in held for c in row if c > 1)
    cost += REVISIT * revisits
    best_rank = (cost - light - REVISIT * revisits, light, revisits)
    best_cost = cost
    best = [[table[:] for table in session] for session in sessions]
    unpruned = UNPRUNED

    def choose(
        conflicted: list[tuple[int, int]], step: int
    ) -> tuple[tuple[int, int, int], int] | None:
        """A best allowed swap of a conflicted player p with a player q of another table of
        the same session, and its delta (``seating.tabu.choose_move``'s rule, inlined: a tabu
        swap is allowed when it beats the best schedule; ties drawn in the order seen)."""
        aspiration = best_cost - cost
        best_delta = unpruned  # none found yet: above every delta
        moves: list[tuple[int, int, int]] = []
        for s, p in conflicted:
            if plain or not (masks_of[s] or numbered):  # no winds, no table numbers here
                session, Ts, loc, dear = views[s]
                t = loc[p]
                at_t = Ts[t]
                away = six_big - at_t[p]
                least = away - heaviest[p]
                Kp = K[p]
                for u, table in enumerate(session):
                    at_u = Ts[u]
                    if least + at_u[p] - dear[u] > best_delta or u == t:
                        continue  # no swap with this table can be as good (see ``dearest``)
                    into = away + at_u[p]
                    for q in table:
                        delta = into + at_t[q] - at_u[q] - 2 * Kp[q]
                        if delta > best_delta:
                            continue
                        if tabu.get((s, p, q), -1) > step and not delta < aspiration:
                            continue
                        if delta < best_delta:
                            best_delta, moves = delta, [(s, p, q)]
                        else:
                            moves.append((s, p, q))
                continue
            session, Ts = sessions[s], T[s]
            t = where[s][p]
            at_t, Kp = Ts[t], K[p]
            mask = masks_of[s]
            away = six_big - at_t[p]
            hp: list[int] = held[p] if numbered else []
            a = numbers[s][t]
            leave_p = numbered is not None and hp[a] >= 2
            if mask:  # p's table without p, and what it is short now (the same for every q)
                rest = tuple(mask[x] for x in session[t] if x != p)
                short_here = short(session[t], s)
            for u, table in enumerate(session):
                if u == t:
                    continue
                at_u = Ts[u]
                into = away + at_u[p]
                if numbered:
                    b = numbers[s][u]
                    into += REVISIT * ((hp[b] >= 1) - leave_p)
                if mask:  # table u with p in the place of each of its players
                    into -= short_here + short(table, s)
                    w, x, y, z = table
                    with_p = shortfalls_replacing(mask[p], (mask[w], mask[x], mask[y], mask[z]))
                for i, q in enumerate(table):
                    delta = into + at_t[q] - at_u[q] - 2 * Kp[q]
                    if numbered:
                        hq = held[q]
                        delta += REVISIT * ((hq[a] >= 1) - (hq[b] >= 2))
                    if mask:  # q in p's place at table t, p in q's at table u
                        delta += short_weight * (shortfall((mask[q], *rest)) + with_p[i])
                    if delta > best_delta:
                        continue
                    if tabu.get((s, p, q), -1) > step and not delta < aspiration:
                        continue
                    if delta < best_delta:
                        best_delta, moves = delta, [(s, p, q)]
                    else:
                        moves.append((s, p, q))
        if not moves:
            return None
        return rng.choice(moves), best_delta

    plain = not numbered and not any(masks_of)
    six_big = 6 * big
    # each session's tables, costs of seats, seats and dearest seats (rebuilt at a restart)
    views = list(zip(sessions, T, where, dearest, strict=True))
    tabu: dict[tuple[int, int, int], int] = {}
    sample_size = max(8, min(48, 4000 // max(n, 1)))
    stall = 0
    last_gain = 0
    for step in range(iterations):
        if best_rank[0] + best_rank[1] <= target and best_rank[2] <= floor:
            break
        if light_floor and best_rank[0] <= target and best_rank[1] <= light_floor:
            break  # at the floors of repeats and clashes: nothing better exists
        if patience is not None and step - last_gain > patience and best_rank[0] <= target:
            # nothing heavy left (repeats, team-mates) and no fewer light clashes for so long:
            # another restart would not find any
            break
        if clock is not None and step % 16 == 0 and clock.expired():
            break
        conflicted = conflicts()
        if not conflicted:
            break
        if len(conflicted) > sample_size:
            conflicted = _sample(rng, conflicted, sample_size)
        chosen = choose(conflicted, step)
        if chosen is None:
            continue
        (s, p, q), delta = chosen
        if tracked:
            light += _light_delta(sessions[s], where[s], light_of, p, q)
        if numbered:
            revisits += renumbered(s, p, q)
        swap(s, p, q)
        cost += delta
        tenure = step + 4 + rng.randrange(8)
        tabu[s, p, q] = tabu[s, q, p] = tenure
        ranked = (cost - light - REVISIT * revisits, light, revisits)
        if ranked < best_rank:
            best_rank, best_cost, stall, last_gain = ranked, cost, 0, step
            best = [[table[:] for table in session] for session in sessions]
        else:
            stall += 1
            if stall > 400:  # restart from the best with a few random swaps
                stall = 0
                state.restore(best)
                views = list(zip(sessions, T, where, dearest, strict=True))
                cost, light, revisits = best_cost, best_rank[1], best_rank[2]
                for _ in range(1 + len(sessions) // 2):
                    s = rng.randrange(len(sessions))
                    seated = [x for table in sessions[s] for x in table]
                    if len(seated) < 2:
                        continue  # a patched plan may change no table of this session
                    # a session may seat only some players (a plan patched table by table)
                    p, q = rng.sample(range(n) if len(seated) == n else seated, 2)
                    if where[s][p] != where[s][q]:
                        tables = (sessions[s][where[s][p]], sessions[s][where[s][q]])
                        if masks_of[s]:
                            cost -= short(tables[0], s) + short(tables[1], s)
                        cost += state.swap_delta(s, p, q)
                        if tracked:
                            light += _light_delta(sessions[s], where[s], light_of, p, q)
                        if numbered:
                            gained = renumbered(s, p, q)
                            revisits += gained
                            cost += REVISIT * gained
                        swap(s, p, q)
                        if masks_of[s]:
                            cost += short(tables[0], s) + short(tables[1], s)
    return best, best_cost + base


def _sample(rng: random.Random, population: list, k: int) -> list:
    """``rng.sample(population, k)``, the same players in the same order from the same random
    numbers, without a call per number where the population is small (CPython's own method
    there: each pick a number below the players left, by rejection from ``getrandbits``, the
    last one left moved into the gap); larger populations go to ``rng.sample``. ``population``
    is changed (a list of the search's own)."""
    n = len(population)
    if n > 21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0) or not 0 <= k <= n:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    result = []
    for left in range(n, n - k, -1):
        bits = left.bit_length()
        j = getrandbits(bits)
        while j >= left:
            j = getrandbits(bits)
        result.append(population[j])
        population[j] = population[left - 1]
    return result


def _light_delta(session: Round, loc: list[int], light: list[list[int]], p: int, q: int) -> int:
    """How much the light clashes change when p and q (at different tables) exchange seats."""
    mates_p = [x for x in session[loc[p]] if x != p]
    mates_q = [y for y in session[loc[q]] if y != q]
    Lp, Lq = light[p], light[q]
    return sum(Lq[x] - Lp[x] for x in mates_p) + sum(Lp[y] - Lq[y] for y in mates_q)
