"""A season's ranking by the EMA's method and by a table of points (docs/rules.md §11): every
worked example of the rule book, checked by hand there, is a row here."""

import datetime as dt
from fractions import Fraction as F

import pytest

from rules import RuleError
from rules.ranking import format_decimal
from rules.seasons import (
    Result,
    age_factor,
    base_rank,
    ema_rank,
    parse_points_table,
    part_a_count,
    place_points,
    points_total,
    rank_players,
)

DAY = dt.date(2026, 12, 31)


@pytest.mark.parametrize(
    ("place", "players", "rank"),
    [
        (1, 100, 1000),
        (100, 100, 0),
        (75, 100, 252),  # the EMA's own example: 252.52... is 252 (the whole number below)
        (3, 16, 866),  # 866.66...: 866, not 867
        (2, 41, 975),
        (10, 81, 887),  # 887.5: 887
        (5, 20, 789),
        (2, 4, 666),
        (3, 4, 333),
        (1, 1, 1000),  # a tournament of one player
        (2, 2, 0),
    ],
)
def test_base_rank(place, players, rank):
    assert base_rank(place, players) == rank


@pytest.mark.parametrize(("place", "players"), [(0, 10), (11, 10), (1, 0), (True, 4), (1.5, 4)])
def test_a_base_rank_of_an_impossible_place_is_refused(place, players):
    with pytest.raises(RuleError):
        base_rank(place, players)


@pytest.mark.parametrize(
    ("last_day", "factor"),
    [
        (dt.date(2027, 1, 5), F(1)),  # after the reckoning day: this year
        (DAY, F(1)),
        (dt.date(2025, 12, 31), F(1)),  # exactly a year before: still within the year
        (dt.date(2025, 12, 30), F(1, 2)),
        (dt.date(2024, 12, 31), F(1, 2)),  # exactly two years before
        (dt.date(2024, 12, 30), F(0)),
    ],
)
def test_age_factor(last_day, factor):
    assert age_factor(last_day, DAY) == factor


def test_the_year_before_29_february_is_28_february():
    assert age_factor(dt.date(2027, 2, 28), dt.date(2028, 2, 29)) == 1
    assert age_factor(dt.date(2027, 2, 27), dt.date(2028, 2, 29)) == F(1, 2)


@pytest.mark.parametrize(
    ("results", "count"), [(0, 5), (2, 5), (5, 5), (6, 6), (9, 9), (10, 9), (11, 10), (20, 17)]
)
def test_part_a_takes_five_and_80_percent_of_the_rest_rounded_up(results, count):
    assert part_a_count(results) == count


def results(*rows):
    """(place, players, MERS weight, last day) -> Results keyed by their order."""
    return [Result(index, *row) for index, row in enumerate(rows)]


#: docs/rules.md §11.1, the worked examples: (name, results, part A, part B, ranking, shown).
EXAMPLES = [
    (
        "two results, padded to five",
        results((1, 16, F(2), DAY), (3, 16, F(1), DAY)),
        F(1433, 3),
        F(2866, 5),
        F(15763, 30),
        "525.43",
    ),
    (
        "six results with a weight, one too old, one halved",
        results(
            (2, 41, F(3, 2), dt.date(2026, 3, 1)),
            (10, 81, F(2), dt.date(2025, 11, 15)),
            (5, 20, F(1), dt.date(2026, 6, 1)),
            (12, 30, F(1), dt.date(2026, 9, 1)),
            (30, 40, F(2), dt.date(2026, 10, 10)),
            (16, 16, F(1), dt.date(2026, 2, 1)),
            (1, 24, F(1), dt.date(2024, 6, 1)),
        ),
        F(2847, 5),
        F(7517, 9),
        F(31604, 45),
        "702.31",
    ),
    (
        "ten results: part A leaves the worst out",
        results(*((place, 11, F(1), DAY) for place in range(2, 12))),
        F(500),
        F(750),
        F(625),
        "625.00",
    ),
    (
        "a shared place: both take its base rank",
        results((2, 4, F(1), DAY), (2, 4, F(1), DAY)),
        F(1332, 5),
        F(333),
        F(2997, 10),
        "299.70",
    ),
]


