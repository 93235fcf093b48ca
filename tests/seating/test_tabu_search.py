"""The draw's tabu search (``seating.search.improve``) against a plain version of its rule.

``improve`` keeps the costs of every seat up to date and skips the tables whose swaps cannot be
as good as the best one found (issue 33: faster at the same moves). The plain versions below
price every swap of every sampled player from the weights alone (``plain_search``), and also
from the winds, the table numbers and the restarts (``full_plain_search``); both must take the
same moves from the same random stream, so they end at the same schedule and cost. The full
version prices the meetings of every swap by the plain rule's sums and its winds and table
numbers from scratch, and checks the cost of every move it takes against the whole cost counted
from scratch; its costliest kinds run at one seed, which already catches a changed restart (its
threshold, its swaps) through the random stream.
"""

from __future__ import annotations

import random

import pytest

from tournament.seating.search import REVISIT, SEAT_SHORT, _sample, improve
from tournament.seating.weights import (
    APART_FIRST,
    REPEAT_WEIGHT,
    REPEATS_FIRST,
    add_session,
    apart_costs,
    base_weights,
    light_clashes,
    total_cost,
)
from tournament.seating.winds import shortfall


def cheapest_swaps(sessions, conflicted, price, tabu, step, room):
    """(the least delta, the swaps (s, p, q) at it) over every swap of a sampled player p with a
    player q of another table of its session, priced by `price(s, t, p, q's table, q)`; a swap
    the tabu list holds counts only when it beats the best schedule (its delta under `room`)."""
    best_delta, moves = None, []
    for s, p in conflicted:
        t = next((i for i, table in enumerate(sessions[s]) if p in table), -1)
        for u, table in enumerate(sessions[s]):
            if u == t:
                continue
            for q in list(table):
                delta = price(s, t, p, table, q)
                if best_delta is not None and delta > best_delta:
                    continue
                if tabu.get((s, p, q), -1) > step and not delta < room:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, moves = delta, [(s, p, q)]
                else:
                    moves.append((s, p, q))
    return best_delta, moves


def meetings(weights, sessions, apart):
    """(the weights with every session's meetings added, what the weights alone cost, the light
    clashes those sessions add: a function of the meetings as they are then)."""
    big = REPEAT_WEIGHT
    K = [row[:] for row in weights]
    for session in sessions:
        add_session(K, session, 1)
    tracked = any(0 < w < big for row in apart for w in row)

    def light() -> int:
        return light_clashes(K, apart) - light_clashes(weights, apart) if tracked else 0

    return K, total_cost(weights, apart), light


