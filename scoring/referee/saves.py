"""A save at a table (a hand, a correction, a penalty, a referee call), the same whether it comes
from the table's page, the phone's offline queue or the API: the form the page uses checks what
was typed, the service writes it (lock, then re-check the revision and the one-time submission
id), and the result is one `Outcome` (`scoring.referee.answers`), which each way answers in its
own form.

A queued or API save's one-time id is looked up before anything else (`already_saved`): sent
again after a lost answer, it is "duplicate" even if the table closed since; one without an id
is "invalid" (it could be counted twice).
"""

import uuid

from django.utils.translation import gettext as _

from scoring.calls import services as calls
from scoring.models import Hand, Penalty, RefereeCall
from scoring.presentation import describe_changes
from scoring.referee import answers
from scoring.referee.answers import DUPLICATE, SAVED, Outcome
from scoring.services import hands, penalties
from scoring.services.tables import StaleTable, TableError, check_writable
from tournament.models import Table


def saved_message(hand, seats) -> str:
    return _("Hand %(number)s saved: %(changes)s") % {
        "number": hand.number,
        "changes": describe_changes(hand.changes, seats),
    }


def corrected_message(hand, seats) -> str:
    return _("Hand %(number)s corrected (version %(version)s): %(changes)s") % {
        "number": hand.number,
        "version": hand.version,
        "changes": describe_changes(hand.changes, seats),
    }


def duplicate_hand(hand: Hand) -> Outcome:
    if hand.version > 1:
        message = _("This correction was already saved.")
    else:
        message = _("Hand %(number)s was already saved.") % {"number": hand.number}
    return Outcome(DUPLICATE, message, hand.table_revision, hand=hand.number)


def duplicate_penalty(penalty: Penalty) -> Outcome:
    message = _("This penalty was already saved: %(penalty)s") % {"penalty": penalty}
    return Outcome(DUPLICATE, message, penalty.table_revision, penalty=penalty.pk)


def duplicate_call(call: RefereeCall) -> Outcome:
    message = _("This referee call was already made.")
    return Outcome(DUPLICATE, message, call.table_revision, call=call.pk)


def already_saved(table: Table, submitted) -> Outcome | None:
    """For a queued or API save: "duplicate" when its one-time id was saved at this table
    before (whatever the table's state now), "invalid" when it carries none; None to go on."""
    try:
        submission = uuid.UUID(str(submitted if submitted is not None else ""))
    except ValueError:
        message = _("This save has no one-time id, so it could be counted twice: type it again.")
        return answers.invalid(table, message=message, errors={"submission": [message]})
    hand = Hand.objects.filter(table=table, submission=submission).first()
    if hand is not None:
        return duplicate_hand(hand)
    penalty = Penalty.objects.filter(table=table, submission=submission).first()
    if penalty is not None:
        return duplicate_penalty(penalty)
    call = RefereeCall.objects.filter(table=table, submission=submission).first()
    if call is not None:
        return duplicate_call(call)
    return None


def not_writable(table: Table, actor) -> Outcome | None:
    """ "refused" when the table takes no write from `actor` now (closed, session not being
    played), with the reason; None when it does."""
    try:
        check_writable(table, actor=actor)
    except TableError as exc:
        return answers.refused(table, str(exc))
    return None


def _table_refusal(table: Table, actor, exc: TableError, form) -> Outcome:
    """A refusal of the rules or the service: "refused" when the table no longer takes the
    write (closed meanwhile), else "invalid", said above the form."""
    table.refresh_from_db()
    closed = not_writable(table, actor)
    if closed is not None:
        return answers.refused(table, str(exc))
    return answers.invalid(table, form, message=str(exc))


def save_hand(table: Table, form, *, actor) -> Outcome:
    """The table's next hand, from a bound `HandEntryForm`."""
    if not form.is_valid():
        return answers.invalid(table, form)
    try:
        hand, _settlement = hands.record_hand(
            table,
            form.entry(),
            actor=actor,
            revision=form.cleaned_data["revision"],
            submission=form.cleaned_data["submission"],
            session_number=form.cleaned_data["session"],
            tiles=form.tiles_input(),
            first_wind=form.first_wind(),
        )
    except hands.DuplicateSubmission as duplicate:
        return duplicate_hand(duplicate.hand)
    except StaleTable as exc:
        return answers.stale(table, exc, form.seats, form)
    except TableError as exc:
        return _table_refusal(table, actor, exc, form)
    message = saved_message(hand, form.seats)
    return Outcome(SAVED, message, hand.table_revision, hand=hand.number, created=True)


def correct_hand(table: Table, number: int, form, *, actor, with_tiles: bool = True) -> Outcome:
    """A new version of hand `number`, from a bound `HandEntryForm`; the later hands are settled
    again. Without `with_tiles` the tiles kept with the hand stay as they are."""
    if not form.is_valid():
        return answers.invalid(table, form)
    try:
        new = hands.correct_hand(
            table,
            number,
            form.entry(),
            actor=actor,
            revision=form.cleaned_data["revision"],
            submission=form.cleaned_data["submission"],
            tiles=form.tiles_input() if with_tiles else None,
            first_wind=form.first_wind(),
        )
    except hands.DuplicateSubmission as duplicate:
        return duplicate_hand(duplicate.hand)
    except StaleTable as exc:
        return answers.stale(table, exc, form.seats, form)
    except TableError as exc:
        return _table_refusal(table, actor, exc, form)
    return Outcome(SAVED, corrected_message(new, form.seats), new.table_revision, hand=new.number)


def give_penalty(table: Table, registration, form, *, actor, seats) -> Outcome:
    """A penalty to `registration`, a player of this table, from a bound `PenaltyForm`."""
    if not form.is_valid():
        return answers.invalid(table, form)
    cleaned = form.cleaned_data
    try:
        penalty = penalties.give_penalty(
            table.session,
            registration,
            cleaned["kind"],
            actor=actor,
            table=table,
            revision=cleaned["revision"],
            hand_number=cleaned.get("hand_number"),
            infraction=cleaned["infraction_name"],
            submission=cleaned["submission"],
            **form.params(),
        )
    except penalties.DuplicatePenalty as duplicate:
        return duplicate_penalty(duplicate.penalty)
    except StaleTable as exc:
        return answers.stale(table, exc, seats, form)
    except TableError as exc:
        return _table_refusal(table, actor, exc, form)
    message = _("Penalty saved: %(penalty)s") % {"penalty": penalty}
    return Outcome(SAVED, message, penalty.table_revision, penalty=penalty.pk, created=True)


def call_referee(table: Table, form, *, actor) -> Outcome:
    """A referee call from the table, from a bound `scoring.calls.forms.CallForm`. A call
    changes no revision: its answer carries the revision it was sent with, so the phone's
    queue hands the next save the revision it expects."""
    if not form.is_valid():
        return answers.invalid(table, form)
    data = form.cleaned_data
    try:
        call = calls.make_call(
            table,
            data["kind"],
            data["note"],
            actor=actor,
            submission=data["submission"],
            revision=data.get("revision"),
        )
    except calls.DuplicateCall as duplicate:
        return duplicate_call(duplicate.call)
    except TableError as exc:
        return answers.refused(table, str(exc))
    message = _("A referee is called to %(table)s (%(kind)s).") % {
        "table": table,
        "kind": call.get_kind_display(),
    }
    revision = (
        call.table_revision if call.table_revision is not None else answers.revision_now(table)
    )
    return Outcome(SAVED, message, revision, call=call.pk, created=True)
