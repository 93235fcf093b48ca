"""MCR under MERS: settlement, false Hu, table points, penalties, winds (docs/rules.md §2)."""

from fractions import Fraction as F

import pytest

from rules import RuleError, mcr, penalties

# (fan, winner, discarder, flowers, expected deltas)
SETTLEMENTS = [
    # docs/rules.md §2.2 (MCR §6, Figure 5): 8 fan self-drawn -> winner +48, others -16 each
    (8, 0, None, 0, (48, -16, -16, -16)),
    # §2.2 (MCR §6, Figure 6): 9 fan on a discard -> discarder -17, others -8, winner +33
    (9, 0, 1, 0, (33, -17, -8, -8)),
    # §2.2 (MCR §6, Figure 8): 14 fan on a discard -> -22 / -8 / -8, winner +38
    (14, 0, 1, 0, (38, -22, -8, -8)),
    # §2.2 (MCR §6, Figure 8) self-drawn: 15 fan -> winner +69, others -23 each
    (15, 0, None, 0, (69, -23, -23, -23)),
    # section 3.8 applied to other seats: the winner and discarder can sit anywhere
    (8, 3, 2, 0, (-8, -8, -16, 32)),
    (10, 2, None, 0, (-18, -18, 54, -18)),
    (88, 1, 0, 0, (-96, 112, -8, -8)),
    # flowers count in the payment but not towards the 8-fan minimum (section 3.1)
    (10, 1, 3, 2, (-8, 34, -8, -18)),
    (16, 0, None, 8, (72, -24, -24, -24)),
]


@pytest.mark.parametrize(("fan", "winner", "discarder", "flowers", "expected"), SETTLEMENTS)
def test_settle_hand(fan, winner, discarder, flowers, expected):
    assert mcr.settle_hand(fan, winner, discarder, flowers=flowers) == expected


def test_washout_is_all_zero():
    assert mcr.settle_hand(0, None) == (0, 0, 0, 0)
    assert mcr.settle_hand(30, None) == (0, 0, 0, 0)


def test_minimum_fan_message():
    with pytest.raises(RuleError) as caught:
        mcr.settle_hand(6, 0, 1)
    err = caught.value
    assert str(err) == "An MCR win needs at least 8 fan not counting flowers; got 6"
    assert err.template == (
        "An MCR win needs at least {minimum} fan not counting flowers; got {got}"
    )
    assert dict(err.params) == {"minimum": 8, "got": 6}
    assert isinstance(err, ValueError)


@pytest.mark.parametrize(
    ("args", "kwargs", "fragment"),
    [
        ((9, 1, 3), {"flowers": 2}, "got 7"),  # 9 fan of which 2 flowers
        ((9, 2, 2), {}, "cannot be the winner"),
        ((9, 4, None), {}, "Winner must be a seat number"),
        ((9, 0, -1), {}, "Discarder must be a seat number"),
        ((9, 0, None), {"flowers": 9}, "Flowers must be at most 8"),
        ((9, 0, None), {"flowers": -1}, "Flowers must be at least 0"),
        ((9.0, 0, None), {}, "Fan must be a whole number"),
        ((True, 0, None), {}, "Fan must be a whole number"),
        ((9, True, None), {}, "Winner must be a seat number"),
        ((9, None, 1), {}, "A washout has no discarder"),
    ],
)
def test_settle_hand_refuses(args, kwargs, fragment):
    with pytest.raises(RuleError, match=fragment):
        mcr.settle_hand(*args, **kwargs)


# (offender, valid_shape, revealed, expected) - docs/rules.md §2.3 (MCR App. E 2.10.2, App. D)
FALSE_HU = [
    (0, True, True, (-30, 10, 10, 10)),  # four sets and a pair under 8 fan: 10 to each
    (2, True, True, (10, 10, -30, 10)),
    (1, False, True, (20, -60, 20, 20)),  # invalid hand: 20 to each
    (3, False, True, (20, 20, 20, -60)),
    (1, True, False, (0, 0, 0, 0)),  # not revealed: dead hand only (App. E 2.10.1)
    (1, False, False, (0, 0, 0, 0)),
]


@pytest.mark.parametrize(("offender", "valid_shape", "revealed", "expected"), FALSE_HU)
def test_false_hu(offender, valid_shape, revealed, expected):
    assert mcr.false_hu(offender, valid_shape=valid_shape, revealed=revealed) == expected


def test_false_hu_defaults_to_revealed_and_checks_input():
    assert mcr.false_hu(0, valid_shape=True) == (-30, 10, 10, 10)
    with pytest.raises(RuleError, match="Valid shape must be yes or no"):
        mcr.false_hu(0, valid_shape=1)
    with pytest.raises(RuleError, match="Offender must be a seat"):
        mcr.false_hu(5, valid_shape=True)


