"""Counting a player's hand from its tiles in classic European mahjong and the FIMJ Italian
variant (docs/rules.md §7.3), every value from seed 004 (European) and seed 001 (FIMJ).

:func:`count_hand` (the contract is ``rules.classic.count_points``) counts one player's hand, the
winner's or a loser's: the points of the sets, the pair and the bonus tiles, the winner's Mahjong points
and bonuses, the doubles, and the score after the rounding and the limit the desk applies
(:func:`rules.classic.hand_score`). The FIMJ variant keeps the European points (seed 001:
"L'attribuzione dei punti di mano per tris, poker e coppie è la stessa delle regole europee") and
the European doubles it does not replace, and adds its own doubles and its limit hands in three
tiers. The reading of the concealed tiles, the waits and the "only possible tile" are found here,
never asked of the referee.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from rules.classic_doubles import (
    LIMITS,
    bouquet_doubles,
    doubles_item,
    european_limit,
    european_shape_doubles,
    everyone_doubles,
    fimj_limit,
    fimj_shape_doubles,
    first_hand_limit,
    tiles_of,
)
from rules.errors import RuleError
from rules.hand_shapes import (
    KINDS,
    Reading,
    dragon_snake,
    is_head,
    is_standard_win,
    little_snake,
    seven_pairs,
    siamese_snakes,
    thirteen_orphans,
    waits,
)
from rules.i18n import _
from rules.rack_count import (
    COMMON_CONDITIONS,
    FIMJ_CONDITIONS,
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
from rules.tiles import CHOW, CONCEALED_KONG, Hand

MAHJONG_POINTS = 20  #: seed 004 "per aver chiuso la mano: 20 punti"
GOLDEN_COCKEREL = "5p"  #: seed 001 "Gallo d'oro - Vittoria col 5 di Cerchi dal tetto"


# -- counting ----------------------------------------------------------------------------------


class _Count:
    """Scores candidate readings of one player under one variant's preset."""

    def __init__(self, p: Player, preset: Any, fimj: bool, score: Callable[..., int]) -> None:
        self.p, self.preset, self.fimj = p, preset, fimj
        self.hand_score = score

    def finish(
        self, items: list[PointsItem], reading: str, limit: str = "", **more: Any
    ) -> PointsCount:
        points, doubles = total(items)
        tier = LIMITS[limit][1] if limit else 0
        if tier:
            score = int(self.preset.tier_values()[tier - 1])
        elif limit:
            score = int(self.preset.limit_hand_value or self.preset.limit)
        else:
            score = self.hand_score(points, doubles, limit=self.preset.limit)
        if limit:
            items = [*items, PointsItem(limit, LIMITS[limit][0])]
        return PointsCount(
            points,
            doubles,
            score,
            tuple(items),
            self.p.mahjong,
            limit_hand=limit,
            limit_tier=tier or None,
            reading=reading,
            mahjong_points=MAHJONG_POINTS if self.p.mahjong else 0,
            **more,
        )

    def loser(self) -> PointsCount:
        p = self.p
        counts = []
        for reading in loser_reading(p):
            items = set_items(reading) + pair_items(reading, p) + bonus_items(p)
            items += everyone_doubles(reading, p, self.fimj)
            if self.preset_shapes_for_all():
                items += european_shape_doubles(tiles_of(reading), winner=False)[0]
            counts.append(self.finish(items, reading_text(reading)))
        return best(counts)

    def preset_shapes_for_all(self) -> bool:
        return bool(getattr(self.preset, "shape_doubles_for_all", False))

    def complete(self, tiles: tuple[str, ...]) -> bool:
        hand = self.p.hand
        if is_standard_win(hand, tiles) or (not hand.melds and thirteen_orphans(tiles)):
            return True
        if not self.fimj or hand.melds:
            return False
        winds = (self.p.seat_wind, self.p.prevalent_wind)
        return bool(
            seven_pairs(tiles)
            or little_snake(tiles)
            or siamese_snakes(tiles)
            or dragon_snake(tiles, winds)
        )

    def winner_bonus(self, only_tile: bool) -> list[PointsItem]:
        p = self.p
        items = [PointsItem("Mahjong", "Per aver chiuso la mano", MAHJONG_POINTS)]
        if p.self_drawn and not p.has("kong_replacement"):
            items.append(PointsItem("Drawn from the wall", "Pescando dal muro attivo", 2))
        if only_tile:
            items.append(PointsItem("Only possible tile", "Unico pezzo possibile", 2, 0, p.win))
        return items

    def winner_doubles(self, reading: Reading | None, tiles: list[str]) -> list[PointsItem]:
        """The doubles of the winner's way of winning (both variants) and, with a reading, of
        its sets (all pungs, no points)."""
        p, items = self.p, []
        if reading is not None:
            sets = reading.sets
            pair = reading.pairs[0]
            all_pungs = all(g.is_pung for g in sets)
            heads_pungs = all_pungs and all(is_head(g.tile) for g in sets)
            if self.fimj and heads_pungs:
                items.append(doubles_item("All pungs of heads", "Mano di tutti tris di Teste", 4))
            elif all_pungs:
                items.append(doubles_item("All pungs", "Tutti tris", 1))
            if all(g.kind == CHOW for g in sets) and not valued_pair(pair.tile, p):
                items.append(doubles_item("No points hand", "Mano povera", 1))
        if self.fimj:
            items += fimj_shape_doubles(tiles)
            if p.has("riichi"):
                items.append(doubles_item("Riichi", "Riichi", 1))
            if p.self_drawn and all(m.kind == CONCEALED_KONG for m in p.hand.melds):
                items.append(
                    doubles_item("All drawn from the wall", "Mano interamente pescata dal muro", 1)
                )
            if p.has("kong_replacement"):
                if p.win == GOLDEN_COCKEREL:
                    items.append(doubles_item("Golden cockerel", "Gallo d'oro", 2, p.win))
                else:
                    items.append(doubles_item("Tile from the roof", "Pezzo pescato dal tetto", 1))
            if p.has("within_fifteen"):
                items.append(doubles_item("Within the fifteenth", "Entro la quindicesima", 1))
            if p.has("last_copy"):
                items.append(doubles_item("Last copy", "Ultimo pezzo", 1, p.win))
        elif p.has("kong_replacement"):
            items.append(doubles_item("Loose tile", "Pescando una tessera libera", 1))
        if p.has("robbing_kong"):
            items.append(doubles_item("Robbing a kong", "Rubando un poker scoperto", 1))
        if p.has("last_of_wall"):
            items.append(doubles_item("Last tile of the wall", "Ultimo pezzo del muro attivo", 1))
        if p.has("last_discard"):
            items.append(doubles_item("Last discard", "Ultimo scarto", 1))
        return items

    def winner(self) -> PointsCount:
        p = self.p
        closed = p.hand.closed_tiles(p.win)
        found = waits(p.hand, closed, self.complete)
        if p.win not in found:
            return PointsCount(0, 0, 0, (), True, verdict=INVALID_SHAPE)
        only_tile = len(found) == 1 or p.has("last_copy")
        if p.has("riichi") and len(found) > 1:
            raise RuleError(
                _(
                    "Riichi is declared waiting on one tile only (FIMJ variant); this hand "
                    "waits on {waits}: a false riichi"
                ),
                waits=" ".join(found),
            )
        counts = [self._standard(reading, only_tile) for reading in winner_readings(p)]
        counts += self._specials((*closed, p.win), only_tile)
        return best(counts)

    def _standard(self, reading: Reading, only_tile: bool) -> PointsCount:
        p, tiles = self.p, tiles_of(reading)
        items = set_items(reading) + pair_items(reading, p) + bonus_items(p)
        items += self.winner_bonus(only_tile)
        items += everyone_doubles(reading, p, self.fimj)
        if self.fimj:
            # "Mano di tutti tris di Teste ... comprende quattro tris di Teste"
            if any(i.name == "All pungs of heads" for i in self.winner_doubles(reading, tiles)):
                items = [i for i in items if i.name != "Four pungs of terminals or honours"]
            limit = fimj_limit(reading, p)
        else:
            shape, shape_limit = european_shape_doubles(tiles)
            items += shape
            limit = european_limit(reading, p, shape_limit)
        completed = reading.groups[reading.completed or 0]
        if self.fimj and completed.kind == "pair" and len(p.hand.melds) == 4:
            items.append(doubles_item("Bottled up", "Imbottigliato", 1, completed.text()))
        items += self.winner_doubles(reading, tiles)
        return self.finish(items, reading_text(reading), limit, waits=())

    def _specials(self, tiles: tuple[str, ...], only_tile: bool) -> list[PointsCount]:
        p = self.p
        if p.hand.melds:
            return []
        found: list[PointsCount] = []
        text = " ".join(sorted(tiles, key=KINDS.index))
        base = bonus_items(p) + self.winner_bonus(only_tile) + own_bonus_items(p)
        base += bouquet_doubles(p, 2 if self.fimj else 3)
        if thirteen_orphans(tiles):
            name = "Thirteen marvellous lanterns" if self.fimj else "Thirteen wonders"
            found.append(self.finish(base, text, first_hand_limit(p, self.fimj) or name))
        if not self.fimj:
            return found
        pairs = seven_pairs(tiles)
        if pairs:
            limit = first_hand_limit(p, True)
            if not limit and all(is_head(t) for t in pairs):
                limit = "Seven pairs of heads"
            elif not limit and len({t[1] for t in pairs}) == 1 and "z" not in {t[1] for t in pairs}:
                limit = "Seven pairs of one suit"
            pair_lines = [
                PointsItem("Pair", "Coppia", 2, 0, t[0] * 2 + t[1])
                for t in pairs
                if valued_pair(t, p)
            ]
            items = pair_lines + base + [doubles_item("Seven pairs", "Sette coppie", 2)]
            items += self.winner_doubles(None, list(tiles))
            found.append(self.finish(items, text, limit))
        winds = (p.seat_wind, p.prevalent_wind)
        for test, name in (
            (little_snake(tiles), "Little snake"),
            (siamese_snakes(tiles), "Siamese snakes"),
            (dragon_snake(tiles, winds), "Dragon snake"),
        ):
            if test:
                found.append(self.finish(base, text, first_hand_limit(p, True) or name))
        return found


