"""Registering players in a tournament, by hand or from a list.

A player is one person across tournaments. `find_player` matches an incoming row with the desk's
players (by EMA id, else by name) so that registering or importing the same person twice updates
them instead of creating a duplicate.
"""

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from common.errors import UserError
from common.text import person_name
from rules.limits import MAX_PLAYER_NUMBER
from tournament.models import PLAYED, Player, Registration, RegistrationStatus, Tournament
from tournament.permissions import may_change_player


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
    found = list(candidates[:2])
    if len(found) > 1:
        raise RegistrationError(
            _("There are several players called %(name)s: add their EMA id to tell them apart.")
            % {"name": person_name(first_name, last_name)}
        )
    return found[0] if found else None


def upsert_player(
    first_name, last_name, ema_id=None, country="", club="", notes=None, *, editor=None
):
    """Find the player (see `find_player`) and bring them up to date, or create them.

    Empty country and club in the row keep what the desk already knows. A known player whose
    details `editor` may not change (`may_change_player`: they play in a tournament it does not
    direct) is found and kept as they are; `editor` None is the desk's operator (a command).
    """
    player = find_player(first_name, last_name, ema_id) or Player()
    created = player.pk is None
    if not created and editor is not None and not may_change_player(editor, player):
        return player, False
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
    """The number after the highest; past MAX_PLAYER_NUMBER, the lowest one free."""
    highest = tournament.registrations.aggregate(highest=Max("number"))["highest"] or 0
    if highest < MAX_PLAYER_NUMBER:
        return highest + 1
    used = set(tournament.registrations.values_list("number", flat=True))
    return next(number for number in range(1, MAX_PLAYER_NUMBER + 1) if number not in used)


def register(tournament, player, *, is_substitute=False, number=None):
    """Register the player (if not already) and return (registration, created).

    Call inside a transaction that has locked the tournament row (see `lock_tournament`), so two
    directors registering at once never get the same player number.
    """
    registration = tournament.registrations.filter(player=player).first()
    if registration is not None:
        return registration, False
    if number is not None and not 1 <= number <= MAX_PLAYER_NUMBER:
        raise RegistrationError(
            _("A player number is a whole number from 1 to %(max)s.") % {"max": MAX_PLAYER_NUMBER}
        )
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
    editor=None,
):
    """Register one player typed in by the director (`editor`, see `upsert_player`). Returns
    the registration.

    Raises RegistrationError when that player is already registered.
    """
    tournament = lock_tournament(tournament)
    player, _created = upsert_player(first_name, last_name, ema_id, country, club, editor=editor)
    registration, created = register(tournament, player, is_substitute=is_substitute, number=number)
    if not created:
        raise RegistrationError(
            _("%(name)s is already registered as player %(number)s.")
            % {"name": player.full_name, "number": registration.number}
        )
    return registration


# -- editing a player and their registration (the tournament page's director links) ---------

#: The player's fields the director edits from the tournament page.
PLAYER_FIELDS = ("first_name", "last_name", "ema_id", "country", "club")


def player_values(player):
    """The editable values of a player, as a form shows them (an absent EMA id is ""), and the
    player's id (a page of another player, e.g. after a renumbering, is refused)."""
    return {"id": player.pk, **{name: getattr(player, name) or "" for name in PLAYER_FIELDS}}


def registration_values(registration):
    """The editable values of a registration, as the registration page was built from them."""
    return {
        "id": registration.pk,
        "number": registration.number,
        "status": registration.status,
        "is_substitute": registration.is_substitute,
    }


class StaleError(RegistrationError):
    """The page was built from values that changed since: nothing was written."""


def _stale():
    return StaleError(
        _(
            "Someone else changed this player meanwhile: nothing was saved. The page now "
            "shows the current values; make your change again."
        )
    )


@transaction.atomic
def update_player(player, *, expected, editor=None, **fields):
    """Change a player's name, EMA id, country and club (every tournament they play sees it).

    `expected` are the values the form was built from (`player_values`): if the player changed
    since, nothing is written. Refused when `editor` may not change this player
    (`may_change_player`). Returns the names of the fields that changed.
    """
    player = Player.objects.select_for_update().get(pk=player.pk)
    if editor is not None and not may_change_player(editor, player):
        raise RegistrationError(
            _(
                "This player is also registered in a tournament you do not direct: only a site "
                "administrator can change their details."
            )
        )
    wanted = {name: expected.get(name) or "" for name in PLAYER_FIELDS}
    if player_values(player) != {"id": expected.get("id"), **wanted}:
        raise _stale()
    values = {name: (fields.get(name) or "").strip() for name in PLAYER_FIELDS}
    if not values["first_name"] or not values["last_name"]:
        raise RegistrationError(_("A player needs a first name and a last name."))
    ema_id = values["ema_id"] or None
    if ema_id and Player.objects.filter(ema_id=ema_id).exclude(pk=player.pk).exists():
        other = Player.objects.get(ema_id=ema_id)
        raise RegistrationError(
            _("EMA id %(ema_id)s already belongs to %(name)s.")
            % {"ema_id": ema_id, "name": other.full_name}
        )
    changed = [name for name in PLAYER_FIELDS if values[name] != (getattr(player, name) or "")]
    for name in PLAYER_FIELDS:
        setattr(player, name, values[name])
    player.ema_id = ema_id
    player.full_clean(validate_unique=False, validate_constraints=False)
    if changed:
        player.save()
    return changed


