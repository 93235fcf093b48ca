"""Live pages without hammering the desk: the projector and the public standings ask for a tiny
version first and fetch the page only when it changed.

`live_versions()` fingerprints, from a few aggregate queries and never by rendering a page, what
each live page shows: "standings" (the public standings) and "projector" (seating, standings,
reveal, clock). `LivePageMixin` answers those pages with an ETag made from the version and a
304 when the browser already has them; `static/desk/live.js` and `static/desk/projector.js`
poll `/t/<slug>/live/` and fetch the page only when their version changed.
"""

import hashlib

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import Count, Max, Q, Sum
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from common.mixin_bases import TemplateViewMixinBase
from scoring.standings.ranking import standings_version
from tournament.models import Seat, Table, Tournament


def _digest(state):
    return hashlib.sha256(repr([str(item) for item in state]).encode()).hexdigest()[:16]


def tournament_state(tournament):
    """Every column of the tournament (already loaded by the view: no query): its name, its
    settings, the projector's mode, the reveal's step, publication."""
    return [getattr(tournament, field.attname) for field in tournament._meta.concrete_fields]


def standings_page_version(tournament, standings=None):
    """What the public standings show: the tournament (its name, its settings) and everything
    the standings depend on (`standings_version`, which counts confirmed sessions only: hands
    saved in the session being played change nothing, so phones on the standings stay
    unchanged while referees type)."""
    standings = standings or standings_version(tournament)
    return _digest([tournament_state(tournament), standings])


def projector_version(tournament, standings=None):
    """What the projector shows: the standings' version and the sessions (publication, the
    draw, the clock), whether each session's tables are all closed (its clock stops then) and
    the seats."""
    standings = standings or standings_version(tournament)
    sessions = list(
        tournament.sessions.order_by("number").values_list(
            "number",
            "status",
            "seating_published",
            "results_published",
            "draw_seed",
            "confirmed_at",
            "clock_started_at",
            "clock_paused_at",
            "clock_paused_seconds",
            "clock_extra_minutes",
        )
    )
    # The projector shows no single table's closing, only a session's clock stopping when its
    # last table closes: a session's tables count by whether any is open, and the time of the
    # last closing only once none is (so a hall of phones does not fetch the projector again
    # for every table that closes).
    tables = [
        (
            row["session_id"],
            row["open"] == 0,
            row["last"] if row["open"] == 0 else None,
            row["extra"],
        )
        for row in Table.objects.filter(session__tournament=tournament)
        .values("session_id")
        .annotate(
            open=Count("pk", filter=Q(closed_at__isnull=True)),
            last=Max("closed_at"),
            extra=Sum("extra_minutes"),
        )
        .order_by("session_id")
    ]
    # A new draw writes new seats; a substitute changes a seat's player.
    seats = Seat.objects.filter(session__tournament=tournament).aggregate(
        count=Count("pk"), last=Max("pk"), players=Sum("registration_id")
    )
    # While check-in is open the projector may show who is still missing: a check-in, one
    # taken back or a withdrawal changes how many are missing or which.
    checkin = (
        tournament.registrations.missing().aggregate(
            count=Count("pk"), players=Sum("pk"), last=Max("pk")
        )
        if tournament.checkin_open
        else None
    )
    return _digest([tournament_state(tournament), sessions, tables, seats, standings, checkin])


#: The live pages and their versions.
LIVE_PAGES = {"standings": standings_page_version, "projector": projector_version}


def live_versions(tournament):
    """{"standings": ..., "projector": ...}, the standings' fingerprint computed once. Each
    changes whenever what that page shows may change, for any viewer (the director sees
    unpublished results: their changes count too)."""
    standings = standings_version(tournament)
    return {page: version(tournament, standings) for page, version in LIVE_PAGES.items()}


def polled_versions(tournament):
    """`live_versions()` as `/live/` answers it: kept in the shared cache (every server process
    sees it) for `DESK_LIVE_CACHE_SECONDS` (2), so a hall of phones polling costs one cache
    look-up each and one computation every two seconds. A change reaches the phones at most
    that much later; the pages themselves always compute their version afresh, so a 304 on a
    page is never stale."""
    seconds = settings.DESK_LIVE_CACHE_SECONDS
    if seconds <= 0:
        return live_versions(tournament)
    key = f"live-versions:{tournament.pk}"
    versions = cache.get(key)
    if versions is None:
        versions = live_versions(tournament)
        cache.set(key, versions, seconds)
    return versions


def page_etag(request, version):
    """The ETag of a live page for this request, or None (then the page is always rendered).

    Only visitors who are not logged in get one: a director or a referee sees unpublished
    things and their own menu, so their pages are never answered from a shared version. The
    language and the CSRF cookie (the page's language form carries a token made from it) are
    part of it; a page with a message waiting for the visitor is rendered (and shows it once).
    """
    if request.user.is_authenticated or len(get_messages(request)):
        return None
    cookie = hashlib.sha256(request.COOKIES.get("csrftoken", "").encode()).hexdigest()[:8]
    return f'"{version}-{get_language()}-{cookie}"'


def no_cache(response):
    """The browser keeps the page but asks again (If-None-Match) every time it uses it."""
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


class LivePageMixin(TemplateViewMixinBase):
    """A page the JavaScript refreshes by itself: answered 304 when the browser has it already.

    `live_page` names the version in `live_versions()`; `live_etag()` may refuse an ETag (None)
    when the page shows something that changes by the second (a running clock). It is listed
    before `tournament.permissions.TournamentMixin`, which finds `tournament`."""

    live_page = "standings"
    tournament: Tournament

    def live_version(self):
        if not hasattr(self, "_live_version"):
            self._live_version = LIVE_PAGES[self.live_page](self.tournament)
        return self._live_version

    def live_etag(self):
        return page_etag(self.request, self.live_version())

    def get(self, request, *args, **kwargs):
        etag = self.live_etag()
        if etag is not None:
            unchanged = get_conditional_response(request, etag=etag)
            if unchanged is not None:
                unchanged["ETag"] = etag
                return no_cache(unchanged)
        response = super().get(request, *args, **kwargs)
        if etag is not None and response.status_code == 200:
            response["ETag"] = etag
        return no_cache(response)
