"""A season's ranking across tournaments (docs/rules.md §11): the EMA's method and a table of
points per place.

- :func:`base_rank`: a place among N players as the EMA scores it, 1000 for the first down to 0
  for the last, the whole number below 1000 x (N - place) / (N - 1);
- :func:`age_factor`: 1 for a tournament that ended at most a year before the reckoning day,
  1/2 in the year before that, 0 after two years;
- :func:`ema_rank`: a player's ranking from their results: at least two with a weight, fewer than
  five padded with results of base rank 0 and weight 1, part A the weighted average of the best
  5 + ceil(0.8 x (n - 5)), part B of the best 4, the ranking (A + B) / 2;
- :func:`place_points` and :func:`points_total`: the other method, the season's own table of
  points per place, tied players sharing the points of the places they cover, the best results
  summed;
- :func:`rank_players`: the season's places, equal values sharing the best place.

Exact arithmetic throughout (``int`` and ``Fraction``); the pages round only what they show.
Pure Python, no Django: the desk's `seasons` app reads the results and calls these.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from rules.errors import RuleError
from rules.i18n import _
from rules.limits import MAX_PLACE_POINTS, MAX_TABLE_PLACES
from rules.ranking import shared_places, tie_sizes

#: The EMA's method (docs/rules.md §11.1).
BASE_RANK_TOP = 1000
MIN_RESULTS = 2  #: results with a weight needed to be ranked
PADDED_TO = 5  #: fewer results are padded with results of base rank 0 and weight 1
PART_B_RESULTS = 4  #: part B averages the best four
PART_A_EXTRA = Fraction(4, 5)  #: part A takes 80% of the results beyond five, rounded up
PADDING_WEIGHT = Fraction(1)

EMA = "ema"
POINTS = "points"
METHODS = (EMA, POINTS)


def base_rank(place: int, players: int) -> int:
    """The base rank of ``place`` among ``players``: the whole number below
    1000 x (players - place) / (players - 1); 1000 for a tournament of one player.

    >>> base_rank(1, 100), base_rank(75, 100), base_rank(100, 100)
    (1000, 252, 0)
    >>> base_rank(3, 16)
    866
    """
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise RuleError(_("A tournament has at least one player; got {players}"), players=players)
    if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= players:
        raise RuleError(
            _("A place is from 1 to the number of players ({players}); got {place}"),
            place=place,
            players=players,
        )
    if players == 1:
        return BASE_RANK_TOP
    return BASE_RANK_TOP * (players - place) // (players - 1)


def years_before(day: dt.date, years: int) -> dt.date:
    """The same day ``years`` earlier (29 February becomes 28 February).

    >>> years_before(dt.date(2028, 2, 29), 1)
    datetime.date(2027, 2, 28)
    """
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


def age_factor(last_day: dt.date, reckoning: dt.date) -> Fraction:
    """How much a tournament that ended on ``last_day`` weighs on the ``reckoning`` day: 1 when
    it ended at most a year before (or ends after it), 1/2 when at most two years before, else 0.

    >>> days = ((2025, 6, 1), (2025, 5, 31), (2024, 6, 1), (2024, 5, 31))
    >>> [str(age_factor(dt.date(*day), dt.date(2026, 6, 1))) for day in days]
    ['1', '1/2', '1/2', '0']
    """
    if last_day >= years_before(reckoning, 1):
        return Fraction(1)
    if last_day >= years_before(reckoning, 2):
        return Fraction(1, 2)
    return Fraction(0)


@dataclass(frozen=True)
class Result:
    """One player's result in one tournament: ``key`` names the tournament (the caller's id,
    orderable), ``place`` among ``players``, the tournament's MERS ``weight`` and its last day."""

    key: Any
    place: int
    players: int
    weight: Fraction
    last_day: dt.date


@dataclass(frozen=True)
class Line:
    """A result as the EMA's method counts it: its base rank and its weight on the reckoning
    day (the MERS weight times the age factor); ``result`` None for a result padded in (base
    rank 0, weight 1). ``part_a`` and ``part_b``: whether it is among the results each part
    averages."""

    result: Result | None
    base_rank: int
    weight: Fraction
    part_a: bool = False
    part_b: bool = False

    @property
    def padded(self) -> bool:
        return self.result is None


@dataclass(frozen=True)
class EmaRank:
    """A player's ranking by the EMA's method: ``rank`` = (``part_a`` + ``part_b``) / 2, all
    None when the player has fewer than two results with a weight; ``lines`` are every result,
    best first (those of weight 0 last), and the padding."""

    rank: Fraction | None
    part_a: Fraction | None
    part_b: Fraction | None
    lines: tuple[Line, ...]
    results: int  #: the results with a weight

    @property
    def ranked(self) -> bool:
        return self.rank is not None


