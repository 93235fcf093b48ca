"""Publishing a session's seating and results to the public pages and the projector."""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import AuditAction
from scoring.services.audit import log_action
from scoring.services.tables import TableError
from tournament.models import Session


@transaction.atomic
def publish(session, *, actor, seating=None, results=None):
    """Set what the public sees of `session`; None leaves a flag as it is."""
    if not actor.is_director:
        raise TableError(_("Only the director can do this."))
    session = Session.objects.select_for_update().get(pk=session.pk)
    if seating and session.is_draft:
        raise TableError(_("Draw the session before publishing its seating."))
    changes = {}
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
