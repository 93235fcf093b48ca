"""The whole schedule of an event: ``draw_schedule`` and ``draw`` (pure Python, no database).

Validates the request (``seating.base``), plans who sits with whom in the sessions still to draw
(``seating.plan``), orders the seats for balanced winds (``seating.winds``) and, on a re-draw
where only players were replaced, keeps the previous plan when it is as good. ``draw`` also
says whether the safety clock cut a search short (``DrawResult.clock_stopped``).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence

from tournament.seating.base import (
    SafetyClock,
    Schedule,
    SeatingError,
    check_players,
    check_session_count,
    check_sessions,
    group_numbers,
    history_seats,
    on_roster,
)
from tournament.seating.i18n import _
from tournament.seating.numbers import number_tables
from tournament.seating.plan import plan_cost, plan_tables
from tournament.seating.report import Option, seating_report
from tournament.seating.search import APART_FIRST, REPEAT_WEIGHT, REPEATS_FIRST, apart_costs
from tournament.seating.winds import balance_winds, missing_winds, wind_counts

DEFAULT_TIME_LIMIT = 120.0
APART_FIRST_EFFORT = 3  # the tabu search's budget with club-mates apart first, times the usual
APART_FIRST_TRIES = 3  # club-mates apart first: fresh starts while a near miss is left
NEAR_MISS = 2 * REPEAT_WEIGHT  # ... that is, at most two repeated meetings (or a few clashes)
"""Safety stop, in seconds, of a runaway search. The searches are budgeted in iterations and
every bench size needs at most ~2 s (10 s above 100 players), so the stop fires only on a
machine dozens of times slower, and the result then says so."""


@dataclasses.dataclass(frozen=True)
class DrawResult:
    """A drawn schedule (as ``draw_schedule`` returns it), whether the clock cut it short, and
    the figures of the other priority's draw when the two trade repeats against clashes."""

    schedule: list[Sequence[Sequence[Hashable]]]
    clock_stopped: bool = False
    alternative: Option | None = None


def draw_schedule(
    players: Iterable[Hashable],
    sessions: int,
    *,
    seed: int | str = 0,
    groups: Mapping[Hashable, Hashable] | None = None,
    fixed: Sequence[Sequence[Sequence[Hashable]]] = (),
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    previous: Sequence[Sequence[Sequence[Hashable]]] | None = None,
    apart_first: bool = False,
) -> list[Sequence[Sequence[Hashable]]]:
    """The schedule of ``draw(...)`` (same arguments); see ``draw``."""
    return draw(
        players,
        sessions,
        seed=seed,
        groups=groups,
        fixed=fixed,
        time_limit=time_limit,
        previous=previous,
        apart_first=apart_first,
    ).schedule


