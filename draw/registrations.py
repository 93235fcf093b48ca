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
