"""Public pages for players: where do I sit, a closed table's results, the projector.

Everything here is read-only and shows only what the director published
(`tournament.visibility`); anything else answers 404.
"""

from dataclasses import replace
from functools import cached_property, partial

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from common.errors import ExplainedNotFound
from common.numbers import parse_int
from common.text import search_key
from rules.limits import INT32_MAX
from scoring.best_hands import hand_of_session
from scoring.live.versions import LivePageMixin, projector_version
from scoring.presentation import hand_rows
from scoring.reveal.services import reveal_of
from scoring.services.clock import clock_state
from scoring.services.tables import snapshot
from scoring.standings.group_views import view_context
from scoring.standings.lists import standings_rows
from scoring.standings.ranking import CACHE_SECONDS, cached_standings
from tournament.models import ProjectorMode, Seat, SessionStatus
from tournament.permissions import TournamentMixin, is_director
from tournament.rulesets import ruleset_for
from tournament.visibility import (
    results_visible,
    seating_visible,
    standings_through,
    visible_seating_sessions,
)

MAX_MATCHES = 20
#: How often the projector asks for news during the results reveal (seconds).
REVEAL_POLL_SECONDS = 1


def current_session(sessions):
    """The session players care about now: the first one not confirmed, else the last."""
    sessions = list(sessions)
    for session in sessions:
        if not session.is_confirmed:
            return session
    return sessions[-1] if sessions else None


def name_matches(query, player):
    """Whether "Where do I sit?" finds `player` by `query`, compared by `search_key`: accents,
    case, apostrophes and hyphens do not matter ("cerna" finds "Černá", "obrien" "O'Brien",
    "thorsson" "Þórsson"). Every word of the query is in the first or the last name ("anna
    ros"), or the whole query, its spaces left out, is in the full name ("devries" finds "de
    Vries", "annarossi" "Anna Rossi"). A query of punctuation only finds nobody."""
    words = [key for key in map(search_key, query.split()) if key]
    if not words:
        return False
    first, last = search_key(player.first_name), search_key(player.last_name)
    if all(word in first or word in last for word in words):
        return True
    whole = "".join(words)
    return whole in first + last or whole in last + first


class FindSeatView(TournamentMixin, TemplateView):
    """ "Where do I sit?": a name or a player number -> this session's table and the schedule."""

    template_name = "scoring/find_seat.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        query = self.request.GET.get("q", "").strip()[:100]
        sessions = list(visible_seating_sessions(self.request.user, self.tournament))
        matches = []
        if query:
            everyone = self.tournament.registrations.select_related("player")
            number = parse_int(query, minimum=1, maximum=INT32_MAX)  # "²" is not a number
            if number is not None:
                registrations = list(everyone.filter(number=number))
            else:
                registrations = [
                    registration
                    for registration in everyone.order_by("number")
                    if name_matches(query, registration.player)
                ][:MAX_MATCHES]
            seats = Seat.objects.filter(
                registration__in=registrations, session__in=sessions
            ).select_related("table", "session")
            by_registration: dict[int, dict[int, Seat]] = {}
            for seat in seats:
                by_registration.setdefault(seat.registration_id, {})[seat.session.number] = seat
            now = current_session(sessions)
            for registration in registrations:
                schedule = by_registration.get(registration.pk, {})
                matches.append(
                    {
                        "registration": registration,
                        "now": schedule.get(now.number) if now else None,
                        "schedule": [
                            (session, schedule.get(session.number)) for session in sessions
                        ],
                    }
                )
        context.update(
            query=query, matches=matches, current=current_session(sessions), sessions=sessions
        )
        return context


class TableResultsView(TournamentMixin, TemplateView):
    """A closed table's hands, totals and table points, once the session's results are out."""

    template_name = "scoring/table_results.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = get_object_or_404(self.tournament.sessions, number=self.kwargs["number"])
        table = get_object_or_404(session.tables, number=self.kwargs["table"])
        if not results_visible(self.request.user, session):
            raise ExplainedNotFound(
                _("The results of session %(number)s have not been published yet.")
                % {"number": session.number},
                heading=_("Not published yet"),
            )
        if not table.is_closed:
            raise ExplainedNotFound(
                _("Table %(table)s of session %(number)s has not finished yet.")
                % {"table": table.number, "number": session.number},
                heading=_("Not finished yet"),
            )
        snap = snapshot(table)
        context.update(
            session=session,
            table=table,
            snap=snap,
            rows=list(reversed(hand_rows(snap))),
            results=table.results.select_related("registration__player").order_by("place", "wind"),
        )
        return context


