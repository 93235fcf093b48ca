"""The EMA Riichi rule set: a game of East and South rounds at one table (docs/rules.md §3).

Hand entry (keys of the entry mapping given to :meth:`RiichiRuleSet.settle`):

- ``outcome``: ``"ron"``, ``"tsumo"``, ``"draw"`` (exhaustive draw), ``"abortive_draw"`` (2008
  edition, a setting) or ``"chombo"``;
- ``winners``: seats (ron: one to three; tsumo: exactly one);
- ``discarder``: seat (ron);
- ``han``, ``fu``, ``yakuman``: four ints each, filled in for the winners only (0 elsewhere);
  ``fu`` is not needed from 5 han, neither han nor fu for a yakuman hand (``yakuman`` = 1, or 2
  for a 2008 double yakuman);
- ``liable``: optional seat that fed the last set of Big Three Dragons / Big Four Winds (pao);
- ``riichi``: seats that declared riichi this hand (each puts 1000 on the table);
- ``tenpai``: seats tenpai at a draw (exhaustive or abortive);
- ``offender``: seat that committed the chombo.

Deposits: the ``deltas`` of a settlement include the riichi stakes (-1000 per declarer), the
1000 each winner who declared riichi in this hand takes back, and the other deposits, taken by the
winner nearest the discarder's right (docs/rules.md §3.4), so ``sum(deltas)`` plus the change in
``TableState.deposits`` is always 0. After a draw the deposits stay on the table; after a chombo
the hand is replayed and its riichi declarations are void (do not enter them).

Dealer and counters (docs/rules.md §3.1; EMA 2008 §3.4.9-3.4.12): the dealer keeps the deal when
winning (also in a multiple ron) or tenpai at a draw, exhaustive or abortive, and after a
chombo; a counter is added when the dealer wins and after any draw; counters clear when only
non-dealers win. The game ends when the deal passes on from South 4. Leftover deposits then go to
first place.

Liability (pao, docs/rules.md §3.7; EMA 2008 §3.3.6): on tsumo the liable player pays the whole
hand (as on a ron, counters included); on ron the liable player and the discarder each pay half
the hand value and the discarder pays the counters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules import families
from rules import hand_facts as facts
from rules import penalties as pen
from rules.base import (
    EntryField,
    RuleSet,
    ScoreFormat,
)
from rules.checks import SEATS
from rules.errors import RuleError
from rules.i18n import WIND_NAMES, Message, _, message
from rules.ranking import share, shared_places
from rules.riichi import fields, wins
from rules.riichi import payments as riichi
from rules.riichi.fields import ABORTIVE_DRAW, CHOMBO, DRAW, RON, TSUMO, WINS
from rules.riichi.wins import DEALS_PER_GAME
from rules.state import (
    NO_POINTS,
    Four,
    HandSettlement,
    SeatResult,
    TableState,
    add,
    dealer_passes,
    dealer_stays,
    first_state,
)

if TYPE_CHECKING:
    from rules.tile_count import TileCounter

#: EMA 2008 §3.4.11 "Se sul tavolo sono presenti 5 contatori si richiedono almeno 2 yaku"
TWO_YAKU_COUNTERS = 5


class RiichiRuleSet(RuleSet):
    """EMA Riichi, 2008 or 2016 edition (the edition is the preset in ``options``)."""

    ranking_fields = ("final_score",)
    max_hands = None
    shows_final_score = True
    total_label = _("Final score")
    #: Final scores in thousands with one decimal and their sign: 21600 reads "+21.6".
    final_score_format = ScoreFormat(scale=1000, places=1, signed=True)
    hand_value_fields = ("han", "fu")
    ema_rules = "Riichi"
    family = families.RIICHI
    statistics = (*facts.COMMON, *facts.RIICHI_FIGURES, facts.FREQUENT_PATTERN)
    pattern_label = _("Most frequent yaku")

    def __init__(self, options: Any, code: str) -> None:
        super().__init__(options)
        self.code = code  # type: ignore[misc]

    # -- structure --------------------------------------------------------------------------

    def initial_state(self) -> TableState:
        return first_state()

    def _describe_state(self, state: TableState) -> Message:
        return message(
            _("{wind} {number}, {honba} counters, {deposits} points in deposits"),
            wind=WIND_NAMES[state.prevalent_wind],
            number=state.deals % 4 + 1,
            honba=state.honba,
            deposits=state.deposits,
        )

    def winning_value(
        self, entry: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], dict[str, int]] | None:
        winners = entry.get("winners") or ()
        if entry.get("outcome") not in WINS or not winners:
            return None
        from rules.tile_count import riichi_value

        seat = winners[0]

        def figure(name: str) -> int:
            values = entry.get(name) or (0, 0, 0, 0)
            return int(values[seat] or 0) if seat < len(values) else 0

        value = riichi_value(figure("han"), figure("fu"), figure("yakuman"))
        return (value["yakuman"], value["han"], value["fu"]), value

    def hand_facts(self, entry: Mapping[str, Any], changes: Any) -> facts.HandFacts:
        """Ron or tsumo with its winners' points and han, a draw, a chombo, and the riichi
        declared in the hand (§12)."""
        outcome = entry.get("outcome")
        declared = tuple(int(seat) for seat in entry.get("riichi") or ())
        if outcome == CHOMBO:
            return facts.HandFacts(chombo=(int(entry["offender"]),), riichi=declared)
        if outcome not in WINS:
            return facts.HandFacts(draw=True, riichi=declared)
        winners = tuple(int(seat) for seat in entry.get("winners") or ())

        def per_seat(name: str, seat: int) -> int:
            values = entry.get(name) or (0, 0, 0, 0)
            return int(values[seat] or 0) if seat < len(values) else 0

        return facts.HandFacts(
            winners=winners,
            self_drawn=outcome == TSUMO,
            discarder=int(entry["discarder"]) if outcome == RON else None,
            riichi=declared,
            values=facts.winner_values(winners, lambda seat: int(changes[seat])),
            han=facts.winner_values(
                winners,
                lambda seat: None if per_seat("yakuman", seat) else per_seat("han", seat),
            ),
        )

    def hand_patterns(self, count: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """The yaku of the count, the dora left out (§12)."""
        from rules.riichi.hands import NOT_YAKU

        return tuple(
            (str(item.get("name")), str(item.get("italian") or item.get("name")))
            for item in count.get("items") or ()
            if isinstance(item, dict) and item.get("name") and item.get("name") not in NOT_YAKU
        )

    def needs_two_yaku(self, honba: int) -> bool:
        """True when a win needs two yaku with ``honba`` counters on the table (EMA 2008
        §3.4.11, setting ``five_counters_two_yaku``)."""
        return self.options.five_counters_two_yaku and honba >= TWO_YAKU_COUNTERS

    def tile_counter(self) -> TileCounter:
        from rules.tile_count import RiichiTileCounter

        return RiichiTileCounter(self.options.edition, WINS, TSUMO, self.needs_two_yaku)

    def hand_fields(self, state: TableState | None = None) -> tuple[EntryField, ...]:
        return fields.hand_fields(self.options)

    # -- settlement -------------------------------------------------------------------------

    def settle(self, entry: Mapping[str, Any], state: TableState) -> HandSettlement:
        # An abortive draw stored before the dealer's tenpai was asked for (its entry has no
        # "tenpai" key; the hand page always sends one) was settled with the dealer keeping the
        # deal, and the table played on that way: it still settles so (docs/rules.md §3.5).
        if (
            isinstance(entry, Mapping)
            and entry.get("outcome") == ABORTIVE_DRAW
            and "tenpai" not in entry
            and isinstance(state, TableState)
        ):
            entry = {**entry, "tenpai": (state.dealer,)}
        return super().settle(entry, state)

    def _settle(self, entry: dict[str, Any], state: TableState) -> HandSettlement:
        outcome = entry["outcome"]
        if outcome == CHOMBO:
            return self._chombo(entry["offender"], state)
        riichi_seats = entry["riichi"]
        stakes = tuple(-riichi.RIICHI_STAKE if seat in riichi_seats else 0 for seat in SEATS)
        pot = state.deposits + riichi.RIICHI_STAKE * len(riichi_seats)
        if outcome in WINS:
            return wins.settle_win(
                entry, state, stakes, pot, self.options, self.needs_two_yaku(state.honba)
            )
        if outcome == DRAW:
            tenpai = entry["tenpai"]
            noten_riichi = [seat for seat in riichi_seats if seat not in tenpai]
            if noten_riichi:
                raise RuleError(
                    _(
                        "Seat {seat} declared riichi but is not tenpai at the draw: that is a "
                        "chombo; enter it as such"
                    ),
                    seat=noten_riichi[0],
                )
            payments = riichi.noten_payments(tuple(seat in tenpai for seat in SEATS))
            keep = state.dealer in tenpai
            summary = message(
                _("Exhaustive draw, tenpai: {seats}"),
                seats=", ".join(map(str, tenpai)) or _("nobody"),
            )
        else:
            # docs/rules.md §3.5 (EMA 2008 §3.4.12): the dealer keeps the deal only when tenpai.
            payments = (0, 0, 0, 0)
            keep = state.dealer in entry["tenpai"]
            summary = message(_("Abortive draw"))
        after = (
            dealer_stays(state) if keep else dealer_passes(state, hand_count_finish=DEALS_PER_GAME)
        )
        next_state = dataclasses.replace(after, honba=state.honba + 1, deposits=pot)
        return HandSettlement(
            deltas=add(payments, stakes),  # type: ignore[arg-type]
            next_state=next_state,
            summary=summary,
            deposits_change=pot - state.deposits,
        )

    def _chombo(self, offender: int, state: TableState) -> HandSettlement:
        if self.options.chombo_payment:
            deltas: Four = riichi.chombo_deltas(offender, state.dealer)
        else:
            deltas = (0, 0, 0, 0)
        next_state = dataclasses.replace(state, hand_number=state.hand_number + 1)
        return HandSettlement(
            deltas=deltas,
            next_state=next_state,
            summary=message(_("Chombo by seat {seat}; the hand is replayed"), seat=offender),
            chombo=tuple(int(seat == offender) for seat in SEATS),  # type: ignore[arg-type]
        )

    # -- end of the game --------------------------------------------------------------------

    def _session_result(
        self,
        scores: Four,
        penalties: Four,
        transfers: Four,
        chombo: Four,
        deposits: int,
        substitutes: tuple[bool, ...],
    ) -> tuple[SeatResult, ...]:
        options = self.options
        end = tuple(options.starting_points + s + t for s, t in zip(scores, transfers, strict=True))
        places = shared_places(end)
        uma = share(options.uma, end)
        firsts = places.count(1)
        leftover = Fraction(deposits, firsts) if options.leftover_deposits_to_first else 0
        results = []
        for seat in SEATS:
            final = (
                end[seat]
                - options.return_points
                + uma[seat]
                + (leftover if places[seat] == 1 else 0)
                - options.chombo_final_penalty * chombo[seat]
                + penalties[seat]
            )
            substitute = substitutes[seat]
            results.append(
                SeatResult(
                    seat=seat,
                    end_points=end[seat],
                    score=0 if substitute else end[seat],
                    place=places[seat],
                    table_points=None,
                    final_score=Fraction(0) if substitute else Fraction(final),
                    substitute=substitute,
                )
            )
        return tuple(results)

    # -- penalties --------------------------------------------------------------------------

    def hand_transfers(self, entry: Mapping[str, Any], deltas: Any) -> Four:
        """A chombo paid at the table (2008) moves points between players: a transfer."""
        if entry.get("outcome") == CHOMBO and self.options.chombo_payment:
            return tuple(int(d) for d in deltas)  # type: ignore[return-value]
        return NO_POINTS

    @property
    def has_transfers(self) -> bool:
        """2008: a chombo is paid at the table, a transfer (docs/rules.md §3.6, §6.13)."""
        return bool(self.options.chombo_payment) or super().has_transfers

    def chombo_penalties(self, chombo: Any) -> Four:
        """2016: each chombo takes ``chombo_final_penalty`` off the final score, paid to nobody."""
        return tuple(-self.options.chombo_final_penalty * c for c in chombo)

    @property
    def penalty_catalogue(self) -> tuple[pen.PenaltyKind, ...]:
        if self.options.chombo_payment:
            chombo_help = _(
                "A mangan paid by the offender: 4000 to the dealer and 2000 to the "
                "others, or 4000 to each when the dealer is the offender; the hand "
                "is replayed."
            )
            applies_to = pen.SCORE
        else:
            chombo_help = _(
                "20000 points off the offender's final score after uma; the hand is replayed."
            )
            applies_to = pen.FINAL_SCORE
        chombo = pen.PenaltyKind(
            pen.CHOMBO,
            _("Chombo"),
            chombo_help,
            transfers=self.options.chombo_payment,
            applies_to=applies_to,
            hand_entry=CHOMBO,
        )
        return (
            chombo,
            *pen.mers_kinds(applies_to=pen.FINAL_SCORE, tile_not_shown=False, false_hu=False),
        )
