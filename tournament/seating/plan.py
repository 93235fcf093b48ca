"""Who sits with whom in the sessions still to draw (pure Python, no database).

``plan_tables`` works on player indices ``0 .. n-1`` and returns tables without seat order
(``tournament.seating.winds`` orders the seats). The plan, in order:

1. take the zero-repeat design for ``n`` players (``tournament.seating.designs``);
2. with played sessions of the same field size (substitutes only) and players to keep apart,
   continue the numbered column design when the played sessions are sessions of it with the
   groups apart in the rest (``seating.numbered_tables.numbered_continuation``: no repeat, no
   clash, no re-visit; docs/rules.md §8.2): the fresh draw's own cover at once, a searched
   continuation at the end where no worse than the tables of the steps below (after one
   played session, else ``seating.column_continuation``'s, clashes left); then try to fit them
   into the design (``tournament.seating.embedding``): the rest of the design then continues
   the event without a single repeat;
3. otherwise choose design sessions at random (cycling through them again when more sessions are
   wanted than the design has; for 20 x 6, 20 x 7 and 24 x 8 the shipped best schedule) and
   relabel the points so that pairs that already met and club-mates meet as little as possible
   (``seating.relabel``); with clubs, also try a design whose four columns never meet
   (``seating.designs.column_design``) and keep the better;
4. when the played sessions stop inside a block of four (see ``seating.winds``), put first the
   sessions whose tables let every player start at a wind not yet had in the block;
5. if the result is still above the lower bound (more sessions than any zero-repeat schedule
   has, clashes left, history that did not fit, tables that block the winds): in a fresh draw
   with one kind of group to keep apart, a labelling of the numbered column design without any
   clash (``seating.apart_cover``); else the tabu search (``seating.search.improve``) for a
   fixed number of iterations, and where its tables cannot be numbered without a return to a
   table number, a numbered design relabelled harder (``seating.numbered_relabel``), or its
   last clashes traded for repeats (``seating.numbered_repair``), when no worse (docs/rules.md
   §8.1). Where the continuation of step 2 is no worse on repeats and clashes than the tables
   of steps 2-4, the search runs from both, each from the random stream as it stood before
   either, and the better result is kept (repeats and clashes, winds, re-visits; §8.2).

All choices come from the ``random.Random`` passed in, so the same input gives the same plan;
the budgets count work (steps, swaps examined, nodes), never seconds, so the plan is the same
on any machine; the ``SafetyClock`` only stops a runaway search (and records it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tournament.seating.apart_cover import QUICK_SETS, QUICK_WORK
from tournament.seating.base import Round, SafetyClock, on_players
from tournament.seating.column_continuation import column_continuation
from tournament.seating.designs import (
    best_schedule,
    column_design,
    column_start,
    design_rounds,
    mixing_design,
)
from tournament.seating.embedding import embed
from tournament.seating.indirect import mixing_key, mixing_tries, most_mixing
from tournament.seating.numbered_repair import repaired_instead
from tournament.seating.numbered_tables import (
    Continuations,
    numbered_continuation,
    numbered_instead,
    without_clashes,
)
from tournament.seating.numbers import (
    EXACT_TABLES,
    number_tables,
    numbers_without_revisits,
    table_revisits,
)
from tournament.seating.relabel import relabel
from tournament.seating.search import PATIENCE, improve
from tournament.seating.weights import REPEAT_WEIGHT, base_weights, rank, total_cost
from tournament.seating.winds import shortfall

# Search budgets, in candidate swaps examined (the tabu search) and in relabelling steps.
# They keep every bench size within ~2 s (10 s above 100 players); the clock is only a safety net.
TABU_WORK = 1_500_000
RELABEL_STEPS = 3000
RELABEL_WORK = 60_000_000  # steps x players x partners tried
CLUB_STARTS = 4  # maps of the column design that pack teams and clubs into columns


def plan_tables(
    n: int,
    count: int,
    history: list[Round],
    apart: list[list[int]],
    rng: random.Random,
    clock: SafetyClock | None = None,
    winds: tuple[list[int], int] | None = None,
    stats: dict | None = None,
    wind_search: bool = False,
    effort: int = 1,
    layers: Sequence[Sequence[int]] = (),
    floors: tuple[int, int] = (0, 0),
    covers: dict[tuple[int, int], None] | None = None,
    continuations: Continuations | None = None,
) -> list[Round]:
    """``count`` new sessions for players ``0 .. n-1`` (n a multiple of 4).

    ``history`` holds the played sessions on player indices (a table may be short where a
    player has left); ``apart`` says who should sit apart (``seating.weights.apart_costs``, an
    empty list for nobody). ``winds`` =
    ``seating.winds.missing_winds(...)`` of the played sessions when they stop inside a block
    of four: the sessions finishing the block then avoid tables whose players could not all
    start at a wind they have not had in the block (the tabu search also weighs that when it
    runs, and runs for it alone when ``wind_search``). ``stats["searched"]`` tells whether the
    tabu search ran. ``effort`` multiplies the tabu search's budget (club-mates apart first
    needs a longer search: removing a repeat must not seat club-mates together).
    ``layers``: groups to place in one column each (``group_of`` lists, the teams first, then
    the clubs): the column design is also relabelled from a map that packs the first layer
    (``designs.column_start``), kept when it is better on repeats and team clashes than the random
    maps or perfect, and from one that packs every layer, kept when perfect. ``covers``: the
    budgets of the clash-free covers that found nothing for this draw's groups and ``count``
    (one dict per draw, shared by its calls: such a cover finds nothing again), filled as they
    fail. ``continuations``: what this draw looked for to continue the played sessions on the
    numbered column design (``numbered_tables.Continuations``, also one per draw).
    """
    weights = base_weights(n, history, apart)
    target = REPEAT_WEIGHT * history_bound(n, count, weights, apart) + _history_clashes(
        weights, apart
    )
    target += floors[0]
    design = design_rounds(n, limit=max(count, 10))
    has_history = any(len(table) > 1 for session in history for table in session)

    sessions: list[Round] | None = None
    same_size = all(len(session) * 4 == n for session in history)  # substitutes only
    continued: list[Round] | None = None
    from_columns = False  # the continuation is ``column_continuation``'s
    if has_history and same_size and apart:
        # the numbered column design continuing the played sessions, groups apart (§8.2)
        found = numbered_continuation(n, count, history, apart, rng, layers, continuations)
        if found is not None:
            continued, as_drawn = found
            if as_drawn:  # the fresh draw's own cover goes on: taken as it is
                sessions = continued
        else:  # one played session: the column design's map with the fewest clashes (§8.2)
            own = random.Random(f"{rng.getstate()[1][:4]}/column continuation")
            packed = column_start(n, layers, own) if layers else None
            continued = column_continuation(n, count, history, apart, own, packed)
            from_columns = continued is not None
    if sessions is None and has_history and same_size and len(design) >= count:
        fitted = embed(design, history, n, count, rng, node_limit=_embed_nodes(n))
        if fitted:
            point_of, chosen = fitted
            sessions = on_players([design[r] for r in chosen], point_of)
    if sessions is None:
        starts: list[tuple[list[Round], list[int] | None]]
        club_maps: set[int] = set()
        shipped = None if has_history else best_schedule(n, count)
        if shipped:  # best known beyond the zero-repeat limit: a draw-time search won't beat it
            known, picked = shipped
            target = max(target, REPEAT_WEIGHT * known)
            starts = [(picked, None)]
        else:
            # the zero-repeat design, and one whose four columns never meet (clubs placed in
            # one column sit apart); of each, the sessions that mix the field best
            starts = [(_pick_mixing(n, design, count, rng), None)]
            columns = column_design(n, limit=max(count, 16), need=count)
            if len(columns) >= count and columns[:count] != design[:count]:
                picked = _pick_mixing(n, columns, count, rng)
                starts.append((picked, None))
                # its own random stream: the other starts stay as they were without it
                own = random.Random(f"{rng.getstate()[1][:4]}/columns")
                for depth in (1, len(layers)) if len(layers) > 1 else (1,):
                    grouped = any(group >= 0 for layer in layers[:depth] for group in layer)
                    light = any(0 < w < REPEAT_WEIGHT for row in apart for w in row)
                    tries = 1 if depth == 1 else CLUB_STARTS if light else 0
                    for _start in range(tries):
                        packed = column_start(n, layers[:depth], own) if grouped else None
                        if packed is not None:
                            starts.append((picked, packed))
                            if depth > 1:
                                club_maps.add(id(packed))
            mixed = mixing_design(n, count)
            if mixed is not None:  # searched offline for the indirect meetings (§8.4)
                # its own random stream, and a start map: the other starts and the search
                # after them stay as they were, and it wins on clashes only when perfect
                own = random.Random(f"{rng.getstate()[1][:4]}/mixing")
                order = list(range(n))
                own.shuffle(order)
                starts.append((_pick(mixed, count, own), order))
        leading: tuple[tuple[int, int], list[Round]] | None = None  # (rank, pick) of the best
        steps = min(RELABEL_STEPS, RELABEL_WORK // (n * min(n, 128)))
        # of each pick of design sessions (several maps share one): its re-visits and mixing,
        # counted only when two starts tie on repeats and clashes (the rest of the key)
        figures: dict[int, tuple[bool, tuple[int, int]]] = {}

        def then(picked: list[Round]) -> tuple[bool, tuple[int, int]]:
            """In a small room, whether the tables cannot be numbered so that nobody returns
            to a number (§8); then the indirect meetings."""
            if id(picked) not in figures:
                figures[id(picked)] = (
                    n <= 4 * EXACT_TABLES and not numbers_without_revisits(picked),
                    mixing_key(n, picked),
                )
            return figures[id(picked)]

        for picked, start in starts:
            own = rng if start is None else random.Random(f"{start[:8]}/relabel")
            point_of = relabel(n, picked, weights, own, steps, clock, start)
            candidate = on_players(picked, point_of)
            # repeats and clashes first, then ``then``
            ranked = _rank_with(weights, apart, candidate)
            if start is not None and leading is not None and id(start) not in club_maps:
                # the teams' packed map wins only when it is better on teams and repeats, or
                # perfect: else the search goes on from the random maps, as without it; the
                # maps that also pack the clubs compete as the random maps do (a design's
                # tables, so no re-visit where the design has none: docs/rules.md §8.1)
                perfect = ranked[0] + ranked[1] <= target
                if not (perfect or ranked[0] < leading[0][0]):
                    continue
            if (
                leading is None
                or ranked < leading[0]
                or (ranked == leading[0] and then(picked) < then(leading[1]))
            ):
                sessions, leading = candidate, (ranked, picked)
    assert sessions is not None  # embedded, or relabelled from at least one start
    tried = [sessions]  # the search's starts
    if (
        continued is not None
        and sessions is not continued
        and _rank_with(weights, apart, continued) <= _rank_with(weights, apart, sessions)
    ):  # the search goes on from the continuation too where it is the better start (§8.2)
        tried.append([[table[:] for table in session] for session in continued])

    masks, block_left = winds if winds else ([], 0)
    block_left = min(block_left, count)
    stream = rng.getstate()  # each start's search draws from the same stream: none goes first
    best: tuple | None = None
    for k, sessions in enumerate(tried):
        own = rng if k == 0 else random.Random()
        own.setstate(stream)
        short = 0
        if block_left:  # finish the block with the sessions whose tables suit the winds left
            sessions.sort(key=lambda session: _shortfall(session, masks))
            short = sum(_shortfall(session, masks) for session in sessions[:block_left])
        searched = (
            _cost_with(weights, apart, sessions) + (short if wind_search else 0) > target and n > 4
        )
        if searched and sessions is continued:
            # the fresh draw's own cover goes on as it is (§8.2): a search for the winds would
            # change its tables (and return to table numbers), the winds come after them
            searched = False
        if searched and not has_history:
            # a numbered design without any clash makes the search needless (docs/rules.md §8.1)
            apart_tables = without_clashes(n, count, layers, own, QUICK_WORK, QUICK_SETS, covers)
            if apart_tables is not None:
                sessions, searched = apart_tables, False
        if searched:
            sample = max(8, min(48, 4000 // n))
            iterations = max(100, effort * TABU_WORK // (sample * n))
            sessions, _cost = improve(
                sessions, weights, target, own, iterations, clock, (masks, block_left), apart,
                patience=PATIENCE * effort, light_floor=floors[1],
            )  # fmt: skip
            if not has_history:
                steps = min(RELABEL_STEPS, RELABEL_WORK // (n * min(n, 128)))
                sessions = numbered_instead(
                    n, count, sessions, weights, own, layers, clock, steps, covers
                )
        if len(tried) > 1:  # the better search by repeats and clashes, winds, re-visits
            numbered = number_tables([*history, *sessions], first=len(history))
            short = sum(_shortfall(session, masks) for session in sessions[:block_left])
            outcome = (_rank_with(weights, apart, sessions), short, table_revisits(numbered))
            if best is not None and not outcome < best[0]:
                continue
            best = (outcome, sessions, searched, own.getstate())
        else:
            best = ((), sessions, searched, None)
    assert best is not None
    _key, sessions, searched, state = best
    if state is not None:
        rng.setstate(state)  # the draw goes on from the stream of the search kept
    if stats is not None:
        stats["searched"] = searched
    if continued is not None and sessions is not continued:
        # a continuation searched: taken where better than these tables on repeats and
        # clashes, then re-visits, or as good and no worse on either figure of the indirect
        # meetings (§8.4: the fewest opponents in common, the pairs with too few)
        numbered = number_tables([*history, *sessions], first=len(history))
        mine = (_rank_with(weights, apart, sessions), table_revisits(numbered))
        theirs = (_rank_with(weights, apart, continued), table_revisits([*history, *continued]))
        if from_columns and theirs[0] > mine[0]:
            # club-mates apart first: the continuation's clashes traded for repeats, most of
            # its numbers kept (``numbered_repair``), when no worse on each figure alone
            repaired = repaired_instead(n, continued, sessions, weights, layers, history)
            if repaired is not None:
                continued = repaired
                numbered = number_tables([*history, *continued], first=len(history))
                theirs = (_rank_with(weights, apart, continued), table_revisits(numbered))
        spread = mixing_key(n, [*history, *continued])
        searched_spread = mixing_key(n, [*history, *sessions])
        if theirs < mine or (
            theirs == mine and all(x <= y for x, y in zip(spread, searched_spread, strict=True))
        ):
            sessions = continued
            if block_left:
                sessions.sort(key=lambda session: _shortfall(session, masks))
    return sessions


def _shortfall(session: Round, masks: list[int]) -> int:
    """The winds the players of ``session`` cannot all have at their tables (``winds``)."""
    return sum(shortfall(tuple(masks[x] for x in table)) for table in session)


def history_bound(n: int, count: int, weights: list[list[int]], apart: list[list[int]]) -> int:
    """A lower bound on ``sum over pairs of C(meetings, 2)`` after ``count`` more sessions.

    Counting: a player who meets ``m`` people (with multiplicity) among ``n - 1`` others has at
    least ``m - (n - 1)`` repeated meetings. Never below the repeats already in the history.
    """
    excess = 0
    already = 0
    for a, row in enumerate(weights):
        met = 3 * count
        kept = apart[a] if apart else None
        for b, w in enumerate(row):
            if b != a:
                times = (w - (kept[b] if kept else 0)) // REPEAT_WEIGHT
                met += times
                if b > a:
                    already += times * (times - 1) // 2
        excess += max(0, met - (n - 1))
    return max(math.ceil(excess / 2), already)


def _pick_mixing(n: int, design: list[Round], count: int, rng: random.Random) -> list[Round]:
    """Of a few random picks of ``count`` design sessions, the one whose players have the most
    indirect meetings (``seating.indirect``): a secondary goal, every pick has zero repeats."""
    if count >= len(design):
        return _pick(design, count, rng)
    picks = [_pick(design, count, rng) for _ in range(mixing_tries(n))]
    # the indirect meetings of a pick do not depend on the order of its sessions: each set of
    # sessions is counted once, at its first pick (the one ``most_mixing`` would keep)
    firsts: dict[frozenset[int], list[Round]] = {}
    for picked in picks:
        firsts.setdefault(frozenset(map(id, picked)), picked)
    return most_mixing(n, list(firsts.values()), lambda picked: picked)


def _pick(design: list[Round], count: int, rng: random.Random) -> list[Round]:
    """``count`` design sessions in random order, cycling through them again if needed."""
    order = list(range(len(design)))
    rng.shuffle(order)
    return [design[order[i % len(order)]] for i in range(count)]


def plan_cost(
    n: int, history: list[Round], apart: list[list[int]], sessions: list[Round]
) -> tuple[int, int]:
    """Rank (repeats and clashes, ``seating.weights.rank``) of new sessions after history."""
    return _rank_with(base_weights(n, history, apart), apart, sessions)


def _counted(weights: list[list[int]], sessions: list[Round]) -> list[list[int]]:
    full = [row[:] for row in weights]
    for session in sessions:
        for table in session:
            for a in table:
                for b in table:
                    if a != b:
                        full[a][b] += REPEAT_WEIGHT
    return full


def _cost_with(weights: list[list[int]], apart: list[list[int]], sessions: list[Round]) -> int:
    return total_cost(_counted(weights, sessions), apart)


def _rank_with(
    weights: list[list[int]], apart: list[list[int]], sessions: list[Round]
) -> tuple[int, int]:
    return rank(_counted(weights, sessions), apart)


def _history_clashes(weights: list[list[int]], apart: list[list[int]]) -> int:
    """What the played sessions' clashes cost (``apart`` times meetings, over pairs)."""
    clashes = 0
    for a, kept in enumerate(apart):
        row = weights[a]
        for b in range(a + 1, len(row)):
            if kept[b]:
                clashes += kept[b] * ((row[b] - kept[b]) // REPEAT_WEIGHT)
    return clashes


def _embed_nodes(n: int) -> int:
    return max(2000, 400_000 // n)
