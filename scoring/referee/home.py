"""A logged-in referee's own page: their tables in the sessions being played, the open referee
calls they answer, and the tournaments whose check-in they help with."""

from django.shortcuts import redirect
from django.urls import reverse
from django.views.generic import TemplateView

from scoring import access
from scoring.calls import reading as call_reading
from tournament.models import Tournament


class RefereeHomeView(TemplateView):
    """A logged-in referee's tables in the sessions being played, and the open referee calls
    of those sessions (taken and closed from here)."""

    template_name = "scoring/referee_home.html"

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        tables = (
            access.tables_for_account(self.request.user)
            .filter(session__status__in=access.LINK_SESSION_STATUSES)
            .order_by("session__tournament__name", "session__number", "number")
        )
        context["tables"] = tables[:200]
        context["calls"] = call_reading.open_calls(call_reading.answered_by(self.request.user))
        context["closed_calls"] = call_reading.recently_closed(
            call_reading.answered_by(self.request.user, closed=True)
        )
        # Check-in on the day (docs/signup.md): the referee accounts of a tournament help.
        context["checkin_tournaments"] = Tournament.objects.filter(
            checkin_open=True, sessions__tables__referees=self.request.user.pk
        ).distinct()
        return context
