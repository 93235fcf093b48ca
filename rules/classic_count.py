"""Counting a player's hand from its tiles in classic European mahjong and the FIMJ Italian
variant (docs/rules.md §7.3), every value from seed 004 (European) and seed 001 (FIMJ).

:func:`count_points` (also ``rules.classic.count_points``) counts one player's hand, the winner's
or a loser's: the points of the sets, the pair and the bonus tiles, the winner's Mahjong points
and bonuses, the doubles, and the score after the rounding and the limit the desk applies
(:func:`rules.classic.hand_score`). The FIMJ variant keeps the European points (seed 001:
"L'attribuzione dei punti di mano per tris, poker e coppie è la stessa delle regole europee") and
the European doubles it does not replace, and adds its own doubles and its limit hands in three
tiers. The reading of the concealed tiles, the waits and the "only possible tile" are found here,
never asked of the referee.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules.errors import RuleError
from rules.hand_shapes import (
    DRAGONS,
    KINDS,
    WINDS,
    Reading,
    dragon_snake,
    is_dragon,
    is_head,
    is_honour,
    is_standard_win,
    little_snake,
    nine_gates,
    seven_pairs,
    siamese_snakes,
    thirteen_orphans,
    waits,
    wind_of,
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
from rules.tiles import CHOW, CONCEALED_KONG, KONG, Hand

if TYPE_CHECKING:
    from rules.classic import ClassicOptions

MAHJONG_POINTS = 20  #: seed 004 "per aver chiuso la mano: 20 punti"
WINNER_BONUS = 2  #: seed 004: drawn from the live wall 2, the only possible tile 2
GOLDEN_COCKEREL = "5p"  #: seed 001 "Gallo d'oro - Vittoria col 5 di Cerchi dal tetto"


def _d(name: str, italian: str, doubles: int, tiles: str = "") -> PointsItem:
    return PointsItem(name, italian, 0, doubles, tiles)


# -- what a reading holds -------------------------------------------------------------------


def _tiles(reading: Reading) -> list[str]:
    return [tile for group in reading.groups for tile in group.tiles] + list(reading.loose)


def _suits(tiles: list[str]) -> set[str]:
    return {tile[1] for tile in tiles if not is_honour(tile)}


def _pungs(reading: Reading) -> list[Any]:
    return [group for group in reading.sets if group.is_pung]


def _chows(reading: Reading) -> list[Any]:
    return [group for group in reading.sets if group.kind == CHOW]


# -- doubles of every player ------------------------------------------------------------------


def honour_set_doubles(reading: Reading, p: Player) -> list[PointsItem]:
    """seed 004 "RADDOPPI": a pung or kong of dragons (each), of the seat wind, of the
    prevalent wind."""
    items = []
    for group in _pungs(reading):
        if is_dragon(group.tile):
            items.append(_d("Pung of dragons", "Tris o poker di Draghi", 1, group.text()))
        wind = wind_of(group.tile)
        if wind == p.seat_wind:
            items.append(
                _d("Pung of the seat wind", "Tris o poker del Vento del giocatore", 1, group.text())
            )
        if wind == p.prevalent_wind:
            items.append(
                _d("Pung of the prevalent wind", "Tris o poker del Vento del giro", 1, group.text())
            )
    return items


def bouquet_doubles(p: Player, each: int) -> list[PointsItem]:
    """The four flowers or the four seasons: seed 004 3 doubles each, seed 001 2."""
    items = []
    if len(p.flowers) == 4:
        items.append(_d("Bouquet of flowers", "Serie completa di quattro Fiori", each))
    if len(p.seasons) == 4:
        items.append(_d("Bouquet of seasons", "Serie completa di quattro Stagioni", each))
    return items


def fimj_set_doubles(reading: Reading) -> list[PointsItem]:
    """seed 001 "Raddoppi" for every player, from the sets."""
    items = []
    pungs, chows = _pungs(reading), _chows(reading)
    heads = [g for g in pungs if is_head(g.tile)]
    if len(heads) >= 4:
        items.append(_d("Four pungs of terminals or honours", "Quattro tris di Teste", 2))
    elif len(heads) == 3:
        items.append(_d("Three pungs of terminals or honours", "Tre tris di Teste", 1))
    by_number = Counter(g.tile[0] for g in pungs if not is_honour(g.tile))
    for number, n in by_number.items():
        if n >= 3:
            items.append(_d("Three pungs of one number", "Tre tris dello stesso valore", 1, number))
    concealed = [g for g in pungs if g.concealed]
    if len(concealed) >= 4:
        items.append(_d("Four concealed pungs", "Quattro tris coperti", 2))
    elif len(concealed) == 3:
        items.append(_d("Three concealed pungs", "Tre tris coperti", 1))
    starts = Counter(g.tile for g in chows)
    numbers = Counter(g.tile[0] for g in chows)
    for number, n in numbers.items():
        suits = {g.tile[1] for g in chows if g.tile[0] == number}
        if n >= 4 and len(suits) == 3:
            items.append(
                _d("Four chows of one number", "Quattro serie degli stessi valori", 2, number)
            )
        elif n >= 3 and len(suits) == 3:
            items.append(
                _d("Three chows of one number", "Tre serie degli stessi valori", 1, number)
            )
    for tile, n in starts.items():
        if n >= 4:
            items.append(_d("Four identical chows", "Quattro scale identiche", 4, tile))
        elif n == 3:
            items.append(_d("Three identical chows", "Tre scale identiche", 2, tile))
    items += _snakes(chows)
    return items


def _snakes(chows: list[Any]) -> list[PointsItem]:
    """seed 001 "Serpente" (123 456 789), "Serpente incatenato" (123 345 567 789), of any suit
    or of one suit ("di colore"); the best one."""
    found: list[PointsItem] = []
    for wanted, plain, coloured in (
        ("147", ("Snake", "Serpente", 1), ("Snake of one suit", "Serpente di colore", 2)),
        (
            "1357",
            ("Chained snake", "Serpente incatenato", 2),
            ("Chained snake of one suit", "Serpente incatenato di colore", 3),
        ),
    ):
        starts = {g.tile[0] for g in chows}
        if not set(wanted) <= starts:
            continue
        one_suit = any(
            all(f"{n}{suit}" in {g.tile for g in chows} for n in wanted) for suit in "mps"
        )
        name, italian, doubles = coloured if one_suit else plain
        found.append(_d(name, italian, doubles))
    return found[-1:] if found else []


def everyone_doubles(reading: Reading, p: Player, fimj: bool) -> list[PointsItem]:
    items = honour_set_doubles(reading, p) + own_bonus_items(p)
    items += bouquet_doubles(p, 2 if fimj else 3)
    if fimj:
        items += fimj_set_doubles(reading)
    return items


# -- the shape of a whole hand ------------------------------------------------------------------


def european_shape_doubles(tiles: list[str]) -> tuple[list[PointsItem], str]:
    """seed 004 "RADDOPPI PER IL VINCITORE" on the hand's tiles: doubles, and the limit hand the
    tiles make on their own ("Mano di tutti Onori", "Mano di tutte Teste")."""
    suits = _suits(tiles)
    honours = [tile for tile in tiles if is_honour(tile)]
    if not suits:
        return [], "All honours"
    if all(is_head(tile) for tile in tiles):
        has_dragons = any(is_dragon(t) for t in tiles)
        has_winds = any(wind_of(t) is not None for t in tiles)
        if has_dragons and has_winds:
            # "tutte le teste: pezzi terminali, Draghi e Venti" (docs/rules.md §7.3)
            return [], "All heads"
        return [_d("Terminals and honours", "Terminali più Draghi oppure Venti", 1)], ""
    if len(suits) == 1:
        if honours:
            return [_d("One suit and honours", "Un unico seme più Onori", 1)], ""
        return [_d("One suit", "Un unico seme", 3)], ""
    return [], ""


def fimj_shape_doubles(tiles: list[str]) -> list[PointsItem]:
    """seed 001 "Raddoppi per chi chiude la mano" on the hand's tiles."""
    suits = _suits(tiles)
    if not any(is_head(tile) for tile in tiles):
        return [_d("Minor tiles only", "Mano di soli pezzi minori", 1)]
    if len(suits) == 1:
        if any(is_honour(tile) for tile in tiles):
            return [_d("Pure hand", "Mano pura", 1)]
        return [_d("Purest hand", "Mano purissima", 3)]
    return []


