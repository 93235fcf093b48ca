"""Seating draw of the Mahjong Tournament Desk: who sits where, session by session.

Pure Python: this module and the ``tournament.seating_*`` modules it uses never touch the
database and never import Django. The Django side turns players into hashable ids, calls the
functions below and stores the result.

Public API:

* ``draw_schedule(players, sessions, *, seed=0, groups=None, fixed=(), time_limit=8.0,
  previous=None)``: the whole schedule, a list of sessions, each a list of tables, each a
  4-tuple of players in seat order (East, South, West, North);
* ``swiss_session(ranking, *, history=(), band_size=None, groups=None, seed=0)``: one session
  seated by the standings;
* ``seating_report(schedule, groups=None)``: repeats, wind spread, group clashes, ...;
* ``lower_bound(n_players, n_sessions)``, ``max_zero_repeat_sessions(n)``,
  ``zero_repeat_sessions(n)``: what can be promised before drawing;
* ``SeatingError``: a request a director must fix (message in plain words, translatable).

How the draw works: zero-repeat designs (``seating.designs``), fitted to the played sessions
(``seating.embed``) or relabelled to keep club-mates apart (``seating.search.relabel``), then a
tabu search where no zero-repeat schedule exists (``seating.search.improve``); the starting
winds are balanced last (``seating.winds``).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from tournament.seating.designs import design_size
from tournament.seating.i18n import _
from tournament.seating.plan import plan_cost, plan_tables
from tournament.seating.swiss import swiss_tables
from tournament.seating.winds import WINDS, balance_winds, missing_winds, wind_counts

DEFAULT_TIME_LIMIT = 8.0
"""Seconds ``draw_schedule`` may search (every size in the bench needs far less)."""

Table = tuple[Hashable, Hashable, Hashable, Hashable]
Schedule = list[list[Table]]


class SeatingError(ValueError):
    """A request the director has to fix; ``str(err)`` is the message in English.

    ``template`` is the untranslated message (marked with ``_``) and ``params`` its
    ``str.format`` arguments, so the Django side can translate it: ``_(err.template).format(
    **err.params)``.
    """

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


# --------------------------------------------------------------------------- drawing


def draw_schedule(
    players: Iterable[Hashable],
    sessions: int,
    *,
    seed: int | str = 0,
    groups: Mapping[Hashable, Hashable] | None = None,
    fixed: Sequence[Sequence[Sequence[Hashable]]] = (),
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    previous: Sequence[Sequence[Sequence[Hashable]]] | None = None,
) -> Schedule:
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

    Returns a list of sessions, each a list of tables, each a tuple (East, South, West, North).
    Targets: no pair meets twice whenever a zero-repeat schedule is known for the size (see
    ``zero_repeat_sessions``), else repeats at or near ``lower_bound`` with no pair meeting three
    times when two suffice; every player starts at each wind floor(S/4) or ceil(S/4) times, and
    once at each wind in every block of four sessions (1-4, 5-8, ...); no club-mates together
    when that is possible without adding a repeat (repeats come first). A re-draw inside a block
    of four can leave a few players a wind spread of 2 when the new tables cannot fit the winds
    they already had in that block; pass ``previous`` to keep the plan when only substitutes
    changed.

    Same inputs and seed give the same schedule. ``time_limit`` (seconds, None for none) stops
    the searches early on a slow machine and returns the best schedule found; determinism then
    depends on speed, but every bench size finishes its search well inside the default limit.

    Raises ``SeatingError`` for a player count that is not a multiple of 4 (the message says how
    many substitutes are missing), duplicate players, a bad session count or a malformed played
    session.
    """
    roster = _check_players(players)
    total = _check_sessions(sessions)
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
    deadline = None if time_limit is None else time.monotonic() + time_limit
    result: Schedule = list(fixed)  # the played sessions exactly as given
    count = total - len(played)
    if count == 0:
        return result

    index = {player: i for i, player in enumerate(roster)}
    history = [[[index[p] for p in table if p in index] for table in session] for session in played]
    group_of = _group_numbers(roster, groups)
    seats = history_seats(played, index)
    rng = random.Random(seed)
    winds = missing_winds(len(roster), seats)
    best = None
    stats: dict = {}
    for wind_search in (False, True):
        tables = plan_tables(
            len(roster), count, history, group_of, rng, deadline, winds, stats, wind_search
        )
        seated = balance_winds(tables, seats, len(roster), rng)
        key = _quality(seated, seats, history, group_of)
        if best is None or key < best[0]:
            best = (key, seated)
        # a redraw inside a block of four whose tables block the winds: plan again, this time
        # searching for tables that suit the winds (unless the search already ran)
        if key[-1] <= 1 or not winds[1] or stats.get("searched"):
            break
    assert best is not None
    drawn = [[tuple(roster[i] for i in table) for table in session] for session in best[1]]
    if previous is not None:
        kept = _keep_previous(previous, played, roster, total)
        if kept is not None:
            on_index = [[[index[p] for p in table] for table in session] for session in kept]
            if _quality(on_index, seats, history, group_of) <= best[0]:
                drawn = kept
    result.extend(drawn)
    return result


