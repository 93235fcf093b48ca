"""Publishing a session's seating and results to the public pages and the projector.

What the public sees needs the tournament published too (`tournament.visibility`): a session's
seating or results made public in an unpublished tournament are seen by nobody but its
directors. The desk never says "public" about them (`Session.state`); the first publication
offers to publish the tournament in the same step (`tournament=True`)."""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import AuditAction
from scoring.services.audit import log_action
from scoring.services.tables import TableError, lock_session
from tournament.models import Tournament


def _require_director(actor):
    if not actor.is_director:
        raise TableError(_("Only the director can do this."))


def _publish_tournament(tournament):
    """Publish the locked `tournament`; True when it was not published before."""
    if tournament.published:
        return False
    tournament.published = True
    tournament.save(update_fields=["published"])
    return True


@transaction.atomic
def publish(session, *, actor, seating=None, results=None, tournament=None):
    """Set what the public sees of `session`; None leaves a flag as it is. With `tournament`,
    the tournament is published too (never unpublished from here), in the same transaction."""
    _require_director(actor)
    session = lock_session(session)  # the tournament first, then the session
    locked = session.tournament
    if seating and session.is_draft:
        raise TableError(_("Draw the session before publishing its seating."))
    changes = {}
    if tournament and _publish_tournament(locked):
        changes["tournament"] = True
        session.tournament = locked
    if seating is not None and seating != session.seating_published:
        session.seating_published = seating
        changes["seating"] = seating
    if results is not None and results != session.results_published:
        session.results_published = results
        changes["results"] = results
    if changes:
        session.save(update_fields=["seating_published", "results_published"])
        log_action(actor, AuditAction.PUBLISHED, session=session, changes=changes)
    return session


@transaction.atomic
def publish_tournament(tournament, *, actor):
    """Publish the tournament: its public pages show what its sessions made public."""
    _require_director(actor)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if _publish_tournament(tournament):
        log_action(
            actor, AuditAction.PUBLISHED, tournament=tournament, changes={"tournament": True}
        )
    return tournament