# -- limit hands -----------------------------------------------------------------------------

#: (English, Italian, FIMJ tier or 0 for a European limit hand)
LIMITS: dict[str, tuple[str, int]] = {
    "Hidden treasure": ("Tesoro nascosto", 0),
    "All honours": ("Mano di tutti Onori", 0),
    "All heads": ("Mano di tutte Teste", 0),
    "Three great scholars": ("Tre Grandi Sapienti", 0),
    "Four blessings": ("Quattro Benedizioni", 0),
    "Nine gates": ("Chiamata di nove pezzi", 0),
    "Thirteen wonders": ("Tredici Meraviglie Solitarie", 0),
    "Heavenly hand": ("Mano dal Paradiso", 0),
    "Earthly hand": ("Mano Terrena", 0),
    "Little snake": ("Piccolo serpente", 1),
    "Seven pairs of heads": ("Tutte coppie di Testa", 2),
    "Seven pairs of one suit": ("Tutte coppie di colore", 2),
    "Siamese snakes": ("Serpenti siamesi", 2),
    "Dragon snake": ("Serpente dei draghi", 2),
    "Gathering of dragons": ("Raduno di draghi", 2),
    "Four blessings of the house": ("Quattro benedizioni della casa", 2),
    "Thirteen marvellous lanterns": ("Tredici lanterne meravigliose", 2),
    "Exit of the gods": ("Uscita degli dei", 3),
    "All kongs": ("Tutto kong", 3),
    "House full of nine tiles": ("Casa piena dei nove pezzi", 3),
}


