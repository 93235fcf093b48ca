"""The classic variants as data (docs/rules.md §4, §6.7): one frozen preset per variant, the
European game and the FIMJ Italian variant, and the settings a director may change. The rule set
(:mod:`rules.classic`) reads these fields and never tests the variant's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import RuleError
from rules.i18n import _
from rules.limits import MAX_LIMIT_VALUE
from rules.options import BOOL, INT, TEXT, option
from rules.rack import RackOptions


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
        max_value=MAX_LIMIT_VALUE,
        help_text=_(
            "What a limit hand scores; 0 means the limit. FIMJ suggests 1000 to 6000 "
            "depending on the hand."
        ),
    )
    variant_label: str = option(_("European"), label=_("Variant"), kind=TEXT, settable=False)
    multiple_win: bool = option(
        False,
        label=_("Multiple win"),
        kind=BOOL,
        settable=False,
        help_text=_("FIMJ: two players may win on the same discard."),
    )
    prevalent_from_breach: bool = option(
        False,
        label=_("First prevalent wind from the first breach"),
        kind=BOOL,
        settable=False,
        help_text=_(
            "FIMJ: the first prevalent wind is the wind of the player who opens the first "
            "breach in the wall (European: always East)."
        ),
    )


@dataclass(frozen=True)
class EuropeanOptions(ClassicOptions):
    """The European game's settings: the classic ones and what the European text leaves open."""

    shape_doubles_for_all: bool = option(
        False,
        label=_("Every player's hand-shape doubles"),
        kind=BOOL,
        help_text=_(
            "Count from tiles: the doubles for terminals and honours, one suit with honours, one "
            "suit, and honours only go to every player, not only the winner (some manuals do so, "
            "the European text notes)."
        ),
    )
    washout_keeps_deal: bool = option(
        False,
        label=_("East keeps the deal after a washout"),
        kind=BOOL,
        help_text=_(
            "The European text does not say. Off: the deal passes whenever East does not win."
        ),
    )


def _limit_tier(default: int, label: str, help_text: str) -> Any:
    return option(
        default,
        label=label,
        kind=INT,
        min_value=10,
        max_value=MAX_LIMIT_VALUE,
        help_text=help_text,
    )


@dataclass(frozen=True)
class FimjOptions(ClassicOptions):
    """The FIMJ variant's settings: the classic ones, the limit-hand tiers and the multiple win."""

    limit_tier_1: int = _limit_tier(
        1000,
        _("Limit hands worth 1000-2000"),
        _("Piccolo serpente. The FIMJ suggests 1000 to 2000 points."),
    )
    limit_tier_2: int = _limit_tier(
        2000,
        _("Limit hands worth 2000-4000"),
        _(
            "Tutte coppie di Testa, Tutte coppie di colore, Serpenti siamesi, Serpente dei "
            "draghi, Raduno di draghi, Quattro benedizioni della casa, Tredici lanterne "
            "meravigliose. The FIMJ suggests 2000 to 4000 points."
        ),
    )
    limit_tier_3: int = _limit_tier(
        3000,
        _("Limit hands worth 3000-6000"),
        _(
            "Uscita degli dei, Tutto kong, Casa piena dei nove pezzi. The FIMJ suggests 3000 to "
            "6000 points."
        ),
    )
    winners_settle_difference: bool = option(
        False,
        label=_("Winners of a multiple win settle their difference"),
        kind=BOOL,
        help_text=_(
            "The FIMJ text does not say. Off: the winners pay each other nothing; on: the lower "
            "pays the higher the difference of their scores."
        ),
    )

    def tier_values(self) -> tuple[int, ...]:
        """The value of a limit hand of tier 1, 2 and 3."""
        return (self.limit_tier_1, self.limit_tier_2, self.limit_tier_3)


EUROPEAN = EuropeanOptions()

FIMJ = FimjOptions(
    code="fimj",
    name=_("FIMJ Italian variant"),
    limit=1000,
    max_dealer_repeats=0,
    round_payments=True,
    variant_label=_("FIMJ"),
    multiple_win=True,
    prevalent_from_breach=True,
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
