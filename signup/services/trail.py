"""The sign-up trail: one `SignupEvent` per change, in the change's transaction. It records who
(an account, or how someone without one acted: the player's link, the desk itself), when (the
database's clock) and what changed, never an e-mail address."""

from django.db import transaction
from django.utils.translation import gettext_noop

from common.backup import maybe_backup
from signup.models import SignupEvent

#: How someone without an account acted: stored in English, read in the reader's language
#: (`SignupEvent.actor`).
PLAYER_LINK = gettext_noop("the player's link")
THE_DESK = gettext_noop("the desk")


def log_event(
    tournament, action, *, actor=None, via=None, entry=None, registration=None, changes=None
):
    """Record `action` on `entry` or `registration` (or the whole tournament's sign-up), done by
    `actor` (a `scoring.access.Actor`) or, without one, `via` (PLAYER_LINK, THE_DESK)."""
    user = actor.user if actor is not None else None
    how = str(via) if via is not None else (actor.via if actor is not None else "")
    event = SignupEvent.objects.create(
        tournament=tournament,
        entry=entry,
        registration=registration
        if registration is not None
        else getattr(entry, "registration", None),
        action=action,
        user=user,
        via=how[:60],
        changes=changes or {},
    )
    transaction.on_commit(maybe_backup)
    return event
