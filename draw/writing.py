"""Writing a draw: tables, seats, seeds and statuses in one transaction (`write_draw`)."""

from collections import defaultdict

from django.db import transaction
from django.utils.translation import gettext as _

from draw.errors import DrawError
from draw.planning import changed_message, plan_draw
from tournament.models import Seat, Session, SessionStatus, Table
from tournament.services.registrations import lock_tournament
from tournament.services.tournaments import follow_sessions


@transaction.atomic
def write_draw(
    tournament,
    *,
    session_number=None,
    seed=None,
    fingerprint=None,
    previewed=None,
    publish_seating=False,
    publish_tournament=False,
):
    """Write a draw: tables, seats, seeds, statuses, in one transaction; returns its plan.

    With `publish_seating`, the seating of the first session drawn becomes public in the same
    transaction (players see it on "Where do I sit?" and the projector); the later sessions'
    seatings stay private until the director makes each public from its dashboard. With
    `publish_tournament`, an unpublished tournament is published in the same transaction: a
    seating made public is seen only in a published tournament.

    With `previewed` (the stored preview, `DrawPlan.stored()`), exactly the previewed tables are
    written, without searching again; without it, the draw is computed here from `seed` (a
    random one if None) and the plan returned is the one written. `fingerprint` is the one the
    preview showed (a stored preview carries its own); if players, clubs or played sessions
    changed since, the draw is refused rather than silently different from what the director saw.
    """
    tournament = lock_tournament(tournament)
    if previewed is not None:
        if previewed.get("tournament") != tournament.pk or not isinstance(
            previewed.get("seed"), int
        ):
            raise DrawError(changed_message())
        seed = previewed["seed"]
        fingerprint = previewed.get("fingerprint") if fingerprint is None else fingerprint
        if fingerprint != previewed.get("fingerprint"):
            raise DrawError(changed_message())
    plan = plan_draw(tournament, session_number=session_number, seed=seed, previewed=previewed)
    if fingerprint is not None and fingerprint != plan.fingerprint:
        raise DrawError(changed_message())
    redrawn = plan.scope + plan.cleared
    if Table.objects.filter(session__in=redrawn, hands__is_current=True).exists():
        raise DrawError(
            _("Hands were already entered in a session being drawn: it cannot be drawn again.")
        )
    if Session.objects.filter(pk__in=[s.pk for s in redrawn], penalties__isnull=False).exists():
        raise DrawError(
            _(
                "Penalties were already given in a session being drawn: it cannot be "
                "drawn again (a penalty is cancelled, never deleted)."
            )
        )
    # Hands taken back are no results: they go with their tables (the audit trail keeps them).
    for table in Table.objects.filter(session__in=redrawn, hands__isnull=False).distinct():
        table.hands.all().delete()
    was_started = any(s.status == SessionStatus.RUNNING for s in redrawn)
    # A referee account keeps its table numbers when a session is drawn again.
    kept_referees = defaultdict(list)
    for session_id, number, account_id in Table.referees.through.objects.filter(
        table__session__in=redrawn
    ).values_list("table__session_id", "table__number", "user_id"):
        kept_referees[session_id, number].append(account_id)
    Table.objects.filter(session__in=redrawn).delete()
    not_started = {
        "clock_started_at": None,
        "clock_paused_at": None,
        "clock_paused_seconds": 0,
        "clock_extra_minutes": 0,
    }
    Session.objects.filter(pk__in=[s.pk for s in plan.cleared]).update(
        status=SessionStatus.DRAFT, draw_seed=None, **not_started
    )
    for session, tables in plan.sessions:
        created = Table.objects.bulk_create(
            Table(session=session, number=number) for number in range(1, len(tables) + 1)
        )
        Seat.objects.bulk_create(
            Seat(table=table, session=session, registration=registration, wind=wind)
            for table, players in zip(created, tables, strict=True)
            for wind, registration in enumerate(players)
        )
        Table.referees.through.objects.bulk_create(
            Table.referees.through(table=table, user_id=account_id)
            for table in created
            for account_id in kept_referees.get((session.pk, table.number), ())
        )
        session.status = SessionStatus.SEATED  # drawn again: started again by the director
        session.draw_seed = plan.seed
        for name, value in not_started.items():
            setattr(session, name, value)
        session.save(update_fields=["status", "draw_seed", *not_started])
    if publish_seating and plan.scope:
        Session.objects.filter(pk=plan.scope[0].pk).update(seating_published=True)
    if publish_tournament and not tournament.published:
        tournament.published = True
        tournament.save(update_fields=["published"])
    if was_started:
        follow_sessions(tournament.pk)  # a started session drawn again is no longer running
    return plan
