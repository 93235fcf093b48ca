"""Counting the MCR fan of a hand from its tiles (docs/rules.md §7) with PyMahjongGB.

The counter is the library's (``MahjongGB.MahjongFanCalculator``, the Chinese official rules);
this module turns our notation into its input and its answer into Green Book numbers with the
English and Italian names of the FIMJ manual, then applies the manual where it differs from the
library (:func:`by_the_book`, docs/rules.md §7.1): Two Concealed Kongs 8 and a concealed with a
melded kong 6; Fully Concealed Hand with the hands that exclude Concealed Hand; Nine Gates without
Pung of Terminals or Honors; and the MERS rules on a winning tile not shown and flowers used to
count. Where the manual is silent the library decides. When the library cannot be imported,
:func:`count_fan` raises a :class:`RuleError` that says so and the rest of the rules keep working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rules.errors import RuleError
from rules.i18n import _
from rules.tiles import CHOW, CONCEALED_KONG, KONG, PUNG, Hand

MIN_FAN = 8

#: Green Book number -> (value, English name, Italian name as the FIMJ manual gives it)
FAN: dict[int, tuple[int, str, str]] = {
    number: (value, english, italian)
    for number, value, english, italian in (
        (1, 1, "Pure Double Chow", "Due scale uguali di colore"),
        (2, 1, "Mixed Double Chow", "Due scale uguali miste"),
        (3, 1, "Short Straight", "Serpentino"),
        (4, 1, "Two Terminal Chows", "Due scale laterali di colore"),
        (5, 1, "Pung of Terminals or Honors", "Tris di testa"),
        (6, 1, "Melded Kong", "Poker scoperto"),
        (7, 1, "One Voided Suit", "Senza un seme"),
        (8, 1, "No Honors", "Senza onori"),
        (9, 1, "Edge Wait", "A punto su 3 o 7"),
        (10, 1, "Closed Wait", "A punto su incastro"),
        (11, 1, "Single Wait", "A punto sulla coppia"),
        (12, 1, "Self-Drawn", "Chiusura pescata"),
        (13, 1, "Flower Tiles", "Fiori e stagioni"),
        (14, 2, "Dragon Pung", "Tris di drago"),
        (15, 2, "Prevalent Wind", "Tris del vento di giro"),
        (16, 2, "Seat Wind", "Tris del proprio vento"),
        (17, 2, "Concealed Hand", "Quasi tutto pescato"),
        (18, 2, "All Chows", "Tutte scale"),
        (19, 2, "Tile Hog", "Tutte e quattro"),
        (20, 2, "Double Pung", "Due tris uguali"),
        (21, 2, "Two Concealed Pungs", "Due tris coperti"),
        (22, 2, "Concealed Kong", "Poker coperto"),
        (23, 2, "All Simples", "Senza teste"),
        (24, 4, "Outside Hand", "Teste ovunque"),
        (25, 4, "Fully Concealed Hand", "Tutto pescato"),
        (26, 4, "Two Melded Kongs", "Due poker scoperti"),
        (27, 4, "Last Tile", "Quarto pezzo"),
        (28, 6, "All Pungs", "Tutti tris"),
        (29, 6, "Half Flush", "Mano pura"),
        (30, 6, "Mixed Shifted Chows", "Tre scale incastrate nei tre semi"),
        (31, 6, "All Types", "Tutti i tipi"),
        (32, 6, "Melded Hand", "Tutto chiamato"),
        (33, 6, "Two Dragons", "Due tris di drago"),
        (34, 8, "Mixed Straight", "Serpente nei tre semi"),
        (35, 8, "Reversible Tiles", "Senza verso"),
        (36, 8, "Mixed Triple Chow", "Tre scale uguali nei tre semi"),
        (37, 8, "Mixed Shifted Pungs", "Tre tris consecutivi nei tre semi"),
        (38, 8, "Chicken Hand", "Mano del pollo"),
        (39, 8, "Last Tile Draw", "Ultima pedina"),
        (40, 8, "Last Tile Claim", "Ultimo scarto"),
        (41, 8, "Out with Replacement Tile", "Chiuso col rimpiazzo del poker"),
        (42, 8, "Robbing the Kong", "Pezzo rubato"),
        (43, 8, "Two Concealed Kongs", "Due poker coperti"),
        (44, 12, "Lesser Honors and Knitted Tiles", "Piccolo raduno degli onori"),
        (45, 12, "Knitted Straight", "Serpente legato"),
        (46, 12, "Upper Four", "Sopra il cinque"),
        (47, 12, "Lower Four", "Sotto il cinque"),
        (48, 12, "Big Three Winds", "Le tre benedizioni della casa"),
        (49, 16, "Pure Straight", "Serpente di colore"),
        (50, 16, "Three-Suited Terminal Chows", "Doppie scale laterali con tutti i semi"),
        (51, 16, "Pure Shifted Chows", "Tre scale incastrate di colore"),
        (52, 16, "All Fives", "Cinque ovunque"),
        (53, 16, "Triple Pung", "Tre tris uguali"),
        (54, 16, "Three Concealed Pungs", "Tre tris coperti"),
        (55, 24, "Seven Pairs", "Tutte coppie"),
        (56, 24, "Greater Honors and Knitted Tiles", "Grande raduno degli onori"),
        (57, 24, "All Even Pungs", "Tutti tris pari"),
        (58, 24, "Full Flush", "Mano purissima"),
        (59, 24, "Pure Triple Chow", "Tre scale uguali di colore"),
        (60, 24, "Pure Shifted Pungs", "Tre tris consecutivi di colore"),
        (61, 24, "Upper Tiles", "Tre superiori"),
        (62, 24, "Middle Tiles", "Tre centrali"),
        (63, 24, "Lower Tiles", "Tre inferiori"),
        (64, 32, "Four Shifted Chows", "Quattro scale incastrate di colore"),
        (65, 32, "Three Kongs", "Tre poker"),
        (66, 32, "All Terminals and Honors", "Tutte teste"),
        (67, 48, "Quadruple Chow", "Quattro scale uguali di colore"),
        (68, 48, "Four Pure Shifted Pungs", "Quattro tris consecutivi di colore"),
        (69, 64, "All Terminals", "Tutti estremi"),
        (70, 64, "Little Four Winds", "Quattro piccole benedizioni della casa"),
        (71, 64, "Little Three Dragons", "Piccolo raduno dei dragoni"),
        (72, 64, "All Honors", "Tutti onori"),
        (73, 64, "Four Concealed Pungs", "Quattro tris coperti"),
        (74, 64, "Pure Terminal Chows", "Doppie scale laterali di colore"),
        (75, 88, "Big Four Winds", "Quattro grandi benedizioni della casa"),
        (76, 88, "Big Three Dragons", "Grande raduno dei dragoni"),
        (77, 88, "All Green", "Tutto verde"),
        (78, 88, "Nine Gates", "Casa piena di nove pezzi"),
        (79, 88, "Four Kongs", "Tutto kong"),
        (80, 88, "Seven Shifted Pairs", "Sette coppie consecutive di colore"),
        (81, 88, "Thirteen Orphans", "Tredici lanterne meravigliose"),
    )
}


def _key(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower()).removesuffix("s")


#: the library's English names that differ from the Green Book's
_ALIASES = {_key("Two Dragons Pungs"): 33, _key("Four Pure Shifted Chows"): 64}
#: the library's "Concealed Kong and Melded Kong" (5 fan, no Green Book number)
_MIXED_KONGS = _key("Concealed Kong and Melded Kong")
_BY_NAME = {_key(english): number for number, (_v, english, _i) in FAN.items()} | _ALIASES

#: our tiles -> the library's: W characters, B dots, T bamboo, F1-F4 winds, J1 red J2 green J3 white
_SUIT = {"m": "W", "p": "B", "s": "T"}
_HONOUR = {1: "F1", 2: "F2", 3: "F3", 4: "F4", 5: "J3", 6: "J2", 7: "J1"}


def _gb(tile: str) -> str:
    number, suit = int(tile[0]), tile[1]
    return _HONOUR[number] if suit == "z" else f"{_SUIT[suit]}{number}"


@dataclass(frozen=True)
class FanItem:
    number: int  #: Green Book number 1..81 (0 if the library named a fan we do not know)
    english_name: str
    italian_name: str
    count: int
    fan_each: int


@dataclass(frozen=True)
class FanCount:
    """The library's count. ``valid_shape`` False: not a winning hand (a false Hu);
    ``enough`` False: a winning shape under 8 fan without flowers (also a false Hu)."""

    total: int
    items: tuple[FanItem, ...]
    valid_shape: bool = True
    flowers: int = 0

    @property
    def without_flowers(self) -> int:
        return self.total - self.flowers

    @property
    def enough(self) -> bool:
        return self.valid_shape and self.without_flowers >= MIN_FAN

    @property
    def verdict(self) -> str:
        """``invalid_shape``, ``under_minimum`` or ``valid`` (what a false-Hu decision needs)."""
        if not self.valid_shape:
            return "invalid_shape"
        return "valid" if self.enough else "under_minimum"


# -- the manual where the library differs (docs/rules.md §7.1) --------------------------------

TWO_CONCEALED_KONGS = 43
FULLY_CONCEALED = 25
SELF_DRAWN = 12
PUNG_OF_TERMINALS = 5
NINE_GATES = 78
CHICKEN_HAND = 38
FLOWER_TILES = 13
#: seed 002 §5 #43: "Un poker coperto e un poker scoperto valgono 6 punti" (App. C "2 Kong": 6)
MIXED_KONGS = FanItem(
    TWO_CONCEALED_KONGS,
    "One Concealed and One Melded Kong",
    "Un poker coperto e un poker scoperto",
    1,
    6,
)
#: seed 002 §5: these hands exclude Concealed Hand (17) but "Può combinare con Tutto Pescato
#: (25)": Lesser and Greater Honors and Knitted Tiles, Seven Pairs, Four Concealed Pungs, Nine
#: Gates, Seven Shifted Pairs, Thirteen Orphans
FULLY_CONCEALED_WITH = frozenset({44, 55, 56, 73, 78, 80, 81})
#: seed 002 App. E 1.9 and §3.9 rule 18: a winning tile not shown loses the fan of the wait
#: (Edge, Closed, Single Wait) and Last Tile; Nine Gates is counted again without it
WAIT_FANS = frozenset({9, 10, 11, 27})


def _item(number: int, count: int = 1) -> FanItem:
    value, english, italian = FAN[number]
    return FanItem(number, english, italian, count, value)


def by_the_book(
    items: tuple[FanItem, ...], *, self_drawn: bool, winning_tile_shown: bool = True
) -> tuple[FanItem, ...]:
    """The library's fan corrected by seed 002 (docs/rules.md §7.1).

    >>> [(i.number, i.fan_each) for i in by_the_book((_item(43), _item(8)), self_drawn=False)]
    [(43, 8), (8, 1)]
    """
    result: list[FanItem] = []
    for item in items:
        if item.number == TWO_CONCEALED_KONGS:
            item = _item(TWO_CONCEALED_KONGS, item.count)  # the library's 6 -> 8
        elif item.number == 0 and _key(item.english_name) == _MIXED_KONGS:
            item = MIXED_KONGS  # the library's 5 -> 6
        result.append(item)
    numbers = {item.number for item in result}
    if NINE_GATES in numbers:
        # seed 002 §5 #78: "Non combina Tris di Testa (5)"
        result = [item for item in result if item.number != PUNG_OF_TERMINALS]
    if self_drawn and numbers & FULLY_CONCEALED_WITH and FULLY_CONCEALED not in numbers:
        # "Può combinare con Tutto Pescato (25)", which includes Self-Drawn (12)
        result = [item for item in result if item.number != SELF_DRAWN]
        result.insert(len(result) - sum(i.number == FLOWER_TILES for i in result), _item(25))
    if not winning_tile_shown:
        result = [item for item in result if item.number not in WAIT_FANS]
        if all(item.number == FLOWER_TILES for item in result):
            # nothing left but flowers: "Mano che di per sé vale zero punti" (#38)
            result.insert(0, _item(CHICKEN_HAND))
    return tuple(result)


def _library() -> Any:
    try:
        from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]
    except ImportError as exc:  # pragma: no branch - exercised with monkeypatch
        raise RuleError(
            _("Counting MCR fan from tiles needs the PyMahjongGB package, which is missing: {why}"),
            why=str(exc),
        ) from exc
    return MahjongFanCalculator


def _wind(value: int, label: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise RuleError(_("{label} is 0 to 3 (East, South, West, North)"), label=label)
    return value


def count_fan(
    hand: Hand,
    *,
    win_tile: str | None,
    self_drawn: bool,
    seat_wind: int,
    prevalent_wind: int,
    flowers: int = 0,
    last_tile: bool = False,
    kong: bool = False,
    last_of_wall: bool = False,
    winning_tile_shown: bool = True,
    flowers_used_to_count: bool = False,
) -> FanCount:
    """The fan of ``hand`` (from :func:`rules.tiles.parse`), flowers included in ``.total``,
    as the FIMJ manual counts them (:func:`by_the_book`).

    ``flowers`` adds to the flowers written in the hand; ``win_tile`` None takes the hand's.
    ``winning_tile_shown`` False: the winner put the winning tile among the others before showing
    it (MERS App. E 1.9); ``flowers_used_to_count``: the winner counted with their own flowers,
    which then count nothing (App. E 2.9.4).
    """
    calculator = _library()
    win = win_tile or hand.win_tile
    if win is None:
        raise RuleError(_("The winning tile is missing: add it as +3m"))
    if hand.red_fives:
        raise RuleError(_("MCR has no red fives: type 5m, 5p or 5s"))
    flowers = flowers + hand.flowers
    if not 0 <= flowers <= 8:
        raise RuleError(_("Flowers are 0 to 8; got {flowers}"), flowers=flowers)
    if flowers_used_to_count:
        flowers = 0
    closed = hand.closed_tiles(win)
    packs = []
    for meld in hand.melds:
        kind = {CHOW: "CHI", PUNG: "PENG", KONG: "GANG", CONCEALED_KONG: "GANG"}[meld.kind]
        tile = meld.tiles[1] if meld.kind == CHOW else meld.tiles[0]
        packs.append((kind, _gb(tile), 0 if meld.kind == CONCEALED_KONG else 1))
    conditions = (
        flowers,
        bool(self_drawn),
        bool(last_tile),
        bool(kong),
        bool(last_of_wall),
        _wind(seat_wind, _("Seat wind")),
        _wind(prevalent_wind, _("Prevalent wind")),
    )
    items = _ask(calculator, tuple(packs), closed, win, conditions)
    if items is None:
        return FanCount(0, (), valid_shape=False, flowers=flowers)
    if not winning_tile_shown and any(item.number == NINE_GATES for item in items):
        # App. E 1.9: Nine Gates is lost; the best reading of the same tiles with another tile
        # taken as the last (the 14 tiles less any other tile are no longer the nine gates)
        every = (*closed, win)
        readings = []
        for other in sorted(set(every) - {win}):
            rest = list(every)
            rest.remove(other)
            reading = _ask(calculator, tuple(packs), tuple(rest), other, conditions)
            if reading is not None:
                readings.append(
                    by_the_book(reading, self_drawn=self_drawn, winning_tile_shown=False)
                )
        best = max(readings, key=lambda found: sum(i.count * i.fan_each for i in found))
        items = best
    else:
        items = by_the_book(items, self_drawn=self_drawn, winning_tile_shown=winning_tile_shown)
    total = sum(item.count * item.fan_each for item in items)
    return FanCount(total, tuple(items), flowers=flowers)


def _ask(
    calculator: Any,
    packs: tuple[Any, ...],
    closed: tuple[str, ...],
    win: str,
    conditions: tuple[Any, ...],
) -> tuple[FanItem, ...] | None:
    """The library's fan with Green Book numbers, or None when the tiles are not a win."""
    try:
        answer = calculator(packs, tuple(_gb(tile) for tile in closed), _gb(win), *conditions, True)
    except TypeError as exc:
        if "NOT_WIN" in str(exc):
            return None
        raise RuleError(_("The tiles are not a possible hand: {why}"), why=str(exc)) from exc
    items = []
    for fan_each, count, _chinese, english in answer:
        number = _BY_NAME.get(_key(english), 0)
        _value, name, italian = FAN.get(number, (fan_each, english, english))
        items.append(FanItem(number, name, italian, count, fan_each))
    return tuple(items)
