"""Han and fu of a riichi hand from its tiles (docs/rules.md §7), counted by the ``mahjong``
package's HandCalculator with each EMA edition set on its OptionalRules: no kiriage mangan, 13+ han
a counted yakuman in 2008 and a sanbaiman in 2016, All Simples concealed only in 2008 and open too
in 2016, the three red fives of 2008 (``0m``, ``0p``, ``0s``, each a dora: EMA 2008 §1.1, §4.1).
Where the library differs from the EMA text the text wins (docs/rules.md §7.2): yakuman do not add
up ("Gli yakuman non sono cumulativi", §4.2), so a hand is one yakuman, two only for Big Four
Winds in 2008 ("Questa mano vale 2 yakuman", §4.2.5), whatever other yakuman it holds. The payment
comes from :mod:`rules.riichi.payments`. When the package cannot be imported,
:func:`count_han_fu` raises a :class:`RuleError` saying so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import RuleError
from rules.i18n import _
from rules.riichi.payments import ron_payment, tsumo_payments
from rules.riichi.presets import edition_preset
from rules.tiles import CHOW, CONCEALED_KONG, KONG, PUNG, Hand

#: edition -> (open All Simples, 13+ han)
EDITION_RULES = {"2008": (False, "limited"), "2016": (True, "sanbaiman")}
#: the one double yakuman of EMA 2008 (§4.2.5, Big Four Winds: "Questa mano vale 2 yakuman")
DOUBLE_YAKUMAN = ("Dai Suushii",)
#: the library's lines that are dora, not yaku (they do not count towards two yaku, §3.4.11)
NOT_YAKU = ("Dora", "Aka Dora", "Ura Dora")


@dataclass(frozen=True)
class HanFu:
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]  #: (English name, han)
    yakuman: int
    payment: (
        int | tuple[int, int]
    )  #: ron: what the discarder pays; tsumo: (each non-dealer, dealer)

    @property
    def yaku_count(self) -> int:
        """How many yaku the hand has, dora and red fives not counted (EMA 2008 §3.4.11)."""
        return sum(1 for name, _han in self.yaku if name not in NOT_YAKU)


def _package() -> Any:
    try:
        import mahjong.hand_calculating.hand as hand_module
        from mahjong.constants import EAST, NORTH, SOUTH, WEST
        from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
        from mahjong.meld import Meld
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
    )


def _to136(
    tiles: list[str], used: set[int], red: set[str] | None = None, aka: bool = False
) -> list[int]:
    """136-format ids for ``tiles``, each copy distinct from those already ``used``.

    With ``aka`` (red fives in play) the library's red five is copy 0 of each five: a five whose
    suit is in ``red`` takes it (and leaves ``red``), a plain five never does."""
    ids = []
    for tile in tiles:
        number, suit = int(tile[0]), tile[1]
        kind = (number - 1) + {"m": 0, "p": 9, "s": 18, "z": 27}[suit]
        copies: tuple[int, ...] = (0, 1, 2, 3)
        if aka and number == 5 and suit != "z":
            if red is not None and suit in red:
                red.discard(suit)
                copies = (0,)
            else:
                copies = (1, 2, 3)
        free = [copy for copy in copies if kind * 4 + copy not in used]
        if not free:
            raise RuleError(
                _(
                    "The set has three plain {tile} and the red 0{suit}: type the red one as 0{suit}"
                ),
                tile=tile,
                suit=suit,
            )
        used.add(kind * 4 + free[0])
        ids.append(kind * 4 + free[0])
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
    calculator, winds, config_class, constants, optional, meld_class = _package()
    if edition not in EDITION_RULES:
        raise RuleError(_("Unknown riichi edition {edition}"), edition=edition)
    preset = edition_preset(edition)
    aka = preset.red_fives > 0
    if hand.red_fives and not aka:
        raise RuleError(
            _("EMA Riichi {edition} plays without red fives: type 5m, 5p or 5s"), edition=edition
        )
    red = set(hand.red_fives)
    for value, label in ((seat_wind, _("Seat wind")), (prevalent_wind, _("Prevalent wind"))):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            raise RuleError(_("{label} is 0 to 3 (East, South, West, North)"), label=label)
    win = win_tile or hand.win_tile
    if win is None:
        raise RuleError(_("The winning tile is missing: add it as +3m"))
    closed = list(hand.closed_tiles(win))
    open_tanyao, kazoe = EDITION_RULES[edition]
    used: set[int] = set()
    melds = []
    every: list[int] = []
    for meld in hand.melds:
        ids = _to136(list(meld.tiles), used, red, aka)
        kind = {CHOW: "chi", PUNG: "pon", KONG: "kan", CONCEALED_KONG: "kan"}[meld.kind]
        melds.append(meld_class(kind, ids, opened=meld.kind != CONCEALED_KONG))
        every.extend(ids)
    every.extend(_to136(closed, used, red, aka))
    (win_id,) = _to136([win], used, red, aka)
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
            has_aka_dora=aka,
            kiriage=False,
            kazoe_limit=constants.KAZOE_LIMITED
            if kazoe == "limited"
            else constants.KAZOE_SANBAIMAN,
            has_double_yakuman=preset.max_yakuman > 1,
        ),
    )
    dora = _to136(list(dora_indicators), set())
    ura = _to136(list(ura_dora_indicators), set())
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
        # "Gli yakuman non sono cumulativi": one yakuman, two for Big Four Winds where allowed
        double = any(name in DOUBLE_YAKUMAN for name, _han in yaku)
        yakuman = min(preset.max_yakuman, 2 if double else 1)
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