def draw(
    players: Iterable[Hashable],
    sessions: int,
    *,
    seed: int | str = 0,
    groups: Mapping[Hashable, Hashable] | None = None,
    fixed: Sequence[Sequence[Sequence[Hashable]]] = (),
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    previous: Sequence[Sequence[Sequence[Hashable]]] | None = None,
    apart_first: bool = False,
) -> DrawResult:
    """Draw the seating of a whole event.

    ``players``: the registered players (any hashable ids), a multiple of 4.
    ``sessions``: the TOTAL number of sessions, played ones included: ``draw_schedule(p, 6,
    fixed=first_two)`` returns 6 sessions whose first two are ``first_two``.
    ``groups``: maps a player to a club or country; members of one group should not share a
    table (players missing from it, or mapped to None, belong to no group).
    ``fixed``: sessions already played, as lists of 4-tuples in seat order. They are returned
    unchanged and count as history: pairs that met there avoid meeting again, their winds count
    toward each player's balance. They may hold players who have left (ignored from then on) and
    may miss players who arrived later (substitutes, late registrations): a substitute simply
    has no history. Removing a table is drawing with four players fewer.
    ``previous``: the schedule drawn before (all ``sessions`` of it). When only players were
    replaced (as many newcomers as leavers), its unplayed sessions are kept with each newcomer
    in a leaver's seat, unless a fresh draw is better (fewer repeats, clashes, or winds off by
    more than one): tables that players already know change as little as possible.

    ``apart_first``: when avoiding repeats and keeping group-mates apart cannot both be had,
    which the draw gives up first: by default repeats weigh more (club-mates may meet); with
    ``apart_first`` a clash weighs as much as seven repeated meetings. Either way, when there
    are groups and the draw has a clash (or, apart first, a repeat), the other priority is drawn
    too: if it is at least as good on repeats, clashes and winds it is returned instead,
    otherwise its figures are ``DrawResult.alternative`` so the director can weigh the two (each
    priority draws from its own random stream, so asking for the other gives exactly those
    figures).

    Returns a list of sessions, each a list of tables, each a tuple (East, South, West, North).
    Targets: no pair meets twice whenever a zero-repeat schedule is known for the size (see
    ``zero_repeat_sessions``), else repeats at or near ``lower_bound`` with no pair meeting three
    times when two suffice; every player starts at each wind floor(S/4) or ceil(S/4) times, and
    once at each wind in every block of four sessions (1-4, 5-8, ...); no club-mates together
    when that is possible without adding a repeat (see ``apart_first``); among zero-repeat
    plans, the one with the most indirect meetings (``seating.indirect``). A re-draw inside a block
    of four can leave a few players a wind spread of 2 when the new tables cannot fit the winds
    they already had in that block; pass ``previous`` to keep the plan when only substitutes
    changed.

    Same inputs and seed give the same schedule on any machine, whatever its speed: every
    search is budgeted in iterations. ``time_limit`` (seconds, None for none) is only a safety
    stop for a runaway search: if it fires, the best schedule found so far is returned and
    ``clock_stopped`` is True (that schedule then depends on the machine's speed).

    Raises ``SeatingError`` for a player count that is not a multiple of 4 (the message says how
    many substitutes are missing), duplicate players, a bad session count or a malformed played
    session.
    """
    roster = check_players(players)
    total = check_session_count(sessions)
    fixed = list(fixed)
    played = check_sessions(fixed)
    if len(played) > total:
        raise SeatingError(
            _("{played} sessions are already played but the schedule has only {sessions}."),
            played=len(played),
            sessions=total,
        )
    if time_limit is not None and not time_limit > 0:
        raise SeatingError(_("The time limit must be a positive number of seconds."))
    clock = SafetyClock(time_limit)
    result: list[Sequence[Sequence[Hashable]]] = list(fixed)  # played sessions as given
    count = total - len(played)
    if count == 0:
        return DrawResult(result)

    index = {player: i for i, player in enumerate(roster)}
    history = [[[index[p] for p in table if p in index] for table in session] for session in played]
    group_of = group_numbers(roster, groups)
    seats = history_seats(played, index)
    winds = missing_winds(len(roster), seats)
    grouped = any(group >= 0 for group in group_of)

    def plan(first: bool) -> tuple[tuple[int, int], list, list[list[int]]]:
        """(quality, sessions on indices, apart matrix) of the plan with one priority."""
        apart = apart_costs(len(roster), [(group_of, APART_FIRST if first else REPEATS_FIRST)])
        perfect = plan_cost(len(roster), history, apart, [])  # what the history alone costs
        best = None
        for attempt in range(APART_FIRST_TRIES if first else 1):
            # each priority (and attempt) draws from its own stream, so either option is the
            # same when drawn alone
            rng = random.Random(f"{seed}/apart first/{attempt}" if first else seed)
            stats: dict = {}
            for wind_search in (False, True):
                tables = plan_tables(
                    len(roster), count, history, apart, rng, clock, winds, stats, wind_search,
                    effort=APART_FIRST_EFFORT if first and not attempt else 1,
                )  # fmt: skip
                seated = balance_winds(tables, seats, len(roster), rng)
                key = _quality(seated, seats, history, apart)
                if best is None or key < best[0]:
                    best = (key, seated)
                # a redraw inside a block of four whose tables block the winds: plan again,
                # this time searching for tables that suit the winds (unless it already ran)
                if key[-1] <= 1 or not winds[1] or stats.get("searched"):
                    break
            assert best is not None
            if not perfect < best[0][0] <= perfect + NEAR_MISS:
                break  # perfect, or too far from it for a fresh start to get there
        assert best is not None
        return best[0], best[1], apart

    apart_first = apart_first and grouped  # nobody to keep apart: nothing to weigh
    key, seated, apart = plan(apart_first)
    drawn = [[on_roster(roster, table) for table in session] for session in seated]
    alternative = None
    if grouped:  # docs/rules.md §8: when repeats and clashes trade, the director chooses
        mine = seating_report([*fixed, *drawn], groups)
        if mine.group_clashes or (apart_first and mine.repeats > mine.lower_bound):
            other_key, other_seated, other_apart = plan(not apart_first)
            other = [[on_roster(roster, table) for table in session] for session in other_seated]
            theirs = seating_report([*fixed, *other], groups)
            figures = (mine.repeats, mine.group_clashes, mine.wind_spread)
            others = (theirs.repeats, theirs.group_clashes, theirs.wind_spread)
            if all(x <= y for x, y in zip(others, figures, strict=True)) and others != figures:
                key, seated, apart, drawn = other_key, other_seated, other_apart, other
            elif not all(x <= y for x, y in zip(figures, others, strict=True)):
                alternative = Option(not apart_first, theirs.repeats, theirs.group_clashes)
    if previous is not None:
        kept = _keep_previous(previous, played, roster, total)
        if kept is not None:
            on_index = [[[index[p] for p in table] for table in session] for session in kept]
            joiners = {index[p] for p in roster if p not in _previous_players(previous)}
            if _quality(on_index, seats, history, apart) > key:
                # the newcomer's seats may upset the winds: swap seats inside the newcomers'
                # tables only (nobody changes table or opponents), then judge again
                on_index = _repair_winds(on_index, seats, len(roster), joiners)
                kept = [[on_roster(roster, table) for table in session] for session in on_index]
            if _keeps(on_index, seats, history, apart, key, joiners):
                # the kept plan keeps its table numbers too: the players' cards stay true
                return DrawResult([*result, *kept], clock_stopped=clock.fired)
    # docs/rules.md §8: number the new sessions' tables so that players move around the room
    result.extend(number_tables([*played, *drawn], first=len(played))[len(played) :])
    return DrawResult(result, clock_stopped=clock.fired, alternative=alternative)


