"""Who may write to a table, checked on the server for every request.

An *actor* is whoever makes a request: the director (a staff account), a referee account
assigned to tables, or the bearer of a table's secret link. `table_for_token` and
`table_for_account` are the only ways a referee page finds its table, so a link for table 3
can never read or write table 4, another session, or a director page.
"""

import hmac
import re
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from common.counters import count_event, events_counted
from common.errors import ExplainedNotFound
from tournament.models import OPEN_FOR_ENTRY, Table
from tournament.permissions import directed_tournaments, is_director, is_site_admin

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: A referee link finds its table while its session is seated or running (never before the draw
#: or after the director confirmed the session); it writes only while the session is the
#: current one (`Session.is_current`), and otherwise shows why it does not.
LINK_SESSION_STATUSES = OPEN_FOR_ENTRY


@dataclass(frozen=True)
class Actor:
    """Who acts: `user` when logged in, else None; `via` says how (e.g. "table link").

    `director` is whether this actor manages the tournament being acted on, decided once when
    the actor is made for that tournament (`actor_for`, the API's token). Left None, only a site
    administrator (who manages every tournament) counts as its director: the demo, the benches
    and the scripts act as the desk's site administrator.
    """

    user: "User | None" = None
    via: str = ""
    #: The random id the device keeps in a long-lived signed cookie, and its browser family.
    device: str = ""
    device_agent: str = ""
    director: bool | None = None

    @property
    def is_director(self):
        return is_site_admin(self.user) if self.director is None else self.director

    @property
    def label(self):
        return self.user.get_username() if self.user is not None else self.via


def actor_for(request, tournament, *, via_link=False):
    """The actor of a request acting on `tournament`."""
    user = request.user if request.user.is_authenticated else None
    return Actor(
        user=user,
        via=_("table link") if via_link else "",
        device=device_id(request),
        device_agent=agent_family(request.META.get("HTTP_USER_AGENT", "")),
        director=is_director(user, tournament),
    )


# -- the device ------------------------------------------------------------------------------

#: The signed cookie that tells one phone from another in the audit trail (two years).
DEVICE_COOKIE = "desk_device"
DEVICE_SALT = "desk.device"
DEVICE_MAX_AGE = 2 * 365 * 24 * 3600
_DEVICE_PATTERN = re.compile(r"[A-Za-z0-9_-]{16}")


def device_id(request):
    """This device's random id: from its signed cookie, else a new one (kept on the request so
    that `remember_device` sets the cookie on the response)."""
    known = getattr(request, "_desk_device", None)
    if known:
        return known
    value = request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_SALT)
    if not _DEVICE_PATTERN.fullmatch(value or ""):
        value = secrets.token_urlsafe(12)
        request._desk_device_new = True
    request._desk_device = value
    return value


def remember_device(request, response):
    """Set the device cookie when this request made a new device id."""
    if getattr(request, "_desk_device_new", False):
        response.set_signed_cookie(
            DEVICE_COOKIE,
            request._desk_device,
            salt=DEVICE_SALT,
            max_age=DEVICE_MAX_AGE,
            httponly=True,
            samesite="Lax",
        )
    return response


_SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Macintosh", "Mac"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)
_BROWSERS = (
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("Edg", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)


def agent_family(user_agent):
    """The system and browser of a User-Agent header ("Android, Chrome"), or ""."""
    system = next((name for key, name in _SYSTEMS if key in user_agent), "")
    browser = next((name for key, name in _BROWSERS if key in user_agent), "")
    return ", ".join(part for part in (system, browser) if part)


# -- the current session ---------------------------------------------------------------------


def not_current_reason(session):
    """Why a referee cannot write to `session` now, or "" when it is the current session."""
    if session.is_current:
        return ""
    if session.is_confirmed:
        return _("Session %(number)s is over: its results were confirmed.") % {
            "number": session.number
        }
    return _(
        "Session %(number)s has not started yet: this link works once the director "
        "publishes its seating and starts the session."
    ) % {"number": session.number}


# -- the table's PIN -------------------------------------------------------------------------

#: Wrong PINs tolerated from one address at one table in PIN_WINDOW seconds (shared cache).
PIN_LIMIT = 8
PIN_WINDOW = 600


class TooManyWrongPins(Exception):
    """This address typed too many wrong PINs for the table lately."""


def needs_pin(table, actor):
    return table.session.tournament.referee_pin and not actor.is_director


def _pin_key(table):
    return f"table-pin:{table.pk}"


def _pin_digest(table):
    return salted_hmac("desk.table-pin", f"{table.pk}:{table.token}:{table.pin}").hexdigest()


def pin_accepted(request, table):
    """Did this device already type the table's current PIN (kept in its session)?"""
    stored = request.session.get(_pin_key(table), "")
    return isinstance(stored, str) and hmac.compare_digest(stored, _pin_digest(table))


def _bad_pin_key(table, address):
    return f"desk:bad-table-pin:{table.pk}:{address}"


def try_pin(request, table, typed, address):
    """Check a typed PIN (constant time); remember the device when right. Returns True when
    right; raises TooManyWrongPins when this address is throttled (right or not)."""
    if pin_matches(table, typed, address):
        request.session[_pin_key(table)] = _pin_digest(table)
        return True
    return False


def pin_matches(table, typed, address):
    """Whether `typed` is the table's PIN (constant time); a wrong one counts against `address`
    at this table, in the shared cache, for the pages and the API alike. Raises
    TooManyWrongPins when this address is throttled (right or not)."""
    key = _bad_pin_key(table, address)
    if events_counted(key) >= PIN_LIMIT:
        raise TooManyWrongPins
    typed = str(typed or "").strip()
    if hmac.compare_digest(typed.encode(), table.pin.encode()):
        return True
    count_event(key, PIN_WINDOW)
    return False


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
    if events_counted(_bad_token_key(address)) >= BAD_TOKEN_LIMIT:
        raise TooManyBadLinks


def note_bad_token(address):
    count_event(_bad_token_key(address), BAD_TOKEN_WINDOW)


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
            _("This table link is not valid (any more). Ask the director for the current one."),
            heading=_("Table link not valid"),
        )
    if not table.session.is_open_for_entry:
        # A real link of a session that is over: no guess, so it does not count as one.
        names = {"number": table.session.number}
        raise ExplainedNotFound(
            _("This table link was for session %(number)s, which is over.") % names,
            heading=_("Session %(number)s is over") % names,
        )
    return table


def tables_for_account(user):
    """The tables a logged-in account may referee: every table of the tournaments it manages,
    and the tables it is assigned to while their session takes hands."""
    tables = Table.objects.select_related("session__tournament")
    if is_site_admin(user):
        return tables
    return tables.filter(
        Q(session__tournament__in=directed_tournaments(user))
        | Q(referees=user, session__status__in=LINK_SESSION_STATUSES)
    ).distinct()


def table_for_account(user, pk):
    if not (user and user.is_authenticated):
        raise PermissionDenied
    table = tables_for_account(user).filter(pk=pk).first()
    if table is None:
        raise PermissionDenied(_("You are not a referee of this table."))
    return table
