"""Giving and cancelling penalties.

The cost of a penalty comes from the tournament's rule set (`RuleSet.penalty`); this module adds
what needs the database: counting earlier occurrences of the same infraction for the infraction
ladder, the transfer to the other players at the table, the late player's disqualification for the
session, and the audit trail. A penalty is cancelled with a reason, never deleted.
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

import rules
from common.clock import database_now
from common.i18n import translate_error
from rules.limits import MAX_HAND_NUMBER, MAX_PENALTY_POINTS
from scoring.models import INFRACTIONS, AuditAction, Penalty
from scoring.services.audit import log_action
from scoring.services.tables import (
    TableError,
    bump_revision,
    check_writable,
    lock_session,
    lock_table,
    submission_used_elsewhere,
)
from tournament.models import Registration, RegistrationStatus, Seat
from tournament.rulesets import ruleset_for

TOURNAMENT_WIDE_INFRACTIONS = ("obstruction", "time_wasting")
#: Kinds only the director may give (a referee asks the director).
DIRECTOR_ONLY = ("disqualification",)


class DuplicatePenalty(Exception):
    """The same penalty form was sent twice; `penalty` is what the first one saved."""

    def __init__(self, penalty):
        super().__init__(str(penalty))
        self.penalty = penalty


def infraction_label(code):
    return dict(INFRACTIONS).get(code, code)


@dataclass
class PenaltyProposal:
    """What a penalty will do, shown to the referee before it is saved."""

    kind: rules.PenaltyKind
    outcome: rules.PenaltyOutcome
    params: dict
    occurrence: int | None = None


def earlier_occurrences(registration, session, infraction):
    """Live penalties for the same infraction that count toward the ladder."""
    penalties = (
        Penalty.objects.filter(
            registration=registration, kind=rules.penalties.INFRACTION, cancelled_at__isnull=True
        )
        .annotate(name=Lower("infraction"))
        .filter(name=infraction.strip().lower())
    )
    if infraction not in TOURNAMENT_WIDE_INFRACTIONS:
        penalties = penalties.filter(session=session)
    return penalties.count()


def catalogue(ruleset, *, director):
    """The penalties offered on a form: the rule set's, without those entered with a hand."""
    return [
        kind
        for kind in ruleset.penalty_catalogue
        if kind.hand_entry is None and (director or kind.code not in DIRECTOR_ONLY)
    ]


def propose(
    session,
    registration,
    kind_code,
    *,
    minutes=None,
    infraction="",
    valid_shape=None,
    revealed=True,
    amount=None,
    reason="",
    director=False,
):
    """Compute a penalty without saving it; raises TableError with the reason if it is refused."""
    ruleset = ruleset_for(session.tournament)
    kinds = {kind.code: kind for kind in catalogue(ruleset, director=director)}
    if kind_code not in kinds:
        raise TableError(_("This penalty cannot be given here."))
    kind = kinds[kind_code]
    values = {
        "minutes": minutes,
        "valid_shape": valid_shape,
        "revealed": revealed,
        "amount": amount,
        "reason": reason,
    }
    occurrence = None
    if kind_code == rules.penalties.INFRACTION:
        if not infraction.strip():
            raise TableError(_("Name the infraction: the ladder counts each one separately."))
        occurrence = earlier_occurrences(registration, session, infraction) + 1
        values["occurrence"] = occurrence
    params = {name: values[name] for name in kind.params if values.get(name) is not None}
    try:
        outcome = ruleset.penalty(kind_code, **params)
    except rules.RuleError as exc:
        raise TableError(translate_error(exc)) from exc
    return PenaltyProposal(kind=kind, outcome=outcome, params=params, occurrence=occurrence)