def _quality(seated, seats, history, group_of) -> tuple[int, int]:
    """(repeat and clash cost, wind spread above 1) of new sessions after the played ones."""
    n = len(group_of)
    spread = max(max(row) - min(row) for row in wind_counts(n, [*seats, *seated]))
    return plan_cost(n, history, group_of, seated), max(spread, 1)


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
    roster = _check_players(ranking)
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
    tables = swiss_tables(len(roster), seats, _group_numbers(roster, groups), band_size, rng)
    (seated,) = balance_winds([tables], seats, len(roster), rng)
    return [tuple(roster[i] for i in table) for table in seated]


# --------------------------------------------------------------------------- report


def seating_report(
    schedule: Sequence[Sequence[Sequence[Hashable]]],
    groups: Mapping[Hashable, Hashable] | None = None,
) -> dict[str, Any]:
    """Figures a director judges a draw by.

    Keys: ``players`` (distinct players seated), ``sessions``, ``repeats`` (sum over pairs of
    meetings - 1 when they met more than once), ``max_meetings`` (most meetings of one pair),
    ``pairs_met_twice`` and ``pairs_met_more`` (pairs that met exactly twice / three times or
    more), ``meetings`` (a dict: number of meetings -> number of pairs, for pairs that met),
    ``lower_bound`` (fewest repeats possible by counting, for these players and sessions),
    ``wind_spread`` (largest, over players, of max - min sessions started at one wind),
    ``group_clashes`` (pairs of one group seated at one table, counted per table).
    """
    played = check_sessions(schedule)
    index: dict[Hashable, int] = {}
    for session in played:
        for table in session:
            for p in table:
                index.setdefault(p, len(index))
    n = len(index)
    pairs: Counter[tuple[int, int]] = Counter()
    seats = history_seats(played, index)
    for session in seats:
        for table in session:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pairs[min(a, b), max(a, b)] += 1
    counts = wind_counts(n, seats)
    spread = max((max(row) - min(row) for row in counts), default=0)
    group_of = _group_numbers(list(index), groups)
    clashes = sum(
        m for (a, b), m in pairs.items() if group_of[a] >= 0 and group_of[a] == group_of[b]
    )
    per_player = Counter(p for session in seats for table in session for p in table)
    excess = sum(max(0, 3 * s - (n - 1)) for s in per_player.values())
    histogram = Counter(pairs.values())
    return {
        "players": n,
        "sessions": len(played),
        "repeats": sum(m - 1 for m in pairs.values() if m > 1),
        "max_meetings": max(pairs.values(), default=0),
        "pairs_met_twice": histogram.get(2, 0),
        "pairs_met_more": sum(v for m, v in histogram.items() if m > 2),
        "meetings": dict(sorted(histogram.items())),
        "lower_bound": math.ceil(excess / 2),
        "wind_spread": spread,
        "group_clashes": clashes,
    }


# --------------------------------------------------------------------------- bounds


def lower_bound(n_players: int, n_sessions: int) -> int:
    """Fewest repeats any schedule of ``n_sessions`` sessions for ``n_players`` can have, by
    counting: each player meets 3 people a session among ``n_players - 1``, so
    ``n * (3S - n + 1) / 2`` repeated meetings at least; 0 when counting allows zero repeats
    (which does not promise that a zero-repeat schedule exists: see
    ``max_zero_repeat_sessions``)."""
    return max(0, math.ceil(n_players * (3 * n_sessions - n_players + 1) / 2))


_KNOWN_MAXIMA = {4: 1, 8: 1, 12: 1, 20: 5}


