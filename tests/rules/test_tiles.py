"""The tile notation (rules.tiles.parse): what it reads and every error message."""

import pytest

from rules import RuleError
from rules.tiles import CHOW, CONCEALED_KONG, KONG, PUNG, parse


def test_a_full_hand():
    hand = parse("12m 45p [789s] {1111z} [555z] +3m f3")
    assert hand.concealed == ("1m", "2m", "4p", "5p")
    assert [m.kind for m in hand.melds] == [CHOW, CONCEALED_KONG, PUNG]
    assert hand.win_tile == "3m" and hand.flowers == 3


def test_kong_and_unordered_chow():
    hand = parse("[2222m] [312p] 456s 789s 5z +5z")
    assert hand.melds[0].kind == KONG
    assert hand.melds[1].tiles == ("1p", "2p", "3p")


def test_closed_tiles_take_the_winning_tile_out_of_a_14_tile_hand():
    hand = parse("123m 456p 789s 111z 77z")
    assert hand.win_tile is None
    assert len(hand.closed_tiles("7z")) == 13


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123m 456p 789s 111z 7z 8z", "tile 14: '8z' is not a tile: honours are 1z to 7z"),
        ("123m 400p 789s 111z 77z", "tile 6: there is only one red five of each suit (0p)"),
        ("123m 456p 789s 111z 7z 0z", "tile 14: '0z' is not a tile: honours are 1z to 7z"),
        ("123m 456x 789s 111z 77z", "tile 4: 'x' is not a suit: use m, p, s or z"),
        ("m123 456p 789s 111z 77z", "tile 1: 'm' has no number before it"),
        ("123m 456p 789s 111z 77", "tile 13: '77' has no suit after it (m, p, s or z)"),
        ("[124m] 456p 789s 111z 77z", "tile 1: a meld in brackets is a chow, a pung or a kong"),
        ("{123m} 456p 789s 111z 77z", "tile 1: a concealed kong in braces is four equal tiles"),
        ("123m [456p 789s 111z 77z", "tile 4: the meld is not closed with ']'"),
        ("123m 456p 789s 111z 7z +7z +7z", "tile 15: only one winning tile"),
        ("123m 456p 789s 111z 7z +77z", "tile 14: the winning tile after '+' is one tile"),
        ("123m 456p 789s 111z 77z f9", "Flowers are f0 to f8; got 'f9'"),
        ("11111m 456p 789s 77z", "'1m' appears 5 times: there are only 4 of each tile"),
        ("123m 456p 789s 11z", "A hand has 14 tiles counting each meld as 3 (13 without"),
        ("123m 456p 789s 11z 7z +7z", "A hand has 14 tiles counting each meld as 3 (13 without"),
        ("   ", "The hand is empty"),
        ("1m" * 150, "The hand is too long: at most 200 characters"),
    ],
)
def test_every_error_names_the_problem(text, message):
    with pytest.raises(RuleError) as error:
        parse(text)
    assert str(error.value).startswith(message)


def test_red_fives_read_as_fives_and_are_remembered():
    # EMA 2008 §1.1: "Vengono usati inoltre tre cinque di colore rosso, uno per ogni seme"
    hand = parse("[550m] 406p 789s 111z 7z +0s")
    assert hand.melds[0].tiles == ("5m", "5m", "5m")
    assert "5p" in hand.concealed and hand.win_tile == "5s"
    assert hand.red_fives == ("m", "p", "s")
    assert parse("123m 456p 789s 111z 77z").red_fives == ()


def test_a_players_hand_without_mahjong_has_13_tiles_and_no_winning_tile():
    # docs/rules.md §7: a loser's hand as it ends, a kong counting as 3
    hand = parse("123m [4444p] 789s 11z 56z")
    assert hand.win_tile is None and hand.size == 13
    assert len(hand.every_tile()) == 14  # the kong's fourth tile
    with pytest.raises(RuleError, match="The winning tile is missing"):
        hand.closed_tiles()


def test_the_winning_tile_must_be_in_a_14_tile_hand():
    with pytest.raises(RuleError, match="The winning tile 9m is not in the hand"):
        parse("123m 456p 789s 111z 77z").closed_tiles("9m")
    with pytest.raises(RuleError, match="The winning tile is missing"):
        parse("123m 456p 789s 111z 77z").closed_tiles()
