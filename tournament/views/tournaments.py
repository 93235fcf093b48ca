"""Pages of the tournament app. Thin: they check the role, read the form, call a service."""

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import DetailView, FormView
from django_tables2 import MultiTableMixin, SingleTableView

from common.i18n import translate_text
from tournament.forms import (
    PlayerImportForm,
    PlayerRegistrationForm,
    ScoringSettingsForm,
    TournamentForm,
)
from tournament.permissions import (
    DirectorRequiredMixin,
    DirectorTournamentMixin,
    TournamentMixin,
    is_director,
    visible_tournaments,
)
from tournament.rulesets import ruleset_for
from tournament.services.player_import import import_players
from tournament.services.registrations import RegistrationError, register_player
from tournament.services.tournaments import (
    TournamentError,
    create_tournament,
    update_scoring_options,
    update_tournament,
)
from tournament.tables import RegistrationTable, SessionTable, TournamentTable


class HomeView(SingleTableView):
    template_name = "tournament/home.html"
    table_class = TournamentTable

    def get_queryset(self):
        return visible_tournaments(self.request.user)

    def get_context_data(self, **kwargs):
        kwargs["is_director"] = is_director(self.request.user)
        return super().get_context_data(**kwargs)


class TournamentView(TournamentMixin, MultiTableMixin, DetailView):
    template_name = "tournament/tournament.html"
    context_object_name = "tournament"

    def get_object(self, queryset=None):
        return self.tournament

    def get_tables(self):
        sessions = self.tournament.sessions.select_related("tournament").annotate(
            table_count=Count("tables")
        )
        registrations = self.tournament.registrations.select_related("player")
        return [
            SessionTable(
                sessions,
                prefix="session-",
                user=self.request.user,
                exclude=() if is_director(self.request.user) else ("dashboard",),
            ),
            RegistrationTable(registrations, prefix="player-"),
        ]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["session_table"], context["registration_table"] = context["tables"]
        substitute = Q(is_substitute=True)
        context.update(
            self.tournament.registrations.aggregate(
                players=Count("id", filter=~substitute), substitutes=Count("id", filter=substitute)
            )
        )
        return context


class TournamentFormMixin:
    """Shared by creating and editing; subclasses define `save(fields)`."""

    form_class = TournamentForm
    template_name = "tournament/tournament_form.html"

    def form_valid(self, form):
        try:
            tournament = self.save(form.cleaned_data)
        except TournamentError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, _("Tournament “%(name)s” saved.") % {"name": tournament})
        return redirect(tournament)


class TournamentCreateView(DirectorRequiredMixin, TournamentFormMixin, FormView):
    extra_context = {"title": gettext_lazy("New tournament")}

    def save(self, fields):
        return create_tournament(**fields)


class TournamentUpdateView(DirectorTournamentMixin, TournamentFormMixin, FormView):
    extra_context = {"title": gettext_lazy("Tournament settings")}

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["instance"] = self.tournament
        return kwargs

    def save(self, fields):
        return update_tournament(self.tournament, **fields)


class RegisterPlayerView(DirectorTournamentMixin, FormView):
    form_class = PlayerRegistrationForm
    template_name = "tournament/register_player.html"

    def form_valid(self, form):
        try:
            registration = register_player(self.tournament, **form.cleaned_data)
        except RegistrationError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("%(name)s registered as player %(number)s.")
            % {"name": registration.player.full_name, "number": registration.number},
        )
        if "add_another" in self.request.POST:
            return redirect("register-player", slug=self.tournament.slug)
        return redirect(self.tournament)


class ImportPlayersView(DirectorTournamentMixin, FormView):
    form_class = PlayerImportForm
    template_name = "tournament/import_players.html"

    def form_valid(self, form):
        upload = form.cleaned_data["file"]
        result = import_players(
            self.tournament,
            upload.name,
            upload.read(),
            as_substitutes=form.cleaned_data["as_substitutes"],
        )
        if not result.ok:
            return self.render_to_response(
                self.get_context_data(form=form, errors=[str(error) for error in result.errors])
            )
        messages.success(self.request, result.summary())
        return redirect(reverse("tournament", kwargs={"slug": self.tournament.slug}))


class ScoringSettingsView(DirectorTournamentMixin, FormView):
    """The settings of the tournament's rule set (what differs from its preset)."""

    form_class = ScoringSettingsForm
    template_name = "tournament/scoring_settings.html"

    def get_form_kwargs(self):
        return {
            **super().get_form_kwargs(),
            "ruleset": ruleset_for(self.tournament),
            "tie_breaks": self.tournament.tie_breaks,
        }

    def get_context_data(self, **kwargs):
        kwargs["ruleset_name"] = translate_text(ruleset_for(self.tournament).name)
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            update_scoring_options(self.tournament, form.options(), tie_breaks=form.tie_breaks())
        except TournamentError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, _("Scoring settings saved."))
        return redirect(self.tournament)