def plain_search(sessions, weights, target, rng, iterations, apart):
    """The tabu search's rule with nothing kept between steps (no winds, no table numbers,
    fewer than 400 steps: no restart)."""
    big, n = REPEAT_WEIGHT, len(weights)
    sessions = [[list(table) for table in session] for session in sessions]
    K, base, light = meetings(weights, sessions, apart)

    cost = total_cost(K, apart) - base
    best_rank, best_cost = (cost - light(), light()), cost
    best = [[table[:] for table in session] for session in sessions]
    tabu: dict = {}
    for step in range(iterations):
        if best_rank[0] + best_rank[1] <= target - base:
            break
        conflicted = [
            (s, p)
            for s, session in enumerate(sessions)
            for table in session
            for p in table
            if any(K[p][x] > big for x in table if x != p)
        ]
        if not conflicted:
            break
        if len(conflicted) > max(8, min(48, 4000 // n)):
            conflicted = rng.sample(conflicted, max(8, min(48, 4000 // n)))

        def price(s, t, p, table, q):
            # p leaves its tablemates and joins q's, q the other way round
            delta = 6 * big
            delta += sum(K[q][x] - K[p][x] for x in sessions[s][t] if x != p)
            return delta + sum(K[p][y] - K[q][y] for y in table if y != q)

        best_delta, moves = cheapest_swaps(
            sessions, conflicted, price, tabu, step, best_cost - cost
        )
        if best_delta is None:
            continue
        s, p, q = rng.choice(moves)
        for table in sessions[s]:
            if p in table or q in table:
                add_session(K, [table], -1)
                table[:] = [q if x == p else p if x == q else x for x in table]
                add_session(K, [table], 1)
        cost += best_delta
        tabu[s, p, q] = tabu[s, q, p] = step + 4 + rng.randrange(8)
        ranked = (cost - light(), light())
        if ranked < best_rank:
            best_rank, best_cost = ranked, cost
            best = [[table[:] for table in session] for session in sessions]
    return best, best_cost + base


def random_sessions(n, count, rng):
    sessions = []
    for _ in range(count):
        order = list(range(n))
        rng.shuffle(order)
        sessions.append([order[i : i + 4] for i in range(0, n, 4)])
    return sessions


@pytest.mark.parametrize(
    ("players", "count", "club_weight", "played"),
    [
        (16, 5, REPEATS_FIRST, 0),
        (20, 5, REPEATS_FIRST, 1),
        (24, 6, APART_FIRST, 0),
        (24, 5, REPEATS_FIRST, 2),
        (28, 6, 0, 1),
        (32, 7, REPEATS_FIRST, 0),
    ],
)
@pytest.mark.parametrize("seed", [0, 1])
def test_the_search_moves_as_its_plain_rule(players, count, club_weight, played, seed):
    rng = random.Random(f"{players}/{count}/{seed}")
    club_of = [rng.randrange(players // 5) for _ in range(players)]
    apart = apart_costs(players, [(club_of, club_weight)] if club_weight else [])
    history = random_sessions(players, played, rng)  # sessions played: pairs that met
    weights = base_weights(players, history, apart)
    sessions = random_sessions(players, count, rng)
    found = improve(
        [[table[:] for table in session] for session in sessions],
        weights,
        0,
        random.Random(seed),
        300,
        apart=apart if club_weight else None,
    )
    assert found == plain_search(sessions, weights, 0, random.Random(seed), 300, apart)


def full_plain_search(
    sessions, weights, target, rng, iterations, apart, winds=None, seat_masks=None, numbered=None
):
    """The tabu search's whole rule with nothing kept between steps: a block of winds to finish
    (``winds``) or a wind wanted per player and session (``seat_masks``), returns to table
    numbers (``numbered``), sessions that seat only some players (a plan patched table by
    table), and the restart from the best schedule after 400 steps without a better one."""
    big, n = REPEAT_WEIGHT, len(weights)
    sessions = [[list(table) for table in session] for session in sessions]
    masks, short_sessions = winds if winds else ([], 0)
    masks_of = [
        seat_masks[s] if seat_masks else masks if s < short_sessions else None
        for s in range(len(sessions))
    ]
    weight = SEAT_SHORT if seat_masks else 1
    numbers = numbered[1] if numbered else [[0] * len(session) for session in sessions]
    K, base, light = meetings(weights, sessions, apart)

    def short(s: int, table) -> int:
        return weight * shortfall(tuple(masks_of[s][x] for x in table)) if masks_of[s] else 0

    def revisits() -> int:
        if not numbered:
            return 0
        held = [row[:] for row in numbered[0]]
        for s, session in enumerate(sessions):
            for t, table in enumerate(session):
                for x in table:
                    held[x][numbers[s][t]] += 1
        return sum(c - 1 for row in held for c in row if c > 1)

    def beyond_meetings() -> int:  # the winds' and the table numbers' part, from scratch
        shorts = sum(short(s, table) for s, session in enumerate(sessions) for table in session)
        return shorts + REVISIT * revisits()

    def cost() -> int:  # everything, from scratch
        return total_cost(K, apart) - base + beyond_meetings()

    def exchange(s: int, p: int, q: int) -> None:
        for table in sessions[s]:
            if p in table or q in table:
                add_session(K, [table], -1)
                table[:] = [q if x == p else p if x == q else x for x in table]
                add_session(K, [table], 1)

    def table_of(s: int, p: int) -> int:
        return next((i for i, table in enumerate(sessions[s]) if p in table), -1)

    def rank() -> tuple[int, int, int]:
        return (cost() - light() - REVISIT * revisits(), light(), revisits())

    def conflicted_players() -> list[tuple[int, int]]:
        found = []
        for s, session in enumerate(sessions):
            for t, table in enumerate(session):
                if short(s, table):
                    found += [(s, p) for p in table]
                    continue
                held = [0] * n
                if numbered:  # p's sittings at this table's number, in every session
                    for p in table:
                        held[p] = numbered[0][p][numbers[s][t]] + sum(
                            p in other[u]
                            for r, other in enumerate(sessions)
                            for u in range(len(other))
                            if numbers[r][u] == numbers[s][t]
                        )
                found += [
                    (s, p)
                    for p in table
                    if any(K[p][x] > big for x in table if x != p) or held[p] > 1
                ]
        return found

    floor = sum(c - 1 for row in numbered[0] for c in row if c > 1) if numbered else 0
    now = cost()
    best_rank, best_cost = rank(), now
    best = [[table[:] for table in session] for session in sessions]
    tabu: dict = {}
    stall = 0
    size = max(8, min(48, 4000 // n))
    for step in range(iterations):
        if best_rank[0] + best_rank[1] <= target - base and best_rank[2] <= floor:
            break
        conflicted = conflicted_players()
        if not conflicted:
            break
        if len(conflicted) > size:
            conflicted = rng.sample(conflicted, size)

        beyond = masks_of != [None] * len(sessions) or bool(numbered)  # winds or numbers
        priced_beyond = beyond_meetings() if beyond else 0

        def price(s, t, p, table, q, beyond=beyond, priced_beyond=priced_beyond):
            # the meetings: p leaves its tablemates and joins q's, q the other way round (the
            # move taken is checked against the cost from scratch below)
            delta = 6 * big
            delta += sum(K[q][x] - K[p][x] for x in sessions[s][t] if x != p)
            delta += sum(K[p][y] - K[q][y] for y in table if y != q)
            if beyond:  # the winds and the table numbers from scratch, then undone
                exchange(s, p, q)
                delta += beyond_meetings() - priced_beyond
                exchange(s, p, q)
            return delta

        best_delta, moves = cheapest_swaps(sessions, conflicted, price, tabu, step, best_cost - now)
        if best_delta is None:
            continue
        s, p, q = rng.choice(moves)
        exchange(s, p, q)
        now += best_delta
        assert now == cost()
        tabu[s, p, q] = tabu[s, q, p] = step + 4 + rng.randrange(8)
        ranked = rank()
        if ranked < best_rank:
            best_rank, best_cost, stall = ranked, now, 0
            best = [[table[:] for table in session] for session in sessions]
            continue
        stall += 1
        if stall <= 400:
            continue
        stall = 0  # a restart: from the best schedule, with a few random swaps
        for session, kept in zip(sessions, best, strict=True):
            add_session(K, session, -1)
            session[:] = [table[:] for table in kept]
            add_session(K, session, 1)
        for _ in range(1 + len(sessions) // 2):
            s = rng.randrange(len(sessions))
            seated = [x for table in sessions[s] for x in table]
            if len(seated) < 2:
                continue
            p, q = rng.sample(range(n) if len(seated) == n else seated, 2)
            if table_of(s, p) != table_of(s, q):
                exchange(s, p, q)
        now = cost()
    return best, best_cost + base


def random_masks(n, rng):
    """A non-empty mask of winds for each player."""
    return [rng.randrange(1, 16) for _ in range(n)]


@pytest.mark.parametrize(
    ("players", "count", "played", "kind", "iterations", "seed"),
    [
        (16, 4, 1, "winds", 120, 0),  # a block of four to finish: the first 3 sessions
        (16, 4, 1, "winds", 120, 1),
        (20, 4, 1, "seat masks", 120, 1),  # a kept plan: a wind wanted per session
        (20, 4, 0, "numbers", 120, 0),  # a kept plan's table numbers
        (24, 3, 1, "patched", 120, 0),  # numbers and winds, sessions seating some players only
        (24, 3, 1, "patched", 120, 1),
        (16, 5, 0, "restart", 450, 0),  # 16 x 5 has repeats: the search stalls, restarts at 413
    ],
)
def test_the_search_moves_as_its_plain_rule_with_winds_numbers_and_restarts(
    players, count, played, kind, iterations, seed
):
    rng = random.Random(f"{players}/{count}/{kind}/{seed}")
    club_of = [rng.randrange(players // 5) for _ in range(players)]
    apart = apart_costs(players, [(club_of, REPEATS_FIRST)])
    history = random_sessions(players, played, rng)
    weights = base_weights(players, history, apart)
    sessions = random_sessions(players, count, rng)
    options: dict = {}
    if kind == "winds":
        options["winds"] = (random_masks(players, rng), 3)
    if kind in ("seat masks", "patched"):
        options["seat_masks"] = [random_masks(players, rng) for _ in range(count)]
    if kind in ("numbers", "patched"):
        tables = players // 4
        held = [[rng.randrange(2) for _ in range(tables)] for _ in range(players)]
        numbers = []
        for _session in range(count):
            order = list(range(tables))
            rng.shuffle(order)
            numbers.append(order)
        options["numbered"] = (held, numbers)
    if kind == "patched":  # each session keeps some tables: the others seat fewer players
        for s, session in enumerate(sessions):
            keep = rng.randrange(1, len(session))
            sessions[s] = session[:keep]
            options["numbered"][1][s] = options["numbered"][1][s][:keep]
    drawn, planned = random.Random(seed), random.Random(seed)
    found = improve(
        [[table[:] for table in session] for session in sessions],
        weights,
        0,
        drawn,
        iterations,
        apart=apart,
        **options,
    )
    plain = full_plain_search(sessions, weights, 0, planned, iterations, apart, **options)
    assert found == plain
    # the same moves all along, restarts included (a restart that finds nothing better
    # leaves the best schedule as it was, not the random stream)
    assert drawn.getstate() == planned.getstate()


@pytest.mark.parametrize(("size", "k"), [(49, 48), (60, 48), (277, 48), (278, 48), (9, 8), (5, 3)])
def test_the_search_samples_its_players_as_random_sample_does(size, k):
    # the search's own sampling of the conflicted players takes the same players in the same
    # order from the same random numbers as ``random.Random.sample`` (278 of 48: the set method)
    for seed in range(20):
        population = [(seed, x) for x in range(size)]
        own, theirs = random.Random(seed), random.Random(seed)
        assert _sample(own, population[:], k) == theirs.sample(population, k)
        assert own.getstate() == theirs.getstate()
