"""A re-draw that continues the numbered column design after played sessions (pure Python).

A draw with groups to keep apart seats sessions of the column design (``designs.
column_design``), which comes numbered: nobody sits at one table number twice, whatever player
takes which point (docs/rules.md §8.1). When sessions of it are played and the rest is drawn
again (a substitute, a clash made by hand at a played table), the best continuation is the rest
of that design, if a map of the players onto its points makes every played session a session of
the design and seats no two players kept apart at one table in the sessions still to draw: the
new sessions then repeat no meeting, keep every group apart and can be numbered without a
return to a table number, the played ones' numbers included (docs/rules.md §8.2).

``continue_design`` searches that map, for each choice of the design sessions the played ones
are: the tables of the first played session one at a time (players absent from it alone), each
onto a table of its design session, the table with the fewest placements left first; every
placement keeps, for the tables still to place, only the placements that agree with it (played
table-mates of a later played session at one table of its design session, players kept apart
meeting only in the played sessions' design sessions or in the design sessions left over beyond
the draw's count, which are then not drawn). Budgeted in placements looked at, so the result is
the same on any machine.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from tournament.seating.base import Round, meeting_sessions

CONTINUATION_WORK = 1_000_000  # placements looked at by one re-draw's search, at most

# a placement of one unit (a played table, or a player alone): its points (one per player, in
# the unit's order), their bit mask, and the design sessions it needs left over (a bit mask)
Placement = tuple[tuple[int, ...], int, int]


def continue_design(
    design: Sequence[Round],
    history: Sequence[Round],
    n: int,
    count: int,
    apart: Sequence[Sequence[int]],
    rng: random.Random,
    budget: int = CONTINUATION_WORK,
    hint: tuple[Sequence[int], Sequence[int], Sequence[int]] | None = None,
) -> tuple[list[int], list[int], int] | None:
    """``(point_of, future_rounds, first)``: a map of the players ``0 .. n-1`` onto the points of
    ``design`` under which every played session of ``history`` (on player indices; tables may
    be short where a player left) is a session of the design, the other design sessions (at
    least ``count``) in which no player meets one of ``apart[p]`` (the players kept from p), and
    the design session the first played session is; or None when none was found in ``budget``
    placements looked at. ``hint``: a clash-free cover of a fresh draw (the design sessions of
    its pick's sessions in the order to try them for the played ones, the group of each point
    and the group of each player): its sessions are tried first for the played ones, and
    placements that put more players on their group's points first."""
    played = [session for session in history if any(len(table) > 1 for table in session)]
    spare = len(design) - len(played) - count
    if not played or spare < 0 or not design or n != sum(len(t) for t in design[0]):
        return None
    meet_round = meeting_sessions(design, n)
    # the units: the first played session's tables, then every player absent from it alone
    units = [list(table) for table in played[0] if table]
    tabled = len(units)
    seated = {p for unit in units for p in unit}
    units += [[p] for p in range(n) if p not in seated]
    unit_of = {p: u for u, unit in enumerate(units) for p in unit}
    # apart_links[u][v]: (position in u, position in v) of players kept apart
    apart_links: list[dict[int, list[tuple[int, int, int]]]] = [{} for _ in units]
    for p in range(n):
        u = unit_of[p]
        for q in apart[p]:
            v = unit_of[q]
            if v != u:
                apart_links[u].setdefault(v, []).append((units[u].index(p), units[v].index(q), -1))
    work = [budget]
    first = [*hint[0]] if hint is not None else []
    first += [r for r in range(len(design)) if r not in first]
    for sigma in itertools.permutations(first, len(played)):
        # and played table-mates of a later played session, who meet in its design session
        links = [{v: pairs[:] for v, pairs in row.items()} for row in apart_links]
        for s, session in enumerate(played[1:], start=1):
            for table in session:
                for p, q in itertools.permutations(table, 2):
                    u, v = unit_of[p], unit_of[q]
                    if u != v:
                        pair = (units[u].index(p), units[v].index(q), sigma[s])
                        links[u].setdefault(v, []).append(pair)
        found = _search(design, units, tabled, links, meet_round, sigma, spare, rng, work, hint)
        if found is not None:
            point_of, spoiled = found
            future = [r for r in range(len(design)) if r not in sigma and not spoiled >> r & 1]
            return point_of, future, sigma[0]
        if work[0] <= 0:
            return None
    return None


def _search(
    design: Sequence[Round],
    units: list[list[int]],
    tabled: int,
    links: list[dict[int, list[tuple[int, int, int]]]],
    meet_round: list[list[int]],
    sigma: tuple[int, ...],
    spare: int,
    rng: random.Random,
    work: list[int],
    hint: tuple[Sequence[int], Sequence[int], Sequence[int]] | None,
) -> tuple[list[int], int] | None:
    """The map of ``continue_design`` with the design sessions of the played ones fixed
    (``sigma``), and the design sessions in which players kept apart meet (a bit mask); the
    first ``tabled`` units are the first played session's tables. ``links[u][v]``: the pairs
    (position in u, position in v, design session they meet in, or -1 for players kept apart
    who may meet only in ``sigma`` or in at most ``spare`` other sessions)."""
    n = len(meet_round)
    allowed = 0
    for r in sigma:
        allowed |= 1 << r
    options: dict[int, list[Placement]] = {}
    for u, unit in enumerate(units):
        if u < tabled:
            options[u] = [
                (points, sum(1 << x for x in points), 0)
                for table in design[sigma[0]]
                for points in itertools.permutations(table, len(unit))
            ]
        else:
            options[u] = [((x,), 1 << x, 0) for x in range(n)]
    point_of = [-1] * n

    def place(left: dict[int, list[Placement]], spoiled: int) -> int | None:
        if not left:
            return spoiled
        u = min(left, key=lambda v: (len(left[v]), v))
        choices = left[u][:]
        rng.shuffle(choices)
        members = units[u]
        if hint is None:
            choices.sort(key=lambda placement: (spoiled | placement[2]).bit_count())
        else:
            _pick, group_at, group_of = hint
            choices.sort(
                key=lambda placement: (
                    (spoiled | placement[2]).bit_count(),
                    -sum(
                        group_at[x] == group_of[p]
                        for p, x in zip(members, placement[0], strict=True)
                    ),
                )
            )
        for points, mask, need in choices:
            now = spoiled | need
            narrowed: dict[int, list[Placement]] = {}
            for v, placements in left.items():
                if v == u:
                    continue
                work[0] -= len(placements)
                pairs = links[u].get(v, ())
                kept = []
                for there, busy, wants in placements:
                    if busy & mask:
                        continue
                    for i, j, r in pairs:
                        met = meet_round[points[i]][there[j]]
                        if r >= 0:
                            if met != r:
                                break
                        elif met >= 0 and not allowed >> met & 1:
                            wants |= 1 << met
                    else:
                        if (now | wants).bit_count() <= spare:
                            kept.append((there, busy, wants))
                if not kept:
                    break
                narrowed[v] = kept
            else:
                for p, x in zip(units[u], points, strict=True):
                    point_of[p] = x
                found = place(narrowed, now)
                if found is not None:
                    return found
            if work[0] <= 0:
                return None
        return None

    spoiled = place(options, 0)
    return None if spoiled is None else (point_of, spoiled)
