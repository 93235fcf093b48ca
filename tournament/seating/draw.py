"""The whole schedule of an event: ``draw_schedule`` and ``draw`` (pure Python, no database).

Validates the request (``seating.base``), plans who sits with whom in the sessions still to draw
(``seating.plan``), orders the seats for balanced winds (``seating.winds``) and, on a re-draw
where only players were replaced, keeps the previous plan when it is as good. ``draw`` also
says whether the safety clock cut a search short (``DrawResult.clock_stopped``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence

from tournament.seating.base import (
    SafetyClock,
    SeatingError,
    check_players,
    check_session_count,
    check_sessions,
    group_numbers,
    history_seats,
    on_roster,
)
from tournament.seating.bounds import (
    clash_floor,
    max_zero_repeat_sessions,
    zero_repeat_clash_floor,
)
from tournament.seating.i18n import _
from tournament.seating.keep import (
    keep_previous,
    keeps,
    patch_previous,
    previous_players,
    quality,
    repair_winds,
    tables_holding,
)
from tournament.seating.numbered_tables import Continuations
from tournament.seating.numbers import number_tables
from tournament.seating.plan import plan_cost, plan_tables
from tournament.seating.report import (
    KeptPlan,
    Option,
    PlanFigures,
    changed_players,
    seating_report,
)
from tournament.seating.weights import APART_FIRST, REPEAT_WEIGHT, REPEATS_FIRST, apart_costs
from tournament.seating.winds import balance_winds, missing_winds, wind_counts

DEFAULT_TIME_LIMIT = 120.0
"""Safety stop, in seconds, of a runaway search. The searches are budgeted in iterations and
every bench size needs at most ~2 s (10 s above 100 players), so the stop fires only on a
machine dozens of times slower, and the result then says so."""

APART_FIRST_EFFORT = 3  # the tabu search's budget with club-mates apart first, times the usual
TEAM_APART = 1000  # a clash between team-mates: above any repeats or club clashes of a swap
APART_FIRST_TRIES = 3  # club-mates apart first: fresh starts while a near miss is left
PATCH_ATTEMPTS = 2  # a late registration or a removed table: the tables that must change, then 2x
NEAR_MISS = 2 * REPEAT_WEIGHT  # apart first: a near miss is two repeated meetings at most


@dataclasses.dataclass(frozen=True)
class DrawResult:
    """A drawn schedule (as ``draw_schedule`` returns it), whether the clock cut it short, the
    figures of the other priority's draw when the two trade repeats against clashes, and, on a
    re-draw with ``previous``, the figures of the kept plan and of the fresh draw (``kept``)."""

    schedule: list[Sequence[Sequence[Hashable]]]
    clock_stopped: bool = False
    alternative: Option | None = None
    kept: KeptPlan | None = None


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
    teams: Mapping[Hashable, Hashable] | None = None,
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
        teams=teams,
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
    teams: Mapping[Hashable, Hashable] | None = None,
    other_priority: bool = True,
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
    figures). ``other_priority=False`` draws the one priority asked for and never the other (no
    ``DrawResult.alternative``, and no exchange for a better other draw): what a program
    without that preview draws, for measuring the draw alone.

    ``teams``: maps a player to a team: team-mates never share a table whenever the sizes allow
    it (a clash between team-mates weighs ``TEAM_APART``, more than any number of repeats or
    club clashes a swap can change: a hard constraint for the search); the report counts what
    is left (``seating_report(..., teams=...)``).

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
    team_of = group_numbers(roster, teams)
    seats = history_seats(played, index)
    winds = missing_winds(len(roster), seats)
    grouped = any(group >= 0 for group in group_of)

    sizes: dict[int, int] = {}
    for group in group_of:
        if group >= 0:
            sizes[group] = sizes.get(group, 0) + 1

    def floors(first: bool) -> tuple[int, int]:
        """The clashes no new schedule avoids, as ``plan_tables`` weighs them (heavy apart
        first, light repeats first); none counted with played sessions or teams."""
        if history or any(team >= 0 for team in team_of):
            return 0, 0
        spread = clash_floor(sizes.values(), len(roster) // 4, count)
        if first:
            return APART_FIRST * spread, 0
        if count <= max_zero_repeat_sessions(len(roster)):  # the best has no repeat
            spread = max(spread, zero_repeat_clash_floor(sizes.values(), len(roster), count))
        return 0, REPEATS_FIRST * spread

    covers: dict[tuple[int, int], None] = {}  # clash-free covers that found nothing (plan)
    continuations = Continuations()  # the played sessions' continuations looked for (plan)

    def plan(first: bool) -> tuple[tuple[tuple[int, int], int], list, list[list[int]]]:
        """(quality, sessions on indices, apart matrix) of the plan with one priority."""
        apart = apart_costs(
            len(roster),
            [(group_of, APART_FIRST if first else REPEATS_FIRST), (team_of, TEAM_APART)],
        )
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
                    layers=(team_of, group_of), floors=floors(first), covers=covers,
                    continuations=continuations,
                )  # fmt: skip
                seated = balance_winds(tables, seats, len(roster), rng)
                key = quality(seated, seats, history, apart)
                if best is None or key < best[0]:
                    best = (key, seated)
                # a redraw inside a block of four whose tables block the winds: plan again,
                # this time searching for tables that suit the winds (unless it already ran)
                if key[-1] <= 1 or not winds[1] or stats.get("searched"):
                    break
            assert best is not None
            if not perfect < best[0][0] <= (perfect[0] + NEAR_MISS, perfect[1]):
                break  # perfect, or too far from it for a fresh start to get there
        assert best is not None
        return best[0], best[1], apart

    apart_first = apart_first and grouped  # nobody to keep apart: nothing to weigh
    key, seated, apart = plan(apart_first)
    drawn = [[on_roster(roster, table) for table in session] for session in seated]
    alternative = None
    if grouped and other_priority:  # docs/rules.md §8: repeats and clashes trade, director chooses
        mine = seating_report([*fixed, *drawn], groups, teams=teams)
        if (mine.group_clashes or (apart_first and mine.repeats > mine.lower_bound)) and not (
            not fixed and _at_floors(mine, sizes, len(roster) // 4, total)
        ):
            other_key, other_seated, other_apart = plan(not apart_first)
            other = [[on_roster(roster, table) for table in session] for session in other_seated]
            theirs = seating_report([*fixed, *other], groups, teams=teams)
            figures = (mine.team_clashes, mine.repeats, mine.group_clashes, mine.wind_spread)
            others = (theirs.team_clashes, theirs.repeats, theirs.group_clashes, theirs.wind_spread)
            if all(x <= y for x, y in zip(others, figures, strict=True)) and others != figures:
                key, seated, apart, drawn = other_key, other_seated, other_apart, other
            elif not all(x <= y for x, y in zip(figures, others, strict=True)):
                alternative = Option(not apart_first, theirs.repeats, theirs.group_clashes)
    # docs/rules.md §8: number the new sessions' tables so that players move around the room
    fresh = number_tables([*played, *drawn], first=len(played))[len(played) :]
    if previous is not None:
        kept = _kept_plan(previous, played, roster, total, seats, history, apart, key, seed, winds)
        choice = compare_kept(previous[len(played) :], kept, fresh, fixed, roster, groups, teams)
        if choice.taken and kept is not None:
            # the kept plan keeps its table numbers too: the players' cards stay true
            return DrawResult([*result, *kept], clock_stopped=clock.fired, kept=choice)
        return DrawResult(
            [*result, *fresh], clock_stopped=clock.fired, alternative=alternative, kept=choice
        )
    return DrawResult([*result, *fresh], clock_stopped=clock.fired, alternative=alternative)


def _at_floors(report, sizes: Mapping[int, int], tables: int, sessions: int) -> bool:
    """Whether a fresh draw's figures are all at their floors (no team-mates together,
    repeats at the counting bound, clashes at ``bounds.clash_floor``, winds as even as
    ``sessions`` allow): the other priority cannot be better on any of them, so it is not
    drawn (its figures would be the same or worse)."""
    return (
        report.team_clashes == 0
        and report.repeats <= report.lower_bound
        and report.group_clashes <= clash_floor(sizes.values(), tables, sessions)
        and report.wind_spread <= (0 if sessions % 4 == 0 else 1)
    )


def compare_kept(before, kept, fresh, fixed, roster, groups, teams) -> KeptPlan:
    """The figures of the kept plan and of the fresh draw, and whether the kept plan is taken:
    only when it is at least as good on team-mates, repeats, clashes and winds (``_kept_plan``
    already checked these the draw's way) and reprints fewer cards, by more than the re-visits
    it adds (a return to a table number weighs as much as a card; docs/rules.md §8.2)."""
    members = set(roster)

    def figures(sessions) -> PlanFigures:
        report = seating_report([*fixed, *sessions], groups, teams=teams)
        cards = sum(1 for p in changed_players(before, sessions) if p in members)
        return PlanFigures(
            repeats=report.repeats,
            group_clashes=report.group_clashes,
            team_clashes=report.team_clashes,
            wind_spread=report.wind_spread,
            table_revisits=report.table_revisits,
            cards=cards,
        )

    theirs = figures(fresh)
    if kept is None:
        return KeptPlan(kept=None, fresh=theirs, taken=False)
    mine = figures(kept)
    # a return to a table number weighs as much as a card to reprint
    more = mine.table_revisits - theirs.table_revisits
    taken = mine.cards < theirs.cards and more < theirs.cards - mine.cards
    return KeptPlan(kept=mine, fresh=theirs, taken=taken)


def _kept_plan(previous, played, roster, total, seats, history, apart, fresh, seed, winds):
    """The previous plan of the unplayed sessions, kept as far as the change of players allows
    (``seating.keep``), or None when a fresh draw (of quality ``fresh``) is better."""
    index = {player: i for i, player in enumerate(roster)}
    joiners = {index[p] for p in roster if p not in previous_players(previous)}
    n = len(roster)

    def on_roster_all(sessions):
        return [[on_roster(roster, table) for table in session] for session in sessions]

    kept = keep_previous(previous, played, roster, total)
    if kept is not None:  # a substitution: the newcomers take the leavers' seats
        on_index = [[[index[p] for p in table] for table in session] for session in kept]
        if quality(on_index, seats, history, apart) > fresh:
            # the newcomer's seats may upset the winds: swap seats inside the newcomers'
            # tables only (nobody changes table or opponents), then judge again
            on_index = repair_winds(on_index, seats, n, tables_holding(on_index, joiners))
            kept = on_roster_all(on_index)
        return kept if keeps(on_index, seats, history, apart, fresh, joiners) else None
    # a late registration or a removed table: the fewest tables drawn again that keep the
    # quality of a fresh draw (those that must change, then twice as many, ...)
    tables = len(roster) // 4
    at_least = 0
    for _attempt in range(PATCH_ATTEMPTS):
        rng = random.Random(f"{seed}/patch/{at_least}")
        patched = patch_previous(
            previous, played, roster, total, history, apart, rng, at_least, winds
        )
        if patched is None:
            return None
        on_index, changed = patched
        on_index = repair_winds(on_index, seats, n, changed, newcomers=joiners)
        uneven = {
            p
            for p, row in enumerate(wind_counts(n, [*seats, *on_index]))
            if max(row) - min(row) > 1
        }
        if uneven:  # seats may swap inside any table of a player left a wind short
            around = tables_holding(on_index, uneven)
            on_index = repair_winds(on_index, seats, n, changed | around, newcomers=joiners)
        if keeps(on_index, seats, history, apart, fresh, joiners):
            return on_roster_all(on_index)
        # (seating every table again for the winds would reprint every card: docs/rules.md §8.2)
        opened = max(len({t for s, t in changed if s == x}) for x in range(len(on_index)))
        at_least = max(2 * opened, at_least + 1)
        if at_least >= tables - 1:
            break  # as good only by drawing (nearly) everything again: draw afresh
    return None
