"""The settings of one session: its scheduled start and its Swiss options."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView

from tournament.forms import SessionSettingsForm
from tournament.permissions import DirectorTournamentMixin


class SessionSettingsView(DirectorTournamentMixin, FormView):
    """Scheduled start and the Swiss options of one session."""

    form_class = SessionSettingsForm
    template_name = "tournament/session_settings.html"

    def get_session(self):
        return get_object_or_404(self.tournament.sessions, number=self.kwargs["number"])

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "instance": self.get_session()}

    def get_context_data(self, **kwargs):
        kwargs["session"] = self.get_session()
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        form.save()
        messages.success(self.request, _("Session settings saved."))
        return redirect("draw", slug=self.tournament.slug)
