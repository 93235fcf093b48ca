"""Counting a hand from its tiles for the referee (docs/rules.md §7, "At the table").

A rule set that can count a winning hand from its tiles gives a :class:`TileCounter` (MCR: the fan
through PyMahjongGB; EMA Riichi: han and fu through the ``mahjong`` package); the others give None.
The counter knows which conditions the referee can tick (self-drawn comes from the outcome, the
winds from the table's state), which of the hand's fields its answer fills, and whether the figures
the referee entered match its answer. The referee's figures are what count: the desk keeps the
calculation beside them, it never replaces them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RuleError
from rules.i18n import Message, _, message
from rules.riichi.presets import edition_preset
from rules.state import TableState
from rules.tiles import parse, parse_tiles

FAN = "fan"
HAN_FU = "han_fu"
VALID = "valid"
#: riichi: one yaku with five counters on the table (EMA 2008 §3.4.11): not a win
TOO_FEW_YAKU = "too_few_yaku"
#: FAN, HAN_FU or POINTS (the classic games: each player's points and doubles)
POINTS = "points"


@dataclass(frozen=True)
class CountFlag:
    """A condition the referee ticks: ``name`` as stored, ``label`` marked for translation."""

    name: str
    label: str


@dataclass(frozen=True)
class CountItem:
    """One line of a count: an MCR fan (Green Book number), a riichi yaku (number 0), or in the
    classic games points or doubles (``unit`` "points" or "doubles", ``tiles`` the set)."""

    number: int
    name: str
    italian: str
    count: int
    value: int
    unit: str = ""
    tiles: str = ""

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "name": self.name,
            "italian": self.italian,
            "count": self.count,
            "value": self.value,
        }
        if self.unit:
            data["unit"] = self.unit
        if self.tiles:
            data["tiles"] = self.tiles
        return data


@dataclass(frozen=True)
class TileCount:
    """The calculation of one hand: what it fills in, its lines, and the verdict.

    ``verdict`` is ``valid``, ``under_minimum`` (MCR: a winning shape under 8 fan without flowers),
    ``invalid_shape`` (not a winning hand) or ``too_few_yaku`` (riichi: one yaku with five
    counters on the table); all but the first help decide a false Hu or a chombo.
    """

    tiles: str
    flags: tuple[str, ...]
    fills: Mapping[str, int]
    items: tuple[CountItem, ...]
    verdict: str = VALID
    extra: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """A JSON-ready mapping, as stored with the hand and sent to the referee's page."""
        return {
            "tiles": self.tiles,
            "flags": list(self.flags),
            "fills": dict(self.fills),
            "items": [item.as_json() for item in self.items],
            "verdict": self.verdict,
            **dict(self.extra),
        }


