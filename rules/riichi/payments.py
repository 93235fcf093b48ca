"""EMA Riichi payments and end-of-game scores (docs/rules.md §3.2-3.9).

Pure functions, one edition preset each (:mod:`rules.riichi.presets`):

- a hand's base points M = fu x 2^(han+2) below 5 han, capped at 2000 (mangan); 5 han = mangan,
  6-7 haneman, 8-10 baiman, 11-12 sanbaiman, 13+ a counted yakuman (2008) or sanbaiman (2016);
  a yakuman hand is 8000 per yakuman. 30 fu 4 han stays 7700 (no rounding up to mangan);
- ron: the discarder pays 4M (6M to the dealer), rounded up to 100, plus 300 per counter;
- tsumo: a non-dealer winner gets 2M from the dealer and M from the others, a dealer 2M from
  each; each payment rounded up to 100 separately, plus 100 per counter from each payer;
- exhaustive draw: noten players pay 3000 in all to the tenpai players;
- 2008 chombo: a mangan paid by the offender (4000 to the dealer, 2000 to the others; a dealer
  offender pays 4000 to each);
- end of game: final score = end points - 30000 + uma (tied players share the uma of their places)
  - 20000 per chombo in 2016.

The rule set that uses these to run a table is :class:`rules.riichi.table.RiichiRuleSet`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.checks import (
    SEATS,
    check_bool,
    check_four_bools,
    check_four_ints,
    check_int,
    check_seat,
    is_int,
)
from rules.errors import RuleError
from rules.i18n import _
from rules.ranking import share
from rules.riichi.presets import MANGAN_BASE, YAKUMAN_BASE, RiichiOptions, edition_preset
from rules.state import Four

#: Fu a hand can have after rounding up: 25 (seven pairs), 20, and multiples of 10 up to 140.
VALID_FU = (20, 25, *range(30, 150, 10))
MAX_HAN = 99  #: a ceiling for typing slips; from 13 han every hand pays the same
RIICHI_STAKE = 1000
HONBA_RON = 300
HONBA_TSUMO = 100
NOTEN_TOTAL = 3000

#: (lowest han, base points) of the limit hands below 13 han.
LIMITS = ((11, 6000), (8, 4000), (6, 3000), (5, MANGAN_BASE))


def round_up_100(points: int) -> int:
    """Round a payment up to the next multiple of 100."""
    return -(-points // 100) * 100


def check_value(han: Any, fu: Any, yakuman: Any, preset: RiichiOptions) -> tuple[int, int, int]:
    """Check a hand's value; return ``(han, fu, yakuman)`` with unused parts as 0."""
    yakuman = check_int(yakuman, _("Yakuman"), minimum=0, maximum=preset.max_yakuman)
    if yakuman:
        return 0, 0, yakuman
    han = check_int(han, _("Han"), minimum=1, maximum=MAX_HAN)
    if han >= 5:
        return han, 0, 0
    if not is_int(fu) or fu not in VALID_FU:
        raise RuleError(
            _("Fu must be 20, 25 or a multiple of 10 from 30 to 140 (rounded up); got {fu}"),
            fu=fu,
        )
    return han, fu, 0


def base_points_for(han: int, fu: int, yakuman: int, preset: RiichiOptions) -> int:
    """Base points M of a checked hand value under ``preset``."""
    if yakuman:
        return YAKUMAN_BASE * yakuman
    if han >= 13:
        return preset.counted_yakuman_base
    for lowest, base in LIMITS:
        if han >= lowest:
            return base
    return min(fu * 2 ** (han + 2), MANGAN_BASE)


def base_points(han: int, fu: int | None = None, *, edition: str = "2008", yakuman: int = 0) -> int:
    """Base points M of a hand (``fu`` is ignored from 5 han and for yakuman hands).

    >>> base_points(4, 30), base_points(13, edition="2008"), base_points(13, edition="2016")
    (1920, 8000, 6000)
    """
    preset = edition_preset(edition)
    return base_points_for(*check_value(han, fu, yakuman, preset), preset)


def _honba(honba: Any) -> int:
    return check_int(honba, _("Counters"), minimum=0)


def ron_amount(base: int, *, dealer: bool, honba: int) -> int:
    """What the discarder pays for a hand of ``base`` points (counters included)."""
    return round_up_100((6 if dealer else 4) * base) + HONBA_RON * honba


def tsumo_amounts(base: int, *, dealer: bool, honba: int) -> tuple[int, int]:
    """(paid by each non-dealer, paid by the dealer) for a self-drawn hand (counters included)."""
    if dealer:
        each = round_up_100(2 * base) + HONBA_TSUMO * honba
        return each, each
    return (
        round_up_100(base) + HONBA_TSUMO * honba,
        round_up_100(2 * base) + HONBA_TSUMO * honba,
    )


