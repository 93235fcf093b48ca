"""A player's page in a tournament: per session the table, opponents, wind, score and points,
the hands they won counted from tiles, and their line of the standings (read-only)."""

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from scoring.models import Hand, Penalty, SeatResult
from scoring.standings.ranking import cached_standings
from tournament.models import Seat
from tournament.permissions import TournamentMixin
from tournament.visibility import confirmed_visible, visible_seating_sessions


def won_from_tiles(seats):
    """The hands won at `seats` (a player's seats) that were counted from tiles (§7)."""
    wins = Q(pk__in=[])
    for seat in seats:
        wins |= Q(table_id=seat.table_id, winner=seat.wind)
    return list(
        Hand.objects.current()
        .filter(wins)
        .exclude(tiles="")
        .select_related("table__session")
        .order_by("table__session__number", "number")
    )


class PlayerView(TournamentMixin, TemplateView):
    """One player's tournament: per session the table, opponents, wind, score, points."""

    template_name = "scoring/player.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        registration = get_object_or_404(
            self.tournament.registrations.select_related("player"), number=self.kwargs["number"]
        )
        visible = visible_seating_sessions(self.request.user, self.tournament)
        confirmed = confirmed_visible(self.request.user, self.tournament)
        seats = {
            seat.session.number: seat
            for seat in Seat.objects.filter(
                registration=registration, session__in=visible
            ).select_related("session", "table")
        }
        results = {
            r.session.number: r
            for r in SeatResult.objects.filter(
                registration=registration,
                session__number__in=confirmed,
                session__tournament=self.tournament,
            ).select_related("session")
        }
        opponents: dict[int, list[Seat]] = {}
        for opponent in (
            Seat.objects.filter(table__in=[s.table_id for s in seats.values()])
            .exclude(registration=registration)
            .select_related("registration__player")
        ):
            opponents.setdefault(opponent.table_id, []).append(opponent)
        penalties: dict[int, list[Penalty]] = {}
        for penalty in Penalty.objects.filter(
            registration=registration, cancelled_at__isnull=True, session__number__in=confirmed
        ).select_related("session"):
            penalties.setdefault(penalty.session.number, []).append(penalty)
        sessions = []
        for session in self.tournament.sessions.order_by("number"):
            seat = seats.get(session.number)
            sessions.append(
                {
                    "session": session,
                    "seat": seat,
                    "opponents": sorted(opponents.get(seat.table_id, []), key=lambda s: s.wind)
                    if seat
                    else [],
                    "result": results.get(session.number),
                    "penalties": penalties.get(session.number, []),
                }
            )
        standings = cached_standings(self.tournament, through=confirmed[-1] if confirmed else 0)
        row = next((r for r in standings.rows if r.registration.pk == registration.pk), None)
        context.update(
            tile_hands=won_from_tiles(
                [seat for number, seat in seats.items() if number in confirmed]
            ),
            registration=registration,
            player=registration.player,
            sessions=sessions,
            row=row,
            standings=standings,
        )
        return context
