"""Classic European mahjong and its FIMJ Italian variant (docs/rules.md §4).

- :func:`hand_score`: points (sets, pairs, bonuses) times 2 per double, rounded to the nearest 10
  when at least one double applies (an exact 5 going up), capped at the limit (docs/rules.md §4.1:
  38 points with 1 double -> 76 -> 80; 28 with 2 doubles -> 112 -> 110; 8 with none -> 8);
- :func:`settle`: the winner receives its score from each other player; the three others settle
  their differences pairwise; East receives and pays double in every settlement
  (docs/rules.md §4.2). The FIMJ variant rounds every amount paid, after East's doubling, to the
  nearest 10 (§4.2, FIMJ variant);
- :class:`ClassicRuleSet`: the rule set the desk uses, one preset per variant. European: East
  keeps the deal after winning, limit 500. FIMJ: the deal passes after every hand, limit 1000.
  A false Mahjong (FIMJ, also applied to the European game) counts 0 and pays as usual; a wall
  destroyed after a false Mahjong (FIMJ) costs the offender the limit paid to each player still
  in the hand (doubled to or from East).
- A hand replayed (four identical winds as the first four discards, a wall collapsed by
  accident: FIMJ variant, the same in the European game) records no result and does not move the
  deal (docs/rules.md §4.3). After a washout the European deal passes unless the setting
  ``washout_keeps_deal`` is on; the FIMJ deal always passes.
- FIMJ only (docs/rules.md §4.6): a multiple win ("vittoria multipla", two or three players on
  the same discard, :func:`multiple_win_settlement`), and the limit hands of the FIMJ list in
  three tiers whose values are settings (``limit_tier_1`` .. ``limit_tier_3``; entry field
  ``limit_tier``, 1 to 3 for a winner with such a hand, 0 otherwise).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from rules import hand_facts as facts
from rules.base import PER_SEAT_INT, SEAT, SEATS_KIND, EntryField
from rules.checks import SEATS, check_int, round_to_ten
from rules.classic_count import count_hand

# the presets live in rules.classic_presets; re-exported here, where the desk looks for them
from rules.classic_presets import EUROPEAN as EUROPEAN
from rules.classic_presets import FIMJ as FIMJ
from rules.classic_presets import VARIANTS as VARIANTS
from rules.classic_presets import ClassicOptions as ClassicOptions
from rules.classic_presets import EuropeanOptions as EuropeanOptions
from rules.classic_presets import FimjOptions as FimjOptions
from rules.classic_presets import variant_preset as variant_preset
from rules.errors import RuleError
from rules.i18n import _, message
from rules.rack import (
    MAHJONG,
    WASHOUT,
    RackRuleSet,
    check_scores,
    check_winner_and_east,
    pairwise_settlement,
    settle_pairs,
)
from rules.rack_count import PointsCount
from rules.state import Four, HandSettlement, TableState, dealer_stays
from rules.tiles import Hand

MULTIPLE_WIN = "multiple_win"
REPLAYED = "replayed"
LIMIT_TIERS = 3  #: the FIMJ list of limit hands has three ranges of suggested values


def hand_score(points: int, doubles: int, *, limit: int | None) -> int:
    """A player's score: ``points`` x 2^``doubles``, rounded to 10 if doubled, capped at ``limit``.

    >>> hand_score(38, 1, limit=500), hand_score(28, 2, limit=500), hand_score(8, 0, limit=500)
    (80, 110, 8)
    """
    points = check_int(points, _("Points"), minimum=0)
    doubles = check_int(doubles, _("Doubles"), minimum=0)
    if limit is not None:
        limit = check_int(limit, _("Limit"), minimum=1)
    score = points * 2**doubles
    if doubles:
        score = round_to_ten(score)
    return score if limit is None else min(score, limit)


def east_weight(east: int) -> Callable[[int, int], int]:
    """Weight of a settlement between two seats: 2 when East is one of them."""
    return lambda a, b: 2 if east in (a, b) else 1


def settle_scores(scores: Four, winner: int | None, east: int, preset: ClassicOptions) -> Four:
    """Settle checked scores under ``preset``."""
    return pairwise_settlement(
        scores, winner, weight=east_weight(east), round_amounts=preset.round_payments
    )


def settle(scores: Any, *, winner: int | None, east: int, variant: str = "european") -> Four:
    """Settle a classic hand from the four final scores (after :func:`hand_score`).

    ``winner=None`` is a washout (nobody pays). ``east`` is the seat that is East this hand.

    >>> settle((80, 110, 10, 8), winner=0, east=0)  # docs/rules.md §4.2, first example
    (480, 42, -258, -264)
    """
    preset = variant_preset(variant)
    scores = check_scores(scores)
    winner, east = check_winner_and_east(winner, east)
    return settle_scores(scores, winner, east, preset)


def multiple_win_settlement(
    scores: Four,
    winners: tuple[int, ...],
    *,
    weight: Callable[[int, int], int],
    round_amounts: bool,
    winners_settle: bool = False,
) -> Four:
    """Settle a FIMJ multiple win (docs/rules.md §4.6): four deltas in seat order.

    Each winner receives its score from each player who did not win; the players who did not win
    settle the differences of their scores pairwise; two winners pay each other nothing, or with
    ``winners_settle`` the lower pays the higher the difference. Every amount is multiplied by
    ``weight(a, b)`` (East's doubling) and, with ``round_amounts``, rounded to the nearest 10.

    >>> multiple_win_settlement((20, 100, 10, 40), (1, 3), weight=east_weight(0), round_amounts=True)
    (-260, 300, -160, 120)
    """
    return settle_pairs(
        scores, winners, weight=weight, round_amounts=round_amounts, winners_settle=winners_settle
    )


class ClassicRuleSet(RackRuleSet):
    """Classic European or FIMJ (the variant is the preset in ``options``)."""

    # -- hand entry -------------------------------------------------------------------------

    def hand_fields(self, state: TableState | None = None) -> tuple[EntryField, ...]:
        """The rack games' fields, the replayed hand, and FIMJ's multiple win and limit tiers."""
        outcome, *rest = super().hand_fields(state)
        choices = list(outcome.choices)
        multiple = self.options.multiple_win
        if multiple:
            choices.insert(
                1, (MULTIPLE_WIN, _("Multiple win (several players win on the same discard)"))
            )
        choices.append(
            (REPLAYED, _("Hand replayed (four identical winds first, wall collapsed by accident)"))
        )
        fields = [dataclasses.replace(outcome, choices=tuple(choices))]
        for spec in rest:
            if multiple and spec.name in ("points", "doubles", "zero_score"):
                spec = dataclasses.replace(spec, outcomes=(*spec.outcomes, MULTIPLE_WIN))
            fields.append(spec)
            if multiple and spec.name == "winner":
                fields += self._multiple_win_fields()
            if multiple and spec.name == "limit_hand":
                fields.append(
                    EntryField(
                        "limit_tier",
                        PER_SEAT_INT,
                        _("Limit hand of the FIMJ list"),
                        _(
                            "For a winner with a limit hand of the FIMJ list: 1 (worth "
                            "1000-2000), 2 (2000-4000) or 3 (3000-6000); it scores the value "
                            "of its tier in the scoring settings. 0 otherwise."
                        ),
                        required=False,
                        min_value=0,
                        max_value=LIMIT_TIERS,
                        outcomes=(MAHJONG, MULTIPLE_WIN),
                        default=(0, 0, 0, 0),
                    )
                )
        return tuple(fields)

    @staticmethod
    def _multiple_win_fields() -> list[EntryField]:
        return [
            EntryField(
                "winners",
                SEATS_KIND,
                _("Winners"),
                _("The players who win on the same discard."),
                min_value=2,
                max_value=3,
                outcomes=(MULTIPLE_WIN,),
            ),
            EntryField("discarder", SEAT, _("Discarder"), outcomes=(MULTIPLE_WIN,)),
        ]

    def hand_winners(self, entry: Mapping[str, Any]) -> tuple[int, ...]:
        if entry.get("outcome") == MULTIPLE_WIN:
            return tuple(int(seat) for seat in entry.get("winners") or ())
        return super().hand_winners(entry)

    def hand_facts(self, entry: Mapping[str, Any], changes: Any) -> facts.HandFacts:
        """As the rack games; a hand replayed records nothing and is no hand played (§12)."""
        if entry.get("outcome") == REPLAYED:
            return facts.HandFacts(played=False)
        return super().hand_facts(entry, changes)

    # -- settlement -------------------------------------------------------------------------

    def _settle(self, entry: dict[str, Any], state: TableState) -> HandSettlement:
        outcome = entry["outcome"]
        if outcome == REPLAYED:
            # docs/rules.md §4.3: no result, the same East plays the hand again
            return HandSettlement(
                deltas=(0, 0, 0, 0),
                next_state=dataclasses.replace(state, hand_number=state.hand_number + 1),
                summary=message(_("Hand replayed; the deal does not move")),
            )
        if outcome == WASHOUT and getattr(self.options, "washout_keeps_deal", False):
            return HandSettlement(
                deltas=(0, 0, 0, 0), next_state=dealer_stays(state), summary=message(_("Washout"))
            )
        if outcome == MULTIPLE_WIN:
            return self._multiple_win(entry, state)
        return super()._settle(entry, state)

    def _multiple_win(self, entry: dict[str, Any], state: TableState) -> HandSettlement:
        winners, discarder = entry["winners"], entry["discarder"]
        if discarder in winners:
            raise RuleError(
                _("The discarder (seat {seat}) cannot be one of the winners"), seat=discarder
            )
        zero = [seat for seat in winners if seat in entry["zero_score"]]
        if zero:
            raise RuleError(
                _("Seat {seat} cannot both win and have a hand that counts 0"), seat=zero[0]
            )
        deltas = multiple_win_settlement(
            self.scores(entry, state),
            winners,
            weight=east_weight(state.dealer),
            round_amounts=self.options.round_payments,
            winners_settle=self.options.winners_settle_difference,
        )
        return HandSettlement(
            deltas=deltas,
            next_state=self.next_state(state, dealer_won=state.dealer in winners),
            summary=message(
                _("Multiple win by seats {winners} on the discard of seat {discarder}"),
                winners=", ".join(map(str, winners)),
                discarder=discarder,
            ),
        )

    def tile_counter(self) -> Any:
        """Count from tiles (docs/rules.md §7.3): each player's points and doubles."""
        from functools import partial

        from rules.rack_count import COMMON_CONDITIONS, FIMJ_CONDITIONS
        from rules.rack_tile_count import RackTileCounter

        fimj = self.options.multiple_win  # the FIMJ variant: its conditions and limit tiers
        return RackTileCounter(
            partial(count_points, variant=self.options.code, options=self.options),
            FIMJ_CONDITIONS if fimj else COMMON_CONDITIONS,
            wins=(MAHJONG,),
            multiple=MULTIPLE_WIN if fimj else None,
            fills=_fimj_fills if fimj else _european_fills,
            limit_tiers=fimj,
        )

    def _winners(self, entry: dict[str, Any]) -> tuple[int, ...]:
        if entry["outcome"] == MULTIPLE_WIN:
            return tuple(entry["winners"])
        winner = entry.get("winner")
        return () if winner is None else (int(winner),)

    def _limit_value(self, entry: dict[str, Any], seat: int, winners: tuple[int, ...]) -> int:
        """What ``seat``'s hand scores as a limit hand, or 0 when it is not one."""
        tiers = entry.get("limit_tier") or (0, 0, 0, 0)
        tier = tiers[seat]
        if tier and seat not in winners:
            raise RuleError(
                _("Only a winner can have a limit hand; seat {seat} did not win"), seat=seat
            )
        limit_hand = seat in winners and entry.get("limit_hand")
        if tier and limit_hand:
            raise RuleError(
                _("Seat {seat}: give either a limit hand or its tier of the FIMJ list, not both"),
                seat=seat,
            )
        if tier:
            return int(self.options.tier_values()[tier - 1])
        if limit_hand:
            return int(self.options.limit_hand_value or self.options.limit)
        return 0

    def scores(self, entry: dict[str, Any], state: TableState) -> Four:
        """Each player's score for this hand."""
        limit = self.options.limit
        winners = self._winners(entry)
        result = []
        for seat in SEATS:
            limit_value = self._limit_value(entry, seat, winners)
            if seat in entry["zero_score"]:
                result.append(0)
            elif limit_value:
                result.append(limit_value)
            else:
                result.append(
                    hand_score(entry["points"][seat], entry["doubles"][seat], limit=limit)
                )
        return tuple(result)  # type: ignore[return-value]

    def mahjong_deltas(self, entry: dict[str, Any], state: TableState) -> Four:
        return settle_scores(self.scores(entry, state), entry["winner"], state.dealer, self.options)

    def wall_deltas(
        self, entry: dict[str, Any], state: TableState, receivers: tuple[int, ...]
    ) -> Four:
        offender = entry["offender"]
        weight = east_weight(state.dealer)
        deltas = [0, 0, 0, 0]
        for seat in receivers:
            amount = self.options.limit * weight(seat, offender)
            if self.options.round_payments:
                amount = round_to_ten(amount)
            deltas[seat] += amount
            deltas[offender] -= amount
        return tuple(deltas)  # type: ignore[return-value]


def _european_fills(count: Any) -> dict[str, int]:
    return {
        "points": count.points,
        "doubles": count.doubles,
        "limit_hand": int(bool(count.limit_hand)),
    }


def _fimj_fills(count: Any) -> dict[str, int]:
    return {**_european_fills(count), "limit_hand": 0, "limit_tier": count.limit_tier or 0}


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
    tiles (docs/rules.md §7.3; the counting is :mod:`rules.classic_count`).

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
    preset = variant_preset(variant)  # an unknown variant is refused by name
    return count_hand(
        hand,
        preset=options if options is not None else preset,
        fimj=preset.multiple_win,  # the FIMJ variant's values
        score=hand_score,
        mahjong=mahjong,
        self_drawn=self_drawn,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        flowers=flowers,
        seasons=seasons,
        conditions=conditions,
    )
