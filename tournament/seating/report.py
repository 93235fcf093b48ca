"""The quality report of a seating schedule: the figures a director judges a draw by.

``seating_report`` returns a ``SeatingReport``, a frozen dataclass that also reads like the
mapping the draw has always promised (``report["repeats"]``, ``report.get("wind_spread")``,
``"repeats" in report``, ``dict(report)``, iteration over the keys), so templates and callers
may use either form. This module never touches the database.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any

from tournament.seating.base import check_sessions, group_numbers, history_seats
from tournament.seating.indirect import indirect_meetings
from tournament.seating.numbers import revisit_bound, table_revisits
from tournament.seating.winds import wind_counts


@dataclasses.dataclass(frozen=True)
class Option:
    """The figures of the draw the other priority gives (``DrawResult.alternative``): repeated
    meetings and group clashes over the whole schedule, as ``seating_report`` counts them, and
    whether that draw keeps groups apart first (docs/rules.md §8)."""

    apart_first: bool
    repeats: int
    group_clashes: int


@dataclasses.dataclass(frozen=True)
class PlanFigures:
    """What a director weighs between a kept plan and a fresh draw (docs/rules.md §8.2): the
    ``seating_report`` figures of the whole schedule, and ``cards``, the players (of the new
    field) whose schedule card changes against the previous plan."""

    repeats: int
    group_clashes: int
    team_clashes: int
    wind_spread: int
    table_revisits: int
    cards: int


@dataclasses.dataclass(frozen=True)
class KeptPlan:
    """A re-draw of sessions drawn before: the figures of the previous plan kept as far as the
    change of players allows (None when none could be kept), of the fresh draw, and whether the
    kept plan was taken (``draw``'s ``DrawResult.kept``)."""

    kept: PlanFigures | None
    fresh: PlanFigures
    taken: bool


@dataclasses.dataclass(frozen=True)
class SeatingReport(Mapping[str, Any]):
    """Figures of one schedule (see ``seating_report`` for their meaning)."""

    players: int
    sessions: int
    repeats: int
    max_meetings: int
    pairs_met_twice: int
    pairs_met_more: int
    meetings: dict[int, int]
    lower_bound: int
    wind_spread: int
    group_clashes: int
    table_revisits: int = 0
    revisit_bound: int = 0
    team_clashes: int = 0
    teams: int = 0
    teams_fit: bool = True
    indirect_min: int | None = None
    indirect_below: int = 0
    indirect_floor: float = 0.0
    clock_stopped: bool = False
    alternative: Option | None = None
    kept_plan: KeptPlan | None = None

    def __getitem__(self, key: str) -> Any:
        if key not in _KEYS:
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(_KEYS)

    def __len__(self) -> int:
        return len(_KEYS)

    def replace(self, **changes: Any) -> SeatingReport:
        """A copy with some figures changed (e.g. the lower bound of the whole field)."""
        return dataclasses.replace(self, **changes)


_KEYS = tuple(f.name for f in dataclasses.fields(SeatingReport))


def seating_report(
    schedule: Sequence[Sequence[Sequence[Hashable]]],
    groups: Mapping[Hashable, Hashable] | None = None,
    *,
    clock_stopped: bool = False,
    teams: Mapping[Hashable, Hashable] | None = None,
) -> SeatingReport:
    """Figures a director judges a draw by.

    Keys: ``players`` (distinct players seated), ``sessions``, ``repeats`` (sum over pairs of
    meetings - 1 when they met more than once), ``max_meetings`` (most meetings of one pair),
    ``pairs_met_twice`` and ``pairs_met_more`` (pairs that met exactly twice / three times or
    more), ``meetings`` (a dict: number of meetings -> number of pairs, for pairs that met),
    ``lower_bound`` (fewest repeats possible by counting, for these players and sessions),
    ``wind_spread`` (largest, over players, of max - min sessions started at one wind),
    ``group_clashes`` (pairs of one group seated at one table, counted per table),
    ``table_revisits`` (times a player sits at a table number they already had, §8),
    ``revisit_bound`` (the fewest re-visits any numbering of these tables can have,
    ``numbers.revisit_bound``),
    ``team_clashes`` (pairs of one of ``teams`` seated at one table, counted per table),
    ``teams`` (how many teams have a player seated), ``teams_fit`` (False when in some session
    a team has more players seated than there are tables, so team-mates must meet),
    ``indirect_min`` (for two players of the current field, those seated in the last session,
    who never met, the fewest of them who met both; None when every pair met),
    ``indirect_below`` (such pairs with fewer than ``indirect_floor`` = the square root of the
    field's size, ``seating.indirect``),
    ``clock_stopped`` (True when the draw's safety clock cut a search short: pass the
    ``clock_stopped`` of ``draw``'s result; the schedule alone cannot tell), ``alternative``
    (None here: ``replace`` it with ``draw``'s ``alternative``, the other priority's figures),
    ``kept_plan`` (None here: ``replace`` it with ``draw``'s ``kept``, a kept plan's figures
    beside a fresh draw's).
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
    for seated in seats:
        for row in seated:
            for i, a in enumerate(row):
                for b in row[i + 1 :]:
                    pairs[min(a, b), max(a, b)] += 1
    counts = wind_counts(n, seats)
    spread = max((max(row) - min(row) for row in counts), default=0)
    clashes = _clashes(pairs, group_numbers(list(index), groups))
    team_of = group_numbers(list(index), teams)
    team_clashes = _clashes(pairs, team_of)
    teams_fit = all(_teams_fit(session, team_of) for session in seats)
    per_player = Counter(p for session in seats for table in session for p in table)
    excess = sum(max(0, 3 * s - (n - 1)) for s in per_player.values())
    histogram = Counter(pairs.values())
    # the current field: players seated in the last session (leavers and replaced players out)
    field = sorted({p for table in seats[-1] for p in table if p >= 0}) if seats else []
    position = {p: i for i, p in enumerate(field)}
    current = [[[position.get(p, -1) for p in table] for table in session] for session in seats]
    indirect_min, indirect_below = indirect_meetings(len(field), current)
    return SeatingReport(
        players=n,
        sessions=len(played),
        repeats=sum(m - 1 for m in pairs.values() if m > 1),
        max_meetings=max(pairs.values(), default=0),
        pairs_met_twice=histogram.get(2, 0),
        pairs_met_more=sum(v for m, v in histogram.items() if m > 2),
        meetings=dict(sorted(histogram.items())),
        lower_bound=math.ceil(excess / 2),
        wind_spread=spread,
        group_clashes=clashes,
        table_revisits=table_revisits(played),
        revisit_bound=revisit_bound(played),
        team_clashes=team_clashes,
        teams=len({team for team in team_of if team >= 0}),
        teams_fit=teams_fit,
        indirect_min=indirect_min,
        indirect_below=indirect_below,
        indirect_floor=math.sqrt(len(field)),
        clock_stopped=clock_stopped,
    )


def _teams_fit(session, team_of) -> bool:
    """Whether every team has at most one player per table of the session to spare: a team
    with more players seated than there are tables cannot keep them apart."""
    sizes = Counter(team_of[p] for table in session for p in table if p >= 0 and team_of[p] >= 0)
    return max(sizes.values(), default=0) <= len(session)


def _clashes(pairs, group_of) -> int:
    """Meetings of two players of one group (``group_of[p]``: -1 for none)."""
    return sum(m for (a, b), m in pairs.items() if group_of[a] >= 0 and group_of[a] == group_of[b])


def changed_players(
    before: Sequence[Sequence[Sequence[Hashable]]], after: Sequence[Sequence[Sequence[Hashable]]]
) -> list[Hashable]:
    """The players whose schedule differs between two draws of the same sessions: another table
    number, another seat or other opponents in some session, or seated in only one of them (in
    the order they first appear in ``after``). Their schedule cards are the ones to reprint."""

    def places(schedule):
        found: dict[Hashable, list] = {}
        for number, session in enumerate(schedule):
            for position, table in enumerate(session):
                for seat, player in enumerate(table):
                    found.setdefault(player, []).append((number, position, seat, frozenset(table)))
        return found

    old, new = places(before), places(after)
    order = list(new) + [p for p in old if p not in new]
    return [p for p in order if old.get(p) != new.get(p)]
