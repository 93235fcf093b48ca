"""What a player does: sign up, confirm the e-mail, take or decline an offered place, correct
or withdraw the entry (through the entry's own link, `signup.links`).

Who a person is, checked when they sign up and when they correct their entry (`check_person`):
one entry that is not withdrawn per e-mail address and per EMA id in a tournament (the
database's constraints hold it too); an EMA id the desk knows belongs to that player's name; a
player already registered in the tournament (by EMA id, or by name) has a place already.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.clock import database_now
from common.counters import count_event
from common.text import search_key
from signup import mail
from signup.models import Entry, EntryStatus, EventAction
from signup.services.places import (
    SignupError,
    give_place,
    place_entry,
    settle,
    signup_of,
    withdraw_registration,
)
from signup.services.trail import PLAYER_LINK, log_event
from tournament.models import TEAM_SIZE_MAX, Player
from tournament.services.player_matching import plan_import
from tournament.services.player_rows import PlayerRow
from tournament.services.registrations import lock_tournament

#: The fields of an entry a player types (and corrects).
PERSON_FIELDS = ("first_name", "last_name", "ema_id", "country", "club")


def _same_name(player, first_name, last_name):
    return search_key(player.first_name) == search_key(first_name) and search_key(
        player.last_name
    ) == search_key(last_name)


def check_person(tournament, values, *, entry=None):
    """Refuse (SignupError) a person who cannot take an entry (see the module's docstring).
    `values` are the typed fields; `entry` the entry being corrected, if any."""
    others = tournament.entries.exclude(status=EntryStatus.WITHDRAWN)
    if entry is not None:
        others = others.exclude(pk=entry.pk)
    ema_id = values.get("ema_id") or None
    first, last = values["first_name"], values["last_name"]
    if ema_id:
        if others.filter(ema_id=ema_id).exists():
            raise SignupError(
                _(
                    "An entry with EMA id %(ema)s is already in this tournament. If it is "
                    "yours, use the link of its e-mail."
                )
                % {"ema": ema_id}
            )
        known = Player.objects.filter(ema_id=ema_id).first()
        if known is not None and not _same_name(known, first, last):
            raise SignupError(
                _(
                    "EMA id %(ema)s belongs to another player at this desk: check it, or leave "
                    "it empty and tell the director."
                )
                % {"ema": ema_id}
            )
    registered = tournament.registrations.select_related("player")
    if entry is not None and entry.registration_id:
        registered = registered.exclude(pk=entry.registration_id)
    for registration in registered.filter(
        player__first_name__iexact=first.strip(), player__last_name__iexact=last.strip()
    ) | registered.filter(player__ema_id=ema_id or "-"):
        if ema_id and registration.player.ema_id and registration.player.ema_id != ema_id:
            continue  # a namesake with an EMA id of their own
        raise SignupError(
            _(
                "%(name)s is already registered in this tournament (player %(number)s): there "
                "is a place already. If that is somebody else, ask the director."
            )
            % {"name": registration.player.full_name, "number": registration.number}
        )
    row = PlayerRow(1, first, last, ema_id, values.get("country", ""), values.get("club", ""))
    _plan, errors = plan_import(tournament, [row])
    if errors:
        raise SignupError(errors[0].message)
    team = values.get("team")
    new_team = team is not None and (entry is None or entry.team_id != team.pk)
    if new_team and team.members.count() >= TEAM_SIZE_MAX:
        raise SignupError(
            _("Team “%(team)s” is full (%(max)s players).")
            % {"team": team.name, "max": TEAM_SIZE_MAX}
        )


def _entry(tournament, entry):
    """The entry again, locked, after the tournament's lock."""
    return (
        Entry.objects.select_for_update(of=("self",))
        .select_related("registration")
        .get(pk=entry.pk, tournament=tournament)
    )


@transaction.atomic
def sign_up(tournament, values, *, language):
    """A new pending entry, and the message that asks to confirm the address. When the address
    already has an entry here, that entry's current message is sent to it again instead (the
    page says the same either way: nobody learns from it whose address is signed up). Returns
    the new entry, or None."""
    tournament = lock_tournament(tournament)
    signup = signup_of(tournament)
    now = database_now()
    if not signup.opens_at <= now < signup.closes_at:
        raise SignupError(_("The sign-up of this tournament is closed."))
    settle(tournament, signup, now)
    email = values["email"].strip()
    existing = (
        tournament.entries.exclude(status=EntryStatus.WITHDRAWN).filter(email__iexact=email).first()
    )
    if existing is not None:
        resend(tournament, existing, via=PLAYER_LINK)
        return None
    check_person(tournament, values)
    entry = Entry(
        tournament=tournament,
        email=email,
        team=values.get("team"),
        language=language,
        consent_at=now,
        **{name: values.get(name) or "" for name in PERSON_FIELDS},
    )
    entry.ema_id = entry.ema_id or None
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError:  # the constraints: another entry of the address or EMA id
        raise SignupError(_("This e-mail address or EMA id already has an entry here.")) from None
    entry.categories.set(values.get("categories") or [])
    log_event(tournament, EventAction.SIGNED_UP, via=PLAYER_LINK, entry=entry)
    mail.send_later(entry, mail.CONFIRM_EMAIL)
    return entry


#: The message that says where an entry stands, by status (sent again on request).
STATUS_MESSAGE = {
    EntryStatus.PENDING: mail.CONFIRM_EMAIL,
    EntryStatus.AWAITING: mail.AWAITING,
    EntryStatus.CONFIRMED: mail.PLACE,
    EntryStatus.WAITING: mail.WAITING,
    EntryStatus.OFFERED: mail.OFFERED,
}


#: Messages sent again to one entry at its player's request in RESEND_WINDOW seconds: a form
#: typed with somebody else's address again and again does not flood their mailbox.
RESEND_LIMIT = 3
RESEND_WINDOW = 3600


def resend(tournament, entry, *, actor=None, via=None):
    """The entry's current message again (a withdrawn entry has none). At the player's request
    (no `actor`) at most RESEND_LIMIT times an hour; the director's always."""
    kind = STATUS_MESSAGE.get(entry.status)
    if kind is None:
        raise SignupError(_("This entry is withdrawn: there is nothing to send."))
    if (
        actor is None
        and count_event(f"desk:signup-resend:{entry.pk}", RESEND_WINDOW) > RESEND_LIMIT
    ):
        return
    log_event(tournament, EventAction.LINK_SENT, actor=actor, via=via, entry=entry)
    mail.send_later(entry, kind)


@transaction.atomic
def confirm_email(tournament, entry):
    """The player followed the link of the first message: the entry awaits the director's
    approval, or takes a place, or joins the waiting list. Nothing when already confirmed."""
    tournament = lock_tournament(tournament)
    signup = signup_of(tournament)
    entry = _entry(tournament, entry)
    if not entry.is_pending:
        return entry
    settle(tournament, signup)
    entry.email_confirmed_at = database_now()
    entry.save(update_fields=["email_confirmed_at"])
    log_event(tournament, EventAction.EMAIL_CONFIRMED, via=PLAYER_LINK, entry=entry)
    if signup.approval:
        entry.status = EntryStatus.AWAITING
        entry.save(update_fields=["status"])
        mail.send_later(entry, mail.AWAITING)
        return entry
    return place_entry(tournament, signup, entry, via=PLAYER_LINK)


@transaction.atomic
def accept_offer(tournament, entry):
    """The first on the waiting list takes the place offered, before its deadline."""
    tournament = lock_tournament(tournament)
    signup = signup_of(tournament)
    settle(tournament, signup)  # an offer past its deadline ends here
    entry = _entry(tournament, entry)
    if entry.is_confirmed:
        return entry
    if not entry.is_offered:
        raise SignupError(
            _("This place is no longer offered to you: the time to take it has passed.")
        )
    return give_place(tournament, entry, via=PLAYER_LINK)


@transaction.atomic
def withdraw(tournament, entry, *, actor=None, via=None):
    """The entry is withdrawn (a confirmed one's registration too); its place, or its offer,
    goes to the next on the waiting list. Through the player's own link only until the
    first session is played; then the director withdraws players (registration page)."""
    tournament = lock_tournament(tournament)
    signup = signup_of(tournament)
    entry = _entry(tournament, entry)
    if entry.is_withdrawn:
        raise SignupError(_("This entry is already withdrawn."))
    if actor is None and entry.is_confirmed and tournament.sessions.played().exists():
        raise SignupError(_("The tournament has started: tell the director that you are leaving."))
    previous = entry.status
    withdraw_registration(tournament, entry.registration)
    entry.status = EntryStatus.WITHDRAWN
    entry.position = None
    entry.offer_expires_at = None
    entry.save(update_fields=["status", "position", "offer_expires_at"])
    action = EventAction.DECLINED if previous == EntryStatus.OFFERED else EventAction.WITHDRAWN
    log_event(
        tournament,
        action,
        actor=actor,
        via=via or PLAYER_LINK,
        entry=entry,
        changes={"from": previous},
    )
    mail.send_later(entry, mail.WITHDRAWN)
    settle(tournament, signup)
    return entry


@transaction.atomic
def correct(tournament, entry, values):
    """The player corrects their entry. Once the entry is confirmed its details change the
    player's record too, but only while the player plays in no other tournament of this desk
    (what other tournaments show is their directors') and never to an EMA id another record
    holds; once a session is played nothing changes (the director changes it)."""
    tournament = lock_tournament(tournament)
    entry = _entry(tournament, entry)
    if entry.is_withdrawn:
        raise SignupError(_("This entry is withdrawn."))
    check_person(tournament, values, entry=entry)
    changed = [
        name for name in PERSON_FIELDS if (values.get(name) or "") != (getattr(entry, name) or "")
    ]
    registration = entry.registration
    team = values.get("team")
    categories = set(values.get("categories") or [])
    moved = changed or team != entry.team or categories != set(entry.categories.all())
    if moved and registration is not None and tournament.sessions.played().exists():
        raise SignupError(_("The tournament has started: ask the director to change your entry."))
    if registration is not None and changed:
        player = registration.player
        if player.registrations.exclude(tournament=tournament).exists():
            # The record is shared: its name, EMA id, country and club are also what other
            # tournaments (their standings, cards and EMA files) show; their directors' to change.
            raise SignupError(
                _(
                    "Your name, EMA id, country and club are also those of other tournaments at "
                    "this desk: ask the director to change them."
                )
            )
        ema_id = values.get("ema_id") or None
        if ema_id and Player.objects.filter(ema_id=ema_id).exclude(pk=player.pk).exists():
            raise SignupError(
                _(
                    "This EMA id belongs to another player's record at this desk: ask the "
                    "director, who can merge the two."
                )
            )
        for name in PERSON_FIELDS:
            setattr(player, name, values.get(name) or "")
        player.ema_id = player.ema_id or None
        player.full_clean(validate_unique=False, validate_constraints=False)
        try:
            with transaction.atomic():
                player.save()
        except IntegrityError:  # the record taken meanwhile by another write
            raise SignupError(
                _(
                    "This EMA id belongs to another player's record at this desk: ask the "
                    "director, who can merge the two."
                )
            ) from None
    for name in PERSON_FIELDS:
        setattr(entry, name, values.get(name) or "")
    entry.ema_id = entry.ema_id or None
    entry.language = values.get("language") or entry.language
    if team != entry.team:
        changed.append("team")
        entry.team = team
        if registration is not None and not registration.is_substitute:
            registration.team = team
            registration.save(update_fields=["team"])
    if categories != set(entry.categories.all()):
        changed.append("categories")
        entry.categories.set(categories)
        if registration is not None:
            registration.categories.set(categories)
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError:
        raise SignupError(_("This e-mail address or EMA id already has an entry here.")) from None
    if changed:
        log_event(
            tournament,
            EventAction.CORRECTED,
            via=PLAYER_LINK,
            entry=entry,
            changes={"fields": changed},
        )
    return entry
