"""Numbers as the desk shows them: exact (never through a binary float) and in the active
language's format ("2.33" in English, "2,33" in Italian).

- table points: two decimals;
- final scores: as the rule set says (riichi: in thousands with one decimal, "+21.6"), and a
  player's transfers and penalties in the same unit (`figure`);
- scores and point changes: whole numbers.

Pages and prints write a negative number with the minus sign "−" (U+2212), never a hyphen;
CSV and xlsx keep numbers as numbers (`exact(..., ascii_minus=True)` where a CSV needs text).
"""

import functools

from django.utils.formats import get_format

from rules.ranking import format_decimal

MINUS = "\u2212"


def exact(value, places=2, *, scale=1, signed=False, ascii_minus=False):
    """An exact value, rounded half away from zero, formatted for the active language, a
    negative one with "−" (with "-" when `ascii_minus`, for CSV text).

    No digit grouping: tables of points read better without it ("1234.50").
    """
    if value is None:
        return ""
    if isinstance(value, int) and scale == 1 and not places:
        text = str(value)
        text = f"+{text}" if signed and value > 0 else text
    else:
        text = _exact(value, places, scale, signed, get_format("DECIMAL_SEPARATOR"))
    return text if ascii_minus or not text.startswith("-") else MINUS + text[1:]


def whole(value, *, signed=False):
    """A whole number (a score, hand points, a penalty): "−30", with "+10" when `signed`."""
    return exact(value, 0, signed=signed)


@functools.lru_cache(maxsize=4096)
def _exact(value, places, scale, signed, separator):
    # Standings repeat the same few values (table points come in quarters and thirds).
    text = format_decimal(value, places, scale=scale, signed=signed)
    return text if separator == "." else text.replace(".", separator)


def table_points(value):
    return exact(value, 2)


def thousands(value):
    """A riichi final score in thousands, one decimal, with its sign: 21600 -> "+21.6"."""
    return exact(value, 1, scale=1000, signed=True)


def figure(value, ruleset):
    """A player's transfers or penalties in the unit of the total beside them
    (`RuleSet.figure_format`: riichi's chombo "−20.0" beside a final score "+21.6", MCR's late
    arrival "−10" beside a score)."""
    shape = ruleset.figure_format
    return exact(value, shape.places, scale=shape.scale, signed=shape.signed)


def final_score(value, ruleset):
    """The final score as its rule set shows it (`RuleSet.final_score_format`: riichi in
    thousands with one decimal and its sign, the others whole numbers)."""
    shape = ruleset.final_score_format
    return exact(value, shape.places, scale=shape.scale, signed=shape.signed)
