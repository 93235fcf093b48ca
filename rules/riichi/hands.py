"""Han and fu of a riichi hand from its tiles (docs/rules.md §7), counted by the ``mahjong``
package's HandCalculator with each EMA edition set on its OptionalRules: no kiriage mangan, 13+ han
a counted yakuman in 2008 and a sanbaiman in 2016, double yakuman only in 2008, All Simples
concealed only in 2008 and open too in 2016. The payment comes from :mod:`rules.riichi.payments`.
When the package cannot be imported, :func:`count_han_fu` raises a :class:`RuleError` saying so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import RuleError
from rules.i18n import _
from rules.riichi.payments import ron_payment, tsumo_payments
from rules.tiles import CHOW, CONCEALED_KONG, KONG, PUNG, Hand

#: edition -> (open All Simples, 13+ han, double yakuman)
EDITION_RULES = {"2008": (False, "limited", True), "2016": (True, "sanbaiman", False)}


@dataclass(frozen=True)
class HanFu:
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]  #: (English name, han)
    yakuman: int
    payment: (
        int | tuple[int, int]
    )  #: ron: what the discarder pays; tsumo: (each non-dealer, dealer)


def _package() -> Any:
    try:
        import mahjong.hand_calculating.hand as hand_module
        from mahjong.constants import EAST, NORTH, SOUTH, WEST
        from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
        from mahjong.meld import Meld
        from mahjong.tile import TilesConverter
    except ImportError as exc:
        raise RuleError(
            _("Counting han and fu from tiles needs the mahjong package, which is missing: {why}"),
            why=str(exc),
        ) from exc
    return (
        hand_module.HandCalculator,
        (EAST, SOUTH, WEST, NORTH),
        HandConfig,
        HandConstants,
        OptionalRules,
        Meld,
        TilesConverter,
    )


def _to136(tiles: list[str], converter: Any, used: set[int]) -> list[int]:
    """136-format ids for ``tiles``, each copy distinct from those already ``used``."""
    ids = []
    for tile in tiles:
        number, suit = int(tile[0]), tile[1]
        kind = (number - 1) + {"m": 0, "p": 9, "s": 18, "z": 27}[suit]
        for copy in range(4):
            if kind * 4 + copy not in used:
                used.add(kind * 4 + copy)
                ids.append(kind * 4 + copy)
                break
    return ids


def count_han_fu(
    hand: Hand,
    *,
    win_tile: str | None,
    tsumo: bool,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    dora_indicators: tuple[str, ...] | list[str] = (),
    ura_dora_indicators: tuple[str, ...] | list[str] = (),
    seat_wind: int,
    prevalent_wind: int,
    edition: str = "2008",
) -> HanFu:
    """Han, fu, yaku and payment of ``hand`` (seat 0 = East = dealer)."""
    calculator, winds, config_class, constants, optional, meld_class, converter = _package()
    if edition not in EDITION_RULES:
        raise RuleError(_("Unknown riichi edition {edition}"), edition=edition)
    for value, label in ((seat_wind, _("Seat wind")), (prevalent_wind, _("Prevalent wind"))):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            raise RuleError(_("{label} is 0 to 3 (East, South, West, North)"), label=label)
    win = win_tile or hand.win_tile
    if win is None:
        raise RuleError(_("The winning tile is missing: add it as +3m"))
    closed = list(hand.closed_tiles(win))
    open_tanyao, kazoe, double = EDITION_RULES[edition]
    used: set[int] = set()
    melds = []
    every: list[int] = []
    for meld in hand.melds:
        ids = _to136(list(meld.tiles), converter, used)
        kind = {CHOW: "chi", PUNG: "pon", KONG: "kan", CONCEALED_KONG: "kan"}[meld.kind]
        melds.append(meld_class(kind, ids, opened=meld.kind != CONCEALED_KONG))
        every.extend(ids)
    every.extend(_to136(closed, converter, used))
    (win_id,) = _to136([win], converter, used)
    every.append(win_id)
    config = config_class(
        is_tsumo=bool(tsumo),
        is_riichi=bool(riichi or double_riichi),
        is_daburu_riichi=bool(double_riichi),
        is_ippatsu=bool(ippatsu),
        is_haitei=bool(haitei),
        is_houtei=bool(houtei),
        is_rinshan=bool(rinshan),
        is_chankan=bool(chankan),
        player_wind=winds[seat_wind],
        round_wind=winds[prevalent_wind],
        options=optional(
            has_open_tanyao=open_tanyao,
            has_aka_dora=False,
            kiriage=False,
            kazoe_limit=constants.KAZOE_LIMITED
            if kazoe == "limited"
            else constants.KAZOE_SANBAIMAN,
            has_double_yakuman=double,
        ),
    )
    dora = _to136(list(dora_indicators), converter, set())
    ura = _to136(list(ura_dora_indicators), converter, set())
    result = calculator.estimate_hand_value(
        every, win_id, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
    )
    if result.error:
        raise RuleError(_("The hand does not count: {why}"), why=str(result.error))
    yaku = tuple(
        (str(y.name), int(y.han_open if melds and any(m.opened for m in melds) else y.han_closed))
        for y in result.yaku
    )
    yakuman = 0
    if any(getattr(y, "is_yakuman", False) for y in result.yaku):
        yakuman = min(2 if double else 1, sum(y[1] // 13 for y in yaku) or 1)
    han, fu = int(result.han), int(result.fu)
    dealer = seat_wind == 0
    args: dict[str, Any] = {"dealer": dealer, "edition": edition}
    if yakuman:
        args["yakuman"] = yakuman
        payment: int | tuple[int, int] = (
            tsumo_payments(han, **args) if tsumo else ron_payment(han, **args)
        )
    else:
        payment = tsumo_payments(han, fu, **args) if tsumo else ron_payment(han, fu, **args)
    return HanFu(han, fu, yaku, yakuman, payment)
