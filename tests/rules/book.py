"""What the tests of the classic games' count from tiles share (docs/rules.md §7.3): the call
of ``count_points`` as a player in the South seat of the East round, and hands of loose tiles.
Not a conftest: plain helpers the test modules import."""

from rules import classic, faentino
from rules.tiles import parse

LOOSE10 = "147m 258p 369s 3z"  # ten tiles that make no set and no pair
LOOSE11 = "147m 258p 369s 4z 6z"
LOOSE13 = "147m 258p 369s 3z 4z 6z 7z"


def count(variant, text, **kwargs):
    """``count_points`` of ``variant`` ("european", "fimj" or "faentino") for a player in the
    South seat of the East round; a hand with "+" went out."""
    args = {"mahjong": "+" in text, "self_drawn": False, "seat_wind": 1, "prevalent_wind": 0}
    args |= kwargs
    if variant == "faentino":
        return faentino.count_points(parse(text), **args)
    return classic.count_points(parse(text), variant=variant, **args)