def _first_hand(p: Player, fimj: bool) -> str:
    if not p.has("first_hand"):
        return ""
    if fimj:
        return "Exit of the gods"
    return "Heavenly hand" if p.seat_wind == 0 else "Earthly hand"


def european_limit(reading: Reading, p: Player, shape_limit: str) -> str:
    """seed 004 "MANI LIMITE" of a standard reading (thirteen wonders is a special hand)."""
    pungs = _pungs(reading)
    tiles = {g.tile for g in pungs}
    if _first_hand(p, False):
        return _first_hand(p, False)
    if shape_limit:
        return shape_limit
    if set(DRAGONS) <= tiles:
        return "Three great scholars"
    if set(WINDS) <= tiles:
        return "Four blessings"
    if p.self_drawn and len(pungs) == 4 and all(g.concealed for g in pungs):
        return "Hidden treasure"
    if not p.hand.melds and nine_gates(tuple(_tiles(reading))):
        return "Nine gates"
    return ""


def fimj_limit(reading: Reading, p: Player) -> str:
    """seed 001 "Mani limite" of a standard reading (the special hands are read apart)."""
    pungs = _pungs(reading)
    tiles = {g.tile for g in pungs}
    winds = [w for w in WINDS if w in tiles]
    if _first_hand(p, True):
        return _first_hand(p, True)
    if not p.hand.melds and nine_gates(tuple(_tiles(reading))):
        return "House full of nine tiles"
    if sum(g.kind == KONG for g in pungs) == 4:
        return "All kongs"
    if set(DRAGONS) <= tiles:
        return "Gathering of dragons"
    pair = reading.pairs[0].tile if reading.pairs else ""
    if len(winds) == 4 or (len(winds) == 3 and wind_of(pair) is not None):
        return "Four blessings of the house"
    return ""


# -- counting ----------------------------------------------------------------------------------


