"""The rule sets' counters for "Count from tiles" (docs/rules.md §7, "At the table"): which rule
sets count, the winds come from the table's state, the conditions, and the match with the
referee's figures."""

import pytest

from rules import RuleError
from rules.mcr import prevalent_wind, winds_for_hand
from rules.registry import RULESET_CODES, get_ruleset
from rules.tile_count import FAN, HAN_FU, POINTS

PLAIN = "123m 456p 789s 123s 5p +5p"  # Mixed Straight 8, Concealed 2, All Chows 2, ... = 14


def mcr_state(hand_number):
    ruleset = get_ruleset("mcr")
    state = ruleset.initial_state()
    return ruleset, state.__class__(
        hand_number=hand_number,
        prevalent_wind=prevalent_wind(hand_number),
        seat_winds=winds_for_hand(hand_number),
        dealer=winds_for_hand(hand_number).index(0),
    )


def test_every_rule_set_counts_from_tiles():
    kinds = {code: get_ruleset(code).tile_counter() for code in RULESET_CODES}
    assert all(kinds.values())
    assert kinds["mcr"].kind == FAN and kinds["riichi2016"].kind == HAN_FU
    assert {kinds[code].kind for code in ("european", "fimj", "faentino")} == {POINTS}
    assert all(counter.missing() is None for counter in kinds.values())


def test_mcr_count_of_a_discard_win_and_its_match():
    ruleset = get_ruleset("mcr")
    counter = ruleset.tile_counter()
    entry = {"outcome": "discard", "winner": 2, "discarder": 0, "fan": 14, "flowers": 0}
    winner, count = counter.count_entry(entry, ruleset.initial_state(), PLAIN)
    assert winner == 2 and count.fills == {"fan": 14, "flowers": 0}
    assert {item.number for item in count.items} >= {34, 17, 18}
    assert counter.matches(entry, winner, count)
    assert not counter.matches({**entry, "fan": 15}, winner, count)
    assert not counter.matches({**entry, "flowers": 1}, winner, count)


def test_mcr_self_drawn_comes_from_the_outcome():
    ruleset = get_ruleset("mcr")
    counter = ruleset.tile_counter()
    entry = {"outcome": "self_drawn", "winner": 1}
    _winner, count = counter.count_entry(entry, ruleset.initial_state(), PLAIN)
    numbers = {item.number for item in count.items}
    assert 25 in numbers and 17 not in numbers  # Fully Concealed replaces Concealed Hand


def test_mcr_seat_and_prevalent_winds_come_from_the_hand_number():
    # A pung of East: Prevalent Wind in the East round for everyone, Seat Wind for whoever is
    # East in that hand (MCR §3.5: the seats change after each round).
    hand = "123m 456p 789s 55p 11z +1z"
    for number in (1, 5):
        ruleset, state = mcr_state(number)
        counter = ruleset.tile_counter()
        east = state.seat_winds.index(0)
        other = (east + 1) % 4
        _w, as_east = counter.count_entry({"outcome": "self_drawn", "winner": east}, state, hand)
        _w, as_other = counter.count_entry({"outcome": "self_drawn", "winner": other}, state, hand)
        seat_fan = {item.number for item in as_east.items}
        other_fan = {item.number for item in as_other.items}
        assert 16 in seat_fan and 16 not in other_fan
        assert (15 in seat_fan) == (state.prevalent_wind == 0)


def test_mcr_conditions_add_their_fan_and_unknown_ones_are_refused():
    ruleset = get_ruleset("mcr")
    counter = ruleset.tile_counter()
    entry = {"outcome": "self_drawn", "winner": 0}
    _w, last = counter.count_entry(entry, ruleset.initial_state(), PLAIN, flags=["last_of_wall"])
    assert 39 in {item.number for item in last.items} and last.flags == ("last_of_wall",)
    with pytest.raises(RuleError, match="Unknown condition"):
        counter.count_entry(entry, ruleset.initial_state(), PLAIN, flags=["tenhou"])


