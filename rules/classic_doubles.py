"""The doubles and the limit hands of classic European mahjong and of the FIMJ Italian variant
(docs/rules.md §7.3): what a reading of a player's tiles earns, each from its seed's text (004
European "RADDOPPI", "RADDOPPI PER IL VINCITORE", "MANI LIMITE"; 001 FIMJ "Raddoppi", "Raddoppi
per chi chiude la mano", "Mani limite"). :mod:`rules.classic_count` adds them up.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.hand_shapes import (
    DRAGONS,
    WINDS,
    Reading,
    is_dragon,
    is_head,
    is_honour,
    nine_gates,
    wind_of,
)
from rules.rack_count import Player, PointsItem, own_bonus_items
from rules.tiles import CHOW, KONG


def doubles_item(name: str, italian: str, doubles: int, tiles: str = "") -> PointsItem:
    return PointsItem(name, italian, 0, doubles, tiles)


# -- what a reading holds -------------------------------------------------------------------


def tiles_of(reading: Reading) -> list[str]:
    return [tile for group in reading.groups for tile in group.tiles] + list(reading.loose)


def suits_of(tiles: list[str]) -> set[str]:
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
            items.append(doubles_item("Pung of dragons", "Tris o poker di Draghi", 1, group.text()))
        wind = wind_of(group.tile)
        if wind == p.seat_wind:
            items.append(
                doubles_item(
                    "Pung of the seat wind", "Tris o poker del Vento del giocatore", 1, group.text()
                )
            )
        if wind == p.prevalent_wind:
            items.append(
                doubles_item(
                    "Pung of the prevalent wind", "Tris o poker del Vento del giro", 1, group.text()
                )
            )
    return items


def bouquet_doubles(p: Player, each: int) -> list[PointsItem]:
    """The four flowers or the four seasons: seed 004 3 doubles each, seed 001 2."""
    items = []
    if len(p.flowers) == 4:
        items.append(doubles_item("Bouquet of flowers", "Serie completa di quattro Fiori", each))
    if len(p.seasons) == 4:
        items.append(doubles_item("Bouquet of seasons", "Serie completa di quattro Stagioni", each))
    return items


def fimj_set_doubles(reading: Reading) -> list[PointsItem]:
    """seed 001 "Raddoppi" for every player, from the sets."""
    items = []
    pungs, chows = _pungs(reading), _chows(reading)
    heads = [g for g in pungs if is_head(g.tile)]
    if len(heads) >= 4:
        items.append(doubles_item("Four pungs of terminals or honours", "Quattro tris di Teste", 2))
    elif len(heads) == 3:
        items.append(doubles_item("Three pungs of terminals or honours", "Tre tris di Teste", 1))
    by_number = Counter(g.tile[0] for g in pungs if not is_honour(g.tile))
    for number, n in by_number.items():
        if n >= 3:
            items.append(
                doubles_item("Three pungs of one number", "Tre tris dello stesso valore", 1, number)
            )
    concealed = [g for g in pungs if g.concealed]
    if len(concealed) >= 4:
        items.append(doubles_item("Four concealed pungs", "Quattro tris coperti", 2))
    elif len(concealed) == 3:
        items.append(doubles_item("Three concealed pungs", "Tre tris coperti", 1))
    starts = Counter(g.tile for g in chows)
    numbers = Counter(g.tile[0] for g in chows)
    for number, n in numbers.items():
        suits = {g.tile[1] for g in chows if g.tile[0] == number}
        if n >= 4 and len(suits) == 3:
            items.append(
                doubles_item(
                    "Four chows of one number", "Quattro serie degli stessi valori", 2, number
                )
            )
        elif n >= 3 and len(suits) == 3:
            items.append(
                doubles_item(
                    "Three chows of one number", "Tre serie degli stessi valori", 1, number
                )
            )
    for tile, n in starts.items():
        if n >= 4:
            items.append(doubles_item("Four identical chows", "Quattro scale identiche", 4, tile))
        elif n == 3:
            items.append(doubles_item("Three identical chows", "Tre scale identiche", 2, tile))
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
        found.append(doubles_item(name, italian, doubles))
    return found[-1:] if found else []


def everyone_doubles(reading: Reading, p: Player, fimj: bool) -> list[PointsItem]:
    items = honour_set_doubles(reading, p) + own_bonus_items(p)
    items += bouquet_doubles(p, 2 if fimj else 3)
    if fimj:
        items += fimj_set_doubles(reading)
    return items


# -- the shape of a whole hand ------------------------------------------------------------------


def european_shape_doubles(tiles: list[str], winner: bool = True) -> tuple[list[PointsItem], str]:
    """seed 004 "RADDOPPI PER IL VINCITORE" on the hand's tiles: doubles, and the winner's limit
    hand the tiles make on their own ("Mano di tutti Onori", "Mano di tutte Teste"). A player who
    did not go out (setting ``shape_doubles_for_all``) has no limit hand: only honours are then
    "combinazioni di soli Onori: 3 raddoppi"."""
    suits = suits_of(tiles)
    honours = [tile for tile in tiles if is_honour(tile)]
    if not suits:
        if winner:
            return [], "All honours"
        return [doubles_item("Honours only", "Soli Onori", 3)], ""
    if all(is_head(tile) for tile in tiles):
        has_dragons = any(is_dragon(t) for t in tiles)
        has_winds = any(wind_of(t) is not None for t in tiles)
        if winner and has_dragons and has_winds:
            # "tutte le teste: pezzi terminali, Draghi e Venti" (docs/rules.md §7.3)
            return [], "All heads"
        return [doubles_item("Terminals and honours", "Terminali più Draghi oppure Venti", 1)], ""
    if len(suits) == 1:
        if honours:
            return [doubles_item("One suit and honours", "Un unico seme più Onori", 1)], ""
        return [doubles_item("One suit", "Un unico seme", 3)], ""
    return [], ""


def fimj_shape_doubles(tiles: list[str]) -> list[PointsItem]:
    """seed 001 "Raddoppi per chi chiude la mano" on the hand's tiles."""
    suits = suits_of(tiles)
    if not any(is_head(tile) for tile in tiles):
        return [doubles_item("Minor tiles only", "Mano di soli pezzi minori", 1)]
    if len(suits) == 1:
        if any(is_honour(tile) for tile in tiles):
            return [doubles_item("Pure hand", "Mano pura", 1)]
        return [doubles_item("Purest hand", "Mano purissima", 3)]
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