class TileCounter(ABC):
    """What a rule set's "Count from tiles" does."""

    #: FAN or HAN_FU: which of the hand's values the count gives.
    kind: str
    #: The conditions the referee can tick, in the order the picker shows them.
    flags: tuple[CountFlag, ...] = ()
    #: True when the count takes dora indicators.
    takes_dora: bool = False
    #: True when the tiles may hold red fives (0m, 0p, 0s: EMA Riichi 2008).
    red_fives: bool = False

    def flag_names(self) -> frozenset[str]:
        return frozenset(flag.name for flag in self.flags)

    def clean_flags(self, flags: Iterable[str]) -> tuple[str, ...]:
        known = self.flag_names()
        chosen = tuple(name for name in (flag.name for flag in self.flags) if name in set(flags))
        unknown = sorted(set(flags) - known)
        if unknown:
            raise RuleError(_("Unknown condition {name}"), name=unknown[0])
        return chosen

    @abstractmethod
    def missing(self) -> Message | None:
        """Why counting is impossible here (its library is not installed), or None."""

    @abstractmethod
    def count(
        self,
        text: str,
        *,
        winner: int,
        self_drawn: bool,
        state: TableState,
        flags: Iterable[str] = (),
        dora: str = "",
        ura: str = "",
    ) -> TileCount:
        """Count the hand ``text`` won by starting seat ``winner`` in ``state``."""

    @abstractmethod
    def entered(self, entry: Mapping[str, Any], winner: int) -> dict[str, int]:
        """The figures the referee entered for ``winner``, keyed like :attr:`TileCount.fills`."""

    @abstractmethod
    def winners(self, entry: Mapping[str, Any]) -> tuple[int, ...]:
        """The starting seats that won the hand ``entry`` (none for a draw)."""

    @abstractmethod
    def self_drawn(self, entry: Mapping[str, Any]) -> bool:
        """True when ``entry`` is a self-drawn win."""

    def count_entry(
        self,
        entry: Mapping[str, Any],
        state: TableState,
        text: str,
        *,
        winner: int | None = None,
        flags: Iterable[str] = (),
        dora: str = "",
        ura: str = "",
    ) -> tuple[int, TileCount]:
        """Count ``text`` as the hand of ``entry``'s winner (``winner`` picks one of several);
        return the winner's starting seat and the count."""
        winners = self.winners(entry)
        if not winners:
            raise RuleError(_("Tiles are counted for a win only: choose the winner first"))
        if winner is None:
            winner = winners[0]
        if winner not in winners:
            raise RuleError(_("The tiles belong to a winner of this hand"))
        count = self.count(
            text,
            winner=winner,
            self_drawn=self.self_drawn(entry),
            state=state,
            flags=flags,
            dora=dora,
            ura=ura,
        )
        return winner, count

    def matches(self, entry: Mapping[str, Any], winner: int, count: TileCount) -> bool:
        """True when the referee's figures are the calculation's."""
        entered = self.entered(entry, winner)
        return all(entered.get(name, 0) == value for name, value in count.fills.items())


def _library_missing(check: Any) -> Message | None:
    try:
        check()
    except RuleError as exc:
        return message(exc.template, **exc.params)
    return None


class McrTileCounter(TileCounter):
    """MCR fan from the tiles (docs/rules.md §7, MCR), flowers included in the total."""

    kind = FAN
    flags = (
        CountFlag("last_tile", _("Last tile of its kind")),
        CountFlag("kong", _("Robbing or replacement of a kong")),
        CountFlag("last_of_wall", _("Last tile of the wall")),
        CountFlag(
            "not_shown",
            _("Winning tile not shown before it joined the hand (its wait and Last Tile count 0)"),
        ),
        CountFlag("flowers_counted", _("Own flowers used to count the fan (they count 0)")),
    )

    def missing(self) -> Message | None:
        from rules.mcr_count import _library

        return _library_missing(_library)

    def count(
        self,
        text: str,
        *,
        winner: int,
        self_drawn: bool,
        state: TableState,
        flags: Iterable[str] = (),
        dora: str = "",
        ura: str = "",
    ) -> TileCount:
        from rules.mcr_count import count_fan

        chosen = self.clean_flags(flags)
        hand = parse(text)
        result = count_fan(
            hand,
            win_tile=None,
            self_drawn=self_drawn,
            seat_wind=state.seat_winds[winner],
            prevalent_wind=state.prevalent_wind,
            last_tile="last_tile" in chosen,
            kong="kong" in chosen,
            last_of_wall="last_of_wall" in chosen,
            winning_tile_shown="not_shown" not in chosen,
            flowers_used_to_count="flowers_counted" in chosen,
        )
        items = tuple(
            CountItem(item.number, item.english_name, item.italian_name, item.count, item.fan_each)
            for item in result.items
        )
        return TileCount(
            " ".join(text.split()),
            chosen,
            {"fan": result.total, "flowers": result.flowers},
            items,
            result.verdict,
        )

    def __init__(self, wins: tuple[str, ...], self_drawn: str) -> None:
        # the rule set's outcome codes, handed over so this module never imports a rule set
        self.wins, self.self_drawn_outcome = wins, self_drawn

    def winners(self, entry: Mapping[str, Any]) -> tuple[int, ...]:
        if entry.get("outcome") in self.wins and entry.get("winner") is not None:
            return (entry["winner"],)
        return ()

    def self_drawn(self, entry: Mapping[str, Any]) -> bool:
        return entry.get("outcome") == self.self_drawn_outcome

    def entered(self, entry: Mapping[str, Any], winner: int) -> dict[str, int]:
        return {"fan": entry.get("fan") or 0, "flowers": entry.get("flowers") or 0}