def test_tiles_need_a_winner_of_the_hand():
    ruleset = get_ruleset("mcr")
    counter = ruleset.tile_counter()
    with pytest.raises(RuleError, match="win only"):
        counter.count_entry({"outcome": "washout"}, ruleset.initial_state(), PLAIN)
    riichi = get_ruleset("riichi2008")
    with pytest.raises(RuleError, match="winner of this hand"):
        riichi.tile_counter().count_entry(
            {"outcome": "ron", "winners": (1,), "discarder": 0},
            riichi.initial_state(),
            PLAIN,
            winner=3,
        )


def test_riichi_count_fills_the_hand_form_values_and_matches_like_for_like():
    ruleset = get_ruleset("riichi2016")
    counter = ruleset.tile_counter()
    state = ruleset.initial_state()
    entry = {"outcome": "tsumo", "winners": (1,)}
    hand = "234m 456p 678s 234s 5p +5p"
    _w, count = counter.count_entry(entry, state, hand, flags=["riichi"])
    # Menzen Tsumo, Riichi, Tanyao: 3 han 30 fu (20 + tsumo 2, rounded up)
    assert count.fills == {"han": 3, "fu": 30, "yakuman": 0}
    figures = {"han": (0, 3, 0, 0), "fu": (0, 30, 0, 0), "yakuman": (0, 0, 0, 0)}
    assert counter.matches(figures, 1, count)
    assert not counter.matches({**figures, "fu": (0, 40, 0, 0)}, 1, count)
    _w, rich = counter.count_entry(entry, state, hand, flags=["riichi"], dora="4p 1m")
    # the 4p indicator makes the three 5p dora, the 1m indicator the one 2m: 3 + 4 = 7 han
    assert rich.fills == {"han": 7, "fu": 0, "yakuman": 0}  # from 5 han no fu is entered
    assert counter.matches({**figures, "han": (0, 7, 0, 0), "fu": (0, 0, 0, 0)}, 1, rich)
    assert rich.extra["fu"] == 30 and rich.extra["dora"] == "4p 1m"


def test_riichi_yakuman_is_entered_as_such():
    ruleset = get_ruleset("riichi2008")
    counter = ruleset.tile_counter()
    entry = {"outcome": "ron", "winners": (2,), "discarder": 0}
    _w, count = counter.count_entry(entry, ruleset.initial_state(), "19m 19p 19s 1123456z +7z")
    assert count.fills == {"han": 0, "fu": 0, "yakuman": 1}
    assert counter.matches({"yakuman": (0, 0, 1, 0), "han": (0, 0, 0, 0)}, 2, count)
    assert not counter.matches({"han": (0, 0, 13, 0), "fu": (0, 0, 30, 0)}, 2, count)


@pytest.mark.parametrize(("code", "yakuman"), [("riichi2008", 1), ("riichi2016", 1)])
def test_a_thirteen_sided_wait_is_one_yakuman_in_both_editions(code, yakuman):
    # EMA 2008 §4.2: "Gli yakuman non sono cumulativi"; only Big Four Winds is worth 2
    ruleset = get_ruleset(code)
    entry = {"outcome": "ron", "winners": (2,), "discarder": 0}
    _w, count = ruleset.tile_counter().count_entry(
        entry, ruleset.initial_state(), "19m 19p 19s 1234567z +1m"
    )
    assert count.fills["yakuman"] == yakuman


def test_bad_dora_indicators_name_the_problem():
    ruleset = get_ruleset("riichi2008")
    with pytest.raises(RuleError, match=r"not a tile|no suit"):
        ruleset.tile_counter().count_entry(
            {"outcome": "tsumo", "winners": (0,)},
            ruleset.initial_state(),
            "234m 456p 678s 234s 5p +5p",
            dora="9z",
        )
