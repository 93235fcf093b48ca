"""Places and the waiting list (docs/signup.md).

The places taken are the tournament's players (active registrations that are not substitutes,
whether they signed up or the director registered them) and the places offered to the waiting
list. An entry whose e-mail is confirmed (and, when the director approves entries first,
approved) takes a free place when nobody waits before it, else joins the end of the waiting
list. A place freed by a withdrawal is offered to the first on the list, who takes it before the
deadline (`Signup.offer_hours`) or loses it to the next one (`settle`). Offers stop once the day
has come: check-in open, or a session played; the director then moves players by hand.

A confirmed entry is a registration, made by the import's own service
(`tournament.services.player_import.apply_import`) with one row: a known player with the entry's
EMA id (and name) is that player; a known player of the same name only when the director said
so (`Entry.same_person`), as the import's preview asks. Known players are never changed from a
public page.
"""

from datetime import timedelta

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from common.clock import database_now
from common.errors import UserError
from draw.registrations import change_registration
from signup import mail
from signup.models import ON_THE_LIST, Entry, EntryStatus, EventAction, Signup
from signup.services.trail import THE_DESK, log_event
from tournament.services.player_import import PlayerRow, apply_import
from tournament.services.registrations import (
    REINSTATE,
    WITHDRAW,
    lock_tournament,
    registration_values,
)


class SignupError(UserError):
    """A sign-up change the desk refuses, with a message for the player or the director."""


def signup_of(tournament):
    """The tournament's sign-up settings; a SignupError when it has none."""
    signup = Signup.objects.filter(tournament=tournament).first()
    if signup is None:
        raise SignupError(_("This tournament takes no entries through the desk."))
    return signup


def taken_places(tournament):
    """Players registered (not substitutes) and places offered to the waiting list."""
    return (
        tournament.registrations.playing().count()
        + tournament.entries.filter(status=EntryStatus.OFFERED).count()
    )


def free_places(tournament, signup):
    return max(signup.places - taken_places(tournament), 0)


def offers_stopped(tournament):
    """Whether the day has come (check-in open, or a session played): freed places are no
    longer offered by e-mail; the director moves players by hand."""
    return tournament.checkin_open or tournament.sessions.played().exists()


def waiting_rank(entry):
    """The entry's place on the waiting list (1: the next to be offered one), or None."""
    if entry.position is None:
        return None
    return (
        entry.tournament.entries.filter(status__in=ON_THE_LIST, position__lt=entry.position).count()
        + 1
    )


# -- a registration for an entry -------------------------------------------------------------


def _row(entry, *, with_team=True):
    return PlayerRow(
        line=1,
        first_name=entry.first_name,
        last_name=entry.last_name,
        ema_id=entry.ema_id,
        country=entry.country,
        club=entry.club,
        team=entry.team.name if with_team and entry.team_id else "",
        categories=[category.name for category in entry.categories.all()],
    )


def register_entry(tournament, entry):
    """The entry's registration, made by the import's service (see the module's docstring), or
    its own again when it had one; an active registration in both cases."""
    registration = entry.registration
    if registration is None:
        nobody = AnonymousUser()  # may change no known player (tournament.permissions)
        # the director's word for a known player of the same name; else the import's own
        # default (a name match registered in this tournament is that player)
        same = {1: True} if entry.same_person else {}
        result = apply_import(tournament, [_row(entry)], same_person=same, editor=nobody)
        if result.errors and entry.team_id:  # the team filled up meanwhile: no team
            result = apply_import(
                tournament, [_row(entry, with_team=False)], same_person=same, editor=nobody
            )
        if result.errors:
            raise SignupError(str(result.errors[0]))
        registration = result.registrations[0]
        if Entry.objects.filter(registration=registration).exclude(pk=entry.pk).exists():
            raise SignupError(
                _("%(name)s is already registered in this tournament (player %(number)s).")
                % {"name": registration.player.full_name, "number": registration.number}
            )
    if not registration.is_active:
        registration = change_registration(
            tournament, registration, REINSTATE, expected=registration_values(registration)
        )
    return registration


def withdraw_registration(tournament, registration):
    """The registration leaves the tournament (after the cut, the next qualifier moves up:
    `draw.registrations`); nothing when it has left already."""
    if registration is not None and registration.is_active:
        change_registration(
            tournament, registration, WITHDRAW, expected=registration_values(registration)
        )


# -- moving an entry -------------------------------------------------------------------------