class RiichiTileCounter(TileCounter):
    """Han and fu from the tiles (docs/rules.md §7, Riichi), with the edition's rules."""

    kind = HAN_FU
    takes_dora = True
    flags = (
        CountFlag("riichi", _("Riichi")),
        CountFlag("double_riichi", _("Double riichi")),
        CountFlag("ippatsu", _("Ippatsu")),
        CountFlag("haitei", _("Last tile of the wall (haitei / houtei)")),
        CountFlag("rinshan", _("Replacement tile of a kong (rinshan)")),
        CountFlag("chankan", _("Robbing a kong (chankan)")),
    )

    def __init__(
        self,
        edition: str,
        wins: tuple[str, ...],
        self_drawn: str,
        needs_two_yaku: Callable[[int], bool] = lambda _counters: False,
    ) -> None:
        self.edition = edition
        self.wins, self.self_drawn_outcome = wins, self_drawn
        self.red_fives = edition_preset(edition).red_fives > 0
        # the rule set's own test of EMA 2008 §3.4.11 (counters -> two yaku needed)
        self.needs_two_yaku = needs_two_yaku

    def missing(self) -> Message | None:
        from rules.riichi.hands import _package

        return _library_missing(_package)

    def count(
        self,
        text: str,
        *,
        winner: int,
        self_drawn: bool,
        state: TableState,
        flags: Iterable[str] = (),
        dora: str = "",
        ura: str = "",
    ) -> TileCount:
        from rules.riichi.hands import count_han_fu

        chosen = self.clean_flags(flags)
        hand = parse(text)
        dora_tiles, ura_tiles = parse_tiles(dora), parse_tiles(ura)
        last = "haitei" in chosen
        result = count_han_fu(
            hand,
            win_tile=None,
            tsumo=self_drawn,
            riichi="riichi" in chosen,
            double_riichi="double_riichi" in chosen,
            ippatsu="ippatsu" in chosen,
            haitei=last and self_drawn,
            houtei=last and not self_drawn,
            rinshan="rinshan" in chosen,
            chankan="chankan" in chosen,
            dora_indicators=dora_tiles,
            ura_dora_indicators=ura_tiles,
            seat_wind=state.seat_winds[winner],
            prevalent_wind=state.prevalent_wind,
            edition=self.edition,
        )
        items = tuple(CountItem(0, name, name, 1, han) for name, han in result.yaku)
        fills = riichi_value(result.han, result.fu, result.yakuman)
        verdict = VALID
        if not result.yakuman and self.needs_two_yaku(state.honba) and result.yaku_count < 2:
            verdict = TOO_FEW_YAKU
        return TileCount(
            " ".join(text.split()),
            chosen,
            fills,
            items,
            verdict,
            extra={
                "dora": " ".join(dora_tiles),
                "ura": " ".join(ura_tiles),
                "han": result.han,
                "fu": result.fu,
            },
        )

    def winners(self, entry: Mapping[str, Any]) -> tuple[int, ...]:
        if entry.get("outcome") in self.wins:
            return tuple(entry.get("winners") or ())
        return ()

    def self_drawn(self, entry: Mapping[str, Any]) -> bool:
        return entry.get("outcome") == self.self_drawn_outcome

    def entered(self, entry: Mapping[str, Any], winner: int) -> dict[str, int]:
        def value(name: str) -> int:
            values = entry.get(name) or ()
            return values[winner] if winner < len(values) and values[winner] else 0

        return riichi_value(value("han"), value("fu"), value("yakuman"))


def riichi_value(han: int, fu: int, yakuman: int) -> dict[str, int]:
    """A hand's value as the hand form takes it: no han or fu for a yakuman, no fu from 5 han
    (docs/rules.md §3.2), so a calculation and a referee's figures compare like for like."""
    if yakuman:
        return {"han": 0, "fu": 0, "yakuman": yakuman}
    return {"han": han, "fu": 0 if han >= 5 else fu, "yakuman": 0}
