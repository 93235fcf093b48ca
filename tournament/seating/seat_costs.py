"""What the draw's tabu search keeps up to date as it swaps players (pure Python, no database).

``seating.search.improve`` prices a swap of two players of one session from a few look-ups:
``SeatCosts`` holds the meetings counted so far (``K``, the weights plus the sessions), what each
player would pay to sit at each table (``T``), where each player sits (``where``), which players
are conflicted (``at``: they meet a tablemate again, sit with a group-mate, are short of a wind
or return to a table number), the table numbers each player holds (``held``) and two figures
that bound a swap's change of cost from below (``heaviest``, ``dearest``). ``swap`` exchanges two
players and updates all of these where they change.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import add, sub

from tournament.seating.base import Round
from tournament.seating.weights import REPEAT_WEIGHT, add_session

UNPRUNED = 1 << 60  # no bound on a swap's change: above every delta


class SeatCosts:
    """The state of one tabu search over ``sessions`` (modified in place by ``swap``).

    ``weights``: the history and groups only; ``masks_of[s]``: the winds each player may take
    in session s (None: no winds weighed there), ``short(table, s)`` what a table is short of
    them; ``numbered = (held, numbers)``: table i of session s gets number ``numbers[s][i]``
    and ``held[p][k]`` counts p's other sittings at number k (None: no numbers weighed).
    """

    def __init__(
        self,
        sessions: list[Round],
        weights: list[list[int]],
        masks_of: list[list[int] | None],
        short: Callable[[list[int], int], int],
        numbered: tuple[list[list[int]], list[list[int]]] | None,
    ) -> None:
        n = len(weights)
        self.sessions = sessions
        self.masks_of = masks_of
        self.short = short
        self.numbered = numbered is not None
        self.K = [row[:] for row in weights]
        for session in sessions:
            add_session(self.K, session, 1)
        self.where: list[list[int]] = []
        for session in sessions:
            loc = [-1] * n  # -1: not seated in this session (a plan patched table by table)
            for t, table in enumerate(session):
                for p in table:
                    loc[p] = t
            self.where.append(loc)
        self.everyone = [all(x >= 0 for x in loc) for loc in self.where]  # all seated
        self.numbers = numbered[1] if numbered else [[0] * len(session) for session in sessions]
        self.held = [row[:] for row in numbered[0]] if numbered else []
        self.count_held(1)
        # what bounds a swap's delta from below, so that the choice skips a table none of
        # whose players can make a move as good as the best found (the same moves;
        # docs/measurements.md, issue 33): with weights never negative and symmetric, swapping
        # p (table t) with q (table u) changes the cost by at least
        # 6 big - T[t][p] + T[u][p] - K[p][q] - T[u][q] >= ... - heaviest[p] - dearest[u],
        # where heaviest[p] is p's largest weight with anyone and dearest[s][u] the largest
        # cost of a player of table u at that table
        self.symmetric = all(
            list(column) == row
            for column, row in zip(zip(*weights, strict=True), weights, strict=True)
        )
        self.prunable = self.symmetric and all(min(row, default=0) >= 0 for row in weights)
        # T[s][u][x]: what x would pay to sit at table u of session s (the sum of K[x] over
        # its players), kept true as the search swaps: a swap's delta is then five look-ups
        self.T: list[list[list[int]]] = []
        self.dearest: list[list[int]] = []
        self.heaviest: list[int] = []
        # at[s][t]: conflicted_at(s, t), kept true as the search swaps (a swap of p and q
        # changes only the pairs and the table numbers of p and q: the tables holding them)
        self.at: list[list[list[tuple[int, int]]]] = []
        self.count_tables()
        self.count_conflicts()

    def count_held(self, sign: int) -> None:
        """Count (sign=1) or uncount (sign=-1) the sessions' table numbers in ``held``."""
        if not self.numbered:
            return
        held, numbers = self.held, self.numbers
        for s, session in enumerate(self.sessions):
            for t, table in enumerate(session):
                for x in table:
                    held[x][numbers[s][t]] += sign

    def restore(self, best: list[Round]) -> None:
        """Seat every session as in ``best`` again (a restart) and count everything anew."""
        K, where = self.K, self.where
        self.count_held(-1)
        for s, session in enumerate(self.sessions):
            add_session(K, session, -1)
            session[:] = [table[:] for table in best[s]]
            add_session(K, session, 1)
            for t, table in enumerate(session):
                for x in table:
                    where[s][x] = t
        self.count_held(1)
        self.count_tables()
        self.count_conflicts()

    def seat_costs(self, table: list[int]) -> list[int]:
        """What each player would pay to sit at ``table``: the sum of K over its players."""
        K = self.K
        if not self.symmetric:
            return [sum(Kx[y] for y in table) for Kx in K]
        costs = [0] * len(K)
        for y in table:  # K[x][y] = K[y][x]: whole rows at once
            costs = [*map(add, costs, K[y])]
        return costs

    def count_tables(self) -> None:
        """``T``, ``dearest`` and ``heaviest`` from scratch (in place: the search holds them)."""
        sessions, T = self.sessions, self.T
        T[:] = [[self.seat_costs(table) for table in session] for session in sessions]
        self.dearest[:] = [
            [max((Ts[v][x] for x in table), default=0) for v, table in enumerate(session)]
            for Ts, session in zip(T, sessions, strict=True)
        ]
        self.heaviest[:] = [max(row) if self.prunable else UNPRUNED for row in self.K]

    def count_conflicts(self) -> None:
        """``at`` from scratch (in place)."""
        self.at[:] = [
            [self.conflicted_at(s, t) for t in range(len(session))]
            for s, session in enumerate(self.sessions)
        ]

    def conflicts(self) -> list[tuple[int, int]]:
        """(session, player) of every conflicted player (``conflicted_at``), in seating order."""
        return [x for row in self.at for found in row for x in found]

    def conflicted_at(self, s: int, t: int) -> list[tuple[int, int]]:
        """(session, player) of the players of table t of session s who meet a tablemate
        again, sit with a group-mate, are short of a wind or return to a table number."""
        table = self.sessions[s][t]
        a, b, c, d = table
        if self.masks_of[s] and self.short(table, s):
            return [(s, a), (s, b), (s, c), (s, d)]
        K, big = self.K, REPEAT_WEIGHT
        Ka, Kb, Kc = K[a], K[b], K[c]
        ab, ac, ad = Ka[b] > big, Ka[c] > big, Ka[d] > big
        bc, bd, cd = Kb[c] > big, Kb[d] > big, Kc[d] > big
        if self.numbered:
            k = self.numbers[s][t]
            held = self.held
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

    def swap_delta(self, s: int, p: int, q: int) -> int:
        """The change of the meetings' cost if p and q (at different tables of session s)
        exchanged seats."""
        Ts, loc, big = self.T[s], self.where[s], REPEAT_WEIGHT
        at_t, at_u = Ts[loc[p]], Ts[loc[q]]
        return 6 * big - at_t[p] + at_u[p] + at_t[q] - at_u[q] - 2 * self.K[p][q]

    def renumbered(self, s: int, p: int, q: int) -> int:
        """Move p and q to each other's table numbers in ``held``; the change of returns."""
        where, numbers = self.where[s], self.numbers[s]
        a, b = numbers[where[p]], numbers[where[q]]
        row_p, row_q = self.held[p], self.held[q]
        change = (row_p[b] >= 1) - (row_p[a] >= 2) + (row_q[a] >= 1) - (row_q[b] >= 2)
        row_p[a] -= 1
        row_p[b] += 1
        row_q[b] -= 1
        row_q[a] += 1
        return change

    def swap(self, s: int, p: int, q: int) -> None:
        """Exchange p and q (at different tables of session s): K, T, ``where``, and what the
        choice of moves reads: ``at``, ``heaviest`` and ``dearest``, where they change."""
        K, T, where, big = self.K, self.T, self.where, REPEAT_WEIGHT
        session, loc = self.sessions[s], where[s]
        t, u = loc[p], loc[q]
        table_p, table_q = session[t], session[u]
        Ts = T[s]  # p and q change tables in session s
        change = [*map(sub, K[q], K[p])] if self.symmetric else [Kx[q] - Kx[p] for Kx in K]
        Ts[t] = [*map(add, Ts[t], change)]
        Ts[u] = [*map(sub, Ts[u], change)]
        table_p[table_p.index(p)] = q
        table_q[table_q.index(q)] = p
        loc[p], loc[q] = u, t
        left = [x for x in table_p if x != q]  # p's tablemates before, q's now
        joined = [y for y in table_q if y != p]  # q's tablemates before, p's now
        Kp, Kq = K[p], K[q]
        for x in left:  # p leaves x, q joins x: a meeting less, a meeting more
            Kx = K[x]  # (each entry on its own: the weights need not be symmetric)
            Kp[x] -= big
            Kx[p] -= big
            Kq[x] += big
            Kx[q] += big
        for y in joined:
            Ky = K[y]
            Kp[y] += big
            Ky[p] += big
            Kq[y] -= big
            Ky[q] -= big
        # the same in every session's costs of seats; the tables whose players' weights
        # changed are `touched`: only there can a seat's cost or a player's conflict change
        touched = {(s, t), (s, u)}
        for r, (Ts, loc) in enumerate(zip(T, where, strict=True)):
            lp, lq = loc[p], loc[q]
            if self.everyone[r]:  # every player seated: no check of who is (the common case)
                at_p, at_q = Ts[lp], Ts[lq]
                for sign, mates in ((big, left), (-big, joined)):
                    for x in mates:
                        lx = loc[x]
                        at_x = Ts[lx]
                        at_x[p] -= sign
                        at_p[x] -= sign
                        at_x[q] += sign
                        at_q[x] += sign
                        if lx in (lp, lq):
                            touched.add((r, lx))
                continue
            at_p = Ts[lp] if lp >= 0 else []  # (read only where p is seated)
            at_q = Ts[lq] if lq >= 0 else []
            for sign, mates in ((big, left), (-big, joined)):
                for x in mates:
                    lx = loc[x]
                    if lx < 0:
                        continue
                    at_x = Ts[lx]
                    if lp >= 0:
                        at_x[p] -= sign
                        at_p[x] -= sign
                    if lq >= 0:
                        at_x[q] += sign
                        at_q[x] += sign
                    if lx in (lp, lq):
                        touched.add((r, lx))
        if self.prunable:  # each of them met p or q once more or once less
            heaviest = self.heaviest
            heaviest[p], heaviest[q] = max(Kp), max(Kq)
            for x in (*left, *joined):
                Kx = K[x]
                heaviest[x] = (
                    max(Kx)
                    if heaviest[x] in (Kx[p] + big, Kx[q] + big)
                    else max(heaviest[x], Kx[p], Kx[q])
                )
        if self.numbered:  # p's and q's returns to a number changed in every session
            for r, loc in enumerate(where):
                touched.update((r, loc[x]) for x in (p, q) if loc[x] >= 0)
        at, dearest, sessions = self.at, self.dearest, self.sessions
        for r, v in touched:
            at[r][v] = self.conflicted_at(r, v)
            at_v = T[r][v]
            a, b, c, d = sessions[r][v]
            dearest[r][v] = max(at_v[a], at_v[b], at_v[c], at_v[d])
