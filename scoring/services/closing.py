"""The end of a table and of a session, and the director's interventions at a table.

Closing a table checks its hands again (each sums to zero with the deposits, the stored changes
equal the rules'), computes each seat's score, place and table points or final score with the
rule set, and stores them for the players to check. The director confirms the session when every
table is closed; only confirmed sessions count in the standings.
"""

from django.db import transaction
from django.utils.translation import gettext as _

import rules
from common.clock import database_now
from common.i18n import translate_error
from scoring.figures import table_figures
from scoring.models import AuditAction, Penalty, SeatResult
from scoring.services.audit import log_action
from scoring.services.tables import (
    TableError,
    bump_revision,
    check_writable,
    lock_session,
    lock_table,
    snapshot,
)
from tournament.models import (
    Seat,
    SessionStatus,
    new_table_token,
)
from tournament.services.tournaments import follow_sessions


def _require_director(actor):
    if not actor.is_director:
        raise TableError(_("Only the director can do this."))


@transaction.atomic
def call_time(table, *, actor, revision=None):
    """Time is up at this table: the hand being played is the last one."""
    table = lock_table(table)
    check_writable(table, actor=actor, revision=revision)
    if table.time_up_at is None:
        table.time_up_at = database_now()
        table.time_up_after_hand = table.hands.current().count()
        table.save(update_fields=["time_up_at", "time_up_after_hand"])
        bump_revision(table)
        log_action(
            actor,
            AuditAction.TIME_UP,
            table=table,
            changes={"after_hand": table.time_up_after_hand},
        )
    return table


def seat_results(snap):
    """Compute (do not store) the result of each seat of a table from its snapshot."""
    hands_won = [0, 0, 0, 0]
    biggest = [None] * 4
    for line in snap.lines:
        hand = line.hand
        winners = hand.entry.get("winners") or ([hand.winner] if hand.winner is not None else [])
        for seat in winners:
            hands_won[seat] += 1
            value = hand.fan if hand.fan is not None else max(hand.changes[seat], 0)
            biggest[seat] = max(biggest[seat] or 0, value)
    paid, transfers = snap.penalty_totals
    try:
        results = snap.ruleset.session_result(
            snap.totals,
            penalties=paid,
            transfers=transfers,
            chombo=snap.chombo,
            deposits=snap.state.deposits,
        )
    except rules.RuleError as exc:
        raise TableError(translate_error(exc)) from exc
    figures = table_figures(snap)
    rows = []
    for seat, result in zip(snap.seats, results, strict=True):
        rows.append(
            SeatResult(
                table=snap.table,
                session_id=snap.table.session_id,
                registration_id=seat.registration_id,
                wind=seat.wind,
                hand_points=figures[seat.wind].hand_points,
                transfers=figures[seat.wind].transfers,
                penalty_points=figures[seat.wind].penalties,
                score=result.score,
                place=result.place,
                table_points=result.table_points,
                final_score=result.final_score,
                hands_won=hands_won[seat.wind],
                biggest_hand=biggest[seat.wind],
            )
        )
    return rows


@transaction.atomic
def close_table(table, *, actor, revision=None):
    """Check the hands, compute and store the results, close the table. Returns the results."""
    table = lock_table(table)
    check_writable(table, actor=actor, revision=revision)
    snap = snapshot(table)  # replays every hand and checks it against the rules
    if len(snap.seats) != 4:
        raise TableError(_("This table does not have four players."))
    if not snap.session_over and not table.time_up_at and not actor.is_director:
        remaining = (snap.ruleset.max_hands or 0) - snap.hands_played
        raise TableError(
            _(
                "The session is not over at this table (%(remaining)s hands to play). If time "
                "is up, tap “Time is up” first."
            )
            % {"remaining": max(remaining, 1)}
        )
    rows = seat_results(snap)
    SeatResult.objects.bulk_create(rows)
    table.closed_at = database_now()
    table.closed_by = actor.user
    table.save(update_fields=["closed_at", "closed_by"])
    bump_revision(table)
    log_action(
        actor,
        AuditAction.TABLE_CLOSED,
        table=table,
        changes={
            "hands": snap.hands_played,
            "results": [
                {
                    "wind": r.wind,
                    "score": r.score,
                    "place": r.place,
                    "table_points": str(r.table_points),
                    "final_score": str(r.final_score),
                }
                for r in rows
            ],
        },
    )
    return rows