def first_hand_limit(p: Player, fimj: bool) -> str:
    if not p.has("first_hand"):
        return ""
    if fimj:
        return "Exit of the gods"
    return "Heavenly hand" if p.seat_wind == 0 else "Earthly hand"


def european_limit(reading: Reading, p: Player, shape_limit: str) -> str:
    """seed 004 "MANI LIMITE" of a standard reading (thirteen wonders is a special hand)."""
    pungs = _pungs(reading)
    tiles = {g.tile for g in pungs}
    if first_hand_limit(p, False):
        return first_hand_limit(p, False)
    if shape_limit:
        return shape_limit
    if set(DRAGONS) <= tiles:
        return "Three great scholars"
    if set(WINDS) <= tiles:
        return "Four blessings"
    if p.self_drawn and len(pungs) == 4 and all(g.concealed for g in pungs):
        return "Hidden treasure"
    if not p.hand.melds and nine_gates(tuple(tiles_of(reading))):
        return "Nine gates"
    return ""


def fimj_limit(reading: Reading, p: Player) -> str:
    """seed 001 "Mani limite" of a standard reading (the special hands are read apart)."""
    pungs = _pungs(reading)
    tiles = {g.tile for g in pungs}
    winds = [w for w in WINDS if w in tiles]
    if first_hand_limit(p, True):
        return first_hand_limit(p, True)
    if not p.hand.melds and nine_gates(tuple(tiles_of(reading))):
        return "House full of nine tiles"
    if sum(g.kind == KONG for g in pungs) == 4:
        return "All kongs"
    if set(DRAGONS) <= tiles:
        return "Gathering of dragons"
    pair = reading.pairs[0].tile if reading.pairs else ""
    if len(winds) == 4 or (len(winds) == 3 and wind_of(pair) is not None):
        return "Four blessings of the house"
    return ""