def ron_payment(
    han: int,
    fu: int | None = None,
    *,
    dealer: bool,
    honba: int = 0,
    edition: str = "2008",
    yakuman: int = 0,
) -> int:
    """What the discarder pays on a ron: 4M (6M to the dealer) rounded up to 100, + 300/counter.

    ``dealer`` is whether the *winner* is the dealer. ``yakuman`` (0, 1 or 2) counts the yakuman
    of a yakuman hand, whose han and fu are then not needed.

    >>> ron_payment(4, 30, dealer=False), ron_payment(4, 30, dealer=True, honba=1)
    (7700, 11900)
    """
    dealer = check_bool(dealer, _("Dealer"))
    base = base_points(han, fu, edition=edition, yakuman=yakuman)
    return ron_amount(base, dealer=dealer, honba=_honba(honba))


def tsumo_payments(
    han: int,
    fu: int | None = None,
    *,
    dealer: bool,
    honba: int = 0,
    edition: str = "2008",
    yakuman: int = 0,
) -> tuple[int, int]:
    """(paid by each non-dealer, paid by the dealer) on a tsumo, + 100/counter from each payer.

    For a dealer's win both numbers are what each of the three others pays.

    >>> tsumo_payments(3, 30, dealer=False), tsumo_payments(3, 30, dealer=True)
    ((1000, 2000), (2000, 2000))
    """
    dealer = check_bool(dealer, _("Dealer"))
    base = base_points(han, fu, edition=edition, yakuman=yakuman)
    return tsumo_amounts(base, dealer=dealer, honba=_honba(honba))


def noten_payments(tenpai: Any) -> Four:
    """Exhaustive-draw payments: the noten players pay 3000 in all to the tenpai players.

    >>> noten_payments((True, False, False, False))
    (3000, -1000, -1000, -1000)
    """
    tenpai = check_four_bools(tenpai, _("Tenpai"))
    count = sum(tenpai)
    if count in (0, 4):
        return (0, 0, 0, 0)
    gain = NOTEN_TOTAL // count
    loss = NOTEN_TOTAL // (4 - count)
    return tuple(gain if ready else -loss for ready in tenpai)


def chombo_deltas(offender: int, dealer: int) -> Four:
    """A mangan paid by the offender: 4000 to the dealer and 2000 to each other player, or 4000 to
    each when the offender is the dealer (docs/rules.md §3.6, 2008 edition)."""
    offender = check_seat(offender, _("Offender"))
    dealer = check_seat(dealer, _("Dealer"))
    deltas = [0, 0, 0, 0]
    for seat in SEATS:
        if seat != offender:
            amount = 2 * MANGAN_BASE if offender == dealer or seat == dealer else MANGAN_BASE
            deltas[seat] = amount
            deltas[offender] -= amount
    return tuple(deltas)  # type: ignore[return-value]


def chombo_payments(offender: int, dealer: int) -> Four:
    """2008 chombo payments, four deltas (see :func:`chombo_deltas`).

    >>> chombo_payments(2, 0), chombo_payments(0, 0)
    ((4000, 2000, -8000, 2000), (-12000, 4000, 4000, 4000))
    """
    return chombo_deltas(offender, dealer)


def uma_for(points: Four, preset: RiichiOptions) -> tuple[Fraction, ...]:
    """Uma by end points under ``preset``; tied players share their places' uma."""
    return share(preset.uma, points)


def uma(points: Any, *, edition: str) -> tuple[Fraction, ...]:
    """Uma of each seat by end points (2008: +9000/+3000/-3000/-9000; 2016: +15000/+5000/
    -5000/-15000); tied players share the uma of the places they occupy.

    >>> [int(u) for u in uma((40000, 40000, 25000, 15000), edition="2008")]
    [6000, 6000, -3000, -9000]
    """
    preset = edition_preset(edition)
    return uma_for(check_four_ints(points, _("End points")), preset)


def final_scores(
    end_points: Any, *, edition: str, chombo: Any = (0, 0, 0, 0)
) -> tuple[Fraction, ...]:
    """Final game scores: end points - 30000 + uma, - 20000 per chombo in 2016 (0 in 2008, where
    chombo is paid at the table)."""
    preset = edition_preset(edition)
    end_points = check_four_ints(end_points, _("End points"))
    chombo = check_four_ints(chombo, _("Chombo counts"), minimum=0)
    bonus = uma_for(end_points, preset)
    return tuple(
        points - preset.return_points + bonus[seat] - preset.chombo_final_penalty * chombo[seat]
        for seat, points in enumerate(end_points)
    )
