"""Who may write to a table, checked on the server for every request.

An *actor* is whoever makes a request: the director (a staff account), a referee account
assigned to tables, or the bearer of a table's secret link. `table_for_token` and
`table_for_account` are the only ways a referee page finds its table, so a link for table 3
can never read or write table 4, another session, or a director page.
"""

from dataclasses import dataclass

from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.utils.translation import gettext as _

from common.errors import ExplainedNotFound
from tournament.models import OPEN_FOR_ENTRY, Table
from tournament.permissions import is_director

#: A referee link works while its session is being played or checked, never before the draw is
#: published or after the director confirmed the session.
LINK_SESSION_STATUSES = OPEN_FOR_ENTRY


@dataclass(frozen=True)
class Actor:
    """Who acts: `user` when logged in, else None; `via` says how (e.g. "table link")."""

    user: object = None
    via: str = ""

    @property
    def is_director(self):
        return is_director(self.user)

    @property
    def label(self):
        return self.user.get_username() if self.user is not None else self.via


def actor_for(request, *, via_link=False):
    user = request.user if request.user.is_authenticated else None
    return Actor(user=user, via=_("table link") if via_link else "")


#: Bad referee links tolerated from one address in BAD_TOKEN_WINDOW seconds before its further
#: unknown links are refused. A link's secret has 256 random bits, so this only keeps scanners
#: from hammering. The counter lives in the shared cache (the database cache table), so every
#: server process counts together; a valid link is never refused, whatever else came from the
#: same address (many phones share one address behind a venue's NAT or a proxy).
BAD_TOKEN_LIMIT = 20
BAD_TOKEN_WINDOW = 600


class TooManyBadLinks(Exception):
    """This address tried too many unknown links: it waits until the window has passed."""


def _bad_token_key(address):
    return f"desk:bad-table-link:{address}"


def check_address(address):
    """Raise TooManyBadLinks if `address` has tried too many unknown links lately."""
    if cache.get(_bad_token_key(address), 0) >= BAD_TOKEN_LIMIT:
        raise TooManyBadLinks


def note_bad_token(address):
    key = _bad_token_key(address)
    if cache.add(key, 1, BAD_TOKEN_WINDOW):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add() and incr()
        cache.add(key, 1, BAD_TOKEN_WINDOW)


def table_for_token(token, address="unknown"):
    """The table whose referee link this is; 404 for an unknown, renewed or expired link.

    The link is looked up first: a valid link always works. Only an unknown link counts as a
    guess, and it raises TooManyBadLinks when `address` has tried too many unknown links lately.
    """
    table = Table.objects.select_related("session__tournament").filter(token=token).first()
    if table is None:
        check_address(address)
        note_bad_token(address)
        raise ExplainedNotFound(
            _("This table link is not valid (any more). Ask the director for the current one.")
        )
    if not table.session.is_open_for_entry:
        # A real link of a session that is over: no guess, so it does not count as one.
        raise ExplainedNotFound(
            _("This table link was for session %(number)s, which is over.")
            % {"number": table.session.number}
        )
    return table


def tables_for_account(user):
    """The tables a logged-in account may referee: all for a director, assigned ones otherwise."""
    tables = Table.objects.select_related("session__tournament")
    if is_director(user):
        return tables
    return tables.filter(Q(referees=user), session__status__in=LINK_SESSION_STATUSES)


def table_for_account(user, pk):
    if not (user and user.is_authenticated):
        raise PermissionDenied
    table = tables_for_account(user).filter(pk=pk).first()
    if table is None:
        raise PermissionDenied(_("You are not a referee of this table."))
    return table
