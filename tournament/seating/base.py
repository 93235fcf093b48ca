"""The vocabulary of the seating draw and the checks of its input (pure Python, no database).

A *player* is any hashable id; a *table* a 4-tuple of players in seat order (East, South, West,
North); a *schedule* a list of sessions, each a list of tables. Inside the algorithm players are
indices ``0 .. n-1`` and a session is a ``Round``: a list of tables, each a list of indices.

``SeatingError`` is the error a director has to fix (the message is translatable); the checks
below raise it for bad input before anything is computed. ``SafetyClock`` is the wall-clock stop
of a runaway search: every search is budgeted in units of work (iterations, nodes), so the same
seed and input give the same schedule on any machine; the clock only cuts a search short when a
machine is far too slow, and records that it did (the draw's report flags it). This module never
touches the database.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from tournament.seating.i18n import _
from tournament.seating.winds import WINDS

Table = tuple[Hashable, Hashable, Hashable, Hashable]
Schedule = list[list[Table]]
Round = list[list[int]]
"""One session on player indices: a list of tables, each a list of (usually four) indices."""


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


class SafetyClock:
    """A wall-clock safety stop shared by the searches of one draw.

    ``expired()`` is True once ``seconds`` have passed since the clock was made (never with
    ``seconds=None``); from then on ``fired`` stays True, so the draw can report that a search
    was cut short. The searches ask it only every few dozen iterations.
    """

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.fired = False

    def expired(self) -> bool:
        if not self.fired and self.deadline is not None and time.monotonic() > self.deadline:
            self.fired = True
        return self.fired


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
            east, south, west, north = table
            tables.append((east, south, west, north))
        result.append(tables)
    return result


def meeting_sessions(design: Sequence[Round], n: int) -> list[list[int]]:
    """For each two of the ``n`` points of ``design``, the session of it in which they meet
    (-1 where they never do): ``[x][y]``."""
    meet_round = [[-1] * n for _ in range(n)]
    for r, session in enumerate(design):
        for table in session:
            for x in table:
                for y in table:
                    if x != y:
                        meet_round[x][y] = r
    return meet_round


def on_players(design: Sequence[Round], point_of: Sequence[int]) -> list[Round]:
    """The design's sessions with each point replaced by the player mapped to it
    (``point_of[player]``, a relabelling: ``seating.relabel``)."""
    player_at = [0] * len(point_of)
    for player, point in enumerate(point_of):
        player_at[point] = player
    return [[[player_at[x] for x in table] for table in session] for session in design]


def on_roster(roster: Sequence[Hashable], table: Sequence[int]) -> Table:
    """A table of player indices as a table of the players themselves (same seat order)."""
    east, south, west, north = table
    return (roster[east], roster[south], roster[west], roster[north])


def history_seats(played: Schedule, index: Mapping[Hashable, int]) -> list[Round]:
    """Played sessions on player indices, keeping seat positions; absent players are dropped
    from the pairs but not from the seat count (a table keeps East..North positions)."""
    return [[[index.get(p, -1) for p in table] for table in session] for session in played]


def check_players(players: Iterable[Hashable]) -> list[Hashable]:
    """The players as a list; raises for a string, a player listed twice or a bad count."""
    if isinstance(players, str | bytes):
        raise SeatingError(_("Players must be a list of player ids."))
    roster = list(players)
    seen: set[Hashable] = set()
    for p in roster:
        if p in seen:
            raise SeatingError(_("Player {player} is registered twice."), player=p)
        seen.add(p)
    check_multiple(len(roster))
    return roster


def check_multiple(count: int) -> None:
    """Raise unless ``count`` players fill tables of four (the message counts what is missing)."""
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


def check_session_count(sessions: int) -> int:
    """The number of sessions to draw, a whole number of at least 1."""
    if isinstance(sessions, bool) or not isinstance(sessions, int) or sessions < 1:
        raise SeatingError(
            _("The number of sessions must be a whole number of at least 1, not {sessions}."),
            sessions=sessions,
        )
    return sessions


def group_numbers(
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
