"""The MCR rule set as the desk uses it: 16-hand session, hand entries, session results."""

from fractions import Fraction as F

import pytest

from rules import RuleError, get_ruleset, mcr

MCR = get_ruleset("mcr")


def test_session_follows_the_16_hands_and_their_winds():
    state = MCR.initial_state()
    seen = []
    while not state.finished:
        seen.append(state.hand_number)
        assert state.seat_winds == mcr.winds_for_hand(state.hand_number)
        assert state.prevalent_wind == mcr.prevalent_wind(state.hand_number)
        assert state.seat_winds[state.dealer] == 0
        assert (state.honba, state.deposits) == (0, 0)
        state = MCR.settle({"outcome": "washout"}, state).next_state
    assert seen == list(range(1, 17))
    assert state.hand_number == 17
    with pytest.raises(RuleError, match="over"):
        MCR.settle({"outcome": "washout"}, state)


# (entry, deltas) - docs/rules.md §2.2 (MCR §6) through the entry form
ENTRIES = [
    ({"outcome": "self_drawn", "winner": 0, "fan": 8}, (48, -16, -16, -16)),
    ({"outcome": "discard", "winner": 0, "discarder": 1, "fan": 9}, (33, -17, -8, -8)),
    (
        {"outcome": "discard", "winner": 0, "discarder": 1, "fan": 14, "flowers": 0},
        (38, -22, -8, -8),
    ),
    ({"outcome": "self_drawn", "winner": 3, "fan": 12, "flowers": 4}, (-20, -20, -20, 60)),
    ({"outcome": "washout", "winner": None, "fan": None}, (0, 0, 0, 0)),
    # a discarder entered with a self-drawn win is ignored (the field is for discard wins)
    ({"outcome": "self_drawn", "winner": 1, "fan": 8, "discarder": 2}, (-16, 48, -16, -16)),
]


@pytest.mark.parametrize(("entry", "expected"), ENTRIES)
def test_settle_entries(entry, expected):
    done = MCR.settle(entry, MCR.initial_state())
    assert done.deltas == expected
    assert done.deposits_change == 0 and done.chombo == (0, 0, 0, 0)
    assert str(done.summary)


@pytest.mark.parametrize(
    ("entry", "fragment"),
    [
        ({"outcome": "discard", "winner": 1, "discarder": 1, "fan": 8}, "cannot be the winner"),
        ({"outcome": "discard", "winner": 1, "discarder": 2, "fan": 6}, "Fan must be at least 8"),
        (
            {"outcome": "self_drawn", "winner": 1, "fan": 9, "flowers": 2},
            "at least 8 fan not counting flowers; got 7",
        ),
        ({"outcome": "discard", "winner": 1, "fan": 8}, "Discarder is required"),
        ({"outcome": "self_drawn", "fan": 8}, "Winner is required"),
        ({"outcome": "self_drawn", "winner": 1}, "Fan is required"),
        ({"outcome": "self_drawn", "winner": "1", "fan": 8}, "Winner must be a seat number"),
        ({"outcome": "draw"}, "must be one of: discard, self_drawn, washout"),
        ({}, "must be one of"),
        ({"outcome": "washout", "points": 3}, "Unknown field points"),
    ],
)
def test_settle_refuses(entry, fragment):
    with pytest.raises(RuleError, match=fragment):
        MCR.settle(entry, MCR.initial_state())


def test_entry_must_be_a_mapping():
    with pytest.raises(RuleError, match="must map field names"):
        MCR.settle([("outcome", "washout")], MCR.initial_state())


def test_hand_fields():
    fields = MCR.hand_fields(MCR.initial_state())
    assert [f.name for f in fields] == ["outcome", "winner", "discarder", "fan", "flowers"]
    assert [f.kind for f in fields] == ["outcome", "seat", "seat", "int", "int"]
    assert fields[3].min_value == 8
    assert fields[2].outcomes == ("discard",)
    assert [code for code, _label in MCR.outcomes()] == ["discard", "self_drawn", "washout"]


def test_session_result_with_penalties_and_transfers():
    # hands: +60, -10, -20, -30; seat 1 made a false Hu with a valid shape (-30 / +10 x 3) and was
    # 12 minutes late (-20); seat 3 had a warning then a 5-point infraction.
    false_hu = MCR.penalty("false_hu", valid_shape=True)
    late = MCR.penalty("late_arrival", minutes=12)
    second = MCR.penalty("infraction", occurrence=2)
    result = MCR.session_result(
        (60, -10, -20, -30),
        transfers=false_hu.deltas(1),
        penalties=(0, late.offender_points, 0, second.offender_points),
    )
    assert [s.score for s in result] == [70, -60, -10, -25]
    assert [s.place for s in result] == [1, 4, 2, 3]
    assert [s.table_points for s in result] == [4, 0, 2, 1]
    assert [s.end_points for s in result] == [70, -40, -10, -20]
    assert [s.final_score for s in result] == [70, -60, -10, -25]


def test_rank_before_penalties_setting():
    scores, penalties = (10, 10, -10, -10), (0, -20, 0, 0)
    default = MCR.session_result(scores, penalties=penalties)
    assert [s.table_points for s in default] == [4, 1, 1, 1]  # seat 1 drops to a tie
    before = get_ruleset("mcr", {"rank_before_penalties": True})
    result = before.session_result(scores, penalties=penalties)
    assert [s.table_points for s in result] == [3, 3, F(1, 2), F(1, 2)]
    assert [s.score for s in result] == [10, -10, -10, -10]  # the score keeps the penalty


def test_substitute_seat():
    # docs/rules.md §2.5: more than 15 minutes late -> a substitute plays; the late player gets 0
    # table points and 0 score, while the substitute's results count for the others' ranking.
    result = MCR.session_result((50, 30, -20, -60), substitutes=(False, True, False, False))
    assert [s.place for s in result] == [1, 2, 3, 4]
    assert [s.table_points for s in result] == [4, 0, 1, 0]
    assert result[1].score == 0 and result[1].final_score == 0 and result[1].substitute
    assert MCR.penalty("late_arrival", minutes=16).disqualified_for_session


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"scores": (10, 0, 0, 0)}, "sum to 10 instead of 0"),
        ({"scores": (0, 0, 0, 0), "penalties": (5, 0, 0, 0)}, "Penalties must be at most 0"),
        ({"scores": (0, 0, 0, 0), "transfers": (-30, 10, 10, 0)}, "Penalty transfers do not"),
        ({"scores": (0, 0, 0, 0), "substitutes": (0, 0, 0, 0)}, "Substitutes must be yes or no"),
        ({"scores": (0, 0, 0)}, "exactly 4 values"),
        ({"scores": "0000"}, "one value per seat"),
    ],
)
def test_session_result_refuses(kwargs, fragment):
    scores = kwargs.pop("scores")
    with pytest.raises(RuleError, match=fragment):
        MCR.session_result(scores, **kwargs)


def test_ranking_and_description():
    assert MCR.ranking_fields == ("table_points", "score")
    assert MCR.max_hands == 16 and MCR.starting_points == 0
    assert str(MCR.describe_state(MCR.initial_state())) == "Hand 1 of 16, East round"
