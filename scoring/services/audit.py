"""The audit trail: one entry per write, with who, when, through what (and from which device),
and what changed."""

from django.db import transaction

from common.backup import maybe_backup
from scoring.models import AuditEntry


def log_action(
    actor,
    action,
    *,
    table=None,
    session=None,
    tournament=None,
    registrations=(),
    hand_number=None,
    changes=None,
):
    """Record `action` done by `actor` (an `Actor`), on a table or a session, or on the whole
    `tournament` (an entry of no session, e.g. an API token created)."""
    session = session or (table.session if table is not None else None)
    if session is not None:
        tournament_id = session.tournament_id
    elif tournament is not None:
        tournament_id = tournament.pk
    else:
        raise ValueError("An audit entry belongs to a table, a session or a tournament.")
    entry = AuditEntry.objects.create(
        tournament_id=tournament_id,
        session=session,
        table=table,
        action=action,
        hand_number=hand_number,
        user=actor.user,
        via=actor.via,
        device=getattr(actor, "device", "")[:32],
        device_agent=getattr(actor, "device_agent", "")[:60],
        changes=changes or {},
    )
    if registrations:
        entry.registrations.set(registrations)
    transaction.on_commit(maybe_backup)  # a copy of the database every few minutes of play
    return entry