@transaction.atomic
def give_penalty(
    session,
    registration,
    kind_code,
    *,
    actor,
    table=None,
    revision=None,
    hand_number=None,
    infraction="",
    seen=None,
    submission=None,
    **params,
):
    """Compute and save a penalty; return it. `table` is the table it was given at, if any.

    `seen` is how many penalties the player had in the session when the proposal was shown:
    if there are more now (a double tap, another device), nothing is saved. `submission` is the
    form's one-time id: sent again (the phone's offline queue after a lost answer), it raises
    `DuplicatePenalty` with the penalty it saved the first time.
    """
    if registration.tournament_id != session.tournament_id:
        raise TableError(_("This player is not registered in this tournament."))
    if hand_number is not None and (
        not isinstance(hand_number, int) or not 1 <= hand_number <= MAX_HAND_NUMBER
    ):
        raise TableError(
            _("The hand number must be a whole number from 1 to %(maximum)s.")
            % {"maximum": MAX_HAND_NUMBER}
        )
    # The tournament and the session first (the desk's lock order: a withdrawal holding the
    # tournament and waiting for this registration deadlocked with a penalty that held the
    # registration and waited for the tournament), then one writer per player at a time: the
    # ladder counts earlier penalties just below.
    session = lock_session(session)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if submission is not None:
        already = Penalty.objects.filter(submission=submission).first()
        if already is not None and already.table_id != (table.pk if table is not None else None):
            raise submission_used_elsewhere()
        if already is not None:
            raise DuplicatePenalty(already)
    if seen is not None and penalties_of(session, registration) != seen:
        raise TableError(
            _(
                "A penalty for this player was saved meanwhile (a second tap?): "
                "check the list below before giving another."
            )
        )
    seat = (
        Seat.objects.filter(session=session, registration=registration)
        .select_related("table")
        .first()
    )
    if seat is None:
        seat = (
            Seat.objects.filter(session=session, replaced=registration)
            .select_related("table")
            .first()
        )
    if table is not None and (seat is None or seat.table_id != table.pk):
        raise TableError(_("This player does not sit at this table."))
    table = seat.table if seat is not None else None
    proposal = propose(
        session,
        registration,
        kind_code,
        infraction=infraction,
        director=actor.is_director,
        **params,
    )
    outcome = proposal.outcome
    if -outcome.offender_points > MAX_PENALTY_POINTS or outcome.others_points > MAX_PENALTY_POINTS:
        raise TableError(
            _("A penalty cannot be more than %(maximum)s points; ask the director.")
            % {"maximum": MAX_PENALTY_POINTS}
        )
    changes_points = bool(outcome.offender_points or outcome.others_points)
    if table is not None:
        table = lock_table(table)
        # A penalty that changes points needs an open table, so that its result includes it.
        check_writable(table, actor=actor, revision=revision, allow_closed=not changes_points)
    elif outcome.others_points:
        raise TableError(
            _(
                "This penalty pays the other players at the table, but the player "
                "has no table in this session."
            )
        )
    penalty = Penalty.objects.create(
        registration=registration,
        session=session,
        table=table,
        hand_number=hand_number,
        kind=kind_code,
        infraction=infraction.strip(),
        occurrence=proposal.occurrence,
        minutes_late=params.get("minutes"),
        points=outcome.offender_points,
        transfer=outcome.others_points,
        disqualified_for_session=outcome.disqualified_for_session,
        reason=outcome.reason or params.get("reason", ""),
        given_by=actor.user,
        submission=submission,
    )
    if outcome.disqualified_from_tournament:
        registration.status = RegistrationStatus.DISQUALIFIED
        registration.save(update_fields=["status"])
        if registration.finalist:  # the next qualifier moves up (docs/rules.md §9.5)
            from scoring.stages.services import moved_up

            moved_up(session.tournament, registration)
    if table is not None:
        bump_revision(table)
        penalty.table_revision = table.revision
        penalty.save(update_fields=["table_revision"])
    log_action(
        actor,
        AuditAction.PENALTY_GIVEN,
        session=session,
        table=table,
        registrations=[registration],
        hand_number=hand_number,
        changes={
            "kind": kind_code,
            "infraction": penalty.infraction,
            "occurrence": penalty.occurrence,
            "points": penalty.points,
            "transfer": penalty.transfer,
            "params": _plain(params),
        },
    )
    return penalty


def penalties_of(session, registration):
    """How many penalties (cancelled ones included) the player has in the session."""
    return Penalty.objects.filter(session=session, registration=registration).count()


def _plain(params):
    return {name: value for name, value in params.items() if value not in (None, "")}


@transaction.atomic
def cancel_penalty(penalty, *, actor, reason):
    """Cancel a penalty with a reason (directors only); it stays on record."""
    if not actor.is_director:
        raise TableError(_("Only the director can cancel a penalty."))
    if not reason or not reason.strip():
        raise TableError(_("Write why the penalty is cancelled."))
    lock_session(penalty.session)  # the tournament first, then the penalty and its table
    penalty = Penalty.objects.select_for_update().get(pk=penalty.pk)
    if penalty.is_cancelled:
        raise TableError(_("This penalty was already cancelled."))
    if penalty.table_id:
        table = lock_table(penalty.table)
        # Cancelling points changes the table's result: the table must be open (reopen it).
        check_writable(table, actor=actor, allow_closed=not (penalty.points or penalty.transfer))
        bump_revision(table)
    penalty.cancelled_at = database_now()
    penalty.cancelled_by = actor.user
    penalty.cancel_reason = reason.strip()
    penalty.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
    if penalty.kind == rules.penalties.DISQUALIFICATION:
        penalty.registration.status = RegistrationStatus.ACTIVE
        penalty.registration.save(update_fields=["status"])
    log_action(
        actor,
        AuditAction.PENALTY_CANCELLED,
        session=penalty.session,
        table=penalty.table,
        registrations=[penalty.registration],
        changes={"reason": penalty.cancel_reason, "points": penalty.points},
    )
    return penalty
