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
        ("123m 406p 789s 111z 77z", "tile 5: '0p' is not a tile: suits run from 1 to 9"),
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
        ("123m 456p 789s 11z", "A hand has 14 tiles counting each meld as 3; this one has 11"),
        ("   ", "The hand is empty"),
        ("1m" * 150, "The hand is too long: at most 200 characters"),
    ],
)
def test_every_error_names_the_problem(text, message):
    with pytest.raises(RuleError) as error:
        parse(text)
    assert str(error.value).startswith(message)


def test_the_winning_tile_must_be_in_a_14_tile_hand():
    with pytest.raises(RuleError, match="The winning tile 9m is not in the hand"):
        parse("123m 456p 789s 111z 77z").closed_tiles("9m")
    with pytest.raises(RuleError, match="The winning tile is missing"):
        parse("123m 456p 789s 111z 77z").closed_tiles()
