"""Penalties: the catalogue a rule set offers and what each one costs.

The reference catalogue is the MERS one (MCR, docs/rules.md §2.3-2.5, after MCR App. D and App. E):

- ``late_arrival`` (App. E 2.3): 1..10 minutes late = 10 points, 11..15 = 20, later = disqualified
  for the session (a substitute plays the seat; the late player gets 0 for that session);
- ``false_hu`` (App. E 2.10, App. D): only when the tiles were revealed; four sets and a pair but
  under 8 fan = 10 to each other player, an invalid hand = 20 to each (the table stays zero-sum);
- ``infraction`` (App. D (1), App. E 3.1): the ladder warning, 5, 10, 20, 30, then +10 each time,
  counted per player, per kind of infraction, per session;
- ``tile_not_shown`` (App. E 2.9.7): winning tile not shown before counting = 10 points;
- ``referee_decision`` (App. E 3.4): any amount, with a written reason;
- ``disqualification`` (App. E 3.5): the player leaves the tournament standings.

Except ``false_hu``, these points come off the offender's score and are paid to nobody. Rule sets
whose sources are silent reuse this catalogue scaled by their ``penalty_unit`` setting (riichi
points are a hundred times MCR points). Penalties that are part of a hand (riichi ``chombo``, the
classic ``false_mahjong``, a destroyed wall) are listed in the catalogue with ``hand_entry`` naming
the outcome or entry field that records them: they are entered with the hand, through
``RuleSet.settle``, never through ``RuleSet.penalty``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.checks import SEATS, check_bool, check_int, check_seat
from rules.errors import RuleError
from rules.i18n import _
from rules.limits import MAX_MINUTES_LATE, MAX_PENALTY_AMOUNT

LATE_ARRIVAL = "late_arrival"
FALSE_HU = "false_hu"
INFRACTION = "infraction"
TILE_NOT_SHOWN = "tile_not_shown"
REFEREE_DECISION = "referee_decision"
DISQUALIFICATION = "disqualification"
CHOMBO = "chombo"
FALSE_MAHJONG = "false_mahjong"
WALL_DESTROYED = "wall_destroyed"

#: Where a penalty's points go: the session score (which decides the place at the table), or,
#: in riichi, the final score after uma (so the penalty does not change anybody's uma).
SCORE = "score"
FINAL_SCORE = "final_score"

#: MERS amounts, in MCR points (multiplied by a rule set's ``penalty_unit``).
LATE_UP_TO_10_MINUTES = 10
LATE_UP_TO_15_MINUTES = 20
TILE_NOT_SHOWN_POINTS = 10
FALSE_HU_VALID_SHAPE = 10
FALSE_HU_INVALID_HAND = 20


@dataclass(frozen=True)
class PenaltyKind:
    """One entry of a rule set's penalty catalogue.

    ``params`` are the keyword arguments ``RuleSet.penalty`` takes for this kind (``minutes``,
    ``occurrence``, ``amount``, ``reason``, ``valid_shape``, ``revealed``), of which
    ``optional_params`` may be left out. ``transfers`` is true when the points go to the other
    players at the table instead of to nobody.
    """

    code: str
    label: str
    help_text: str = ""
    params: tuple[str, ...] = ()
    optional_params: tuple[str, ...] = ()
    transfers: bool = False
    applies_to: str = SCORE
    hand_entry: str | None = None


@dataclass(frozen=True)
class PenaltyOutcome:
    """What one penalty does.

    ``offender_points`` (<= 0) comes off the offender; ``others_points`` (>= 0) goes to each of
    the three other players at the table (0 when the points are paid to nobody).
    ``disqualified_for_session``: a substitute plays the seat and the offender scores 0 for the
    session. ``occurrence`` is the infraction count used for the ladder.
    """

    code: str
    offender_points: int
    others_points: int = 0
    disqualified_for_session: bool = False
    disqualified_from_tournament: bool = False
    occurrence: int | None = None
    applies_to: str = SCORE
    reason: str = ""

    @property
    def transfers(self) -> bool:
        """True when other players receive points (the penalty keeps the table zero-sum)."""
        return self.others_points != 0

    def deltas(self, offender: int) -> tuple[int, int, int, int]:
        """The penalty as four per-seat deltas for an offender in seat ``offender``."""
        check_seat(offender, _("Offender"))
        return tuple(  # type: ignore[return-value]
            self.offender_points if seat == offender else self.others_points for seat in SEATS
        )


def late_arrival_points(minutes: int) -> int | None:
    """MERS late-arrival penalty for ``minutes`` late: 0, 10, 20, or ``None`` (disqualified).

    docs/rules.md §2.5 (MCR App. E 2.3): up to 10 minutes late = 10 points; up to 15 minutes =
    20 points; after 15 minutes the player is disqualified for the session.
    """
    minutes = check_int(minutes, _("Minutes late"), minimum=0, maximum=MAX_MINUTES_LATE)
    if minutes == 0:
        return 0
    if minutes <= 10:
        return LATE_UP_TO_10_MINUTES
    if minutes <= 15:
        return LATE_UP_TO_15_MINUTES
    return None


def infraction_points(occurrence: int) -> int:
    """MERS ladder for the ``occurrence``-th repeat of one infraction (1 = warning = 0).

    docs/rules.md §2.4 (MCR App. D (1)): warning, 5, 10, 20, 30, then +10 each (40, 50...).
    """
    occurrence = check_int(occurrence, _("Occurrence"), minimum=1)
    if occurrence == 1:
        return 0
    if occurrence == 2:
        return 5
    return 10 * (occurrence - 2)


def false_hu_each(valid_shape: bool, revealed: bool = True) -> int:
    """What each other player receives from a false Hu (docs/rules.md §2.3): 10 with four sets
    and a pair under 8 fan, 20 with an invalid hand, nothing when the tiles were not revealed."""
    valid_shape = check_bool(valid_shape, _("Valid shape"))
    revealed = check_bool(revealed, _("Tiles revealed"))
    if not revealed:
        return 0
    return FALSE_HU_VALID_SHAPE if valid_shape else FALSE_HU_INVALID_HAND


def mers_kinds(
    *, applies_to: str = SCORE, tile_not_shown: bool = True, false_hu: bool = True
) -> tuple[PenaltyKind, ...]:
    """The MERS catalogue, optionally without the MCR-only kinds."""
    kinds = [
        PenaltyKind(
            LATE_ARRIVAL,
            _("Late arrival"),
            _(
                "Up to 10 minutes late: 10 points; up to 15: 20 points; later: disqualified for "
                "the session and replaced by a substitute."
            ),
            params=("minutes",),
            applies_to=applies_to,
        ),
    ]
    if false_hu:
        kinds.append(
            PenaltyKind(
                FALSE_HU,
                _("False Hu"),
                _(
                    "Only when the tiles were revealed: four sets and a pair under 8 fan pays 10 "
                    "to each other player; an invalid hand pays 20 to each."
                ),
                params=("valid_shape", "revealed"),
                optional_params=("revealed",),
                transfers=True,
                applies_to=applies_to,
            )
        )
    kinds.append(
        PenaltyKind(
            INFRACTION,
            _("Repeated infraction"),
            _(
                "Per player and kind of infraction in a session: warning, 5, 10, 20, 30, then 10 "
                "more each time."
            ),
            params=("occurrence",),
            applies_to=applies_to,
        )
    )
    if tile_not_shown:
        kinds.append(
            PenaltyKind(
                TILE_NOT_SHOWN,
                _("Winning tile not shown"),
                _("The winning tile was not shown before counting: 10 points."),
                applies_to=applies_to,
            )
        )
    kinds += [
        PenaltyKind(
            REFEREE_DECISION,
            _("Referee's decision"),
            _("Any amount decided by the referee, with a written reason."),
            params=("amount", "reason"),
            applies_to=applies_to,
        ),
        PenaltyKind(
            DISQUALIFICATION,
            _("Disqualification"),
            _("The player is disqualified from the tournament and leaves the standings."),
            params=("reason",),
            optional_params=("reason",),
            applies_to=applies_to,
        ),
    ]
    return tuple(kinds)


def check_params(kind: PenaltyKind, params: Mapping[str, Any]) -> None:
    """Raise unless ``params`` are exactly the parameters ``kind`` takes."""
    unknown = sorted(set(params) - set(kind.params))
    if unknown:
        raise RuleError(
            _("{penalty} does not take {names}; it takes: {valid}"),
            penalty=kind.label,
            names=", ".join(unknown),
            valid=", ".join(kind.params) or _("nothing"),
        )
    missing = [
        name for name in kind.params if name not in params and name not in kind.optional_params
    ]
    if missing:
        raise RuleError(_("{penalty} needs {names}"), penalty=kind.label, names=", ".join(missing))


def mers_outcome(kind: PenaltyKind, params: Mapping[str, Any], *, unit: int) -> PenaltyOutcome:
    """Compute a MERS-catalogue penalty, amounts multiplied by ``unit``."""
    code = kind.code
    if code == LATE_ARRIVAL:
        points = late_arrival_points(params["minutes"])
        if points is None:
            return PenaltyOutcome(
                code, 0, disqualified_for_session=True, applies_to=kind.applies_to
            )
        return PenaltyOutcome(code, -points * unit, applies_to=kind.applies_to)
    if code == FALSE_HU:
        each = false_hu_each(params["valid_shape"], params.get("revealed", True)) * unit
        return PenaltyOutcome(code, -3 * each, each, applies_to=kind.applies_to)
    if code == INFRACTION:
        occurrence = params["occurrence"]
        points = infraction_points(occurrence)
        return PenaltyOutcome(
            code, -points * unit, occurrence=occurrence, applies_to=kind.applies_to
        )
    if code == TILE_NOT_SHOWN:
        return PenaltyOutcome(code, -TILE_NOT_SHOWN_POINTS * unit, applies_to=kind.applies_to)
    if code == REFEREE_DECISION:
        amount = check_int(
            params["amount"], _("Penalty amount"), minimum=0, maximum=MAX_PENALTY_AMOUNT
        )
        reason = params["reason"]
        if not isinstance(reason, str) or not reason.strip():
            raise RuleError(_("A referee's decision needs a written reason"))
        return PenaltyOutcome(code, -amount, reason=reason.strip(), applies_to=kind.applies_to)
    if code == DISQUALIFICATION:
        reason = params.get("reason", "")
        if not isinstance(reason, str):
            raise RuleError(_("The reason must be text; got {value}"), value=reason)
        return PenaltyOutcome(
            code,
            0,
            disqualified_from_tournament=True,
            reason=reason.strip(),
            applies_to=kind.applies_to,
        )
    raise AssertionError(f"no MERS rule for penalty {code!r}")  # pragma: no cover