class _Count:
    """Scores candidate readings of one player under one variant's preset."""

    def __init__(self, p: Player, preset: ClassicOptions, fimj: bool) -> None:
        from rules.classic import hand_score

        self.p, self.preset, self.fimj = p, preset, fimj
        self.hand_score: Callable[..., int] = hand_score

    def finish(
        self, items: list[PointsItem], reading: str, limit: str = "", **more: Any
    ) -> PointsCount:
        points, doubles = total(items)
        tier = LIMITS[limit][1] if limit else 0
        if tier:
            score = int(self.preset.tier_values()[tier - 1])  # type: ignore[attr-defined]
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
            if self.preset_shapes_for_all() and _suits(_tiles(reading)):
                items += european_shape_doubles(_tiles(reading))[0]
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
                items.append(_d("All pungs of heads", "Mano di tutti tris di Teste", 4))
            elif all_pungs:
                items.append(_d("All pungs", "Tutti tris", 1))
            if all(g.kind == CHOW for g in sets) and not valued_pair(pair.tile, p):
                items.append(_d("No points hand", "Mano povera", 1))
        if self.fimj:
            items += fimj_shape_doubles(tiles)
            if p.has("riichi"):
                items.append(_d("Riichi", "Riichi", 1))
            if p.self_drawn and all(m.kind == CONCEALED_KONG for m in p.hand.melds):
                items.append(_d("All drawn from the wall", "Mano interamente pescata dal muro", 1))
            if p.has("kong_replacement"):
                if p.win == GOLDEN_COCKEREL:
                    items.append(_d("Golden cockerel", "Gallo d'oro", 2, p.win))
                else:
                    items.append(_d("Tile from the roof", "Pezzo pescato dal tetto", 1))
            if p.has("within_fifteen"):
                items.append(_d("Within the fifteenth", "Entro la quindicesima", 1))
            if p.has("last_copy"):
                items.append(_d("Last copy", "Ultimo pezzo", 1, p.win))
        elif p.has("kong_replacement"):
            items.append(_d("Loose tile", "Pescando una tessera libera", 1))
        if p.has("robbing_kong"):
            items.append(_d("Robbing a kong", "Rubando un poker scoperto", 1))
        if p.has("last_of_wall"):
            items.append(_d("Last tile of the wall", "Ultimo pezzo del muro attivo", 1))
        if p.has("last_discard"):
            items.append(_d("Last discard", "Ultimo scarto", 1))
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
        p, tiles = self.p, _tiles(reading)
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
            items.append(_d("Bottled up", "Imbottigliato", 1, completed.text()))
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
            found.append(self.finish(base, text, _first_hand(p, self.fimj) or name))
        if not self.fimj:
            return found
        pairs = seven_pairs(tiles)
        if pairs:
            limit = _first_hand(p, True)
            if not limit and all(is_head(t) for t in pairs):
                limit = "Seven pairs of heads"
            elif not limit and len({t[1] for t in pairs}) == 1 and "z" not in {t[1] for t in pairs}:
                limit = "Seven pairs of one suit"
            pair_lines = [
                PointsItem("Pair", "Coppia", 2, 0, t[0] * 2 + t[1])
                for t in pairs
                if valued_pair(t, p)
            ]
            items = pair_lines + base + [_d("Seven pairs", "Sette coppie", 2)]
            items += self.winner_doubles(None, list(tiles))
            found.append(self.finish(items, text, limit))
        winds = (p.seat_wind, p.prevalent_wind)
        for test, name in (
            (little_snake(tiles), "Little snake"),
            (siamese_snakes(tiles), "Siamese snakes"),
            (dragon_snake(tiles, winds), "Dragon snake"),
        ):
            if test:
                found.append(self.finish(base, text, _first_hand(p, True) or name))
        return found


def count_points(
    hand: Hand,
    *,
    variant: str,
    mahjong: bool,
    self_drawn: bool,
    seat_wind: int,
    prevalent_wind: int,
    flowers: Any = (),
    seasons: Any = (),
    options: Any = None,
    **conditions: Any,
) -> PointsCount:
    """One player's hand of the classic game ``variant`` ("european" or "fimj") counted from its
    tiles (docs/rules.md §7.3).

    ``hand`` is :func:`rules.tiles.parse` of the player's tiles: with its winning tile after "+"
    when ``mahjong`` (this player went out), else the 13 tiles it ends with. Winds are 0-3, East
    first; ``flowers`` and ``seasons`` the numbers 1-4 of the bonus tiles held. ``conditions``
    (booleans, the winner's): ``last_of_wall``, ``last_discard``, ``kong_replacement``,
    ``robbing_kong``, ``first_hand`` and, FIMJ only, ``riichi``, ``within_fifteen``,
    ``last_copy``. ``options`` are the table's settings (the variant's preset by default).

    >>> from rules.tiles import parse
    >>> east = count_points(parse("222z 123m 456p 55z 78m +9m"), variant="european",
    ...     mahjong=True, self_drawn=False, seat_wind=0, prevalent_wind=0, seasons=(1,),
    ...     flowers=(3,))
    >>> east.points, east.doubles, east.score  # seed 004's East: 38 points, 1 double -> 80
    (38, 1, 80)
    """
    from rules.classic import variant_preset

    preset = options if options is not None else variant_preset(variant)
    variant_preset(variant)  # an unknown variant is refused by name
    fimj = variant == "fimj"
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
    counting = _Count(p, preset, fimj)
    if p.mahjong:
        result = counting.winner()
        if result.verdict == INVALID_SHAPE:
            return result
        closed = p.hand.closed_tiles(p.win)
        return _with_waits(result, waits(p.hand, closed, counting.complete))
    return counting.loser()


def _with_waits(result: PointsCount, found: tuple[str, ...]) -> PointsCount:
    return dataclasses.replace(result, waits=found)
