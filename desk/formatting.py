"""Numbers as the desk shows them: exact (never through a binary float) and in the active
language's format ("2.33" in English, "2,33" in Italian).

- table points: two decimals;
- riichi final scores: in thousands with one decimal ("+21.6");
- scores and point changes: whole numbers.
"""

from decimal import Decimal

from django.utils.formats import number_format

from rules.ranking import format_decimal


def exact(value, places=2, *, scale=1, signed=False):
    """An exact value, rounded half away from zero, formatted for the active language."""
    if value is None:
        return ""
    text = format_decimal(value, places, scale=scale, signed=signed)
    sign = text[0] if text[0] in "+-" else ""
    localized = number_format(Decimal(text.lstrip("+-")), places, force_grouping=False)
    return sign + localized


def table_points(value):
    return exact(value, 2)


def thousands(value):
    """A riichi final score in thousands, one decimal, with its sign: 21600 -> "+21.6"."""
    return exact(value, 1, scale=1000, signed=True)


def final_score(value, ruleset_code):
    """The final score as its rule set shows it (riichi in thousands)."""
    if ruleset_code.startswith("riichi"):
        return thousands(value)
    return exact(value, 0)
