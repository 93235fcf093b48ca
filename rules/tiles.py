"""The tile notation of a hand (docs/rules.md §7): "mpsz", as a data-entry operator types it.

``123m 456p 789s 11z``: digits followed by their suit, ``m`` characters, ``p`` dots (circles),
``s`` bamboo, ``z`` honours 1z-7z = East, South, West, North, White, Green, Red; ``0m``, ``0p``,
``0s`` are the red fives of EMA Riichi 2008 (one of each suit; read as a five, remembered in
:attr:`Hand.red_fives`). Exposed melds go in square brackets (``[123m]`` chow, ``[555p]`` pung,
``[5555p]`` kong), a concealed kong in braces (``{5555p}``), the winning tile after ``+``
(``+3m``) and the flowers as ``f`` and their number (``f2``). A winning hand has 14 tiles counting
a meld as 3; the hand of a player who did not go out (classic games) has 13 and no winning tile.
Every problem raises :class:`rules.RuleError` naming the tile's position.

>>> hand = parse("123m 456p 789s 1z [555s] +1z f2")
>>> hand.concealed, hand.win_tile, hand.flowers, hand.melds[0].kind
(('1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '1z'), '1z', 2, 'pung')
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from rules.errors import RuleError
from rules.i18n import _

SUITS = "mpsz"
HONOURS = ("East", "South", "West", "North", "White", "Green", "Red")
CHOW, PUNG, KONG, CONCEALED_KONG = "chow", "pung", "kong", "concealed_kong"
MAX_FLOWERS = 8
MAX_TEXT = 200
RED = "0"  #: the digit of a red five

_TOKEN = re.compile(r"\[[^\]]*\]|\{[^}]*\}|\+\S*|[fF]\d*|\S+")


@dataclass(frozen=True)
class Meld:
    """A declared meld: ``kind`` (chow, pung, kong, concealed_kong) and its tiles."""

    kind: str
    tiles: tuple[str, ...]


@dataclass(frozen=True)
class Hand:
    """A parsed hand: concealed tiles (without the winning tile when it was given with ``+``),
    declared melds, the winning tile (or None), the number of flowers, and the suits of the red
    fives among the tiles (``0m`` is read as ``5m`` with ``"m"`` in ``red_fives``)."""

    concealed: tuple[str, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: str | None = None
    flowers: int = 0
    red_fives: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """The number of tiles counting each meld as 3, the winning tile included."""
        return len(self.concealed) + 3 * len(self.melds) + (self.win_tile is not None)

    def every_tile(self) -> tuple[str, ...]:
        """Every tile of the hand: concealed, melds (a kong's four) and the winning tile."""
        tiles = list(self.concealed) + [tile for meld in self.melds for tile in meld.tiles]
        if self.win_tile is not None:
            tiles.append(self.win_tile)
        return tuple(tiles)

    def closed_tiles(self, win_tile: str | None = None) -> tuple[str, ...]:
        """The concealed tiles without the winning tile (13 tiles counting a meld as 3)."""
        win = win_tile or self.win_tile
        if win is None:
            raise RuleError(_("The winning tile is missing: add it as +3m"))
        tiles = list(self.concealed)
        if len(tiles) + 3 * len(self.melds) == 14:
            if win not in tiles:
                raise RuleError(_("The winning tile {tile} is not in the hand"), tile=win)
            tiles.remove(win)
        if len(tiles) + 3 * len(self.melds) != 13:
            raise RuleError(
                _("A hand has 14 tiles counting each meld as 3; this one has {count}"),
                count=len(tiles) + 3 * len(self.melds) + 1,
            )
        return tuple(tiles)


def _group(text: str, start: int, red: list[str]) -> list[str]:
    """The tiles of one group such as ``123m`` or ``11z5p``; ``start`` is the first tile's number.
    A red five (``0m``) is read as ``5m`` and its suit appended to ``red``."""
    tiles: list[str] = []
    digits: list[str] = []
    for char in text:
        if char.isdigit():
            digits.append(char)
        elif char in SUITS:
            if not digits:
                raise RuleError(
                    _("tile {position}: '{suit}' has no number before it"),
                    position=start + len(tiles),
                    suit=char,
                )
            for digit in digits:
                position = start + len(tiles)
                if char == "z" and not "1" <= digit <= "7":
                    raise RuleError(
                        _("tile {position}: '{tile}' is not a tile: honours are 1z to 7z"),
                        position=position,
                        tile=digit + char,
                    )
                if digit == RED:
                    if char in red:
                        raise RuleError(
                            _("tile {position}: there is only one red five of each suit ({tile})"),
                            position=position,
                            tile=digit + char,
                        )
                    red.append(char)
                    digit = "5"
                tiles.append(digit + char)
            digits = []
        else:
            raise RuleError(
                _("tile {position}: '{char}' is not a suit: use m, p, s or z"),
                position=start + len(tiles),
                char=char,
            )
    if digits:
        raise RuleError(
            _("tile {position}: '{digits}' has no suit after it (m, p, s or z)"),
            position=start + len(tiles),
            digits="".join(digits),
        )
    return tiles


def _meld(tiles: list[str], concealed: bool, position: int) -> Meld:
    if concealed:
        if len(tiles) != 4 or len(set(tiles)) != 1:
            raise RuleError(
                _("tile {position}: a concealed kong in braces is four equal tiles"),
                position=position,
            )
        return Meld(CONCEALED_KONG, tuple(tiles))
    if len(set(tiles)) == 1 and len(tiles) in (3, 4):
        return Meld(PUNG if len(tiles) == 3 else KONG, tuple(tiles))
    suit = tiles[0][1] if tiles else ""
    numbers = sorted(int(tile[0]) for tile in tiles)
    if (
        len(tiles) == 3
        and suit != "z"
        and all(tile[1] == suit for tile in tiles)
        and numbers == list(range(numbers[0], numbers[0] + 3))
    ):
        return Meld(CHOW, tuple(f"{n}{suit}" for n in numbers))
    raise RuleError(
        _("tile {position}: a meld in brackets is a chow, a pung or a kong"), position=position
    )


def parse(text: str) -> Hand:
    """The :class:`Hand` that ``text`` describes, or a :class:`RuleError` naming the problem."""
    if not isinstance(text, str) or not text.strip():
        raise RuleError(_("The hand is empty: type its tiles, e.g. 123m 456p 789s 11z"))
    if len(text) > MAX_TEXT:
        raise RuleError(_("The hand is too long: at most {limit} characters"), limit=MAX_TEXT)
    concealed: list[str] = []
    melds: list[Meld] = []
    win_tile: str | None = None
    flowers = 0
    red: list[str] = []
    count = 0  # tiles read so far
    for token in _TOKEN.findall(text):
        position = count + 1
        if token[0] in "[{":
            closing = "]" if token[0] == "[" else "}"
            if not token.endswith(closing):
                raise RuleError(
                    _("tile {position}: the meld is not closed with '{closing}'"),
                    position=position,
                    closing=closing,
                )
            tiles = _group(token[1:-1].replace(" ", ""), position, red)
            melds.append(_meld(tiles, token[0] == "{", position))
            count += len(tiles)
        elif token[0] == "+":
            if win_tile is not None:
                raise RuleError(_("tile {position}: only one winning tile"), position=position)
            tiles = _group(token[1:], position, red)
            if len(tiles) != 1:
                raise RuleError(
                    _("tile {position}: the winning tile after '+' is one tile, e.g. +3m"),
                    position=position,
                )
            win_tile = tiles[0]
            count += 1
        elif (token[0] in "fF" and token[1:].isdigit()) or token in ("f", "F"):
            if not token[1:].isdigit() or not 0 <= int(token[1:]) <= MAX_FLOWERS:
                raise RuleError(
                    _("Flowers are f0 to f{limit}; got '{token}'"), limit=MAX_FLOWERS, token=token
                )
            flowers = int(token[1:])
        else:
            tiles = _group(token, position, red)
            concealed.extend(tiles)
            count += len(tiles)
    hand = Hand(tuple(concealed), tuple(melds), win_tile, flowers, tuple(sorted(red)))
    for tile, number in Counter(hand.every_tile()).items():
        if number > 4:
            raise RuleError(
                _("'{tile}' appears {number} times: there are only 4 of each tile"),
                tile=tile,
                number=number,
            )
    if hand.size != 14 and not (hand.size == 13 and win_tile is None):
        raise RuleError(
            _(
                "A hand has 14 tiles counting each meld as 3 (13 without a winning tile for a "
                "player who did not go out); this one has {count}"
            ),
            count=hand.size,
        )
    return hand


def parse_tiles(text: str, *, limit: int = 10) -> tuple[str, ...]:
    """Loose tiles such as dora indicators (``5m 1z``), at most ``limit`` of them; a red five
    (``0m``) reads as a five."""
    if not isinstance(text, str) or not text.strip():
        return ()
    if len(text) > MAX_TEXT:
        raise RuleError(_("The hand is too long: at most {limit} characters"), limit=MAX_TEXT)
    tiles: list[str] = []
    for token in text.split():
        tiles.extend(_group(token, len(tiles) + 1, []))
    if len(tiles) > limit:
        raise RuleError(_("At most {limit} tiles here; got {count}"), limit=limit, count=len(tiles))
    return tuple(tiles)
