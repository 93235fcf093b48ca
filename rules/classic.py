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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.base import Four, TableState
from rules.checks import SEATS, check_int, round_to_ten
from rules.errors import RuleError
from rules.i18n import _
from rules.options import BOOL, INT, TEXT, option
from rules.rack import (
    RackOptions,
    RackRuleSet,
    check_scores,
    check_winner_and_east,
    pairwise_settlement,
)


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


@dataclass(frozen=True)
class ClassicOptions(RackOptions):
    """A classic variant and its settings."""

    round_payments: bool = option(
        False,
        label=_("Round every payment to 10"),
        kind=BOOL,
        settable=False,
        help_text=_(
            "FIMJ: every amount paid, after East's doubling, is rounded to the nearest 10."
        ),
    )
    limit_hand_value: int = option(
        0,
        label=_("Value of a limit hand"),
        kind=INT,
        min_value=0,
        help_text=_(
            "What a limit hand scores; 0 means the limit. FIMJ suggests 1000 to 6000 "
            "depending on the hand."
        ),
    )
    variant_label: str = option(_("European"), label=_("Variant"), kind=TEXT, settable=False)


EUROPEAN = ClassicOptions()

FIMJ = ClassicOptions(
    code="fimj",
    name=_("FIMJ Italian variant"),
    limit=1000,
    max_dealer_repeats=0,
    round_payments=True,
    variant_label=_("FIMJ"),
)

VARIANTS = {"european": EUROPEAN, "fimj": FIMJ}


def variant_preset(variant: str) -> ClassicOptions:
    """The preset of ``"european"`` or ``"fimj"``."""
    if variant not in VARIANTS:
        raise RuleError(
            _("Unknown classic variant {variant}; the variants are: {valid}"),
            variant=variant,
            valid=", ".join(VARIANTS),
        )
    return VARIANTS[variant]


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


class ClassicRuleSet(RackRuleSet):
    """Classic European or FIMJ (the variant is the preset in ``options``)."""

    def scores(self, entry: dict[str, Any], state: TableState) -> Four:
        """Each player's score for this hand."""
        limit = self.options.limit
        winner = entry.get("winner")
        result = []
        for seat in SEATS:
            if seat in entry["zero_score"]:
                result.append(0)
            elif seat == winner and entry.get("limit_hand"):
                result.append(self.options.limit_hand_value or limit)
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