def count_hand(
    hand: Hand,
    *,
    preset: Any,
    fimj: bool,
    score: Callable[..., int],
    mahjong: bool,
    self_drawn: bool,
    seat_wind: int,
    prevalent_wind: int,
    flowers: Any,
    seasons: Any,
    conditions: Mapping[str, Any],
) -> PointsCount:
    """One player's hand counted under ``preset`` (the FIMJ variant's values with ``fimj``);
    ``score`` is the rule set's score of points and doubles (:func:`rules.classic.hand_score`).
    The contract is :func:`rules.classic.count_points`, which calls this."""
    p = player(
        hand,
        mahjong=mahjong,
        self_drawn=self_drawn,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        flowers=flowers,
        seasons=seasons,
        conditions=conditions,
        allowed=FIMJ_CONDITIONS if fimj else COMMON_CONDITIONS,
    )
    counting = _Count(p, preset, fimj, score)
    if p.mahjong:
        result = counting.winner()
        if result.verdict == INVALID_SHAPE:
            return result
        closed = p.hand.closed_tiles(p.win)
        return _with_waits(result, waits(p.hand, closed, counting.complete))
    return counting.loser()


def _with_waits(result: PointsCount, found: tuple[str, ...]) -> PointsCount:
    return dataclasses.replace(result, waits=found)
