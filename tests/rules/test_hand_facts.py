"""What each rule set reads in a stored hand for the statistics, and a player's figures added
up hand by hand (docs/rules.md §12)."""

from fractions import Fraction as F

import pytest

import rules
from rules.hand_facts import HandFacts, Tally

MCR, RIICHI, EUROPEAN, FIMJ = (
    rules.get_ruleset(code) for code in ("mcr", "riichi2008", "european", "fimj")
)

ZERO = (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("ruleset", "entry", "changes", "facts"),
    [
        (
            MCR,
            {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 12},
            (-8, 36, -20, -8),
            HandFacts(winners=(1,), discarder=2, values=(None, 12, None, None)),
        ),
        (
            MCR,
            {"outcome": "self_drawn", "winner": 3, "fan": 9, "flowers": 1},
            (-17, -17, -17, 51),
            HandFacts(winners=(3,), self_drawn=True, values=(None, None, None, 9)),
        ),
        (MCR, {"outcome": "washout"}, ZERO, HandFacts(draw=True)),
        (
            RIICHI,
            {
                "outcome": "ron",
                "winners": [0, 2],
                "discarder": 1,
                "han": [3, 0, 0, 0],
                "fu": [40, 0, 0, 0],
                "yakuman": [0, 0, 1, 0],
                "riichi": [0, 1],
            },
            (6200, -40000, 33000, 0),
            HandFacts(
                winners=(0, 2),
                discarder=1,
                riichi=(0, 1),
                values=(6200, None, 33000, None),
                han=(3, None, None, None),  # a yakuman has no han to average
            ),
        ),
        (
            RIICHI,
            {"outcome": "tsumo", "winners": [3], "han": [0, 0, 0, 2], "fu": [0, 0, 0, 30]},
            (-1000, -500, -500, 2000),
            HandFacts(
                winners=(3,),
                self_drawn=True,
                values=(None, None, None, 2000),
                han=(None, None, None, 2),
            ),
        ),
        (
            RIICHI,
            {"outcome": "draw", "tenpai": [1], "riichi": [1]},
            (-1000, 1000, -1000, -1000),
            HandFacts(draw=True, riichi=(1,)),
        ),
        (RIICHI, {"outcome": "chombo", "offender": 2}, ZERO, HandFacts(chombo=(2,))),
        (
            EUROPEAN,
            {"outcome": "mahjong", "winner": 0, "points": [40, 8, 0, 2], "zero_score": [2]},
            (480, 42, -258, -264),
            HandFacts(winners=(0,), chombo=(2,), values=(480, None, None, None)),
        ),
        (EUROPEAN, {"outcome": "washout"}, ZERO, HandFacts(draw=True)),
        (
            EUROPEAN,
            {"outcome": "wall_destroyed", "offender": 1, "zero_score": [3]},
            (10, -30, 10, 10),
            HandFacts(chombo=(1, 3)),
        ),
        (FIMJ, {"outcome": "replayed"}, ZERO, HandFacts(played=False)),
        (
            FIMJ,
            {"outcome": "multiple_win", "winners": [1, 3], "discarder": 0},
            (-260, 300, -160, 120),
            HandFacts(winners=(1, 3), discarder=0, values=(None, 300, None, 120)),
        ),
    ],
    ids=[
        "mcr discard",
        "mcr self-drawn",
        "mcr washout",
        "riichi double ron",
        "riichi tsumo",
        "riichi draw",
        "riichi chombo",
        "european mahjong with a false mahjong",
        "european washout",
        "european wall destroyed",
        "fimj replayed",
        "fimj multiple win",
    ],
)
def test_each_rule_set_reads_its_hands(ruleset, entry, changes, facts):
    found = ruleset.hand_facts(entry, changes)
    if isinstance(found.chombo, tuple) and len(found.chombo) > 1:
        found = HandFacts(**{**found.__dict__, "chombo": tuple(sorted(found.chombo))})
    assert found == facts


def test_each_rule_set_names_its_figures_and_family():
    assert MCR.family == "mcr" and RIICHI.family == "riichi" and EUROPEAN.family == "classic"
    assert "chombo" not in MCR.statistics and "frequent_pattern" in MCR.statistics
    assert {"riichi", "riichi_won", "riichi_dealt_in", "average_han"} <= set(RIICHI.statistics)
    assert "dealt_in" not in EUROPEAN.statistics and "self_drawn" not in FIMJ.statistics
    assert rules.family_codes("riichi") == ("riichi2008", "riichi2016")