@pytest.mark.parametrize(
    ("given", "part_a", "part_b", "rank", "shown"),
    [example[1:] for example in EXAMPLES],
    ids=[example[0] for example in EXAMPLES],
)
def test_the_worked_examples_of_the_rule_book(given, part_a, part_b, rank, shown):
    found = ema_rank(given, DAY)
    assert (found.part_a, found.part_b, found.rank) == (part_a, part_b, rank)
    assert format_decimal(found.rank, 2) == shown


def test_the_six_results_example_counts_and_orders_as_the_book_says():
    found = ema_rank(EXAMPLES[1][1], DAY)
    lines = [(line.base_rank, line.weight, line.part_a, line.part_b) for line in found.lines]
    assert lines == [
        (975, F(3, 2), True, True),
        (887, F(1), True, True),  # MERS 2 halved: it ended more than a year before
        (789, F(1), True, True),
        (620, F(1), True, True),
        (256, F(2), True, False),
        (0, F(1), True, False),
        (1000, F(0), False, False),  # more than two years old: no weight, not counted
    ]
    assert found.results == 6


def test_fewer_than_two_results_with_a_weight_are_not_ranked():
    found = ema_rank(results((1, 10, F(2), DAY), (1, 10, F(1), dt.date(2020, 1, 1))), DAY)
    assert (found.rank, found.part_a, found.part_b, found.results) == (None, None, None, 1)
    assert not found.ranked
    assert [line.padded for line in found.lines] == [False, False]


def test_a_real_result_of_base_rank_0_counts_before_the_padding():
    """Both read 0, but the real result's weight is what part B must average."""
    found = ema_rank(results((1, 2, F(2), DAY), (2, 2, F(3), DAY)), DAY)
    assert [line.padded for line in found.lines] == [False, False, True, True, True]
    assert found.part_b == F(2000, 2 + 3 + 1 + 1)


def test_equal_base_ranks_count_the_heavier_weight_first():
    given = results(*((2, 3, F(1), DAY) for _n in range(9)), (2, 3, F(2), DAY))
    found = ema_rank(given, DAY)
    assert found.lines[0].weight == 2 and found.lines[0].result.key == 9
    assert [line.part_a for line in found.lines].count(True) == 9


def test_a_player_who_wins_everything_has_1000_and_one_who_loses_everything_0():
    assert ema_rank(results(*((1, 8, F(1), DAY) for _n in range(5))), DAY).rank == 1000
    assert ema_rank(results(*((8, 8, F(2), DAY) for _n in range(3))), DAY).rank == 0


TABLE = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)


@pytest.mark.parametrize(
    ("place", "tied", "points"),
    [
        (1, 1, F(25)),
        (2, 2, F(33, 2)),  # =2 of two: (18 + 15) / 2
        (3, 3, F(37, 3)),  # =3 of three: (15 + 12 + 10) / 3
        (10, 1, F(1)),
        (10, 2, F(1, 2)),  # the place beyond the table scores 0
        (11, 1, F(0)),
    ],
)
def test_place_points(place, tied, points):
    assert place_points(TABLE, place, tied) == points


def test_the_points_example_of_the_rule_book():
    """docs/rules.md §11.2: 1st, =2 of two, 7th and 12th; the best three count."""
    points = {
        "a": place_points(TABLE, 1),
        "b": place_points(TABLE, 2, 2),
        "c": place_points(TABLE, 7),
        "d": place_points(TABLE, 12),
    }
    total = points_total(points, best=3)
    assert total.total == F(95, 2)
    assert total.counted == {"a", "b", "c"}
    assert points_total(points).total == F(95, 2)  # every result: the 0 adds nothing
    assert points_total(points, best=1).total == 25


def test_equal_values_share_the_best_place_and_players_without_one_are_left_out():
    assert rank_players({"a": F(43), "b": F(43), "c": F(40), "d": None}) == {
        "a": (1, True),
        "b": (1, True),
        "c": (3, False),
    }


@pytest.mark.parametrize(
    ("text", "table"),
    [("25, 18, 15", (25, 18, 15)), (" 10 10\n5 ", (10, 10, 5)), ("0", (0,))],
)
def test_a_typed_table_of_points(text, table):
    assert parse_points_table(text) == table


@pytest.mark.parametrize(
    "text", ["", "25, x", "10, 20", "-5", "1.5", "100001", "1 " * 501, "²", "25, ١٨"]
)
def test_a_table_of_points_that_cannot_be_read_is_refused(text):
    with pytest.raises(RuleError):
        parse_points_table(text)