def part_a_count(results: int) -> int:
    """How many results part A averages: 5, and 80% of those beyond five, rounded up.

    >>> [part_a_count(n) for n in (2, 5, 6, 7, 10, 11, 20)]
    [5, 5, 6, 7, 9, 10, 17]
    """
    extra = max(results - PADDED_TO, 0)
    return PADDED_TO - (-extra * PART_A_EXTRA.numerator // PART_A_EXTRA.denominator)


def _weighted_average(lines: Sequence[Line]) -> Fraction:
    weights = sum((line.weight for line in lines), Fraction(0))
    return sum((line.base_rank * line.weight for line in lines), Fraction(0)) / weights


def ema_rank(results: Sequence[Result], reckoning: dt.date) -> EmaRank:
    """A player's ranking on the ``reckoning`` day by the EMA's method (docs/rules.md §11.1).

    The results are ordered by base rank, then by weight (the heavier first), then by the later
    last day, then by key; padded results come after every real one."""
    lines = [
        Line(
            result,
            base_rank(result.place, result.players),
            result.weight * age_factor(result.last_day, reckoning),
        )
        for result in results
    ]
    weighted = sorted((line for line in lines if line.weight > 0), key=_best_first)
    weightless = [line for line in lines if line.weight <= 0]
    count = len(weighted)
    if count < MIN_RESULTS:
        return EmaRank(None, None, None, (*weighted, *weightless), count)
    padded = weighted + [
        Line(None, 0, PADDING_WEIGHT) for _index in range(PADDED_TO - min(count, PADDED_TO))
    ]
    in_a, in_b = part_a_count(count), PART_B_RESULTS
    marked = [
        Line(line.result, line.base_rank, line.weight, index < in_a, index < in_b)
        for index, line in enumerate(padded)
    ]
    part_a = _weighted_average(marked[:in_a])
    part_b = _weighted_average(marked[:in_b])
    return EmaRank((part_a + part_b) / 2, part_a, part_b, (*marked, *weightless), count)


def _best_first(line: Line) -> tuple[Any, ...]:
    """The order of a player's results: base rank, weight, later last day, key."""
    result = line.result
    if result is None:  # pragma: no cover - padding is added after the sort
        raise ValueError("a padded line is not sorted")
    return (-line.base_rank, -line.weight, -result.last_day.toordinal(), result.key)


def place_points(table: Sequence[int], place: int, tied: int = 1) -> Fraction:
    """The points of ``place`` in a season's ``table`` (the first number for the first place);
    ``tied`` players sharing the place split the points of the places they cover equally;
    places beyond the table score 0.

    >>> table = (25, 18, 15, 12)
    >>> place_points(table, 1), place_points(table, 2, tied=2), place_points(table, 4, tied=2)
    (Fraction(25, 1), Fraction(33, 2), Fraction(6, 1))
    """
    if isinstance(place, bool) or not isinstance(place, int) or place < 1:
        raise RuleError(_("A place is a whole number from 1; got {place}"), place=place)
    if isinstance(tied, bool) or not isinstance(tied, int) or tied < 1:
        raise RuleError(_("At least one player holds a place; got {tied}"), tied=tied)
    covered = [
        table[index] if index < len(table) else 0 for index in range(place - 1, place - 1 + tied)
    ]
    return Fraction(sum(covered), tied)


@dataclass(frozen=True)
class PointsTotal:
    """A player's total by the table of points: ``total`` of the ``counted`` keys (the best
    results), ``points`` of every result by key."""

    total: Fraction
    points: Mapping[Any, Fraction]
    counted: frozenset[Any]


def points_total(points: Mapping[Any, Fraction], best: int = 0) -> PointsTotal:
    """Sum the ``best`` results with the most points (0: every result); among results with
    equal points the lower key counts first (the sum is the same).

    >>> points_total({"a": Fraction(25), "b": Fraction(6), "c": Fraction(15)}, best=2).total
    Fraction(40, 1)
    """
    if isinstance(best, bool) or not isinstance(best, int) or best < 0:
        raise RuleError(_("The results counted are a whole number from 0; got {best}"), best=best)
    order = sorted(points, key=lambda key: (-points[key], key))
    chosen = order if best == 0 else order[:best]
    return PointsTotal(
        sum((points[key] for key in chosen), Fraction(0)), dict(points), frozenset(chosen)
    )


def rank_players(values: Mapping[Hashable, Fraction | None]) -> dict[Hashable, tuple[int, bool]]:
    """Each player's place and whether it is shared, by ``values`` (highest first; equal values
    share the best place); players whose value is None get no place and are not listed.

    >>> rank_players({"x": Fraction(5), "y": Fraction(7), "z": Fraction(5), "w": None})
    {'x': (2, True), 'y': (1, False), 'z': (2, True)}
    """
    ranked = [player for player, value in values.items() if value is not None]
    keyed = [values[player] for player in ranked]
    places = shared_places(keyed)
    sizes = tie_sizes(keyed)
    return {
        player: (place, size > 1) for player, place, size in zip(ranked, places, sizes, strict=True)
    }


def parse_points_table(text: str) -> tuple[int, ...]:
    """A season's table of points per place as typed: whole numbers separated by commas or
    spaces, first place first, none increasing down the table, at least one and at most 500.

    >>> parse_points_table("25, 18 15,12")
    (25, 18, 15, 12)
    """
    parts = [part for part in str(text).replace(",", " ").split() if part]
    if not parts:
        raise RuleError(_("Give the points of at least the first place"))
    if len(parts) > MAX_TABLE_PLACES:
        raise RuleError(_("A table of points has at most {places} places"), places=MAX_TABLE_PLACES)
    values = []
    for position, part in enumerate(parts, start=1):
        # ASCII digits only: '²' and other Unicode digits pass isdigit() but not int()
        if not (part.isascii() and part.isdigit()) or int(part) > MAX_PLACE_POINTS:
            raise RuleError(
                _("Place {place}: '{value}' is not a whole number from 0 to {maximum}"),
                place=position,
                value=part[:20],
                maximum=MAX_PLACE_POINTS,
            )
        values.append(int(part))
    for position, (upper, lower) in enumerate(pairwise(values), start=2):
        if lower > upper:
            raise RuleError(
                _("Place {place} gets more points than the place before it"), place=position
            )
    return tuple(values)