def max_zero_repeat_sessions(n_players: int) -> int:
    """Most sessions a zero-repeat schedule for ``n_players`` (a multiple of 4) can have.

    The counting limit ``floor((n - 1) / 3)``, except the sizes known to fall short: with fewer
    than four tables a second session always repeats a pair (8 and 12 players: 1 session), and
    20 players stop at 5 (the 5-4-6 social golfer instance has no solution). From 24 players on,
    resolvable designs reach the counting limit (24 x 7, 28 x 9, 32 x 10, 36 x 11, ...).
    """
    _check_multiple(n_players)
    return _KNOWN_MAXIMA.get(n_players, (n_players - 1) // 3)


def zero_repeat_sessions(n_players: int) -> int:
    """Sessions ``draw_schedule`` is guaranteed to draw without a repeat for ``n_players``
    (at least 10 from 32 players on; the maximum for 16 to 36 players)."""
    _check_multiple(n_players)
    return design_size(n_players)


# --------------------------------------------------------------------------- checks


def check_sessions(sessions: Sequence[Sequence[Sequence[Hashable]]]) -> list[list[Table]]:
    """Validate played sessions; returns them as lists of 4-tuples (same players, same order)."""
    if isinstance(sessions, str | bytes | Mapping) or not isinstance(sessions, Sequence):
        raise SeatingError(_("Played sessions must be a list of sessions."))
    result = []
    for number, session in enumerate(sessions, start=1):
        if isinstance(session, str | bytes | Mapping) or not isinstance(session, Sequence):
            raise SeatingError(
                _("Played session {number} is not a list of tables of four players."),
                number=number,
            )
        tables: list[Table] = []
        seen: set[Hashable] = set()
        for t, table in enumerate(session, start=1):
            if not isinstance(table, tuple | list) or len(table) != WINDS:
                raise SeatingError(
                    _("Played session {number}, table {table}: a table seats exactly four."),
                    number=number,
                    table=t,
                )
            for p in table:
                if p in seen:
                    raise SeatingError(
                        _("Played session {number}: {player} is seated twice."),
                        number=number,
                        player=p,
                    )
                seen.add(p)
            tables.append(tuple(table))
        result.append(tables)
    return result


def history_seats(
    played: list[list[Table]], index: Mapping[Hashable, int]
) -> list[list[list[int]]]:
    """Played sessions on player indices, keeping seat positions; absent players are dropped
    from the pairs but not from the seat count (a table keeps East..North positions)."""
    return [[[index.get(p, -1) for p in table] for table in session] for session in played]


def _check_players(players: Iterable[Hashable]) -> list[Hashable]:
    if isinstance(players, str | bytes):
        raise SeatingError(_("Players must be a list of player ids."))
    roster = list(players)
    seen: set[Hashable] = set()
    for p in roster:
        if p in seen:
            raise SeatingError(_("Player {player} is registered twice."), player=p)
        seen.add(p)
    _check_multiple(len(roster))
    return roster


def _check_multiple(count: int) -> None:
    if count < 4:
        raise SeatingError(
            _("{count} players registered: at least 4 are needed for one table."), count=count
        )
    missing = -count % 4
    if missing == 1:
        raise SeatingError(
            _("{count} players registered: add {missing} substitute to make full tables of four."),
            count=count,
            missing=missing,
        )
    if missing:
        raise SeatingError(
            _("{count} players registered: add {missing} substitutes to make full tables of four."),
            count=count,
            missing=missing,
        )


def _check_sessions(sessions: int) -> int:
    if isinstance(sessions, bool) or not isinstance(sessions, int) or sessions < 1:
        raise SeatingError(
            _("The number of sessions must be a whole number of at least 1, not {sessions}."),
            sessions=sessions,
        )
    return sessions


def _group_numbers(
    roster: Sequence[Hashable], groups: Mapping[Hashable, Hashable] | None
) -> list[int]:
    """Group number of every player (first appearance order), -1 for no group."""
    if groups is None:
        return [-1] * len(roster)
    if not isinstance(groups, Mapping):
        raise SeatingError(_("Groups must map players to their club or country."))
    numbers: dict[Hashable, int] = {}
    result = []
    for p in roster:
        key = groups.get(p)
        result.append(-1 if key is None else numbers.setdefault(key, len(numbers)))
    return result
