"""Counting a player's hand from its tiles in the games where everybody scores (docs/rules.md
§7.3): what the European, FIMJ and Faentino counters share.

Each player scores the sets, the pair and the bonus tiles in front of them; the winner adds the
Mahjong points; doubles multiply. This module owns:

- :class:`Player`, one player's tiles and what the referee says about them, checked once
  (:func:`player`): winds 0-3, bonus tiles numbered 1-4 (number n belongs to seat wind n - 1,
  seed 003: "Fiori x 4 (Est, Sud, Ovest, Nord)"), the conditions by name;
- the points of sets and pairs (seed 004 "tabella dei punti di mano"), scaled by a setting in
  Faentino, whose text gives none (:func:`set_points`, :func:`pair_points`);
- :class:`PointsItem` and :class:`PointsCount`, the answer of ``count_points``;
- :func:`best`, the reading a player is scored by: the highest score, the limit hands first.

The variants' own values live in :mod:`rules.classic_count` and :mod:`rules.faentino_count`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.checks import check_bool, check_int
from rules.errors import RuleError
from rules.hand_shapes import (
    Group,
    Reading,
    is_dragon,
    is_head,
    readings,
    wind_of,
    winning_readings,
)
from rules.i18n import _
from rules.tiles import CHOW, KONG, Hand

#: The conditions every classic counter takes (``count_points(..., **conditions)``).
COMMON_CONDITIONS = (
    "last_of_wall",
    "last_discard",
    "kong_replacement",
    "robbing_kong",
    "first_hand",
)
#: seed 001 adds its own: riichi, "entro la quindicesima", "ultimo pezzo"
FIMJ_CONDITIONS = (*COMMON_CONDITIONS, "riichi", "within_fifteen", "last_copy")
#: the conditions that need a self-drawn win, and those that need a discard
SELF_DRAWN_ONLY = ("last_of_wall", "kong_replacement")
DISCARD_ONLY = ("last_discard", "robbing_kong")
BONUS_NUMBERS = (1, 2, 3, 4)

VALID = "valid"
#: a player who went out with tiles that are not a winning hand: a false Mahjong (scores 0)
INVALID_SHAPE = "invalid_shape"


@dataclass(frozen=True)
class PointsItem:
    """One line of a count: points or doubles, the English and Italian names (the seeds'),
    and the tiles it is about (``"111z"``), if any."""

    name: str
    italian: str
    points: int = 0
    doubles: int = 0
    tiles: str = ""


@dataclass(frozen=True)
class PointsCount:
    """One player's hand counted from its tiles.

    - ``points``: the points before doubles, bonuses and the Mahjong points included;
    - ``doubles``: the doubles (Faentino: without East's own doubling);
    - ``score``: after the rule set's rounding and limit (Faentino: East's doubling included);
      a limit hand scores its value;
    - ``items``: the lines, in reading order;
    - ``limit_hand``: the English name of the winner's limit hand, or "";
    - ``limit_tier``: FIMJ, the tier (1-3) of a limit hand of its list, else None;
    - ``verdict``: ``valid``, or ``invalid_shape`` for a Mahjong that is not a winning hand;
    - ``waits``: the tiles the winner's hand waited on (empty for the others);
    - ``reading``: the sets and pair as read, in the notation;
    - ``mahjong_points``: the Mahjong points included in ``points`` (20, Faentino 30 with an
      empty rack), so a form that adds them itself (Faentino) takes the rest.
    """

    points: int
    doubles: int
    score: int
    items: tuple[PointsItem, ...]
    mahjong: bool
    limit_hand: str = ""
    limit_tier: int | None = None
    verdict: str = VALID
    waits: tuple[str, ...] = ()
    reading: str = ""
    mahjong_points: int = 0


@dataclass(frozen=True)
class Player:
    """One player's hand and what the count needs to know about it (checked by :func:`player`).
    ``self_drawn`` and ``conditions`` are False / empty for a player who did not go out."""

    hand: Hand
    mahjong: bool
    self_drawn: bool
    seat_wind: int
    prevalent_wind: int
    flowers: tuple[int, ...]
    seasons: tuple[int, ...]
    conditions: frozenset[str]

    @property
    def win(self) -> str:
        assert self.hand.win_tile is not None
        return self.hand.win_tile

    def has(self, condition: str) -> bool:
        return condition in self.conditions


def _wind(value: Any, what: str) -> int:
    return check_int(value, what, minimum=0, maximum=3)


def _bonus(value: Any, what: str) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise RuleError(_("{what} are the numbers 1 to 4 of the tiles held"), what=what)
    numbers = [check_int(n, what, minimum=1, maximum=4) for n in value]
    if len(set(numbers)) != len(numbers):
        raise RuleError(_("{what}: each number 1 to 4 is one tile"), what=what)
    return tuple(sorted(numbers))


def player(
    hand: Any,
    *,
    mahjong: Any,
    self_drawn: Any,
    seat_wind: Any,
    prevalent_wind: Any,
    flowers: Any,
    seasons: Any,
    conditions: Mapping[str, Any],
    allowed: tuple[str, ...],
) -> Player:
    """Check what ``count_points`` received; the :class:`Player` it describes."""
    if not isinstance(hand, Hand):
        raise RuleError(_("The hand is the tiles read by rules.tiles.parse"))
    mahjong = check_bool(mahjong, _("Mahjong"))
    self_drawn = check_bool(self_drawn, _("Self-drawn"))
    flowers = _bonus(flowers, _("Flowers"))
    seasons = _bonus(seasons, _("Seasons"))
    if hand.red_fives:
        raise RuleError(_("Red fives are played in EMA Riichi 2008 only: type 5m, 5p or 5s"))
    if hand.flowers and hand.flowers != len(flowers) + len(seasons):
        raise RuleError(
            _("Name the flowers and seasons held by their numbers 1 to 4, not as f{count}"),
            count=hand.flowers,
        )
    chosen = set()
    for name, value in conditions.items():
        if name not in allowed:
            raise RuleError(
                _("Unknown condition {name}; the conditions are: {valid}"),
                name=name,
                valid=", ".join(allowed),
            )
        if check_bool(value, name):
            chosen.add(name)
    seat_wind = _wind(seat_wind, _("Seat wind"))
    if mahjong:
        if hand.win_tile is None:
            raise RuleError(_("The winning tile is missing: add it as +3m"))
        for name in chosen:
            if name in SELF_DRAWN_ONLY and not self_drawn:
                raise RuleError(_("{name} is a self-drawn win"), name=name)
            if name in DISCARD_ONLY and self_drawn:
                raise RuleError(_("{name} is a win on a discard"), name=name)
        if "first_hand" in chosen and self_drawn != (seat_wind == 0):
            raise RuleError(
                _(
                    "first_hand: East wins with the 14 tiles dealt (self-drawn), another player "
                    "on East's first discard"
                )
            )
    else:
        if hand.win_tile is not None or hand.size != 13:
            raise RuleError(
                _("A player who did not go out has 13 tiles counting a kong as 3, without +")
            )
        self_drawn, chosen = False, set()
    return Player(
        hand,
        mahjong,
        self_drawn,
        seat_wind,
        _wind(prevalent_wind, _("Prevalent wind")),
        flowers,
        seasons,
        frozenset(chosen),
    )


# -- points of sets, pairs and bonus tiles (seed 004 "PUNTI DI MANO", "BONUS") --------------

#: the names of the sets as seed 004 calls them: (kind, concealed) -> (English, Italian)
SET_NAMES = {
    (KONG, True): ("Concealed kong", "Poker coperto"),
    (KONG, False): ("Exposed kong", "Poker scoperto"),
    ("pung", True): ("Concealed pung", "Tris coperto"),
    ("pung", False): ("Exposed pung", "Tris scoperto"),
}


def set_points(group: Group, exposed_pung: int = 2) -> int:
    """A set's points (seed 004 "tabella dei punti di mano"): an exposed pung of simples 2,
    twice that concealed, twice again of terminals or honours ("Teste"), four times for a kong;
    chows nothing.

    >>> [set_points(Group("pung", t, c)) for t, c in (("5p", False), ("5p", True), ("1z", True))]
    [2, 4, 8]
    """
    if not group.is_pung:
        return 0
    value = exposed_pung * (2 if group.concealed else 1) * (2 if is_head(group.tile) else 1)
    return value * (4 if group.kind == KONG else 1)


def valued_pair(tile: str, player: Player) -> bool:
    """A pair of dragons, of the seat wind or of the prevalent wind (seed 004: "coppia ... 2 punti
    se di Draghi, se di Vento del giocatore, se di vento del giro")."""
    return is_dragon(tile) or wind_of(tile) in (player.seat_wind, player.prevalent_wind)


def set_items(reading: Reading, exposed_pung: int = 2) -> list[PointsItem]:
    """The points of the reading's pungs and kongs."""
    items = []
    for group in reading.sets:
        if group.kind == CHOW:
            continue
        english, italian = SET_NAMES[(group.kind, group.concealed)]
        items.append(PointsItem(english, italian, set_points(group, exposed_pung), 0, group.text()))
    return items


def pair_items(reading: Reading, player: Player, value: int = 2) -> list[PointsItem]:
    """The valued pairs: a winner's pair (each pair of seven pairs); for a player who did not go
    out, one pair among the tiles left over, however many ("può conteggiarne solo una")."""
    if player.mahjong:
        tiles = [group.tile for group in reading.pairs]
    else:
        loose = list(reading.loose)
        tiles = sorted({tile for tile in loose if loose.count(tile) >= 2})
    valued = [tile for tile in tiles if valued_pair(tile, player)]
    if not player.mahjong:
        valued = valued[:1]
    return [PointsItem("Pair", "Coppia", value, 0, tile[0] * 2 + tile[1]) for tile in valued]


def bonus_items(player: Player, each: int = 4) -> list[PointsItem]:
    """Flowers and seasons held (seed 004 "BONUS": 4 points each)."""
    return [PointsItem("Flower", "Fiore", each, 0, str(n)) for n in player.flowers] + [
        PointsItem("Season", "Stagione", each, 0, str(n)) for n in player.seasons
    ]


def own_bonus_items(player: Player) -> list[PointsItem]:
    """A double for the player's own flower and own season (number = seat wind + 1)."""
    own = player.seat_wind + 1
    items = []
    if own in player.flowers:
        items.append(PointsItem("Own flower", "Fiore del giocatore", 0, 1, str(own)))
    if own in player.seasons:
        items.append(PointsItem("Own season", "Stagione del giocatore", 0, 1, str(own)))
    return items


def loser_reading(player: Player) -> list[Reading]:
    """Every reading of the tiles of a player who did not go out."""
    return list(readings(player.hand, player.hand.concealed, winning=False))


def winner_readings(player: Player) -> list[Reading]:
    """Every standard reading of a winning hand with the group its winning tile completed."""
    return list(winning_readings(player.hand, player.win, self_drawn=player.self_drawn))


def reading_text(reading: Reading) -> str:
    """The reading in the notation: declared melds in brackets, the rest as groups."""
    parts = []
    for group in reading.groups:
        text = group.text()
        if group.declared:
            text = f"{{{text}}}" if group.concealed else f"[{text}]"
        parts.append(text)
    parts.extend(reading.loose)
    return " ".join(parts)


def total(items: Iterable[PointsItem]) -> tuple[int, int]:
    """(points, doubles) of some lines."""
    items = list(items)
    return sum(item.points for item in items), sum(item.doubles for item in items)


def best(candidates: Iterable[PointsCount]) -> PointsCount:
    """The count a player is scored by: the best score (a limit hand's value included), then the
    most points and doubles (docs/rules.md §7.3: the player reads the tiles at their best)."""
    return max(candidates, key=lambda c: (c.score, c.points * 2**c.doubles, c.points))