def unplayed_drawn_sessions(tournament):
    """Sessions whose seating is drawn but whose play has not started: a redraw may change them."""
    return list(tournament.sessions.drawn().exclude(status__in=PLAYED).order_by("number"))


def seating_out_of_step(registration):
    """The numbers of the drawn, unplayed sessions whose seating no longer matches this
    registration: it sits there while withdrawn or disqualified, or it is missing while it is an
    active player (not a substitute). Empty when nothing needs a redraw for this player."""
    sessions = unplayed_drawn_sessions(registration.tournament)
    seated = set(
        registration.seats.filter(session__in=sessions).values_list("session_id", flat=True)
    )
    if not registration.is_active:
        return [s.number for s in sessions if s.pk in seated]
    if not registration.is_substitute:
        tournament = registration.tournament
        return [
            s.number
            for s in sessions
            if s.pk not in seated
            and (  # a final session seats only the finalists, and the consolation stage (§9.3)
                not tournament.is_final_session(s.number)
                or registration.finalist
                or tournament.consolation
            )
        ]
    return []


def _live_disqualification(registration):
    """A disqualification given as a penalty (with its reason, on record) and not cancelled."""
    return registration.penalties.filter(
        kind="disqualification", cancelled_at__isnull=True
    ).exists()


#: The changes of a registration the registration page offers, each one POST "action".
NUMBER, WITHDRAW, DISQUALIFY, REINSTATE, SUBSTITUTE, NOT_SUBSTITUTE = (
    "number",
    "withdraw",
    "disqualify",
    "reinstate",
    "substitute",
    "not_substitute",
)
ACTIONS = (NUMBER, WITHDRAW, DISQUALIFY, REINSTATE, SUBSTITUTE, NOT_SUBSTITUTE)


@transaction.atomic
def change_registration(tournament, registration, action, *, expected, number=None):
    """Apply one `action` (see ACTIONS) to a registration of `tournament`; returns it saved.

    `expected` are the values the page was built from (`registration_values`): if someone
    changed the registration since, nothing is written. A new number must be free in the
    tournament. A player disqualified by a penalty is reinstated by cancelling the penalty
    (which keeps its reason on record), not here.
    """
    tournament = lock_tournament(tournament)
    registration = (  # the registration alone: the player's record is shared by tournaments
        Registration.objects.select_for_update(of=("self",))
        .select_related("player", "tournament")
        .get(pk=registration.pk, tournament=tournament)
    )
    if registration_values(registration) != expected:
        raise _stale()
    if action == NUMBER:
        if number is None or not 1 <= number <= MAX_PLAYER_NUMBER:
            raise RegistrationError(
                _("A player number is a whole number from 1 to %(max)s.")
                % {"max": MAX_PLAYER_NUMBER}
            )
        taken = tournament.registrations.filter(number=number).exclude(pk=registration.pk)
        if taken.exists():
            raise RegistrationError(
                _("Player number %(number)s is already taken by %(name)s.")
                % {"number": number, "name": taken.select_related("player").get().player.full_name}
            )
        registration.number = number
    elif action == WITHDRAW:
        _require_status(registration, RegistrationStatus.ACTIVE)
        registration.status = RegistrationStatus.WITHDRAWN
    elif action == DISQUALIFY:
        if registration.is_disqualified:
            raise RegistrationError(_("This player is already disqualified."))
        registration.status = RegistrationStatus.DISQUALIFIED
    elif action == REINSTATE:
        if registration.is_active:
            raise RegistrationError(_("This player is already in the tournament."))
        if registration.is_disqualified and _live_disqualification(registration):
            raise RegistrationError(
                _(
                    "This player was disqualified by a penalty: cancel that penalty (with a "
                    "reason) on the session's penalties page to reinstate them."
                )
            )
        registration.status = RegistrationStatus.ACTIVE
    elif action in (SUBSTITUTE, NOT_SUBSTITUTE):
        if action == SUBSTITUTE and registration.team_id is not None:
            raise RegistrationError(
                _(
                    "%(name)s plays for team “%(team)s”, and a substitute belongs to no team: "
                    "take them out of the team first."
                )
                % {"name": registration.player.full_name, "team": registration.team.name}
            )
        if action == SUBSTITUTE and registration.finalist:
            raise RegistrationError(
                _(
                    "%(name)s is a finalist: withdraw them instead, and the next player moves "
                    "up to the final."
                )
                % {"name": registration.player.full_name}
            )
        registration.is_substitute = action == SUBSTITUTE
    else:
        raise RegistrationError(_("Unknown change: reload the page."))
    registration.save(update_fields=["number", "status", "is_substitute"])
    return registration


def _require_status(registration, status):
    if registration.status != status:
        raise RegistrationError(
            _("Only a player still in the tournament can withdraw (this one is %(status)s).")
            % {"status": registration.get_status_display().lower()}
        )
