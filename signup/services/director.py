"""What the director does with the sign-up: its settings, moving any entry (approve, give a
place, put on the waiting list, offer a place now, move up or down the list, withdraw, send the
message again, say whether a known player of the same name is this person) and erasing the
contact data after the tournament. Every change is in the sign-up trail, by the director's
account; the view checks the role, the services the state the page was built from."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.clock import database_now
from common.errors import ChangedMeanwhile
from signup.models import ON_THE_LIST, SETTING_FIELDS, Entry, EntryStatus, EventAction, Signup
from signup.services import entries as player_actions
from signup.services.places import (
    SignupError,
    give_place,
    offer_place,
    place_entry,
    put_on_list,
    settle,
    signup_of,
)
from signup.services.trail import log_event
from tournament.models import TournamentStatus
from tournament.services.registrations import lock_tournament


@transaction.atomic
def save_settings(tournament, values, *, actor):
    """Create or change the tournament's sign-up; more places are offered to the waiting list
    at once."""
    tournament = lock_tournament(tournament)
    signup = Signup.objects.filter(tournament=tournament).first() or Signup(tournament=tournament)
    before = {name: str(getattr(signup, name, "")) for name in SETTING_FIELDS} if signup.pk else {}
    for name in SETTING_FIELDS:
        setattr(signup, name, values[name])
    signup.full_clean()
    signup.save()
    after = {name: str(getattr(signup, name)) for name in SETTING_FIELDS}
    changed = sorted(name for name in SETTING_FIELDS if before.get(name) != after[name])
    log_event(tournament, EventAction.SETTINGS, actor=actor, changes={"fields": changed})
    settle(tournament, signup)
    return signup


#: The director's moves of an entry (the entries page's POST "action").
APPROVE, CONFIRM, WAIT, OFFER, UP, DOWN, WITHDRAW, RESEND, SAME, NOT_SAME, ERASE = (
    "approve",
    "confirm",
    "wait",
    "offer",
    "up",
    "down",
    "withdraw",
    "resend",
    "same",
    "not_same",
    "erase",
)
ACTIONS = (APPROVE, CONFIRM, WAIT, OFFER, UP, DOWN, WITHDRAW, RESEND, SAME, NOT_SAME, ERASE)


def _move(tournament, entry, step, actor):
    """Swap the entry with its neighbour on the waiting list (step -1: up, +1: down)."""
    listed = list(
        tournament.entries.select_for_update().filter(status__in=ON_THE_LIST).order_by("position")
    )
    index = next(i for i, other in enumerate(listed) if other.pk == entry.pk)
    if not 0 <= index + step < len(listed):
        raise SignupError(_("This entry cannot move further that way."))
    other = listed[index + step]
    mine, theirs = entry.position, other.position
    # Through a free position: the two are unique at every moment.
    entry.position = 0
    entry.save(update_fields=["position"])
    other.position = mine
    other.save(update_fields=["position"])
    entry.position = theirs
    entry.save(update_fields=["position"])
    log_event(
        tournament,
        EventAction.MOVED,
        actor=actor,
        entry=entry,
        changes={"rank": index + step + 1},
    )


def may_erase(tournament, entry):
    """An entry's contact data goes once it is withdrawn, or once the tournament is over."""
    today = timezone.localdate(database_now())
    over = tournament.status == TournamentStatus.FINISHED or tournament.end_date < today
    return entry.is_withdrawn or over


def erase(tournament, entry, actor):
    """The entry's e-mail address and links go (and the names of one that never played):
    the results, and the player's name in them, stay."""
    if entry.is_erased:
        raise SignupError(_("This entry's contact data is already erased."))
    if not may_erase(tournament, entry):
        raise SignupError(
            _(
                "Contact data is erased once the entry is withdrawn or the tournament is over "
                "(after its last day, or finished)."
            )
        )
    entry.email = ""
    entry.link_key = ""
    entry.contact_erased_at = database_now()
    fields = ["email", "link_key", "contact_erased_at"]
    if entry.registration_id is None:
        entry.first_name = entry.last_name = entry.club = entry.country = ""
        entry.ema_id = None
        fields += ["first_name", "last_name", "club", "country", "ema_id"]
    entry.save(update_fields=fields)
    log_event(tournament, EventAction.ERASED, actor=actor, entry=entry)


@transaction.atomic
def entry_action(tournament, entry, action, *, expected, actor):
    """Apply one of ACTIONS to an entry of `tournament`. `expected` is the status the page
    showed: when the entry moved meanwhile, nothing is written."""
    tournament = lock_tournament(tournament)
    signup = signup_of(tournament)
    entry = (
        Entry.objects.select_for_update(of=("self",))
        .select_related("registration")
        .get(pk=entry.pk, tournament=tournament)
    )
    if entry.status != expected:
        raise ChangedMeanwhile()
    if entry.is_erased and action not in (WITHDRAW,):
        raise SignupError(_("This entry's contact data is erased: it can no longer move."))
    if action == APPROVE:
        if entry.status != EntryStatus.AWAITING:
            raise SignupError(_("Only an entry awaiting approval is approved."))
        log_event(tournament, EventAction.APPROVED, actor=actor, entry=entry)
        place_entry(tournament, signup, entry, actor=actor)
    elif action == CONFIRM:
        if entry.is_confirmed:
            raise SignupError(_("This entry has a place already."))
        give_place(tournament, entry, actor=actor)
    elif action == WAIT:
        if entry.status == EntryStatus.WAITING:
            raise SignupError(_("This entry is on the waiting list already."))
        put_on_list(tournament, entry, actor=actor)
    elif action == OFFER:
        if entry.status != EntryStatus.WAITING:
            raise SignupError(_("A place is offered to an entry on the waiting list."))
        offer_place(tournament, signup, entry, database_now(), actor=actor)
    elif action in (UP, DOWN):
        if not entry.is_on_the_list:
            raise SignupError(_("Only an entry on the waiting list moves up or down."))
        _move(tournament, entry, -1 if action == UP else 1, actor)
    elif action == WITHDRAW:
        player_actions.withdraw(tournament, entry, actor=actor)
        return entry
    elif action == RESEND:
        player_actions.resend(tournament, entry, actor=actor)
    elif action in (SAME, NOT_SAME):
        if entry.registration_id is not None:
            raise SignupError(_("This entry is registered already: its player is decided."))
        entry.same_person = action == SAME
        entry.save(update_fields=["same_person"])
        log_event(
            tournament,
            EventAction.CORRECTED,
            actor=actor,
            entry=entry,
            changes={"same_person": entry.same_person},
        )
    elif action == ERASE:
        erase(tournament, entry, actor)
    else:
        raise SignupError(_("Unknown change: reload the page."))
    settle(tournament, signup)
    return entry


@transaction.atomic
def erase_all(tournament, *, actor):
    """Erase the contact data of every entry of a tournament that is over. Returns how many."""
    tournament = lock_tournament(tournament)
    done = 0
    for entry in tournament.entries.select_for_update().filter(contact_erased_at__isnull=True):
        if not may_erase(tournament, entry):
            raise SignupError(
                _("The tournament is not over yet: contact data is erased after its last day.")
            )
        erase(tournament, entry, actor)
        done += 1
    return done
