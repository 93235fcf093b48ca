"""Counting a player's hand from its tiles under the Faentino regulation (docs/rules.md §7.3).

Seed 003 gives the Mahjong points (20, or 30 with nothing in the rack), the doubles it lists
(a pung or kong of a dragon, a single suit with winds or dragons, all pungs, the player's own
flower from its worked example; two for the four flowers or the four seasons), the limit hands
("massimo": colour, seven pairs, 200 reached), East's own doubling and the rounding to 10. It
gives no value for sets, pairs or bonus tiles: the desk takes the European table (seed 004) and
makes each value a setting (``pung_points``, ``pair_points``, ``bonus_points``), and whether a
pung of one's own wind or of the prevalent wind doubles (``wind_pung_doubles``, off: the text
names only the dragons). Every choice is in docs/rules.md §7.3.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from rules.hand_shapes import (
    KINDS,
    Reading,
    is_dragon,
    is_honour,
    is_standard_win,
    seven_pairs,
    waits,
    wind_of,
)
from rules.rack_count import (
    COMMON_CONDITIONS,
    INVALID_SHAPE,
    Player,
    PointsCount,
    PointsItem,
    best,
    bonus_items,
    loser_reading,
    own_bonus_items,
    pair_items,
    player,
    reading_text,
    set_items,
    total,
    valued_pair,
    winner_readings,
)
from rules.tiles import Hand

COLOUR = "Colour"
SEVEN_PAIRS = "All pairs"
LIMITS = {COLOUR: "Colore", SEVEN_PAIRS: "Tutte coppie"}


def _d(name: str, italian: str, doubles: int, tiles: str = "") -> PointsItem:
    return PointsItem(name, italian, 0, doubles, tiles)


class _Count:
    def __init__(self, p: Player, options: Any, score: Callable[..., int]) -> None:
        self.p, self.options, self.player_score = p, options, score

    def everyone(self, reading: Reading | None) -> list[PointsItem]:
        """Doubles of every player: a pung or kong of a dragon ("Tris o quartone di un Drago"),
        the player's own flower (the worked example's "il suo Fiore") and own season, the four
        flowers and the four seasons ("La Rosa dei Fiori", "La Rosa delle Stagioni": 2 each)."""
        p, items = self.p, []
        for group in reading.sets if reading else ():
            if not group.is_pung:
                continue
            if is_dragon(group.tile):
                items.append(_d("Pung of a dragon", "Tris o quartone di un Drago", 1, group.text()))
            wind = wind_of(group.tile)
            if self.options.wind_pung_doubles and wind == p.seat_wind:
                items.append(_d("Pung of the seat wind", "Tris del proprio vento", 1, group.text()))
            if self.options.wind_pung_doubles and wind == p.prevalent_wind:
                items.append(
                    _d("Pung of the prevalent wind", "Tris del vento del giro", 1, group.text())
                )
        items += own_bonus_items(p)
        if len(p.flowers) == 4:
            items.append(_d("Rose of flowers", "La Rosa dei Fiori", 2))
        if len(p.seasons) == 4:
            items.append(_d("Rose of seasons", "La Rosa delle Stagioni", 2))
        return items

    def rack(self, reading: Reading) -> list[PointsItem]:
        pair = self.options.pair_points
        items = set_items(reading, self.options.pung_points)
        if pair:
            items += pair_items(reading, self.p, pair)
        return items + bonus_items(self.p, self.options.bonus_points)

    def finish(self, items: list[PointsItem], reading: str, limit: str = "") -> PointsCount:
        rack, doubles = total(items)
        p, options = self.p, self.options
        mahjong: list[PointsItem] = []
        if p.mahjong:
            if rack:
                mahjong = [PointsItem("Mahjong", "Mah-Jong", options.mahjong_bonus)]
            else:
                mahjong = [
                    PointsItem(
                        "Mahjong with an empty rack",
                        "Mah-Jong senza punti in stecca",
                        options.empty_rack_mahjong,
                    )
                ]
        if limit:
            mahjong.append(PointsItem(limit, LIMITS[limit]))
        score = self.player_score(
            rack,
            doubles,
            winner=p.mahjong,
            east=p.seat_wind == 0,
            limit_hand=bool(limit),
            limit=options.limit,
            mahjong_bonus=options.mahjong_bonus,
            empty_rack_mahjong=options.empty_rack_mahjong,
        )
        points = rack + sum(item.points for item in mahjong)
        return PointsCount(
            points,
            doubles,
            score,
            (*items, *mahjong),
            p.mahjong,
            limit_hand=limit,
            reading=reading,
            mahjong_points=sum(item.points for item in mahjong),
        )

    def loser(self) -> PointsCount:
        return best(
            self.finish(self.rack(reading) + self.everyone(reading), reading_text(reading))
            for reading in loser_reading(self.p)
        )

    def complete(self, tiles: tuple[str, ...]) -> bool:
        hand = self.p.hand
        return is_standard_win(hand, tiles) or (not hand.melds and bool(seven_pairs(tiles)))

    def winner(self) -> PointsCount:
        p = self.p
        closed = p.hand.closed_tiles(p.win)
        found = waits(p.hand, closed, self.complete)
        if p.win not in found:
            return PointsCount(0, 0, 0, (), True, verdict=INVALID_SHAPE)
        counts = []
        for reading in winner_readings(p):
            tiles = [tile for group in reading.groups for tile in group.tiles]
            items = self.rack(reading) + self.everyone(reading) + self.shape(tiles)
            if all(group.is_pung for group in reading.sets):
                items.append(_d("All pungs", "Tutti tris (ed una coppia)", 1))
            counts.append(self.finish(items, reading_text(reading), self.limit(tiles)))
        pairs = seven_pairs((*closed, p.win)) if not p.hand.melds else None
        if pairs:
            items = [
                PointsItem("Pair", "Coppia", self.options.pair_points, 0, t[0] * 2 + t[1])
                for t in pairs
                if self.options.pair_points and valued_pair(t, p)
            ]
            items += bonus_items(p, self.options.bonus_points) + self.everyone(None)
            text = " ".join(sorted((*closed, p.win), key=KINDS.index))
            counts.append(self.finish(items, text, SEVEN_PAIRS))
        return best(counts)

    @staticmethod
    def shape(tiles: list[str]) -> list[PointsItem]:
        suits = {tile[1] for tile in tiles if not is_honour(tile)}
        if len(suits) == 1 and any(is_honour(tile) for tile in tiles):
            return [_d("One suit with winds or dragons", "Un unico seme con Venti o Draghi", 1)]
        return []

    @staticmethod
    def limit(tiles: list[str]) -> str:
        suits = {tile[1] for tile in tiles}
        return COLOUR if len(suits) == 1 and "z" not in suits else ""


def count_hand(
    hand: Hand,
    *,
    options: Any,
    score: Callable[..., int],
    mahjong: bool,
    self_drawn: bool,
    seat_wind: int,
    prevalent_wind: int,
    flowers: Any,
    seasons: Any,
    conditions: Mapping[str, Any],
) -> PointsCount:
    """One player's Faentino hand counted under the settings ``options``; ``score`` is the
    player's score (:func:`rules.faentino.player_score`). The contract is
    :func:`rules.faentino.count_points`, which calls this."""
    p = player(
        hand,
        mahjong=mahjong,
        self_drawn=self_drawn,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        flowers=flowers,
        seasons=seasons,
        conditions=conditions,
        allowed=COMMON_CONDITIONS,
    )
    counting = _Count(p, options, score)
    if not p.mahjong:
        return counting.loser()
    result = counting.winner()
    if result.verdict == INVALID_SHAPE:
        return result
    return dataclasses.replace(
        result, waits=waits(p.hand, p.hand.closed_tiles(p.win), counting.complete)
    )
