"""The links the sign-up's messages carry, signed with the desk's secret key
(`django.core.signing`): an entry's own page (confirm, take an offered place, correct, withdraw)
and a player's self check-in (the QR code of the confirmation e-mail).

A link names the entry and its random `link_key`; giving the entry a new key (or erasing its
contact data, which clears it) revokes every link sent before. A link cannot be forged without
the secret key, and a key read from the database cannot be used without it either.
"""

import hmac

from django.core import signing
from django.urls import reverse
from django.utils.translation import gettext as _

from common.counters import count_event, events_counted
from common.errors import ExplainedNotFound

ENTRY_SALT = "signup.entry"
CHECKIN_SALT = "signup.checkin"

#: Bad links tolerated from one address in BAD_LINK_WINDOW seconds (the shared cache): a valid
#: link always works, an unknown one counts as a guess.
BAD_LINK_LIMIT = 20
BAD_LINK_WINDOW = 600


def token(entry, salt=ENTRY_SALT):
    return signing.dumps([entry.pk, entry.link_key], salt=salt)


def entry_url(entry):
    """The entry's own page, as a path (the messages put the desk's address before it)."""
    return reverse("signup-entry", kwargs={"slug": entry.tournament.slug, "token": token(entry)})


def checkin_url(entry):
    """The player's self check-in page (the QR code of the confirmation e-mail), as a path."""
    return reverse(
        "self-checkin",
        kwargs={"slug": entry.tournament.slug, "token": token(entry, CHECKIN_SALT)},
    )


class TooManyBadLinks(ExplainedNotFound):
    """This address tried too many unknown links lately."""


def _bad_key(address):
    return f"desk:bad-signup-link:{address}"


def entry_for(tournament, value, address, salt=ENTRY_SALT):
    """The entry of `tournament` this link names, or a 404 saying why; an unknown link counts
    against `address`, and once it has tried too many, its unknown links are refused at once."""
    try:
        pk, key = signing.loads(value, salt=salt)
        entry = tournament.entries.filter(pk=int(pk)).first() if isinstance(pk, int) else None
    except (signing.BadSignature, TypeError, ValueError):
        entry, key = None, ""
    if (
        entry is None
        or not entry.link_key
        or not isinstance(key, str)
        or not hmac.compare_digest(entry.link_key.encode(), key.encode())
    ):
        if events_counted(_bad_key(address)) >= BAD_LINK_LIMIT:
            raise TooManyBadLinks(_("Too many unknown links from your connection: wait a while."))
        count_event(_bad_key(address), BAD_LINK_WINDOW)
        raise ExplainedNotFound(
            _(
                "This link is not valid (any more). Use the link of the latest e-mail about "
                "your entry, or ask the director."
            )
        )
    return entry
