"""Penalty catalogues and costs (docs/rules.md §2.3-2.5, §3.6, §4.4, §5.4, §6.6)."""

import pytest

from rules import RULESET_CODES, PenaltyOutcome, RuleError, get_ruleset

MCR = get_ruleset("mcr")

# (params, offender points, others, disqualified for session) - MERS values, docs/rules.md §2.4-2.5
MCR_PENALTIES = [
    ("late_arrival", {"minutes": 0}, 0, 0, False),
    ("late_arrival", {"minutes": 10}, -10, 0, False),  # App. E 2.3
    ("late_arrival", {"minutes": 11}, -20, 0, False),
    ("late_arrival", {"minutes": 15}, -20, 0, False),
    ("late_arrival", {"minutes": 16}, 0, 0, True),
    ("false_hu", {"valid_shape": True}, -30, 10, False),  # App. E 2.10.2
    ("false_hu", {"valid_shape": False, "revealed": True}, -60, 20, False),
    ("false_hu", {"valid_shape": False, "revealed": False}, 0, 0, False),  # App. E 2.10.1
    ("infraction", {"occurrence": 1}, 0, 0, False),  # App. D (1): warning
    ("infraction", {"occurrence": 4}, -20, 0, False),
    ("infraction", {"occurrence": 8}, -60, 0, False),
    ("tile_not_shown", {}, -10, 0, False),  # App. E 2.9.7
    ("referee_decision", {"amount": 25, "reason": "Destroyed the wall"}, -25, 0, False),
    ("disqualification", {}, 0, 0, False),
]


@pytest.mark.parametrize(("code", "params", "offender", "others", "out"), MCR_PENALTIES)
def test_mcr_penalties(code, params, offender, others, out):
    outcome = MCR.penalty(code, **params)
    assert isinstance(outcome, PenaltyOutcome)
    assert outcome.code == code
    assert (outcome.offender_points, outcome.others_points) == (offender, others)
    assert outcome.disqualified_for_session is out
    assert outcome.transfers is (others != 0)
    assert sum(outcome.deltas(2)) == (0 if outcome.transfers else offender)


def test_penalty_details():
    assert MCR.penalty("infraction", occurrence=3).occurrence == 3
    assert MCR.penalty("disqualification", reason=" cheating ").disqualified_from_tournament
    assert MCR.penalty("disqualification", reason=" cheating ").reason == "cheating"
    assert MCR.penalty("false_hu", valid_shape=True).deltas(0) == (-30, 10, 10, 10)


@pytest.mark.parametrize(
    ("code", "params", "fragment"),
    [
        ("late_arrival", {}, "Late arrival needs minutes"),
        ("late_arrival", {"minutes": 3, "amount": 2}, "does not take amount"),
        ("referee_decision", {"amount": 10, "reason": "  "}, "needs a written reason"),
        ("referee_decision", {"amount": -10, "reason": "x"}, "at least 0"),
        ("disqualification", {"reason": 3}, "must be text"),
        ("tile_not_shown", {"minutes": 1}, "takes: nothing"),
        ("chombo", {}, "Unknown penalty chombo for MCR"),
        ("false_hu", {"valid_shape": "yes"}, "Valid shape must be yes or no"),
    ],
)
def test_penalty_refuses(code, params, fragment):
    with pytest.raises(RuleError, match=fragment):
        MCR.penalty(code, **params)


EXPECTED_CATALOGUES = {
    "mcr": [
        "late_arrival",
        "false_hu",
        "infraction",
        "tile_not_shown",
        "referee_decision",
        "disqualification",
    ],
    "riichi2008": ["chombo", "late_arrival", "infraction", "referee_decision", "disqualification"],
    "riichi2016": ["chombo", "late_arrival", "infraction", "referee_decision", "disqualification"],
    "european": [
        "false_mahjong",
        "wall_destroyed",
        "late_arrival",
        "infraction",
        "referee_decision",
        "disqualification",
    ],
    "fimj": [
        "false_mahjong",
        "wall_destroyed",
        "late_arrival",
        "infraction",
        "referee_decision",
        "disqualification",
    ],
    "faentino": [
        "false_mahjong",
        "wall_destroyed",
        "late_arrival",
        "infraction",
        "referee_decision",
        "disqualification",
    ],
}


@pytest.mark.parametrize("code", RULESET_CODES)
def test_catalogues(code):
    ruleset = get_ruleset(code)
    catalogue = ruleset.penalty_catalogue
    assert [kind.code for kind in catalogue] == EXPECTED_CATALOGUES[code]
    for kind in catalogue:
        assert kind.label and kind.help_text
        if kind.hand_entry is not None:
            with pytest.raises(RuleError, match="is entered with the hand"):
                ruleset.penalty(kind.code)


def test_riichi_penalties_are_scaled_and_come_off_the_final_score():
    riichi = get_ruleset("riichi2016")
    late = riichi.penalty("late_arrival", minutes=12)
    assert late.offender_points == -2000
    assert late.applies_to == "final_score"
    assert riichi.penalty("infraction", occurrence=2).offender_points == -500
    assert riichi.penalty("referee_decision", amount=4000, reason="x").offender_points == -4000
    chombo = {kind.code: kind for kind in riichi.penalty_catalogue}["chombo"]
    assert chombo.applies_to == "final_score" and not chombo.transfers
    chombo = {kind.code: kind for kind in get_ruleset("riichi2008").penalty_catalogue}["chombo"]
    assert chombo.applies_to == "score" and chombo.transfers
    scaled = get_ruleset("riichi2008", {"penalty_unit": 1000})
    assert scaled.penalty("late_arrival", minutes=1).offender_points == -10000


def test_classic_and_faentino_reuse_the_mers_amounts():
    for code in ("european", "fimj", "faentino"):
        ruleset = get_ruleset(code)
        assert ruleset.penalty("late_arrival", minutes=5).offender_points == -10
        assert ruleset.penalty("infraction", occurrence=5).offender_points == -30


def test_deltas_need_a_seat():
    with pytest.raises(RuleError, match="Offender must be a seat"):
        MCR.penalty("tile_not_shown").deltas(4)
