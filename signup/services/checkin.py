"""Checking players in on the day: at the desk (the check-in page of the director and the
tournament's referee accounts) or by the player's own QR code once the director opened check-in.
A check-in is `Registration.checked_in_at` (the database's clock), so the projector and the draw
read it without this app; each one, and each one taken back, is in the sign-up trail."""

from django.db import transaction
from django.utils.translation import gettext as _

from common.clock import database_now
from signup.models import EventAction
from signup.services.places import SignupError
from signup.services.trail import PLAYER_LINK, log_event
from tournament.models import Registration, Tournament
from tournament.services.registrations import lock_tournament


def _registration(tournament, registration):
    return (
        Registration.objects.select_for_update(of=("self",))
        .select_related("player")
        .get(pk=registration.pk, tournament=tournament)
    )


@transaction.atomic
def check_in(tournament, registration, *, actor=None, by_player=False):
    """The player is here. Nothing changes (and no second entry) when they already are; a
    player's own link works only while check-in is open."""
    tournament = lock_tournament(tournament)
    registration = _registration(tournament, registration)
    if by_player and not tournament.checkin_open:
        raise SignupError(_("Check-in is not open yet: the director opens it on the day."))
    if not registration.is_active:
        raise SignupError(
            _("%(name)s is not in the tournament (%(status)s).")
            % {
                "name": registration.player.full_name,
                "status": registration.get_status_display().lower(),
            }
        )
    if registration.checked_in_at is not None:
        return registration, False
    registration.checked_in_at = database_now()
    registration.save(update_fields=["checked_in_at"])
    log_event(
        tournament,
        EventAction.CHECKED_IN,
        actor=actor,
        via=PLAYER_LINK if by_player else None,
        registration=registration,
        entry=getattr(registration, "entry", None),
        changes={"number": registration.number},
    )
    return registration, True


@transaction.atomic
def undo_check_in(tournament, registration, *, actor):
    """Take a check-in back (tapped for the wrong player)."""
    tournament = lock_tournament(tournament)
    registration = _registration(tournament, registration)
    if registration.checked_in_at is None:
        return registration, False
    registration.checked_in_at = None
    registration.save(update_fields=["checked_in_at"])
    log_event(
        tournament,
        EventAction.CHECK_IN_UNDONE,
        actor=actor,
        registration=registration,
        entry=getattr(registration, "entry", None),
        changes={"number": registration.number},
    )
    return registration, True


@transaction.atomic
def open_check_in(tournament, is_open, *, actor):
    """Open or close check-in (the players' own QR codes work while it is open; the desk's
    check-in page works either way)."""
    tournament = lock_tournament(tournament)
    if tournament.checkin_open == is_open:
        return tournament
    Tournament.objects.filter(pk=tournament.pk).update(checkin_open=is_open)
    tournament.checkin_open = is_open
    action = EventAction.CHECK_IN_OPENED if is_open else EventAction.CHECK_IN_CLOSED
    log_event(tournament, action, actor=actor)
    return tournament
