"""The EMA Riichi editions as data.

One frozen :class:`RiichiOptions` per edition (docs/rules.md §3: 2008 after EMA 2008, 2016 from
the decision log). The payment and ranking code in :mod:`rules.riichi` reads these fields and never
tests the edition. Fields declared ``settable`` may be changed by a tournament setting.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import RuleError
from rules.i18n import _
from rules.limits import MAX_PENALTY_UNIT, MAX_UMA
from rules.options import BOOL, INT, INT_TUPLE, TEXT, option

MANGAN_BASE = 2000
YAKUMAN_BASE = 8000
SANBAIMAN_BASE = 6000


def check_uma(uma: tuple[int, ...]) -> None:
    """An uma must go from first to last place, sum to 0 and stay within +/- MAX_UMA."""
    if any(abs(value) > MAX_UMA for value in uma):
        raise RuleError(
            _("Each place's uma must be between -{limit} and {limit}; got {uma}"),
            limit=MAX_UMA,
            uma=", ".join(map(str, uma)),
        )
    if list(uma) != sorted(uma, reverse=True) or sum(uma) != 0:
        raise RuleError(
            _("The uma must go from first to last place and sum to 0; got {uma}"),
            uma=", ".join(map(str, uma)),
        )


@dataclass(frozen=True)
class RiichiOptions:
    """One EMA Riichi edition and its settings."""

    edition: str = option("2008", label=_("Edition"), kind=TEXT, settable=False)
    name: str = option(_("EMA Riichi 2008"), label=_("Name"), kind=TEXT, settable=False)
    starting_points: int = option(30000, label=_("Starting points"), kind=INT, settable=False)
    return_points: int = option(
        30000,
        label=_("Points subtracted at the end"),
        kind=INT,
        settable=False,
    )
    uma: tuple[int, ...] = option(
        (9000, 3000, -3000, -9000),
        label=_("Uma"),
        kind=INT_TUPLE,
        length=4,
        help_text=_("Bonus by place, first to last; tied players share their places' uma."),
        check=check_uma,
    )
    counted_yakuman_base: int = option(
        YAKUMAN_BASE,
        label=_("Base points of 13 or more han"),
        kind=INT,
        settable=False,
        help_text=_("2008: a counted yakuman (8000); 2016: sanbaiman (6000)."),
    )
    max_yakuman: int = option(
        2,
        label=_("Largest yakuman multiple"),
        kind=INT,
        settable=False,
        help_text=_("2008: Big Four Winds is a double yakuman; 2016: a single yakuman at most."),
    )
    red_fives: int = option(
        3,
        label=_("Red fives"),
        kind=INT,
        settable=False,
        help_text=_(
            "2008: three red fives, one of each suit, each worth a dora (sections 1.1 and 4.1); "
            "2016: none."
        ),
    )
    five_counters_two_yaku: bool = option(
        True,
        label=_("Five counters need two yaku"),
        kind=BOOL,
        help_text=_(
            "With five counters or more on the table a win needs at least two yaku (2008 "
            "section 3.4.11): a win of 1 han is refused."
        ),
    )
    chombo_payment: bool = option(
        True,
        label=_("Chombo paid at the table"),
        kind=BOOL,
        settable=False,
        help_text=_(
            "2008: a mangan-size payment, 4000 to the dealer and 2000 to the others (4000 "
            "to each when the dealer is the offender)."
        ),
    )
    chombo_final_penalty: int = option(
        0,
        label=_("Chombo penalty on the final score"),
        kind=INT,
        settable=False,
        help_text=_("2016: 20000 off the final score after uma, per chombo."),
    )
    abortive_draws: bool = option(
        True,
        label=_("Abortive draws"),
        kind=BOOL,
        help_text=_(
            "Allow abortive draws (2008 section 3.4.3): no payments, a counter is added, "
            "the dealer keeps the deal only when tenpai. The 2016 edition has none."
        ),
    )
    leftover_deposits_to_first: bool = option(
        True,
        label=_("Leftover deposits to first place"),
        kind=BOOL,
        help_text=_(
            "At the end of the game the riichi deposits left on the table go to first "
            "place (shared equally on a tie)."
        ),
    )
    penalty_unit: int = option(
        100,
        label=_("Penalty unit"),
        kind=INT,
        min_value=1,
        max_value=MAX_PENALTY_UNIT,
        help_text=_(
            "Multiplier of the MERS penalty amounts (late arrival 10 -> 1000 points); "
            "these penalties come off the final score."
        ),
    )


EMA_2008 = RiichiOptions()

EMA_2016 = RiichiOptions(
    edition="2016",
    name=_("EMA Riichi 2016"),
    uma=(15000, 5000, -5000, -15000),
    counted_yakuman_base=SANBAIMAN_BASE,
    max_yakuman=1,
    red_fives=0,
    five_counters_two_yaku=False,
    chombo_payment=False,
    chombo_final_penalty=20000,
    abortive_draws=False,
)

EDITIONS = {"2008": EMA_2008, "2016": EMA_2016}


def edition_preset(edition: str | int) -> RiichiOptions:
    """The preset of an edition given as ``"2008"``/``"2016"`` (ints accepted)."""
    key = str(edition)
    if key not in EDITIONS:
        raise RuleError(
            _("Unknown EMA Riichi edition {edition}; the editions are: {valid}"),
            edition=edition,
            valid=", ".join(EDITIONS),
        )
    return EDITIONS[key]
