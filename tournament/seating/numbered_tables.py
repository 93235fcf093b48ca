"""Back to a numbered design where the searched tables cannot be numbered (pure Python).

With groups to keep apart, the tabu search (``seating.search``) swaps players between tables
to remove the last clashes, and the tables it leaves may admit no numbering without a return to
a table number (docs/rules.md §8.1). A design that comes numbered (``designs.column_design``:
nobody at one table number twice) keeps both its zero repeats and its zero re-visits whatever
player takes which point; only the clashes change. ``plan.plan_tables`` asks here for such a
design's tables: before the search, a labelling without any clash (``without_clashes``, by the
exact cover of ``seating.apart_cover``; it makes the search needless); after it, where its
tables cannot be numbered without a re-visit, the same cover with a larger budget or an
iterated relabelling (``numbered_instead``), or the relabelled design's last clashes traded
for repeats (``numbered_repair``), taken only when no worse on team-mates, repeats and clashes,
each counted alone. In a re-draw after played sessions of the same field, the rest
of that design when the played sessions are sessions of it with the groups apart in the rest
(``numbered_continuation``; docs/rules.md §8.2).

Budgeted in sets, nodes, placements and relabelling runs, so the result is the same on any
machine.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from tournament.seating.apart_cover import (
    COVER_WORK,
    QUICK_SETS,
    QUICK_WORK,
    SET_WORK,
    apart_labelling,
    clash_free_cover,
)
from tournament.seating.base import Round, SafetyClock, on_players
from tournament.seating.continuation import continue_design
from tournament.seating.designs import column_design
from tournament.seating.indirect import mixing_tries, most_mixing
from tournament.seating.numbered_relabel import figures, relabel_numbered
from tournament.seating.numbered_repair import repaired_instead
from tournament.seating.numbers import (
    EXACT_TABLES,
    number_tables,
    numbers_without_revisits,
    table_revisits,
)

# a continuation: (point_of, the design sessions left, the first played session's)
Continued = tuple[list[int], list[int], int]
# the clash-free cover as a hint: (its pick's sessions, the group of each point, of each player)
CoverHint = tuple[tuple[int, ...], list[int], list[int]]


@dataclasses.dataclass
class Continuations:
    """What one draw has looked for to continue the played sessions (``numbered_continuation``),
    shared by the plans of both priorities: the fresh draw's cover matched to the played sessions
    (no random choice in it: computed once, per count of sessions), and the searches that found
    nothing, each under its own random stream (the draw's stream, which differs between the
    priorities: a search that ran out of its budget under one may find a map under the other)."""

    matched: dict[tuple[int, int], tuple[Continued | None, CoverHint | None]] = dataclasses.field(
        default_factory=dict
    )
    failed: set[tuple[int, str]] = dataclasses.field(default_factory=set)


def numbered_columns(n: int, count: int, layers: Sequence[Sequence[int]]) -> list[Round]:
    """The column design when it comes numbered for ``count`` sessions (nobody at one table
    number twice), in rooms where a numbering without re-visits can be told
    (``numbers.EXACT_TABLES``) and with a group to keep apart; else none."""
    if n > 4 * EXACT_TABLES or not any(group >= 0 for layer in layers for group in layer):
        return []
    columns = column_design(n, limit=max(count, 16), need=count)
    return columns if len(columns) >= count and not table_revisits(columns) else []


def without_clashes(
    n: int,
    count: int,
    layers: Sequence[Sequence[int]],
    rng: random.Random,
    budget: int,
    most_sets: int,
    covers: dict[tuple[int, int], None] | None = None,
    of_count: bool = False,
) -> list[Round] | None:
    """Sessions of the numbered column design with no repeat and no clash (``apart_cover``,
    with one kind of group to keep apart; ``budget`` sets looked at, ``most_sets``
    enumerated; ``of_count``: picks of exactly ``count`` sessions too), or None when none was
    found."""
    grouped = [layer for layer in layers if any(group >= 0 for group in layer)]
    columns = numbered_columns(n, count, layers)
    if len(grouped) != 1 or not columns:
        return None
    if covers is not None and (count, budget) in covers:
        return None  # the same cover found nothing for this draw before
    own = random.Random(f"{rng.getstate()[1][:4]}/apart")
    found = apart_labelling(n, columns, count, grouped[0], own, budget, most_sets, of_count)
    if found is None and covers is not None:
        covers[count, budget] = None
    return found


def numbered_instead(
    n: int,
    count: int,
    sessions: list[Round],
    weights: list[list[int]],
    rng: random.Random,
    layers: Sequence[Sequence[int]],
    clock: SafetyClock | None,
    steps: int,
    covers: dict[tuple[int, int], None] | None = None,
) -> list[Round]:
    """The searched ``sessions``, or sessions of the numbered column design when the searched
    tables cannot be numbered without a return to a table number and the design's are no worse
    on team-mates, repeats and clashes, each counted alone (docs/rules.md §8.1): while the
    searched tables have a clash, an iterated relabelling (``numbered_relabel``); where they
    have none, a labelling without any clash (``without_clashes``, tried before the search
    with a smaller budget)."""
    columns = numbered_columns(n, count, layers)
    if not columns or numbers_without_revisits(sessions):
        return sessions
    if not table_revisits(number_tables(sessions, searches=False)):
        return sessions  # the assignments number them without a re-visit
    searched = figures(n, sessions, layers)
    if not (searched[0] or any(searched[2:])):
        # no clash: the cover tried before the search, with a larger budget (48x7, 48x8);
        # a relabelling rarely has no clash too
        apart_tables = without_clashes(
            n, count, layers, rng, COVER_WORK, SET_WORK, covers, of_count=True
        )
        if apart_tables is not None:
            return apart_tables
    own = random.Random(f"{rng.getstate()[1][:4]}/numbered")
    found = relabel_numbered(n, columns, count, weights, own, steps, layers, clock)
    if found is None:
        return sessions
    if not all(x <= y for x, y in zip(found[0], searched, strict=True)):
        # club-mates apart first: the design's last clashes traded for repeats, most of its
        # numbers kept (``numbered_repair``; the weights of new sessions are the apart matrix)
        repaired = repaired_instead(n, found[1], sessions, weights, layers)
        return sessions if repaired is None else repaired
    return found[1]


def numbered_continuation(
    n: int,
    count: int,
    history: list[Round],
    apart: list[list[int]],
    rng: random.Random,
    layers: Sequence[Sequence[int]] = (),
    tried: Continuations | None = None,
) -> tuple[list[Round], bool] | None:
    """A re-draw after played sessions of the same field: ``count`` sessions of the numbered
    column design that continue the played ones with nobody kept apart (``apart``) at one table,
    and whether they come from the fresh draw's cover, or None when none was found. First the
    clash-free cover a fresh draw of all the sessions takes (``apart_cover.clash_free_cover``,
    with one kind of group in ``layers``), when the played sessions are sessions of its pick
    under a map that puts each group on its points (the played sessions as drawn); else a search
    (``continuation.continue_design``). The played sessions are then sessions of the design, so
    the new ones repeat no meeting and keep every group apart; each new session's tables come in
    the order of the first played session's numbers, which the design's numbering extends: no
    re-visit where the played sessions kept the design's numbers (docs/rules.md §8.2).
    ``tried``: the draw's record (``Continuations``): the cover is matched once, and a search
    that found nothing under this random stream is not run again."""
    total = len(history) + count
    played = [session for session in history if any(len(table) > 1 for table in session)]
    if n > 4 * EXACT_TABLES or not played or not any(any(row) for row in apart):
        return None
    columns = column_design(n, limit=max(total, 16), need=total)
    if len(columns) < total or table_revisits(columns):
        return None
    grouped = [layer for layer in layers if any(group >= 0 for group in layer)]
    stream = f"{rng.getstate()[1][:4]}/continuation"
    if tried is not None and (count, stream) in tried.failed:
        return None  # the same search found nothing before in this draw
    found: Continued | None = None
    hint: CoverHint | None = None
    if len(grouped) == 1:
        if tried is not None and (total, count) in tried.matched:
            found, hint = tried.matched[total, count]
        else:
            found, hint = _from_cover(n, columns, played, total, grouped[0])
            if tried is not None:
                tried.matched[total, count] = found, hint
        if found is not None:  # a copy: the design sessions left are shuffled below
            found = (found[0][:], found[1][:], found[2])
    as_drawn = found is not None
    if found is None:
        keep_apart = [[q for q in range(n) if q != p and apart[p][q]] for p in range(n)]
        own = random.Random(stream)
        found = continue_design(columns, played, n, count, keep_apart, own, hint=hint)
    if found is None:
        if tried is not None:
            tried.failed.add((count, stream))
        return None
    point_of, left, first = found
    # of a few random picks of the design sessions left, the one that mixes the field best
    # with the played sessions (docs/rules.md §8.4; every pick has no repeat and no clash)
    tries = mixing_tries(n) if len(left) > count else 1
    mixing = random.Random(f"{rng.getstate()[1][:4]}/continuation mixing")
    picks = []
    for _try in range(tries):
        mixing.shuffle(left)
        picks.append(left[:count])
    player_at = [0] * n
    for p, x in enumerate(point_of):
        player_at[x] = p
    chosen = most_mixing(
        n,
        picks,
        lambda pick: [*played, *([[player_at[x] for x in t] for t in columns[r]] for r in pick)],
    )
    # the design's k-th table of a session takes the number of the played table on the
    # design's k-th table of the first played session (any other number where none is played)
    place_of = {x: k for k, table in enumerate(columns[first]) for x in table}
    number_of: dict[int, int] = {}
    for number, table in enumerate(played[0]):
        if table:
            number_of[place_of[point_of[table[0]]]] = number
    free = [m for m in range(len(columns[first])) if m not in number_of.values()]
    for k in range(len(columns[first])):
        if k not in number_of:
            number_of[k] = free.pop(0)
    ordered = []
    for r in chosen:
        session: list[list[int]] = [[] for _ in columns[r]]
        for k, table in enumerate(columns[r]):
            session[number_of[k]] = list(table)
        ordered.append(session)
    return on_players(ordered, point_of), as_drawn


def _from_cover(
    n: int, columns: list[Round], played: list[Round], total: int, group_of: Sequence[int]
) -> tuple[Continued | None, CoverHint | None]:
    """``(point_of, future sessions, first played session's)`` from the clash-free cover of
    a fresh draw of all the ``total`` sessions of the event (its budgets before the search,
    then after it; the played sessions that nobody of the field played count among them, as
    the fresh draw counted them), when each played session of ``played`` (those someone of the
    field played) is a session of its pick with every group on its own points; and that cover
    (its pick, the group of each point, of each player) as a hint, or None."""
    hint = None
    for budget, most_sets, of_count in (
        (QUICK_WORK, QUICK_SETS, False),
        (COVER_WORK, SET_WORK, True),
    ):
        found = clash_free_cover(n, columns, total, group_of, budget, most_sets, of_count)
        if found is None:
            continue
        keep, placed = found
        group_at = [0] * n  # the group of each point, of each player
        group_of_player = [0] * n
        for index, (mates, mask) in enumerate(placed):
            for p in mates:
                group_of_player[p] = index
            for x in range(n):
                if mask >> x & 1:
                    group_at[x] = index
        if hint is None:  # the pick's sessions, those holding more played tables first
            wanted = [sorted(group_of_player[p] for p in table) for table in played[0]]
            held = {r: _holding(columns[r], group_at, wanted) for r in keep}
            hint = (tuple(sorted(keep, key=lambda r: -held[r])), group_at, group_of_player)
        for first in keep:
            point_of = _matched(n, played[0], columns[first], group_at, group_of_player)
            if point_of is None:
                continue
            used = [first]
            for session in played[1:]:
                holding = {frozenset(point_of[p] for p in table) for table in session}
                r = next(
                    (
                        r
                        for r in keep
                        if r not in used
                        and all(any(t <= set(u) for u in columns[r]) for t in holding)
                    ),
                    None,
                )
                if r is None:
                    break
                used.append(r)
            else:
                return (point_of, [r for r in keep if r not in used], first), hint
    return None, hint


def _holding(session: Round, group_at: list[int], wanted: list[list[int]]) -> int:
    """How many played tables (the groups of their players, ``wanted``) some table of the
    design ``session`` could hold, its points' groups being ``group_at``."""
    offered = [[group_at[x] for x in table] for table in session]
    return sum(
        any(all(groups.count(g) <= there.count(g) for g in groups) for there in offered)
        for groups in wanted
    )


def _matched(
    n: int, tables: Round, design: Round, group_at: list[int], group_of: list[int]
) -> list[int] | None:
    """A map of the players onto the points under which each played table lies on one table
    of the design session, every player on a point of its group (players absent from the
    tables on the points their groups have left), or None."""
    point_of = [-1] * n
    taken = [False] * len(design)
    for table in tables:
        wanted = sorted(group_of[p] for p in table)
        for u, points in enumerate(design):
            if taken[u]:
                continue
            offered = [group_at[x] for x in points]
            if all(wanted.count(g) <= offered.count(g) for g in wanted):
                taken[u] = True
                free = list(points)
                for p in table:
                    x = next(x for x in free if group_at[x] == group_of[p])
                    free.remove(x)
                    point_of[p] = x
                break
        else:
            return None
    left: dict[int, list[int]] = {}
    held = set(point_of)
    for x in range(n):
        if x not in held:
            left.setdefault(group_at[x], []).append(x)
    for p in range(n):
        if point_of[p] < 0:
            if not left.get(group_of[p]):
                return None
            point_of[p] = left[group_of[p]].pop(0)
    return point_of
