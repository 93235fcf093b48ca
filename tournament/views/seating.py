"""Seating pages of a session: by table, and alphabetically by player."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from common.errors import ExplainedNotFound
from common.text import sort_key
from tournament.models import WIND_NAMES, Seat
from tournament.permissions import TournamentMixin
from tournament.services.seating_report import current_report
from tournament.visibility import results_visible, seating_visible, visible_seating_sessions


class SeatingView(TournamentMixin, TemplateView):
    template_name = "tournament/seating.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = get_object_or_404(self.tournament.sessions, number=self.kwargs["number"])
        if not seating_visible(self.request.user, session):
            raise ExplainedNotFound(
                _("The seating of session %(number)s has not been published yet.")
                % {"number": session.number},
                heading=_("Not published yet"),
            )
        seats = list(
            Seat.objects.filter(session=session)
            .select_related("table", "registration__player")
            .order_by("table__number", "wind")
        )
        tables: dict[int, list[Seat]] = {}
        for seat in seats:
            tables.setdefault(seat.table.number, []).append(seat)
        context.update(
            session=session,
            tables=sorted(tables.items()),
            by_player=sorted(
                seats,
                key=lambda s: (
                    sort_key(s.registration.player.last_name),
                    sort_key(s.registration.player.first_name),
                ),
            ),
            wind_names=WIND_NAMES,
            sessions=visible_seating_sessions(self.request.user, self.tournament),
            results=results_visible(self.request.user, session),
        )
        if context["is_director"]:
            context["report"] = current_report(self.tournament)
        return context
