"""Count from tiles at the table in the games where everybody scores (docs/rules.md §7.3, "At
the table"): classic European, FIMJ and Faentino.

The referee counts one player's hand at a time, the winner's or a loser's; the count fills that
player's points and doubles (and the limit hand) of the hand form. Whether the hand was won
self-drawn is a condition the referee ticks (the hand form of these games does not say), the
other conditions are the winner's; the winds come from the table's state. The referee's figures
are what count: the calculations are kept with the hand beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rules.errors import RuleError
from rules.i18n import Message, _
from rules.rack_count import DISCARD_ONLY, SELF_DRAWN_ONLY, PointsCount
from rules.state import TableState
from rules.tile_count import POINTS, CountFlag, CountItem, TileCount, TileCounter
from rules.tiles import parse

SELF_DRAWN_FLAG = CountFlag("self_drawn", _("Self-drawn win"))
#: the conditions of count_points as the referee ticks them, in the picker's order
CONDITION_FLAGS = {
    "last_of_wall": CountFlag("last_of_wall", _("Last tile of the live wall")),
    "last_discard": CountFlag("last_discard", _("Last discard")),
    "kong_replacement": CountFlag(
        "kong_replacement", _("Loose tile (replacement for a kong or a bonus tile)")
    ),
    "robbing_kong": CountFlag("robbing_kong", _("Robbing a kong")),
    "first_hand": CountFlag(
        "first_hand", _("First hand: East with the tiles dealt, another on East's first discard")
    ),
    "riichi": CountFlag("riichi", _("Riichi declared")),
    "within_fifteen": CountFlag("within_fifteen", _("Within the fifteenth discard")),
    "last_copy": CountFlag("last_copy", _("Last copy of the only possible tile")),
}


def unit_of(item: Any) -> str:
    if item.points:
        return "points"
    return "doubles" if item.doubles else ""


class RackTileCounter(TileCounter):
    """Points and doubles of one player's tiles (``count_points`` of the rule set)."""

    kind = POINTS

    def __init__(
        self,
        count_points: Callable[..., PointsCount],
        conditions: Iterable[str],
        *,
        wins: tuple[str, ...],
        multiple: str | None,
        fills: Callable[[PointsCount], dict[str, int]],
        limit_tiers: bool = False,
    ) -> None:
        # the rule set hands over its counter, its conditions and its outcome codes, so this
        # module never imports a rule set
        self.count_points = count_points
        self.flags = (SELF_DRAWN_FLAG, *(CONDITION_FLAGS[name] for name in conditions))
        self.wins, self.multiple = wins, multiple
        self.fills_of = fills
        self.limit_tiers = limit_tiers

    def missing(self) -> Message | None:
        return None  # no library: the desk's own count of the seeds' values

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
        mahjong: bool = True,
        flowers: Iterable[int] = (),
        seasons: Iterable[int] = (),
    ) -> TileCount:
        """Count the tiles ``text`` of starting seat ``winner`` (any player here)."""
        chosen = self.clean_flags(flags)
        conditions = {name: True for name in chosen if name != SELF_DRAWN_FLAG.name}
        if not mahjong:
            self_drawn, conditions = False, {}
        self._check_ticked(conditions, self_drawn)
        result = self.count_points(
            parse(text),
            mahjong=mahjong,
            self_drawn=self_drawn,
            seat_wind=state.seat_winds[winner],
            prevalent_wind=state.prevalent_wind,
            flowers=tuple(flowers),
            seasons=tuple(seasons),
            **conditions,
        )
        items = tuple(
            CountItem(
                0,
                item.name,
                item.italian,
                1,
                item.points or item.doubles,
                unit_of(item),
                item.tiles,
            )
            for item in result.items
        )
        fills = self.fills_of(result)
        if not mahjong:  # the hand's limit hand box is the winner's
            fills.pop("limit_hand", None)
        return TileCount(
            " ".join(text.split()),
            chosen if mahjong else (),
            fills,
            items,
            result.verdict,
            extra={
                "seat": winner,
                "mahjong": mahjong,
                "flowers": sorted(flowers),
                "seasons": sorted(seasons),
                "points": result.points,
                "doubles": result.doubles,
                "score": result.score,
                "limit_hand": result.limit_hand,
                "limit_tier": result.limit_tier or 0,
                "waits": list(result.waits),
                "reading": result.reading,
            },
        )

    @staticmethod
    def _check_ticked(conditions: Mapping[str, bool], self_drawn: bool) -> None:
        """The winner's conditions as the referee ticked them, said with their labels (the
        count refuses the same by their names)."""
        for name in conditions:
            label = CONDITION_FLAGS[name].label
            if name in SELF_DRAWN_ONLY and not self_drawn:
                raise RuleError(
                    _('{condition} is a self-drawn win: tick "{self_drawn}" too'),
                    condition=label,
                    self_drawn=SELF_DRAWN_FLAG.label,
                )
            if name in DISCARD_ONLY and self_drawn:
                raise RuleError(
                    _("{condition} is a win on a discard, not self-drawn"), condition=label
                )

    def winners(self, entry: Mapping[str, Any]) -> tuple[int, ...]:
        outcome = entry.get("outcome")
        if outcome in self.wins and entry.get("winner") is not None:
            return (entry["winner"],)
        if outcome == self.multiple:
            return tuple(entry.get("winners") or ())
        return ()

    def self_drawn(self, entry: Mapping[str, Any]) -> bool:
        return False  # the referee ticks it: the hand form does not say

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
        flowers: Iterable[int] = (),
        seasons: Iterable[int] = (),
    ) -> tuple[int, TileCount]:
        """Count ``text`` as the hand of starting seat ``winner`` (the winner when None)."""
        winners = self.winners(entry)
        if not winners:
            raise RuleError(
                _("Tiles are counted for a hand with a winner: choose the winner first")
            )
        seat = winners[0] if winner is None else winner
        if seat not in (0, 1, 2, 3):
            raise RuleError(_("Whose tiles: a seat from 0 to 3"))
        self_drawn = SELF_DRAWN_FLAG.name in set(flags)
        if self_drawn and entry.get("outcome") == self.multiple:
            raise RuleError(_("A multiple win is on a discard, not self-drawn"))
        count = self.count(
            text,
            winner=seat,
            self_drawn=self_drawn,
            state=state,
            flags=flags,
            mahjong=seat in winners,
            flowers=flowers,
            seasons=seasons,
        )
        return seat, count

    def entered(self, entry: Mapping[str, Any], winner: int) -> dict[str, int]:
        def value(name: str) -> int:
            values = entry.get(name) or ()
            return int(values[winner] or 0) if winner < len(values) else 0

        figures = {"points": value("points"), "doubles": value("doubles")}
        figures["limit_hand"] = int(bool(entry.get("limit_hand")) and winner in self.winners(entry))
        if self.limit_tiers:
            figures["limit_tier"] = value("limit_tier")
        return figures

    def matches(self, entry: Mapping[str, Any], winner: int, count: TileCount) -> bool:
        """The referee's figures are the calculation's; for a limit hand, the limit alone."""
        entered = self.entered(entry, winner)
        fills = dict(count.fills)
        if fills.get("limit_hand") or fills.get("limit_tier"):
            return all(
                entered.get(name, 0) == fills[name]
                for name in ("limit_hand", "limit_tier")
                if name in fills
            )
        return all(entered.get(name, 0) == value for name, value in fills.items())