def projector_content(tournament, user):
    """What the projector shows now: ("seating", session), ("standings", standings),
    ("reveal", reveal: scoring/reveal.py), ("checkin", the players still missing) or ("clock",
    None), following the director's choice of mode. Automatically, the players still missing
    while check-in is open and no seating or standings are on view."""
    mode = tournament.projector_mode
    if mode == ProjectorMode.REVEAL:
        reveal = reveal_of(tournament)
        return ("reveal", reveal) if reveal is not None else ("clock", None)
    if mode == ProjectorMode.CHECKIN:
        return ("checkin", tournament) if tournament.checkin_open else ("clock", None)
    sessions = list(tournament.sessions.order_by("number"))
    seated = [s for s in sessions if s.is_open_for_entry and seating_visible(user, s)]
    through = standings_through(user, tournament)
    if mode == ProjectorMode.AUTO and tournament.checkin_open and not seated and through is None:
        return "checkin", tournament
    if mode == ProjectorMode.CLOCK:
        return "clock", None
    if mode == ProjectorMode.SEATING or (
        mode == ProjectorMode.AUTO and seated and (through is None or seated[0].number > through)
    ):
        return ("seating", seated[0]) if seated else ("clock", None)
    if through is not None:
        return "standings", cached_standings(tournament, through=through)
    return ("seating", seated[0]) if seated else ("clock", None)


def running_session(tournament):
    return (
        tournament.sessions.filter(clock_started_at__isnull=False)
        .exclude(status=SessionStatus.CONFIRMED)
        .order_by("-number")
        .first()
    )


class ProjectorView(LivePageMixin, TournamentMixin, TemplateView):
    """Full screen for the venue: pages through seating or standings by itself; it asks
    `/live/` for its version and fetches itself again only when that changed."""

    template_name = "scoring/projector.html"
    live_page = "projector"

    @cached_property
    def running(self):
        """The session whose clock the projector shows, looked up once per request."""
        return running_session(self.tournament)

    def live_etag(self):
        # A running clock shows the seconds left when the page was made: never from a cache.
        if self.running is not None and clock_state(self.running).running:
            return None
        return super().live_etag()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        kind, content = projector_content(self.tournament, self.request.user)
        running = self.running
        context.update(
            kind=kind,
            version=self.live_version(),
            poll_seconds=settings.DESK_PROJECTOR_POLL_SECONDS,
            running=running,
            clock=clock_state(running) if running else None,
            # The seating and the standings on the screen are the same for every viewer of one
            # version (in their language): the template keeps them in the shared cache, and
            # `tables` and `rows` are only worked out when it has not got them. A hall of
            # phones opening the projector at once costs one rendering, not one each.
            screen_seconds=CACHE_SECONDS,
            screen_view="",
        )
        if kind == "seating":
            context["session"] = content
            context["tables"] = partial(_tables, content)
        elif kind == "standings":
            context["standings"] = content
            context["rows"] = partial(standings_rows, content)
            # ?view=teams or a sub-ranking (?view=country:ITA): scoring/views/groups.py.
            view = self.request.GET.get("view", "")
            if view:
                context.update(projector_view(self.tournament, view, content))
                context["screen_view"] = context["view"]  # the view's own name for it
            context["ruleset"] = ruleset_for(self.tournament)
            # `through` is a confirmed session this viewer may see: the same hand for everyone
            context["hand_of_session"] = hand_of_session(
                self.tournament, self.request.user, content.through
            )
        elif kind == "checkin":
            context["missing"] = partial(_missing, self.tournament)
        elif kind == "reveal":
            context.update(reveal_context(content))
            context["ruleset"] = ruleset_for(self.tournament)
            # The reveal follows the director's key or button within a second or two.
            context["poll_seconds"] = min(context["poll_seconds"], REVEAL_POLL_SECONDS)
            if is_director(self.request.user, self.tournament):
                context["reveal_url"] = reverse("projector-reveal", args=[self.tournament.slug])
        return context


def projector_view(tournament, view, standings):
    """The projector's team standings or sub-ranking (`?view=`) instead of the player rows."""
    choice = view_context(tournament, view, standings.through)
    if choice["group_rows"] is not None:
        choice["rows"] = choice["group_rows"]
    return choice


def reveal_context(reveal):
    """What the projector's template gets of a reveal: the rows already out (best first, the
    last step's marked) and the rows after the hidden places, as display dicts. The hidden rows
    are never turned into dicts, so no template can show them."""
    latest = {row.registration.pk for row in reveal.latest}
    revealed = standings_rows(replace(reveal.standings, rows=reveal.revealed))
    for row, source in zip(revealed, reveal.revealed, strict=True):
        row["latest"] = source.registration.pk in latest
    return {
        "reveal": reveal,
        "standings": reveal.standings,
        "revealed": revealed,
        "rows": standings_rows(replace(reveal.standings, rows=reveal.rest)),
        "still_hidden": reveal.still_hidden,
    }


def _missing(tournament):
    """The players still to check in, by name (read only when the screen is not cached)."""
    return sorted(
        tournament.registrations.missing().select_related("player"),
        key=lambda registration: (registration.player.last_name.casefold(), registration.number),
    )


def _tables(session):
    tables: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(session=session)
        .select_related("table", "registration__player")
        .order_by("table__number", "wind")
    ):
        tables.setdefault(seat.table.number, []).append(seat)
    return sorted(tables.items())


class ProjectorStateView(TournamentMixin, View):
    """A tiny JSON the projector polls: reload when `version` changes; the clock."""

    def get(self, request, *args, **kwargs):
        running = running_session(self.tournament)
        response = JsonResponse(
            {
                "version": projector_version(self.tournament),
                "clock": clock_state(running).as_dict() if running else None,
            }
        )
        response["Cache-Control"] = "no-store"
        return response
