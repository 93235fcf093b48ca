"""Standings and player pages (read-only)."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from desk.permissions import TournamentMixin
from scoring.models import Penalty, SeatResult
from scoring.standings import compute_standings
from scoring.tables import standings_rows, standings_table
from tournament.models import Seat
from tournament.visibility import confirmed_visible, visible_seating_sessions


class StandingsView(TournamentMixin, TemplateView):
    """The standings after the last confirmed session, or after session `number`."""

    template_name = "scoring/standings.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        confirmed = confirmed_visible(self.request.user, self.tournament)
        through = self.kwargs.get("number")
        if through is not None and through not in confirmed:
            raise Http404
        if through is None and confirmed:
            through = confirmed[-1]
        standings = compute_standings(self.tournament, through=through or 0)
        context.update(
            standings=standings, confirmed=confirmed,
            table=standings_table(standings, standings_rows(standings), self.request)
            if confirmed else None,
        )
        return context


class PlayerView(TournamentMixin, TemplateView):
    """One player's tournament: per session the table, opponents, wind, score, points."""

    template_name = "scoring/player.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        registration = get_object_or_404(
            self.tournament.registrations.select_related("player"), number=self.kwargs["number"])
        visible = visible_seating_sessions(self.request.user, self.tournament)
        confirmed = confirmed_visible(self.request.user, self.tournament)
        seats = {seat.session.number: seat for seat in Seat.objects.filter(
            registration=registration, session__in=visible).select_related("session", "table")}
        results = {r.session.number: r for r in SeatResult.objects.filter(
            registration=registration, session__number__in=confirmed,
            session__tournament=self.tournament).select_related("session")}
        opponents = {}
        for seat in Seat.objects.filter(table__in=[s.table_id for s in seats.values()]) \
                .exclude(registration=registration).select_related("registration__player"):
            opponents.setdefault(seat.table_id, []).append(seat)
        penalties = {}
        for penalty in Penalty.objects.filter(registration=registration, cancelled_at__isnull=True,
                                              session__number__in=confirmed).select_related(
                                                  "session"):
            penalties.setdefault(penalty.session.number, []).append(penalty)
        sessions = []
        for session in self.tournament.sessions.order_by("number"):
            seat = seats.get(session.number)
            sessions.append({
                "session": session, "seat": seat,
                "opponents": sorted(opponents.get(seat.table_id, []), key=lambda s: s.wind)
                if seat else [],
                "result": results.get(session.number),
                "penalties": penalties.get(session.number, []),
            })
        standings = compute_standings(self.tournament, through=confirmed[-1] if confirmed else 0,
                                      with_movement=False)
        row = next((r for r in standings.rows if r.registration.pk == registration.pk), None)
        context.update(registration=registration, player=registration.player,
                       sessions=sessions, row=row, standings=standings)
        return context
