"""The classic games' count from tiles at the table (docs/rules.md §7.4): one player's tiles at
a time, the winds from the table's state (the FIMJ first prevalent wind included), the figures the
hand form takes, and whether the referee's figures matched."""

import dataclasses

import pytest

from rules import RuleError, get_ruleset
from rules.state import dealer_passes
from rules.tile_count import POINTS

EAST_HAND = "222z 123m 456p 55z 78m +9m"  # seed 004's East: 38 points, 1 double
SOUTH_HAND = "{8888m} 777z [111z] 99p 24s"  # 28 points, 2 doubles
MAHJONG = {"outcome": "mahjong", "winner": 0}


def test_the_winner_and_a_loser_each_fill_their_own_figures():
    ruleset = get_ruleset("european")
    counter = ruleset.tile_counter()
    assert counter.kind == POINTS and counter.missing() is None
    state = ruleset.initial_state()
    seat, east = counter.count_entry(MAHJONG, state, EAST_HAND, seasons=(1,), flowers=(3,))
    assert seat == 0 and east.fills == {"points": 38, "doubles": 1, "limit_hand": 0}
    assert east.extra["score"] == 80 and east.extra["mahjong"]
    seat, south = counter.count_entry(MAHJONG, state, SOUTH_HAND, winner=1, flags=["self_drawn"])
    assert seat == 1 and south.fills == {"points": 28, "doubles": 2}  # no limit field: a loser
    assert south.flags == () and not south.extra["mahjong"]  # the winner's conditions
    entry = {**MAHJONG, "points": (38, 28, 10, 8), "doubles": (1, 2, 0, 0), "limit_hand": False}
    assert counter.matches(entry, 0, east) and counter.matches(entry, 1, south)
    assert not counter.matches({**entry, "points": (76, 28, 10, 8)}, 0, east)


def test_a_limit_hand_matches_on_the_limit_alone():
    ruleset = get_ruleset("fimj")
    counter = ruleset.tile_counter()
    _seat, count = counter.count_entry(MAHJONG, ruleset.initial_state(), "19m 19p 19s 1234567z +1m")
    assert count.fills["limit_tier"] == 2 and count.fills["limit_hand"] == 0
    entry = {**MAHJONG, "points": (0, 0, 0, 0), "doubles": (0, 0, 0, 0)}
    assert counter.matches({**entry, "limit_tier": (2, 0, 0, 0)}, 0, count)
    assert not counter.matches({**entry, "limit_tier": (1, 0, 0, 0)}, 0, count)
    european = get_ruleset("european")
    _seat, limit = european.tile_counter().count_entry(
        MAHJONG, european.initial_state(), "19m 19p 19s 1234567z +1m"
    )
    assert limit.fills["limit_hand"] == 1
    assert european.tile_counter().matches({**entry, "limit_hand": True}, 0, limit)


def test_faentino_fills_the_rack_points_the_desk_adds_the_mahjong_to():
    ruleset = get_ruleset("faentino")
    counter = ruleset.tile_counter()
    _seat, count = counter.count_entry(
        MAHJONG, ruleset.initial_state(), "[222p] 456p 789s 55s 67m +8m"
    )
    assert count.fills == {"points": 2, "doubles": 0, "limit_hand": 0}
    assert count.extra["points"] == 22 and count.extra["score"] == 40  # East's doubling
    entry = {**MAHJONG, "points": (2, 0, 0, 0), "doubles": (0, 0, 0, 0), "limit_hand": False}
    assert ruleset.settle(entry, ruleset.initial_state()).deltas[0] == 3 * count.extra["score"]
    assert [flag.name for flag in counter.flags] == ["self_drawn"]


def test_a_fimj_multiple_win_counts_each_winner_on_a_discard():
    ruleset = get_ruleset("fimj")
    counter = ruleset.tile_counter()
    entry = {"outcome": "multiple_win", "winners": (1, 3), "discarder": 2}
    state = ruleset.initial_state()
    seat, count = counter.count_entry(entry, state, "[222p] 456p 789s 55s 67m +8m", winner=3)
    assert seat == 3 and count.extra["mahjong"]
    with pytest.raises(RuleError, match="on a discard"):
        counter.count_entry(entry, state, "[222p] 456p 789s 55s 67m +8m", flags=["self_drawn"])
    with pytest.raises(RuleError, match="hand with a winner"):
        counter.count_entry({"outcome": "washout"}, state, "[222p] 456p 789s 55s 67m +8m")


# seed 001 "Posizioni al tavolo e preliminari": "Il primo vento del giro è quello corrispondente al
# giocatore che apre la prima breccia nel muro. [il primo vento del giro è sempre Est]"
def test_the_fimj_first_prevalent_wind_is_the_breachs_and_the_rounds_follow_it():
    fimj = get_ruleset("fimj")
    assert fimj.asks_first_wind and not get_ruleset("european").asks_first_wind
    state = fimj.start_state(2)  # West opened the first breach
    assert (state.prevalent_wind, state.first_wind, state.dealer) == (2, 2, 0)
    winds = []
    for _deal in range(16):
        winds.append(state.prevalent_wind)
        state = dealer_passes(state, hand_count_finish=16)
    assert winds == [2] * 4 + [3] * 4 + [0] * 4 + [1] * 4
    assert get_ruleset("european").start_state(2).prevalent_wind == 0  # always East
    assert fimj.start_state(None).prevalent_wind == 0
    with pytest.raises(RuleError, match="First prevalent wind"):
        fimj.start_state(4)
    assert "West round" in str(fimj.describe_state(fimj.start_state(2)))


def test_the_fimj_count_and_settlement_follow_the_first_wind():
    fimj = get_ruleset("fimj")
    counter = fimj.tile_counter()
    hand = "333z 123m 456p 789s 5p +5p"  # a concealed pung of West
    _seat, east_round = counter.count_entry(MAHJONG, fimj.start_state(0), hand)
    _seat, west_round = counter.count_entry(MAHJONG, fimj.start_state(2), hand)
    assert west_round.fills["doubles"] == east_round.fills["doubles"] + 1  # the prevalent wind
    entry = {**MAHJONG, "points": (30, 0, 0, 0), "doubles": (0, 0, 0, 0)}
    after = fimj.settle(entry, fimj.start_state(2)).next_state
    assert after.first_wind == 2 and after.prevalent_wind == 2
    replayed = fimj.settle({"outcome": "replayed"}, fimj.start_state(3)).next_state
    assert replayed.first_wind == 3
    assert dataclasses.replace(after, deals=4).first_wind == 2


def test_conditions_that_contradict_the_self_drawn_box_are_said_by_their_labels():
    ruleset = get_ruleset("european")
    counter = ruleset.tile_counter()
    hand = "[222p] 456p 789s 55s 67m +8m"
    with pytest.raises(RuleError, match='Last tile of the live wall is a self-drawn win: tick "'):
        counter.count_entry(MAHJONG, ruleset.initial_state(), hand, flags=["last_of_wall"])
    with pytest.raises(RuleError, match="Robbing a kong is a win on a discard"):
        counter.count_entry(
            MAHJONG, ruleset.initial_state(), hand, flags=["self_drawn", "robbing_kong"]
        )
