"""The API's reads: what the public pages show, with the same visibility (`tournament.visibility`
for the user `api.principals.viewer` gives); a director or read-only token sees all of its
tournament."""

from django.db.models import Prefetch, Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api import serializers as s
from api.conditional import ETAG, IF_NONE_MATCH, NOT_MODIFIED, ConditionalRead
from api.principals import (
    TABLE,
    check_slug,
    may_write,
    principal_of,
    reads_everything,
    viewer,
)
from api.serializers import exact
from common.numbers import query_int
from scoring.services.tables import snapshot
from scoring.standings.ranking import cached_standings
from scoring.standings.teams import team_standings
from tournament.models import Registration, Seat, Tournament
from tournament.permissions import visible_tournaments
from tournament.visibility import confirmed_visible, results_visible, seating_visible

THROUGH = OpenApiParameter(
    "through",
    OpenApiTypes.INT,
    description="The standings after this confirmed session (default: the last one public).",
)


def answers(body):
    """The statuses a read answers: the body, 304 to a matching If-None-Match
    (`api.conditional`), or a refusal (`{"detail": ...}`)."""
    refused = s.RefusalSerializer
    return {
        200: body,
        304: NOT_MODIFIED,
        400: refused,
        401: refused,
        403: refused,
        404: refused,
        429: refused,
    }


def read_schema(body, *parameters):
    """The schema of a read: its answers, and the conditional GET's headers."""
    return extend_schema(parameters=[*parameters, IF_NONE_MATCH, ETAG], responses=answers(body))


def tournament_for(request, slug, *, visible=True):
    """The URL's tournament, when this request may read it (404 otherwise, as the pages);
    `visible=False` leaves the public visibility to the caller."""
    check_slug(request, slug)
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise NotFound
    if visible and not is_visible(request, tournament):
        raise NotFound
    return tournament


def is_visible(request, tournament):
    return visible_tournaments(viewer(request, tournament)).filter(pk=tournament.pk).exists()


def seats_of():
    return Prefetch(
        "seats",
        queryset=Seat.objects.select_related("registration__player").order_by("wind"),
    )


class TournamentList(ConditionalRead):
    @read_schema(s.TournamentSerializer(many=True))
    def get(self, request):
        """The published tournaments, and the tournament of a director or read-only token."""
        query = Q(published=True)
        principal = principal_of(request)
        if principal is not None and principal.kind != TABLE:
            mine = Tournament.objects.filter(pk=principal.tournament_id).first()
            if mine is not None and reads_everything(request, mine):
                query |= Q(pk=mine.pk)
        tournaments = Tournament.objects.filter(query).order_by("-start_date", "name")
        return Response(s.TournamentSerializer(tournaments, many=True).data)


class TournamentDetail(ConditionalRead):
    @read_schema(s.TournamentSerializer)
    def get(self, request, slug):
        return Response(s.TournamentSerializer(tournament_for(request, slug)).data)


class RegistrationList(ConditionalRead):
    @read_schema(s.RegistrationSerializer(many=True))
    def get(self, request, slug):
        """The registered players, by number."""
        tournament = tournament_for(request, slug)
        registrations = (
            Registration.objects.filter(tournament=tournament)
            .select_related("player", "team")
            .prefetch_related("categories")
            .order_by("number")
        )
        return Response(s.RegistrationSerializer(registrations, many=True).data)


class SessionList(ConditionalRead):
    @read_schema(s.SessionSerializer(many=True))
    def get(self, request, slug):
        tournament = tournament_for(request, slug)
        sessions = tournament.sessions.order_by("number")
        return Response(s.SessionSerializer(sessions, many=True).data)


class SessionDetail(ConditionalRead):
    @read_schema(s.SessionDetailSerializer)
    def get(self, request, slug, number):
        """A session and its seating (null until the director makes it public)."""
        tournament = tournament_for(request, slug)
        session = get_object_or_404(tournament.sessions, number=number)
        data = s.SessionSerializer(session).data
        data["tables"] = None
        if not session.is_draft and seating_visible(viewer(request, tournament), session):
            tables = session.tables.order_by("number").prefetch_related(seats_of())
            data["tables"] = s.SeatingTableSerializer(tables, many=True).data
        return Response(data)


def table_readable(request, table):
    """Public: a closed table once its session's results are public (as the results page).
    A director or read-only token reads every table; a table's link and its referees' tokens
    read it while its session is the one being played, as the table's page shows it to them
    (published tournament or not): before that, their page only says the session has not
    started, and they read what the public reads."""
    tournament = table.session.tournament
    if reads_everything(request, tournament):
        return True
    if table.session.is_current and may_write(request, table):
        return True
    return (
        table.is_closed
        and is_visible(request, tournament)
        and results_visible(viewer(request, tournament), table.session)
    )


