"""Places, ties and shared rewards (rules.ranking)."""

from fractions import Fraction as F

import pytest

from rules import RuleError
from rules.ranking import format_decimal, place_labels, ranking_order, share, shared_places

PLACES = [
    ((50, 20, -30, -40), (1, 2, 3, 4)),
    ((10, 10, 5, 0), (1, 1, 3, 4)),
    ((5, 10, 10, 0), (3, 1, 1, 4)),
    ((0, 0, 0, 0), (1, 1, 1, 1)),
    ((3, 3, 1, 1), (1, 1, 3, 3)),
    ((1, 3, 3, 3), (4, 1, 1, 1)),
    (((4, 10), (4, 12), (3, 90), (4, 10)), (2, 1, 4, 2)),  # standings key tuples
    ((7,), (1,)),
    ((), ()),
]


@pytest.mark.parametrize(("values", "expected"), PLACES)
def test_shared_places(values, expected):
    assert shared_places(values) == expected


def test_shared_places_ascending():
    assert shared_places([3, 1, 2, 1], reverse=False) == (4, 1, 3, 1)


def test_share_and_labels():
    assert share((9000, 3000, -3000, -9000), (1, 1, 0, 0)) == (6000, 6000, -6000, -6000)
    assert share((4, 2, 1, 0), (5, 5, 5, 0)) == (F(7, 3), F(7, 3), F(7, 3), 0)
    assert share((4, 2, 1, 0), (5, 5, 5, 0), reverse=False)[3] == 4
    assert place_labels([5, 7, 5, 1]) == ("=2", "1", "=2", "4")
    assert place_labels([1, 1, 1, 1]) == ("=1", "=1", "=1", "=1")
    assert ranking_order([5, 7, 5, 1]) == (1, 0, 2, 3)
    with pytest.raises(RuleError, match="3 rewards for 4 players"):
        share((4, 2, 1), (1, 2, 3, 4))


FORMATS = [
    # docs/rules.md §1: table points shown with two decimals
    (F(7, 3), 2, 1, False, "2.33"),
    (F(3, 2), 2, 1, False, "1.50"),
    (F(7, 4), 2, 1, False, "1.75"),
    (F(4), 2, 1, False, "4.00"),
    (F(2, 3), 2, 1, False, "0.67"),
    (F(1, 200), 2, 1, False, "0.01"),  # a half rounds away from zero
    # docs/rules.md §1: riichi standings in thousands with one decimal
    (F(21300), 1, 1000, True, "+21.3"),
    (F(-8000), 1, 1000, True, "-8.0"),
    (F(1000, 3), 1, 1000, True, "+0.3"),
    (F(-50), 1, 1000, True, "-0.1"),
    (F(-49), 1, 1000, True, "0.0"),
    (F(0), 1, 1000, True, "0.0"),
    (12345, 0, 1000, False, "12"),
]


@pytest.mark.parametrize(("value", "places", "scale", "signed", "expected"), FORMATS)
def test_format_decimal(value, places, scale, signed, expected):
    assert format_decimal(value, places, scale=scale, signed=signed) == expected