# (scores, expected table points) - docs/rules.md §2.6 (MCR App. B 4-2-1-0, shared values).
# Every shape of ties among four players is covered.
TABLE_POINTS = [
    ((60, 20, -30, -50), (4, 2, 1, 0)),  # no tie
    ((-50, -30, 20, 60), (0, 1, 2, 4)),  # order does not depend on the seat
    ((40, 40, -30, -50), (3, 3, 1, 0)),  # §2.6: two tied first = 3 each
    ((50, 0, 0, -50), (4, F(3, 2), F(3, 2), 0)),  # §2.6: second and third tied = 1.5 each
    ((50, 20, -35, -35), (4, 2, F(1, 2), F(1, 2))),  # third and fourth tied
    ((30, 30, -30, -30), (3, 3, F(1, 2), F(1, 2))),  # two pairs
    ((10, 10, 10, -30), (F(7, 3), F(7, 3), F(7, 3), 0)),  # §2.6: three tied first = 7/3
    ((30, -10, -10, -10), (4, 1, 1, 1)),  # three tied second
    ((0, 0, 0, 0), (F(7, 4), F(7, 4), F(7, 4), F(7, 4))),  # §2.6: all four = 1.75 each
]


@pytest.mark.parametrize(("scores", "expected"), TABLE_POINTS)
def test_table_points(scores, expected):
    points = mcr.table_points(scores)
    assert points == tuple(F(p) for p in expected)
    assert all(isinstance(p, F) for p in points)
    assert sum(points) == 7


def test_table_points_refuses_bad_input():
    with pytest.raises(RuleError, match="exactly 4 values"):
        mcr.table_points((1, 2, 3))
    with pytest.raises(RuleError, match="whole number"):
        mcr.table_points((1.5, 0, 0, -1.5))


# (minutes, points; None = disqualified for the session) - docs/rules.md §2.5 (MCR App. E 2.3)
LATE = [(0, 0), (1, 10), (5, 10), (10, 10), (11, 20), (15, 20), (16, None), (60, None)]


@pytest.mark.parametrize(("minutes", "expected"), LATE)
def test_late_arrival(minutes, expected):
    assert penalties.late_arrival_points(minutes) == expected


def test_late_arrival_refuses_negative_or_fractional_minutes():
    with pytest.raises(RuleError, match="at least 0"):
        penalties.late_arrival_points(-1)
    with pytest.raises(RuleError, match="whole number"):
        penalties.late_arrival_points(10.5)


# (occurrence, points) - docs/rules.md §2.4 (MCR App. D (1)): warning, 5, 10, 20, 30, then +10
INFRACTIONS = [(1, 0), (2, 5), (3, 10), (4, 20), (5, 30), (6, 40), (7, 50), (8, 60)]


@pytest.mark.parametrize(("occurrence", "expected"), INFRACTIONS)
def test_infraction_ladder(occurrence, expected):
    assert penalties.infraction_points(occurrence) == expected


def test_infraction_refuses_zero():
    with pytest.raises(RuleError, match="Occurrence must be at least 1"):
        penalties.infraction_points(0)


# hand -> seat wind of each starting seat. docs/rules.md §2.1: round 1 places held by (0,1,2,3),
# round 2 by (1,0,3,2), round 3 by (2,3,1,0), round 4 by (3,2,0,1); in the k-th hand of a
# round the player in place p has wind (p - k) mod 4 (MCR §3.5, §3.7, App. B).
WINDS = {
    1: (0, 1, 2, 3),
    2: (3, 0, 1, 2),  # 3.5: East becomes North, South becomes East
    3: (2, 3, 0, 1),
    4: (1, 2, 3, 0),
    5: (1, 0, 3, 2),  # after the East round E<->S, W<->N
    6: (0, 3, 2, 1),
    7: (3, 2, 1, 0),
    8: (2, 1, 0, 3),
    9: (3, 2, 0, 1),  # after the South round E->W, S->N, W->S, N->E
    10: (2, 1, 3, 0),
    11: (1, 0, 2, 3),
    12: (0, 3, 1, 2),
    13: (2, 3, 1, 0),  # after the West round E<->S, W<->N
    14: (1, 2, 0, 3),
    15: (0, 1, 3, 2),
    16: (3, 0, 2, 1),
}


@pytest.mark.parametrize(("hand", "expected"), sorted(WINDS.items()))
def test_winds_for_hand(hand, expected):
    assert mcr.winds_for_hand(hand) == expected
    assert mcr.prevalent_wind(hand) == (hand - 1) // 4


def test_every_player_is_east_once_per_round_and_starts_one_round_as_east():
    for first in (1, 5, 9, 13):
        dealers = [mcr.winds_for_hand(hand).index(0) for hand in range(first, first + 4)]
        assert sorted(dealers) == [0, 1, 2, 3]
    assert [mcr.winds_for_hand(h).index(0) for h in (1, 5, 9, 13)] == [0, 1, 2, 3]


@pytest.mark.parametrize("hand", [0, 17, -1, "1", None])
def test_winds_refuse_hands_outside_the_session(hand):
    with pytest.raises(RuleError, match="Hand number"):
        mcr.winds_for_hand(hand)
    with pytest.raises(RuleError, match="Hand number"):
        mcr.prevalent_wind(hand)