def _quality(seated, seats, history, apart) -> tuple[int, int]:
    """(repeat and clash cost, wind spread above 1) of new sessions after the played ones."""
    n = len(apart)
    spread = max(max(row) - min(row) for row in wind_counts(n, [*seats, *seated]))
    return plan_cost(n, history, apart, seated), max(spread, 1)


def _keeps(seated, seats, history, apart, fresh, joiners) -> bool:
    """Whether the kept plan is as good as a fresh draw (``fresh``: its quality): no more
    repeats or clashes, and nobody's winds worse, except a newcomer's by one: a substitute who
    joins mid-event cannot always get every wind without moving other players (docs/rules.md
    §8), and moving everyone is what the kept plan is there to avoid."""
    cost, spread = _quality(seated, seats, history, apart)
    if cost > fresh[0]:
        return False
    if spread <= fresh[1]:
        return True
    counts = wind_counts(len(apart), [*seats, *seated])
    others = max(
        (max(row) - min(row) for p, row in enumerate(counts) if p not in joiners), default=0
    )
    return max(others, 1) <= fresh[1] and spread <= fresh[1] + 1


def _previous_players(previous) -> set[Hashable]:
    return {p for session in previous for table in session for p in table}


def _repair_winds(sessions, seats, n, joiners, passes: int = 8):
    """``sessions`` (player indices, seat order) with the seats of each table holding a joiner
    permuted so that every player's winds stay as even as can be (fewest squares of the
    counts); the other tables and everybody's table and opponents stay as they are."""
    sessions = [[list(table) for table in session] for session in sessions]
    counts = wind_counts(n, [*seats, *sessions])
    targets = [
        (s, t)
        for s, session in enumerate(sessions)
        for t, table in enumerate(session)
        if joiners.intersection(table)
    ]
    for _round in range(passes):
        changed = False
        for s, t in targets:
            table = sessions[s][t]
            for w, p in enumerate(table):
                counts[p][w] -= 1

            def load(order):
                # first no player's spread above one, then the evenest counts
                spread = squares = 0
                for w, p in enumerate(order):
                    row = counts[p][:]
                    row[w] += 1
                    spread += max(0, max(row) - min(row) - 1)
                    squares += sum(value * value for value in row)
                return spread, squares

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
    # A player whose winds one table cannot mend: try the newcomers' tables two at a time.
    for (s1, t1), (s2, t2) in itertools.combinations(targets, 2):
        first, second = sessions[s1][t1], sessions[s2][t2]
        for table in (first, second):
            for w, p in enumerate(table):
                counts[p][w] -= 1
        people = set(first) | set(second)

        def uneven(one, two, people=people, first=first, second=second):
            rows = {p: counts[p][:] for p in people}
            for order in (one, two):
                for w, p in enumerate(order):
                    rows[p][w] += 1
            return (
                sum(max(0, max(row) - min(row) - 1) for row in rows.values()),
                sum(value * value for row in rows.values() for value in row),
                (list(one), list(two)) != (first, second),
            )

        one, two = min(
            itertools.product(itertools.permutations(first), itertools.permutations(second)),
            key=lambda pair: uneven(*pair),
        )
        sessions[s1][t1], sessions[s2][t2] = list(one), list(two)
        for table in (sessions[s1][t1], sessions[s2][t2]):
            for w, p in enumerate(table):
                counts[p][w] += 1
    return sessions


def _keep_previous(previous, played, roster, total) -> Schedule | None:
    """The previous draw's unplayed sessions with leavers replaced by newcomers, or None."""
    plan = check_sessions(previous)
    if len(plan) != total:
        return None
    future = plan[len(played) :]
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
