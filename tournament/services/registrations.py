"""Registering players in a tournament, by hand or from a list.

A player is one person across tournaments. `find_player` matches an incoming row with the desk's
players (by EMA id, else by name) so that registering or importing the same person twice updates
them instead of creating a duplicate.
"""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from common.errors import UserError
from tournament.models import Player, Registration, Tournament


class RegistrationError(UserError):
    """A registration the desk refuses, with a message for the director."""


def find_player(first_name, last_name, ema_id=None):
    """The existing player this person is, or None.

    An EMA id decides when present. Otherwise the name decides (ignoring case), among players
    without an EMA id or with the same one; several players of that name is an error, because
    guessing would merge two people.
    """
    if ema_id:
        player = Player.objects.filter(ema_id=ema_id).first()
        if player is not None:
            return player
    candidates = Player.objects.filter(
        first_name__iexact=first_name.strip(), last_name__iexact=last_name.strip()
    )
    if ema_id:
        candidates = candidates.filter(ema_id__isnull=True)
    candidates = list(candidates[:2])
    if len(candidates) > 1:
        raise RegistrationError(
            _("There are several players called %(name)s: add their EMA id to tell them apart.")
            % {"name": f"{first_name} {last_name}"}
        )
    return candidates[0] if candidates else None


def upsert_player(first_name, last_name, ema_id=None, country="", club="", notes=None):
    """Find the player (see `find_player`) and bring them up to date, or create them.

    Empty country and club in the row keep what the desk already knows.
    """
    player = find_player(first_name, last_name, ema_id) or Player()
    created = player.pk is None
    player.first_name = first_name.strip()
    player.last_name = last_name.strip()
    if ema_id:
        player.ema_id = ema_id
    if country or created:
        player.country = country
    if club or created:
        player.club = club.strip()
    if notes is not None:
        player.notes = notes
    player.full_clean(validate_unique=False, validate_constraints=False)
    player.save()
    return player, created


def next_player_number(tournament):
    highest = tournament.registrations.aggregate(highest=Max("number"))["highest"]
    return (highest or 0) + 1


def register(tournament, player, *, is_substitute=False, number=None):
    """Register the player (if not already) and return (registration, created).

    Call inside a transaction that has locked the tournament row (see `lock_tournament`), so two
    directors registering at once never get the same player number.
    """
    registration = tournament.registrations.filter(player=player).first()
    if registration is not None:
        return registration, False
    if number is not None and tournament.registrations.filter(number=number).exists():
        raise RegistrationError(
            _("Player number %(number)s is already taken.") % {"number": number}
        )
    registration = Registration.objects.create(
        tournament=tournament,
        player=player,
        number=number or next_player_number(tournament),
        is_substitute=is_substitute,
    )
    return registration, True


def lock_tournament(tournament):
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def register_player(
    tournament,
    *,
    first_name,
    last_name,
    ema_id=None,
    country="",
    club="",
    is_substitute=False,
    number=None,
):
    """Register one player typed in by the director. Returns the registration.

    Raises RegistrationError when that player is already registered.
    """
    tournament = lock_tournament(tournament)
    player, _created = upsert_player(first_name, last_name, ema_id, country, club)
    registration, created = register(tournament, player, is_substitute=is_substitute, number=number)
    if not created:
        raise RegistrationError(
            _("%(name)s is already registered as player %(number)s.")
            % {"name": player.full_name, "number": registration.number}
        )
    return registration