def test_the_patterns_of_a_count_leave_flowers_and_dora_out():
    mcr = {
        "items": [
            {"number": 18, "name": "All Chows", "italian": "Tutte scale"},
            {"number": 13, "name": "Flower Tiles", "italian": "Fiori e stagioni"},
        ]
    }
    assert MCR.hand_patterns(mcr) == (("All Chows", "Tutte scale"),)
    riichi = {"items": [{"number": 0, "name": "Riichi"}, {"number": 0, "name": "Dora"}]}
    assert RIICHI.hand_patterns(riichi) == (("Riichi", "Riichi"),)
    assert EUROPEAN.hand_patterns(mcr) == ()


def mcr(entry, changes=ZERO):
    return MCR.hand_facts(entry, changes)


def test_a_players_figures_from_a_hand_made_session():
    """Seat 0 of an MCR session of six hands: a win on a discard (12 fan), a self-drawn win
    (9 fan), a deal-in to seat 1, a hand won by seat 2 on seat 3, a washout; counted from tiles,
    the first win scored All Chows and Mixed Double Chow, the second All Chows."""
    tally = Tally()
    tally.add(
        mcr({"outcome": "discard", "winner": 0, "discarder": 1, "fan": 12}),
        0,
        ["All Chows", "Mixed Double Chow"],
    )
    tally.add(mcr({"outcome": "self_drawn", "winner": 0, "fan": 9}), 0, ["All Chows"])
    tally.add(mcr({"outcome": "discard", "winner": 1, "discarder": 0, "fan": 8}), 0)
    tally.add(mcr({"outcome": "discard", "winner": 2, "discarder": 3, "fan": 10}), 0)
    tally.add(mcr({"outcome": "washout"}), 0)
    tally.add_penalties(1, -10)
    assert (tally.hands, tally.won, tally.self_drawn, tally.dealt_in, tally.draws) == (
        5,
        2,
        1,
        1,
        1,
    )
    assert (tally.average_value, tally.largest_value) == (F(21, 2), 12)
    assert (tally.penalties, tally.penalty_points, tally.chombo) == (1, -10, 0)
    assert tally.frequent_pattern == ("All Chows", 2) and tally.counted_wins == 2


def test_riichi_figures_and_two_tallies_added_up():
    ron = RIICHI.hand_facts(
        {
            "outcome": "ron",
            "winners": [1],
            "discarder": 0,
            "han": [0, 2, 0, 0],
            "fu": [0, 30, 0, 0],
            "riichi": [0, 1],
        },
        (-3000, 4000, 0, 0),
    )
    tsumo = RIICHI.hand_facts(
        {
            "outcome": "tsumo",
            "winners": [0],
            "han": [4, 0, 0, 0],
            "fu": [30, 0, 0, 0],
            "riichi": [0],
        },
        (7900, -2000, -3900, -2000),
    )
    chombo = RIICHI.hand_facts({"outcome": "chombo", "offender": 0}, ZERO)
    first, second = Tally(), Tally()
    first.add(ron, 0)  # dealt in while in riichi
    first.add(tsumo, 0)  # won after riichi
    second.add(chombo, 0)
    second.add(ron, 1)  # another player's win, here as its winner: 2 han
    both = first + second
    assert (both.hands, both.won, both.riichi, both.riichi_won, both.riichi_dealt_in) == (
        4,
        2,
        3,
        2,
        1,
    )
    assert (both.dealt_in, both.chombo, both.average_han, both.largest_value) == (1, 1, 3, 7900)
    assert both.average_value == F(7900 + 4000, 2)


def test_a_replayed_hand_is_no_hand_played_and_a_tally_without_wins_has_no_averages():
    tally = Tally()
    tally.add(FIMJ.hand_facts({"outcome": "replayed"}, ZERO), 2)
    assert tally.hands == 0
    assert (tally.average_value, tally.average_han, tally.frequent_pattern) == (None, None, None)
    with pytest.raises(ValueError):
        tally.add(HandFacts(), 4)
