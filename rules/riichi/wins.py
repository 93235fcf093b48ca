"""A win at an EMA Riichi table (docs/rules.md §3.2-3.4, §3.7): the winners' hand values
checked (two yaku from five counters, han and fu no hand can have, pao), then the payments, the
riichi deposits and the next state. Called by `RiichiRuleSet` (rules/riichi/table.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

from rules.checks import SEATS
from rules.errors import RuleError
from rules.i18n import _, message
from rules.riichi import payments as riichi
from rules.riichi.fields import RON, TSUMO
from rules.state import HandSettlement, TableState, dealer_passes, dealer_stays

DEALS_PER_GAME = 8  #: East 1-4 and South 1-4


def check_winners(
    entry: dict[str, Any], options: Any, honba: int, two_yaku: bool
) -> dict[int, tuple[int, int, int]]:
    """Check winners and their hand values; return {winner: (han, fu, yakuman)}.

    With five counters or more on the table a win needs two yaku (EMA 2008 §3.4.11): the
    desk refuses 1 han, which cannot hold two (whether 2 han or more hold two yaku and not
    one yaku and dora is the referee's call, which the count from tiles checks)."""
    winners = entry["winners"]
    if entry["outcome"] == TSUMO and len(winners) != 1:
        raise RuleError(_("A tsumo has exactly one winner; got {count}"), count=len(winners))
    if entry["outcome"] == RON and entry["discarder"] in winners:
        raise RuleError(
            _("The discarder (seat {seat}) cannot be one of the winners"),
            seat=entry["discarder"],
        )
    values = {}
    for seat in SEATS:
        han, fu, yakuman = entry["han"][seat], entry["fu"][seat], entry["yakuman"][seat]
        if seat not in winners:
            if han or fu or yakuman:
                raise RuleError(
                    _("Han, fu and yakuman are entered for winners only; seat {seat} did not win"),
                    seat=seat,
                )
            continue
        if not yakuman and han == 0:
            raise RuleError(_("Winner seat {seat} needs at least 1 han"), seat=seat)
        values[seat] = riichi.check_value(han, fu, yakuman, options)
        check_possible(*values[seat], tsumo=entry["outcome"] == TSUMO, seat=seat)
        if two_yaku and not yakuman and han < 2:
            raise RuleError(
                _(
                    "With {counters} counters on the table a win needs two yaku (EMA 2008 "
                    "section 3.4.11); seat {seat} has 1 han"
                ),
                counters=honba,
                seat=seat,
            )
    liable = entry["liable"]
    if liable is not None:
        yakuman_winners = [seat for seat in winners if values[seat][2]]
        if len(yakuman_winners) != 1:
            raise RuleError(_("A liable player (pao) needs exactly one yakuman winner"))
        if liable in winners:
            raise RuleError(_("The liable player (seat {seat}) cannot be a winner"), seat=liable)
    return values


def settle_win(
    entry: dict[str, Any],
    state: TableState,
    stakes: tuple[int, ...],
    pot: int,
    options: Any,
    two_yaku: bool,
) -> HandSettlement:
    """A ron or a tsumo: the winners' payments, the deposits to the collector, the next state.
    `two_yaku`: the table's counters ask for two yaku (`RiichiRuleSet.needs_two_yaku`)."""
    values = check_winners(entry, options, state.honba, two_yaku)
    liable = entry["liable"]
    deltas = list(stakes)
    honba = state.honba

    def pay(payer: int, winner: int, amount: int) -> None:
        deltas[payer] -= amount
        deltas[winner] += amount

    for winner, value in values.items():
        base = riichi.base_points_for(*value, options)
        is_dealer = winner == state.dealer
        whole = riichi.ron_amount(base, dealer=is_dealer, honba=0)
        pao = liable is not None and value[2] > 0
        if entry["outcome"] == RON:
            discarder = entry["discarder"]
            if pao:
                pay(liable, winner, whole // 2)
                pay(discarder, winner, whole - whole // 2 + riichi.HONBA_RON * honba)
            else:
                pay(discarder, winner, whole + riichi.HONBA_RON * honba)
        elif pao:
            pay(liable, winner, whole + riichi.HONBA_RON * honba)
        else:
            by_other, by_dealer = riichi.tsumo_amounts(base, dealer=is_dealer, honba=honba)
            for seat in SEATS:
                if seat != winner:
                    pay(seat, winner, by_dealer if seat == state.dealer else by_other)
    winners = entry["winners"]
    if entry["outcome"] == RON:
        discarder = entry["discarder"]
        collector = min(winners, key=lambda seat: (seat - discarder) % 4)
        summary = message(
            _("Ron by seat {winners} on the discard of seat {discarder}"),
            winners=", ".join(map(str, winners)),
            discarder=discarder,
        )
    else:
        collector = winners[0]
        summary = message(_("Tsumo by seat {winner}"), winner=collector)
    # docs/rules.md §3.4 (EMA 2008 §4.1, §3.3.12): a winner who declared riichi in this hand
    # takes its own 1000 back, also on a multiple ron; the collector takes the rest.
    returned = [seat for seat in winners if seat in entry["riichi"]]
    for seat in returned:
        deltas[seat] += riichi.RIICHI_STAKE
    deltas[collector] += pot - riichi.RIICHI_STAKE * len(returned)
    if state.dealer in winners:
        after = dataclasses.replace(dealer_stays(state), honba=honba + 1)
    else:
        after = dataclasses.replace(dealer_passes(state, hand_count_finish=DEALS_PER_GAME), honba=0)
    return HandSettlement(
        deltas=tuple(deltas),  # type: ignore[arg-type]
        next_state=dataclasses.replace(after, deposits=0),
        summary=summary,
        deposits_change=-state.deposits,
    )


def check_possible(han: int, fu: int, yakuman: int, *, tsumo: bool, seat: int) -> None:
    """Refuse han/fu combinations no hand can have (docs/rules.md §3.2; EMA 2008 §4.1.1)."""
    if yakuman or han >= 5:
        return
    if fu == 20 and not tsumo:
        raise RuleError(
            _("Seat {seat}: a win on a discard has at least 30 fu (20 fu is a self-drawn pinfu)"),
            seat=seat,
        )
    if fu == 20 and han < 2:
        raise RuleError(
            _("Seat {seat}: 20 fu is a self-drawn pinfu, which is at least 2 han"), seat=seat
        )
    if fu == 25 and han < (3 if tsumo else 2):
        raise RuleError(
            _("Seat {seat}: 25 fu is seven pairs, at least 2 han ({minimum} when self-drawn)"),
            seat=seat,
            minimum=3,
        )
