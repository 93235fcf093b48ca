"""Making, taking and closing a referee call: one transaction each, lock then re-check, and an
entry in the audit trail.

- `make_call`: the table's referee (its link or account) or the director calls; refused when the
  session is confirmed, or is not being played and the caller is not the director. A closed
  table may still call (players checking their result dispute it). One open call per table: a
  second one is refused while the first waits. A call sent again with the same one-time
  `submission` (a double tap, the phone's queue after a lost answer) raises `DuplicateCall`
  with the first.
- `take_call`: a referee account of the tournament (one it referees tables of, in a session
  being played) or its director takes it: "on my way". Taking a call another referee took is
  refused, with who took it.
- `close_call`: the same people close it, with what was decided (optional); closing a call
  nobody took takes it too.
- `reopen_call`: a call closed by mistake is taken back within `REOPEN_MINUTES` by the same
  people: open again, still taken by whoever took it, what was decided cleared (the trail keeps
  it). Refused once the table has called again or the session is confirmed.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.clock import database_now
from scoring.access import not_current_reason, tables_for_account
from scoring.calls.models import NOTE_MAX, REOPEN_MINUTES, CallKind, RefereeCall
from scoring.calls.presentation import waited_text
from scoring.models import AuditAction
from scoring.services.audit import log_action
from scoring.services.tables import (
    TableError,
    lock_table,
    lock_tournament_of,
    submission_used_elsewhere,
)


class DuplicateCall(TableError):
    """This call was made before (its one-time id was saved): nothing is saved again."""

    def __init__(self, call):
        super().__init__(_("This call was already made."))
        self.call = call


def may_answer(actor, tournament):
    """Whether `actor` answers the calls of `tournament`: its director, or a referee account
    that referees one of its tables in a session being played."""
    if actor.is_director:
        return True
    user = actor.user
    if user is None or not user.is_authenticated:
        return False
    return tables_for_account(user).filter(session__tournament=tournament).exists()


def _check_answerer(actor, tournament):
    if not may_answer(actor, tournament):
        raise TableError(_("Only the director or a referee of this tournament answers calls."))


@transaction.atomic
def make_call(table, kind, note="", *, actor, submission=None, revision=None):
    """The table calls a referee; returns the new `RefereeCall`."""
    table = lock_table(table)
    if submission is not None:
        earlier = RefereeCall.objects.filter(submission=submission).first()
        if earlier is not None:
            if earlier.table_id != table.pk:
                raise submission_used_elsewhere()
            raise DuplicateCall(earlier)
    session = table.session
    if session.is_confirmed or session.is_draft:
        raise TableError(
            _("Session %(number)s is not being played: ask the director in person.")
            % {"number": session.number}
        )
    if not session.is_current and not actor.is_director:
        raise TableError(not_current_reason(session))
    if kind not in CallKind.values:
        raise TableError(_("Say why a referee is needed."))
    note = " ".join(str(note or "").split())
    if len(note) > NOTE_MAX:
        raise TableError(_("The note is longer than %(count)s characters.") % {"count": NOTE_MAX})
    waiting = RefereeCall.objects.open().filter(table=table).first()
    if waiting is not None:
        raise TableError(
            _(
                "A referee was already called to this table %(waited)s ago (%(kind)s): wait, "
                "or tell the referee when they come."
            )
            % {
                "waited": waited_text(database_now() - waiting.made_at),
                "kind": waiting.get_kind_display(),
            }
        )
    try:
        with transaction.atomic():  # a savepoint, so that the check below can still read
            call = RefereeCall.objects.create(
                table=table,
                kind=kind,
                note=note,
                made_by=actor.user,
                made_via=actor.via[:60],
                submission=submission,
                table_revision=revision,
            )
    except IntegrityError:
        # the same one-time id used at another table at the same instant (calls at two tables
        # go side by side: `lock_table`); one open call per table is checked above, locked
        if submission is None or not RefereeCall.objects.filter(submission=submission).exists():
            raise
        raise submission_used_elsewhere() from None
    log_action(actor, AuditAction.CALL_MADE, table=table, changes={"kind": kind, "note": note})
    return call


def _lock_call(call):
    """Lock the call's tournament, then the call alone (the desk's lock order,
    `tables.lock_session`), and return it fresh with its table. Its table and session are not
    locked: taking or closing a call changes neither. TableError when the call is gone (its
    table's session was drawn again while this waited)."""
    lock_tournament_of(sessions__tables__calls=call.pk)
    locked = (
        RefereeCall.objects.select_for_update(of=("self",))
        .select_related("table__session__tournament")
        .filter(pk=call.pk)
        .first()
    )
    if locked is None:
        raise TableError(
            _("This call no longer exists: its session was drawn again. Reload the page.")
        )
    return locked


def _waited_seconds(since, now):
    return max(0, round((now - since).total_seconds()))


@transaction.atomic
def take_call(call, *, actor):
    """A referee takes the call ("on my way"); returns it."""
    call = _lock_call(call)
    _check_answerer(actor, call.table.session.tournament)
    if not call.is_open:
        raise TableError(_("The call of %(table)s is already closed.") % {"table": call.table})
    if call.is_taken:
        if call.taken_by_id is not None and call.taken_by_id == getattr(actor.user, "pk", None):
            return call  # taken twice by the same referee: nothing changes
        raise TableError(
            _("%(referee)s already took the call of %(table)s.")
            % {"referee": _who(call.taken_by), "table": call.table}
        )
    now = database_now()
    call.taken_at, call.taken_by = now, actor.user
    call.save(update_fields=["taken_at", "taken_by"])
    log_action(
        actor,
        AuditAction.CALL_TAKEN,
        table=call.table,
        changes={"kind": call.kind, "waited_seconds": _waited_seconds(call.made_at, now)},
    )
    return call


@transaction.atomic
def close_call(call, *, actor, outcome=""):
    """The call is answered: closed with what was decided; returns it."""
    call = _lock_call(call)
    _check_answerer(actor, call.table.session.tournament)
    if not call.is_open:
        raise TableError(_("The call of %(table)s is already closed.") % {"table": call.table})
    outcome = " ".join(str(outcome or "").split())
    if len(outcome) > NOTE_MAX:
        raise TableError(_("The note is longer than %(count)s characters.") % {"count": NOTE_MAX})
    now = database_now()
    if not call.is_taken:
        call.taken_at, call.taken_by = now, actor.user
    call.closed_at, call.closed_by, call.outcome = now, actor.user, outcome
    call.save(update_fields=["taken_at", "taken_by", "closed_at", "closed_by", "outcome"])
    log_action(
        actor,
        AuditAction.CALL_CLOSED,
        table=call.table,
        changes={
            "kind": call.kind,
            "outcome": outcome,
            "open_seconds": _waited_seconds(call.made_at, now),
        },
    )
    return call


@transaction.atomic
def reopen_call(call, *, actor):
    """Take back the closing of a call (closed by mistake); returns it, open again."""
    # The tournament and the call first, as take and close lock them, then the session and
    # the table (for the table's newer call, checked below).
    call = _lock_call(call)
    table = lock_table(call.table)
    _check_answerer(actor, table.session.tournament)
    if call.is_open:
        return call  # reopened twice (a double tap): nothing changes
    if table.session.is_confirmed:
        raise TableError(
            _("Session %(number)s is confirmed: its calls stay closed.")
            % {"number": table.session.number}
        )
    now = database_now()
    if (now - call.closed_at).total_seconds() > REOPEN_MINUTES * 60:
        raise TableError(
            _(
                "The call of %(table)s was closed more than %(minutes)s minutes ago: it stays closed."
            )
            % {"table": table, "minutes": REOPEN_MINUTES}
        )
    if RefereeCall.objects.open().filter(table=table).exists():
        raise TableError(
            _("%(table)s has called a referee again since: answer that call.") % {"table": table}
        )
    outcome = call.outcome
    call.closed_at, call.closed_by, call.outcome = None, None, ""
    call.save(update_fields=["closed_at", "closed_by", "outcome"])
    log_action(
        actor,
        AuditAction.CALL_REOPENED,
        table=table,
        changes={"kind": call.kind, "outcome": outcome},
    )
    return call


def _who(user):
    return (user.get_full_name() or user.get_username()) if user is not None else "?"
