"""Writes that span both apps, so they live above them (docs/architecture.md)."""

from django.db import transaction

from scoring.models import AuditEntry, Hand, Penalty, SeatResult
from tournament.models import Seat, Tournament


@transaction.atomic
def delete_tournament(tournament):
    """Delete a tournament and everything recorded in it (hands are protected from accidental
    deletion, so they go first, explicitly). Players stay: they belong to the desk."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    AuditEntry.objects.filter(tournament=tournament).delete()
    SeatResult.objects.filter(session__tournament=tournament).delete()
    Penalty.objects.filter(session__tournament=tournament).delete()
    Hand.objects.filter(table__session__tournament=tournament).delete()
    Seat.objects.filter(session__tournament=tournament).delete()
    tournament.delete()
