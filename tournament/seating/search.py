"""Local search of the seating draw: who sits together (pure Python, no database).

Players are the indices ``0 .. n-1``; a session is a list of tables, a table a list of four
indices. Who should sit apart is a matrix ``apart`` (``apart_costs``): ``apart[a][b]`` is what
seating a and b together costs each time, 0 for two strangers, the sum of the weights of the
groups they share (a club, a team, ...). The quality of a draw is one number, computed from a
*weight matrix* ``K``::

    K[a][b] = REPEAT_WEIGHT * (times a and b met so far) + apart[a][b]

Seating a and b together once more costs ``K[a][b]``; the total cost of a draw is::

    REPEAT_WEIGHT * sum over pairs of C(meetings, 2)  +  sum over pairs of apart * meetings

``C(m, 2)`` counts a pair meeting twice once, three times three times: the search spreads the
unavoidable repeats (no pair meets three times when two suffice). A swap of two players changes
the clashes by at most six, so with a group weight of ``REPEATS_FIRST`` (1) one repeat less
always wins over clashes: repeats first, then group clashes. Over a whole search many clashes
could still outweigh a repeat, so the searches move by this cost but keep as best the schedule
of the lowest ``rank``: the cost without the *light* clashes (those weighing less than a repeat)
first, then the light clashes (docs/rules.md §8.3). A weight of ``APART_FIRST`` makes
one clash outweigh several repeats: club-mates apart first, then repeats (the director's choice,
docs/rules.md §8).

Two searches:

* ``relabel`` moves players between the points of a fixed zero-repeat design (swapping two
  players' whole itineraries keeps every session valid and the design zero-repeat) to keep
  club-mates and pairs that already met apart;
* ``improve`` is a tabu search over swaps of two players in one session (after Dotu and
  Van Hentenryck, "Scheduling social golfers locally"), for what relabelling cannot reach. It
  can also weigh the winds of a block of four sessions started before a re-draw: a table whose
  players cannot all start at a wind they have not had in the block costs 1 per player short.

Both use only the ``random.Random`` they are given and stop on an iteration budget, so they are
deterministic whatever the speed of the machine; the optional ``SafetyClock``
(``seating.base``) only cuts a runaway search short, and records that it did.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournament.seating.base import Round, SafetyClock
from tournament.seating.winds import shortfall

REPEAT_WEIGHT = 7
REPEATS_FIRST = 1  # a group clash weighs less than any repeat
APART_FIRST = 50  # a group clash weighs as much as seven repeated meetings
REVISIT = 1  # a return to a table number, when the search knows the numbers
SEAT_SHORT = 3  # a kept plan's player away from their wind: above two returns to a number
RELABEL_PARTNERS = 128  # partners tried per relabelling step in large fields
PATIENCE = 1000  # tabu steps without a better schedule before the draw's search stops


def apart_costs(n: int, layers: Sequence[tuple[Sequence[int], int]]) -> list[list[int]]:
    """The ``apart`` matrix of groups: ``layers`` holds ``(group_of, weight)`` pairs, where
    ``group_of[p]`` is p's group number (``-1`` for none); two players of one group cost
    ``weight`` each time they share a table, the weights of several shared groups add up."""
    apart = [[0] * n for _ in range(n)]
    for group_of, weight in layers:
        members: dict[int, list[int]] = {}
        for p, group in enumerate(group_of):
            if group >= 0:
                members.setdefault(group, []).append(p)
        for mates in members.values():
            for a in mates:
                row = apart[a]
                for b in mates:
                    if b != a:
                        row[b] += weight
    return apart


def base_weights(n: int, history: list[Round], apart: list[list[int]]) -> list[list[int]]:
    """The weight matrix ``K`` of the history and of who should sit apart."""
    weights = [row[:] for row in apart] if apart else [[0] * n for _ in range(n)]
    for session in history:
        add_session(weights, session, 1)
    return weights


def add_session(weights: list[list[int]], session: Round, sign: int) -> None:
    """Count (sign=1) or uncount (sign=-1) the meetings of one session in ``weights``."""
    step = REPEAT_WEIGHT * sign
    for table in session:
        for i, a in enumerate(table):
            row = weights[a]
            for b in table[i + 1 :]:
                row[b] += step
                weights[b][a] += step


def total_cost(weights: list[list[int]], apart: list[list[int]]) -> int:
    """Cost of everything counted in ``weights`` (see the module docstring)."""
    cost = 0
    for a, row in enumerate(weights):
        kept = apart[a] if apart else None
        for b in range(a + 1, len(row)):
            same = kept[b] if kept else 0
            met = (row[b] - same) // REPEAT_WEIGHT
            cost += REPEAT_WEIGHT * met * (met - 1) // 2 + same * met
    return cost


def light_clashes(weights: list[list[int]], apart: list[list[int]]) -> int:
    """The cost of the *light* clashes counted in ``weights``: those of pairs whose ``apart``
    weighs less than a repeat (club-mates when repeats come first)."""
    light = 0
    for a, kept in enumerate(apart):
        row = weights[a]
        for b in range(a + 1, len(kept)):
            same = kept[b]
            if 0 < same < REPEAT_WEIGHT:
                light += same * ((row[b] - same) // REPEAT_WEIGHT)
    return light


def rank(weights: list[list[int]], apart: list[list[int]]) -> tuple[int, int]:
    """``(cost without the light clashes, light clashes)`` of everything counted in ``weights``:
    the order in which the searches keep their best schedule (see the module docstring)."""
    cost = total_cost(weights, apart)
    light = light_clashes(weights, apart) if apart else 0
    return cost - light, light


def relabel(
    n: int,
    design: list[Round],
    weights: list[list[int]],
    rng: random.Random,
    iterations: int,
    clock: SafetyClock | None = None,
    start: list[int] | None = None,
) -> list[int]:
    """Map players to design points; returns ``point_of[player]``.

    Minimises ``sum K[a][b] * (times the points of a and b meet in the design)`` by swapping two
    players' points, starting from ``start`` (a map, e.g. ``plan.column_start``) or a random
    map. A step takes a player with a cost and tries
    every partner (``RELABEL_PARTNERS`` random ones in large fields); with ``F_a(x)`` the cost
    of a at point x, swapping a and b changes the cost by
    ``F_a(pb) - F_a(pa) + F_b(pa) - F_b(pb) + 2 K[a][b] meet(pa, pb)``.
    """
    point_of = list(range(n))
    rng.shuffle(point_of)
    if start is not None:
        point_of = start[:]
    neighbours = [
        [(b, w) for b, w in enumerate(row) if w and b != a] for a, row in enumerate(weights)
    ]
    if not any(neighbours):
        return point_of
    meet = [[0] * n for _ in range(n)]
    for session in design:
        for table in session:
            for x in table:
                row = meet[x]
                for y in table:
                    if y != x:
                        row[y] += 1
    met = [[(y, m) for y, m in enumerate(row) if m] for row in meet]
    player_at = [0] * n
    for player, point in enumerate(point_of):
        player_at[point] = player

    def load(a: int) -> int:
        row = meet[point_of[a]]
        return sum(w * row[point_of[b]] for b, w in neighbours[a])

    loads = [load(a) for a in range(n)]
    cost = sum(loads) // 2
    best_cost, best_map, last_gain = cost, point_of[:], 0
    tabu = [0] * n
    for step in range(iterations):
        if cost == 0 or step - last_gain > 2 * n:
            break
        if clock is not None and step % 64 == 0 and clock.expired():
            break
        bad = [a for a in range(n) if loads[a] and tabu[a] <= step]
        if not bad:
            bad = [a for a in range(n) if loads[a]]
        a = rng.choice(bad)
        pa = point_of[a]
        cost_at = [0] * n  # F_a(x) for every point x
        for c, w in neighbours[a]:
            for y, m in met[point_of[c]]:
                cost_at[y] += w * m
        near_pa = [(player_at[y], m) for y, m in met[pa]]
        row_pa = meet[pa]
        best_delta, choices = None, []
        partners = range(n) if n <= RELABEL_PARTNERS else rng.sample(range(n), RELABEL_PARTNERS)
        for b in partners:
            if b == a:
                continue
            pb = point_of[b]
            wb = weights[b]
            delta = (
                cost_at[pb] - loads[a] + sum(m * wb[c] for c, m in near_pa) - loads[b]
                + 2 * weights[a][b] * row_pa[pb]
            )  # fmt: skip
            if best_delta is None or delta < best_delta:
                best_delta, choices = delta, [b]
            elif delta == best_delta:
                choices.append(b)
        if best_delta is None or best_delta > 0:
            tabu[a] = step + 5
            continue
        b = rng.choice(choices)
        pb = point_of[b]
        for c, w in neighbours[a]:
            if c != b:
                loads[c] += w * (meet[point_of[c]][pb] - meet[point_of[c]][pa])
        for c, w in neighbours[b]:
            if c != a:
                loads[c] += w * (meet[point_of[c]][pa] - meet[point_of[c]][pb])
        point_of[a], point_of[b] = pb, pa
        player_at[pa], player_at[pb] = b, a
        loads[a], loads[b] = load(a), load(b)
        cost += best_delta
        tabu[a] = tabu[b] = step + 3
        if cost < best_cost:
            best_cost, best_map, last_gain = cost, point_of[:], step
    return best_map


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
    player at each table of each session is kept up to date (``T``), so a swap's change of cost
    is a few look-ups.
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

    K = [row[:] for row in weights]
    for session in sessions:
        add_session(K, session, 1)

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
    where = []
    for session in sessions:
        loc = [-1] * n  # -1: not seated in this session (a plan patched table by table)
        for t, table in enumerate(session):
            for p in table:
                loc[p] = t
        where.append(loc)
    numbers = numbered[1] if numbered else [[0] * len(session) for session in sessions]
    held = [row[:] for row in numbered[0]] if numbered else []
    for s, session in enumerate(sessions if numbered else []):
        for t, table in enumerate(session):
            for x in table:
                held[x][numbers[s][t]] += 1
    floor = sum(c - 1 for row in numbered[0] for c in row if c > 1) if numbered else 0
    revisits = sum(c - 1 for row in held for c in row if c > 1)
    cost += REVISIT * revisits
    best_rank = (cost - light - REVISIT * revisits, light, revisits)
    best_cost = cost
    best = [[table[:] for table in session] for session in sessions]

    def renumbered(s: int, p: int, q: int) -> int:
        """Move p and q to each other's table numbers in ``held``; the change of returns."""
        a, b = numbers[s][where[s][p]], numbers[s][where[s][q]]
        row_p, row_q = held[p], held[q]
        change = (row_p[b] >= 1) - (row_p[a] >= 2) + (row_q[a] >= 1) - (row_q[b] >= 2)
        row_p[a] -= 1
        row_p[b] += 1
        row_q[b] -= 1
        row_q[a] += 1
        return change

    # T[s][x][u]: what x would pay to sit at table u of session s (the sum of K[x] over its
    # players), kept true as the search swaps: a swap's delta is then five look-ups
    T: list[list[list[int]]] = []

    def count_tables() -> None:
        T[:] = [
            [[sum(Kx[y] for y in table) for table in session] for Kx in K] for session in sessions
        ]

    count_tables()

    def swap(s: int, p: int, q: int) -> None:
        """Exchange p and q (at different tables of session s): K, T and ``where``."""
        session, loc = sessions[s], where[s]
        t, u = loc[p], loc[q]
        table_p, table_q = session[t], session[u]
        for Tx, Kx in zip(T[s], K, strict=True):  # p and q change tables in session s
            change = Kx[q] - Kx[p]
            Tx[t] += change
            Tx[u] -= change
        table_p[table_p.index(p)] = q
        table_q[table_q.index(q)] = p
        loc[p], loc[q] = u, t
        changes = [(p, x, -big) for x in table_p if x != q]
        changes += [(q, x, big) for x in table_p if x != q]
        changes += [(q, y, -big) for y in table_q if y != p]
        changes += [(p, y, big) for y in table_q if y != p]
        for x, y, change in changes:
            K[x][y] += change
            K[y][x] += change
            for Ts, loc in zip(T, where, strict=True):
                if loc[x] >= 0 and loc[y] >= 0:  # both seated in that session
                    Ts[x][loc[y]] += change
                    Ts[y][loc[x]] += change
        for r, loc in enumerate(where):
            row = at[r]
            for x in (p, q):
                if loc[x] >= 0:
                    row[loc[x]] = conflicted_at(r, loc[x])

    def swap_delta(s: int, p: int, q: int) -> int:
        Ts, loc = T[s], where[s]
        t, u = loc[p], loc[q]
        Tp, Tq = Ts[p], Ts[q]
        return 6 * big - Tp[t] + Tp[u] + Tq[t] - Tq[u] - 2 * K[p][q]

    def conflicted_at(s: int, t: int) -> list[tuple[int, int]]:
        """(session, player) of the players of table t of session s who meet a tablemate
        again, sit with a group-mate, are short of a wind or return to a table number."""
        table = sessions[s][t]
        a, b, c, d = table
        if masks_of[s] and short(table, s):
            return [(s, a), (s, b), (s, c), (s, d)]
        Ka, Kb, Kc = K[a], K[b], K[c]
        ab, ac, ad = Ka[b] > big, Ka[c] > big, Ka[d] > big
        bc, bd, cd = Kb[c] > big, Kb[d] > big, Kc[d] > big
        if numbered:
            k = numbers[s][t]
            hit = [held[x][k] > 1 for x in table]
        else:
            hit = [False] * 4
        found = []
        if ab or ac or ad or hit[0]:
            found.append((s, a))
        if ab or bc or bd or hit[1]:
            found.append((s, b))
        if ac or bc or cd or hit[2]:
            found.append((s, c))
        if ad or bd or cd or hit[3]:
            found.append((s, d))
        return found

    # at[s][t]: conflicted_at(s, t), kept true as the search swaps (a swap of p and q changes
    # only the pairs and the table numbers of p and q: the tables holding them)
    at: list[list[list[tuple[int, int]]]] = []

    def count_conflicts() -> None:
        at[:] = [
            [conflicted_at(s, t) for t in range(len(session))] for s, session in enumerate(sessions)
        ]

    def conflicts() -> list[tuple[int, int]]:
        """(session, player) of every conflicted player (``conflicted_at``), in seating order."""
        return [x for row in at for found in row for x in found]

    count_conflicts()

    def choose(
        conflicted: list[tuple[int, int]], step: int
    ) -> tuple[tuple[int, int, int], int] | None:
        """A best allowed swap of a conflicted player p with a player q of another table of
        the same session, and its delta (``seating.tabu.choose_move``'s rule, inlined: a tabu
        swap is allowed when it beats the best schedule; ties drawn in the order seen)."""
        aspiration = best_cost - cost
        best_delta: int | None = None
        moves: list[tuple[int, int, int]] = []
        for s, p in conflicted:
            session, Ts = sessions[s], T[s]
            t = where[s][p]
            Tp, Kp = Ts[p], K[p]
            mask = masks_of[s]
            away = 6 * big - Tp[t]
            hp: list[int] = held[p] if numbered else []
            a = numbers[s][t]
            leave_p = numbered is not None and hp[a] >= 2
            if mask:
                m0, m1, m2 = (x for x in session[t] if x != p)
            for u, table in enumerate(session):
                if u == t:
                    continue
                into = away + Tp[u]
                if numbered:
                    b = numbers[s][u]
                    into += REVISIT * ((hp[b] >= 1) - leave_p)
                for q in table:
                    Tq = Ts[q]
                    delta = into + Tq[t] - Tq[u] - 2 * Kp[q]
                    if numbered:
                        hq = held[q]
                        delta += REVISIT * ((hq[a] >= 1) - (hq[b] >= 2))
                    if mask:
                        delta += (
                            short([q, m0, m1, m2], s) + short([p, *(y for y in table if y != q)], s)
                            - short(session[t], s) - short(table, s)
                        )  # fmt: skip
                    if best_delta is not None and delta > best_delta:
                        continue
                    if tabu.get((s, p, q), -1) > step and not delta < aspiration:
                        continue
                    if best_delta is None or delta < best_delta:
                        best_delta, moves = delta, [(s, p, q)]
                    else:
                        moves.append((s, p, q))
        if best_delta is None:
            return None
        return rng.choice(moves), best_delta

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
            conflicted = rng.sample(conflicted, sample_size)
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
                for s, session in enumerate(sessions):
                    add_session(K, session, -1)
                    for t, table in enumerate(session if numbered else []):
                        for x in table:
                            held[x][numbers[s][t]] -= 1
                    session[:] = [table[:] for table in best[s]]
                    add_session(K, session, 1)
                    for t, table in enumerate(session):
                        for x in table:
                            where[s][x] = t
                            if numbered:
                                held[x][numbers[s][t]] += 1
                count_tables()
                count_conflicts()
                cost, light, revisits = best_cost, best_rank[1], best_rank[2]
                for _ in range(1 + len(sessions) // 2):
                    s = rng.randrange(len(sessions))
                    seated = [x for table in sessions[s] for x in table]
                    # a session may seat only some players (a plan patched table by table)
                    p, q = rng.sample(range(n) if len(seated) == n else seated, 2)
                    if where[s][p] != where[s][q]:
                        tables = (sessions[s][where[s][p]], sessions[s][where[s][q]])
                        if masks_of[s]:
                            cost -= short(tables[0], s) + short(tables[1], s)
                        cost += swap_delta(s, p, q)
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


def _light_delta(session: Round, loc: list[int], light: list[list[int]], p: int, q: int) -> int:
    """How much the light clashes change when p and q (at different tables) exchange seats."""
    mates_p = [x for x in session[loc[p]] if x != p]
    mates_q = [y for y in session[loc[q]] if y != q]
    Lp, Lq = light[p], light[q]
    return sum(Lq[x] - Lp[x] for x in mates_p) + sum(Lp[y] - Lq[y] for y in mates_q)
