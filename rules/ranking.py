"""Places, ties and shared rewards.

Used by MCR table points, riichi uma and the desk's standings, so that every ranking in the desk
shares ties the same way:

- :func:`shared_places` gives each value its 1-based place; tied values share the best place of
  their group (scores 30, 30, 10, 10 -> places 1, 1, 3, 3).
- :func:`share` hands out one reward per place (4-2-1-0 table points, an uma); players tied on a
  group of places split the rewards of those places equally, exactly, as ``Fraction``.
- :func:`place_labels` writes places as the standings show them: ``"=3"`` for a shared third;
- :func:`format_decimal` shows an exact value with a fixed number of decimals, never through a
  binary float (MCR table points with 2 decimals; riichi scores in thousands with 1 decimal).

Values may be anything orderable, tuples included, so a standings key such as
``(table_points, score)`` works directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rules.errors import RuleError
from rules.i18n import _


def shared_places(values: Sequence[Any], reverse: bool = True) -> tuple[int, ...]:
    """Return the 1-based place of each value; ties share the best place of their group.

    With ``reverse=True`` (the default) the highest value is first.

    >>> shared_places([10, 30, 10, 0])
    (2, 1, 2, 4)
    >>> shared_places([3, 1, 2], reverse=False)
    (3, 1, 2)
    """
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=reverse)
    places = [0] * len(values)
    for position, index in enumerate(order):
        previous = order[position - 1] if position else -1
        tied = previous >= 0 and values[previous] == values[index]
        places[index] = places[previous] if tied else position + 1
    return tuple(places)


def tie_sizes(values: Sequence[Any]) -> tuple[int, ...]:
    """Return how many values (itself included) equal each value."""
    places = shared_places(values)
    counts: dict[int, int] = {}
    for place in places:
        counts[place] = counts.get(place, 0) + 1
    return tuple(counts[place] for place in places)


def share(
    values_by_place: Sequence[int | Fraction], scores: Sequence[Any], reverse: bool = True
) -> tuple[Fraction, ...]:
    """Give each score the reward of its place, tied scores splitting their places' rewards.

    ``values_by_place[0]`` is the reward of first place. There must be one reward per score.

    >>> share((4, 2, 1, 0), (50, 50, 10, -110))
    (Fraction(3, 1), Fraction(3, 1), Fraction(1, 1), Fraction(0, 1))
    """
    if len(values_by_place) != len(scores):
        raise RuleError(
            _("There are {places} rewards for {players} players"),
            places=len(values_by_place),
            players=len(scores),
        )
    places = shared_places(scores, reverse)
    sizes = tie_sizes(scores)
    return tuple(
        Fraction(sum(values_by_place[place - 1 : place - 1 + size]), size)
        for place, size in zip(places, sizes, strict=True)
    )


def place_labels(values: Sequence[Any], reverse: bool = True) -> tuple[str, ...]:
    """Return the places as shown in standings: ``"3"``, or ``"=3"`` when shared.

    >>> place_labels([5, 7, 5, 1])
    ('=2', '1', '=2', '4')
    """
    places = shared_places(values, reverse)
    sizes = tie_sizes(values)
    return tuple(
        f"={place}" if size > 1 else str(place) for place, size in zip(places, sizes, strict=True)
    )


def ranking_order(values: Sequence[Any], reverse: bool = True) -> tuple[int, ...]:
    """Return the indexes of ``values`` from first place to last (ties keep input order)."""
    return tuple(sorted(range(len(values)), key=lambda i: values[i], reverse=reverse))


def format_decimal(
    value: int | Fraction, places: int = 2, *, scale: int = 1, signed: bool = False
) -> str:
    """Show ``value / scale`` with ``places`` decimals, halves rounded away from zero.

    >>> format_decimal(Fraction(7, 3)), format_decimal(Fraction(7, 4))
    ('2.33', '1.75')
    >>> format_decimal(Fraction(-64700, 3), 1, scale=1000, signed=True)
    '-21.6'
    >>> format_decimal(21250, 1, scale=1000, signed=True), format_decimal(0, 1, signed=True)
    ('+21.3', '0.0')
    """
    exact = Fraction(value) / scale * 10**places
    units = (abs(exact.numerator) * 2 + exact.denominator) // (2 * exact.denominator)
    negative = exact < 0 and units != 0
    whole, decimals = divmod(units, 10**places)
    text = f"{whole}.{decimals:0{places}d}" if places else str(whole)
    if negative:
        return "-" + text
    return ("+" + text) if signed and units else text