class TableDetail(ConditionalRead):
    @read_schema(s.TableSerializer)
    def get(self, request, slug, number, table):
        """A table: its revision, seats, hands (current versions) and penalties.

        Poll `revision` cheaply to follow a table live: it grows with every write."""
        tournament = tournament_for(request, slug, visible=False)  # table_readable decides
        session = get_object_or_404(tournament.sessions, number=number)
        table = get_object_or_404(
            session.tables.select_related("session__tournament"), number=table
        )
        if not table_readable(request, table):
            raise NotFound(_("This table's hands are not public."))
        return Response(table_data(table))


def table_data(table):
    snap = snapshot(table)
    hands = [line.hand for line in snap.lines]
    return {
        "session": table.session.number,
        "number": table.number,
        "revision": table.revision,
        "closed": table.is_closed,
        "seats": s.SeatSerializer(snap.seats, many=True).data,
        "totals": list(snap.totals),
        "hands": [
            {
                "number": hand.number,
                "version": hand.version,
                "outcome": hand.outcome,
                "changes": list(hand.changes),
                "entry": entry_as_written(table, hand),
                "table_revision": hand.table_revision,
            }
            for hand in hands
        ],
        "penalties": s.PenaltySerializer(snap.penalties, many=True).data,
    }


def entry_as_written(table, hand):
    """A hand's entry as a write takes it: the FIMJ variant's first hand carries who opened
    the first breach in the wall (`first_breach`, the table's first prevalent wind), which the
    first hand's write asks for (docs/rules.md §4.3)."""
    if hand.number == 1 and table.first_wind is not None:
        return {**hand.entry, "first_breach": table.first_wind}
    return hand.entry


def through_for(request, tournament):
    """The confirmed sessions this request may see, and the one `?through=` asks for."""
    confirmed = confirmed_visible(viewer(request, tournament), tournament)
    asked = query_int(request, "through", minimum=1, maximum=1000)
    if asked is not None:
        if asked not in confirmed:
            raise NotFound(
                _("The standings after session %(number)s have not been published yet.")
                % {"number": asked}
            )
        return confirmed, asked
    return confirmed, (confirmed[-1] if confirmed else None)


class StandingsView(ConditionalRead):
    @read_schema(s.StandingsSerializer, THROUGH)
    def get(self, request, slug):
        """The standings after a confirmed session (the same figures as the standings page)."""
        tournament = tournament_for(request, slug)
        confirmed, through = through_for(request, tournament)
        data = {"through": through, "confirmed": confirmed, "stage": "", "rows": []}
        if through is not None:
            standings = cached_standings(tournament, through=through)
            data["stage"] = standings.stage
            data["rows"] = [standing_row(row) for row in standings.rows]
        return Response(data)


def standing_row(row):
    player = row.registration.player
    return {
        "place": row.place,
        "place_label": row.place_label,
        "number": row.registration.number,
        "name": player.full_name,
        "country": player.country,
        "score": row.score,
        "final_score": exact(row.final_score),
        "table_points": exact(row.table_points),
        "penalties": row.penalties,
        "sessions": {
            str(number): exact(line.final_score) for number, line in sorted(row.sessions.items())
        },
    }


class TeamsView(ConditionalRead):
    @read_schema(s.TeamsSerializer, THROUGH)
    def get(self, request, slug):
        """The teams with their players' numbers, and the team standings (empty lists when the
        tournament has no teams)."""
        tournament = tournament_for(request, slug)
        teams = list(tournament.teams.order_by("name", "pk").prefetch_related("members"))
        data = {
            "teams": [
                {
                    "id": team.pk,
                    "name": team.name,
                    "country": team.country,
                    "members": sorted(
                        member.number for member in team.members.all() if not member.is_substitute
                    ),
                }
                for team in teams
            ],
            "through": None,
            "standings": [],
        }
        if teams:
            _confirmed, through = through_for(request, tournament)
            data["through"] = through
            if through is not None:
                ranking = team_standings(tournament, through=through)
                data["standings"] = [
                    {
                        "place": row.place,
                        "place_label": row.place_label,
                        "name": row.team.name,
                        "score": row.score,
                        "final_score": exact(row.final_score),
                        "table_points": exact(row.table_points)
                        if ranking.uses_table_points
                        else None,
                        "counted": [member.registration.number for member in row.counted],
                    }
                    for row in ranking.rows
                ]
        return Response(data)