@transaction.atomic
def reopen_table(table, *, actor):
    """Director only: reopen a closed table (its results are removed until it closes again)."""
    _require_director(actor)
    table = lock_table(table, exclusive=True)  # it may reopen the session (written below)
    if not table.is_closed:
        raise TableError(_("This table is not closed."))
    session = table.session  # locked with the table, after the tournament
    if session.is_confirmed:
        session.status = SessionStatus.RUNNING
        session.confirmed_at = None
        session.confirmed_by = None
        session.save(update_fields=["status", "confirmed_at", "confirmed_by"])
        follow_sessions(session.tournament_id)
    SeatResult.objects.filter(table=table).delete()
    table.closed_at = None
    table.closed_by = None
    table.save(update_fields=["closed_at", "closed_by"])
    bump_revision(table)
    log_action(actor, AuditAction.TABLE_REOPENED, table=table)
    return table


@transaction.atomic
def confirm_session(session, *, actor):
    """Director only: every table closed -> the session counts in the standings."""
    _require_director(actor)
    # The tournament first: a confirmation at the same instant in another session waits, and
    # then the tournament's status (`follow_sessions`) sees both.
    session = lock_session(session)
    if session.is_confirmed:
        raise TableError(_("This session is already confirmed."))
    if session.is_draft:
        raise TableError(_("This session has not been drawn yet."))
    tables = list(session.tables.order_by("number"))
    open_tables = [str(t.number) for t in tables if not t.is_closed]
    if not tables or open_tables:
        raise TableError(
            _("Tables still open: %(tables)s. Every table must be closed first.")
            % {"tables": ", ".join(open_tables) or "—"}
        )
    session.status = SessionStatus.CONFIRMED
    session.confirmed_at = database_now()
    session.confirmed_by = actor.user
    session.save(update_fields=["status", "confirmed_at", "confirmed_by"])
    follow_sessions(session.tournament_id)
    log_action(
        actor, AuditAction.SESSION_CONFIRMED, session=session, changes={"tables": len(tables)}
    )
    return session


@transaction.atomic
def seat_substitute(seat, substitute, *, actor):
    """Director only: a substitute takes a seat before the table's first hand.

    The drawn player is kept as `seat.replaced` and scores nothing in this session (a late
    arrival past 15 minutes); the substitute's results count for the others' places.
    """
    _require_director(actor)
    # The session's seating changes (a substitute sits at one table only): the session is
    # locked for update, so two substitutions at once take turns and the second sees the first.
    table = lock_table(seat.table, exclusive=True)
    check_writable(table, actor=actor)
    seat = Seat.objects.select_for_update().get(pk=seat.pk)
    if table.hands.exists():
        raise TableError(
            _(
                "Hands were already played at this table: a substitute can only "
                "take a seat before the first hand."
            )
        )
    session = table.session
    if substitute.tournament_id != session.tournament_id or not substitute.is_active:
        raise TableError(_("Choose an active player of this tournament."))
    if Seat.objects.filter(session=session, registration=substitute).exists():
        raise TableError(
            _("%(name)s already sits at a table in this session.")
            % {"name": substitute.player.full_name}
        )
    replaced = seat.registration
    seat.replaced = replaced if seat.replaced_id is None else seat.replaced
    seat.registration = substitute
    seat.save(update_fields=["registration", "replaced"])
    bump_revision(table)
    log_action(
        actor,
        AuditAction.SUBSTITUTE_SEATED,
        table=table,
        registrations=[replaced, substitute],
        changes={"wind": seat.wind, "replaced": replaced.number, "substitute": substitute.number},
    )
    return seat


def disqualified_for_session(session):
    """Registrations disqualified for this session (late arrival) who still hold their seat."""
    ids = Penalty.objects.filter(
        session=session, disqualified_for_session=True, cancelled_at__isnull=True
    ).values_list("registration_id", flat=True)
    return Seat.objects.filter(session=session, registration_id__in=ids).select_related(
        "table", "registration__player"
    )


@transaction.atomic
def renew_link(table, *, actor):
    """Director only: a new secret for the table's referee link; the old link stops working."""
    _require_director(actor)
    table = lock_table(table)
    table.token = new_table_token()
    table.save(update_fields=["token"])
    log_action(actor, AuditAction.LINK_RENEWED, table=table)
    return table