def give_place(tournament, entry, *, actor=None, via=None, action=EventAction.PLACE_TAKEN):
    """The entry takes a place: registered, off the waiting list, told by e-mail."""
    previous = entry.status
    entry.registration = register_entry(tournament, entry)
    entry.status = EntryStatus.CONFIRMED
    entry.position = None
    entry.offer_expires_at = None
    entry.save(update_fields=["registration", "status", "position", "offer_expires_at"])
    log_event(
        tournament,
        action,
        actor=actor,
        via=via,
        entry=entry,
        changes={"from": previous, "number": entry.registration.number},
    )
    mail.send_later(entry, mail.PLACE)
    return entry


def put_on_list(tournament, entry, *, actor=None, via=None):
    """The entry joins the end of the waiting list (a confirmed one leaves the tournament)."""
    previous = entry.status
    registration = entry.registration
    last = tournament.entries.aggregate(last=Max("position"))["last"] or 0
    entry.status = EntryStatus.WAITING
    entry.position = last + 1
    entry.offer_expires_at = None
    entry.registration = None
    entry.save(update_fields=["status", "position", "offer_expires_at", "registration"])
    withdraw_registration(tournament, registration)
    log_event(
        tournament,
        EventAction.WAITING,
        actor=actor,
        via=via,
        entry=entry,
        registration=registration,
        changes={"from": previous, "rank": waiting_rank(entry)},
    )
    mail.send_later(entry, mail.WAITING)
    return entry


def place_entry(tournament, signup, entry, *, actor=None, via=None):
    """A free place when nobody waits before the entry, else the end of the waiting list. Once
    the day has come (`offers_stopped`) a player's own confirmation joins the list: only the
    director gives a place then."""
    ahead = tournament.entries.filter(status__in=ON_THE_LIST).exclude(pk=entry.pk).exists()
    by_hand = actor is not None or not offers_stopped(tournament)
    if by_hand and not ahead and free_places(tournament, signup) > 0:
        return give_place(tournament, entry, actor=actor, via=via)
    return put_on_list(tournament, entry, actor=actor, via=via)


def offer_place(tournament, signup, entry, now, *, actor=None, via=None):
    entry.status = EntryStatus.OFFERED
    entry.offer_expires_at = now + timedelta(hours=signup.offer_hours)
    entry.save(update_fields=["status", "offer_expires_at"])
    log_event(
        tournament,
        EventAction.OFFERED,
        actor=actor,
        via=via,
        entry=entry,
        changes={"until": entry.offer_expires_at.isoformat()},
    )
    mail.send_later(entry, mail.OFFERED)


def settle(tournament, signup, now=None):
    """Inside a transaction holding the tournament's lock: offers past their deadline end (the
    entry is withdrawn and told so), then every free place is offered to the next on the
    waiting list, unless offers have stopped (`offers_stopped`)."""
    now = now or database_now()
    expired = tournament.entries.select_for_update().filter(
        status=EntryStatus.OFFERED, offer_expires_at__lte=now
    )
    for entry in expired:
        entry.status = EntryStatus.WITHDRAWN
        entry.position = None
        entry.offer_expires_at = None
        entry.save(update_fields=["status", "position", "offer_expires_at"])
        log_event(tournament, EventAction.OFFER_EXPIRED, via=THE_DESK, entry=entry)
        mail.send_later(entry, mail.OFFER_EXPIRED)
    if offers_stopped(tournament):
        return
    free = free_places(tournament, signup)
    if free:
        waiting = tournament.entries.select_for_update().filter(status=EntryStatus.WAITING)
        for entry in list(waiting.order_by("position")[:free]):
            offer_place(tournament, signup, entry, now, via=THE_DESK)


def needs_settling(tournament, signup, now):
    """Whether `settle` would change anything (read without a lock, to spare a write)."""
    entries = tournament.entries
    if entries.filter(status=EntryStatus.OFFERED, offer_expires_at__lte=now).exists():
        return True
    return (
        not offers_stopped(tournament)
        and entries.filter(status=EntryStatus.WAITING).exists()
        and free_places(tournament, signup) > 0
    )


def settle_now(tournament):
    """`settle` in its own transaction, when there is something to do (the pages of the
    sign-up call it, and `manage.py settle_signups` every few minutes)."""
    signup = Signup.objects.filter(tournament=tournament).first()
    if signup is None or not needs_settling(tournament, signup, database_now()):
        return False
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        settle(tournament, signup)
    return True
