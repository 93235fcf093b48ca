"""A change of a registration (number, withdraw, disqualify, reinstate, substitute), with what
it does to the final: a finalist who leaves after the cut is replaced by the next player of the
qualifying standings (docs/rules.md §9.5). The standings are the scoring app's, below this one;
the registration itself is changed by `tournament.services.registrations`."""

from django.db import transaction

from scoring.stages.services import moved_up
from tournament.services import registrations


@transaction.atomic
def change_registration(tournament, registration, action, *, expected, number=None):
    """`tournament.services.registrations.change_registration`, then, in the same transaction,
    the next qualifier moves up when a finalist left. The registration returned carries
    `moved_up`: that player's registration, or None."""
    registration = registrations.change_registration(
        tournament, registration, action, expected=expected, number=number
    )
    registration.moved_up = None
    if registration.finalist and not registration.is_active:
        registration.moved_up = moved_up(registration.tournament, registration)
    return registration


def missing_players(tournament):
    """The players (not substitutes) who have not checked in, while check-in is in use (open,
    or someone checked in) and no session has been played: what the draw page warns about.
    Empty otherwise."""
    registrations = tournament.registrations
    if tournament.sessions.played().exists():
        return []
    if not (tournament.checkin_open or registrations.filter(checked_in_at__isnull=False).exists()):
        return []
    return list(registrations.missing().select_related("player").order_by("number"))


@transaction.atomic
def withdraw_missing(tournament):
    """Withdraw every player still missing (`missing_players`), before the first session is
    played: the unplayed sessions are then drawn again without them. Returns them."""
    missing = missing_players(tournament)
    for registration in missing:
        registrations.change_registration(
            tournament,
            registration,
            registrations.WITHDRAW,
            expected=registrations.registration_values(registration),
        )
    return missing
