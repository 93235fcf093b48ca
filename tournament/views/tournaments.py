"""Pages of the tournament app. Thin: they check the role, read the form, call a service."""

import secrets

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import DetailView, FormView, View
from django_tables2 import MultiTableMixin, SingleTableView

from common.i18n import translate_text
from common.mixin_bases import FormViewMixinBase
from tournament.forms import ScoringSettingsForm, TournamentForm
from tournament.lists import RegistrationList, SessionList, TournamentList
from tournament.models import Tournament
from tournament.permissions import (
    DirectorTournamentMixin,
    SiteAdminRequiredMixin,
    TournamentMixin,
    is_director,
    is_site_admin,
    visible_tournaments,
)
from tournament.player_forms import (
    PlayerImportConfirmForm,
    PlayerImportForm,
    PlayerRegistrationForm,
)
from tournament.rulesets import ruleset_for
from tournament.services.player_import import (
    NEW,
    SAME_EMA,
    SAME_NAME,
    PlayerRow,
    apply_import,
    fingerprint,
    plan_import,
    preview_import,
)
from tournament.services.registrations import RegistrationError, register_player
from tournament.services.tournaments import (
    TournamentError,
    create_tournament,
    update_scoring_options,
    update_tournament,
)


class HomeView(SingleTableView):
    template_name = "tournament/home.html"
    table_class = TournamentList

    def get_queryset(self):
        return visible_tournaments(self.request.user)

    def get_context_data(self, **kwargs):
        kwargs["is_site_admin"] = is_site_admin(self.request.user)
        return super().get_context_data(**kwargs)


class TournamentView(TournamentMixin, MultiTableMixin, DetailView):
    template_name = "tournament/tournament.html"
    context_object_name = "tournament"

    def get_object(self, queryset=None):
        return self.tournament

    def get_tables(self):
        sessions = self.tournament.sessions.select_related("tournament").annotate(
            table_count=Count("tables"),
            closed_count=Count("tables", filter=Q(tables__closed_at__isnull=False)),
        )
        registrations = self.tournament.registrations.select_related("player", "tournament", "team")
        return [
            SessionList(
                sessions,
                prefix="session-",
                user=self.request.user,
                exclude=() if is_director(self.request.user, self.tournament) else ("dashboard",),
            ),
            RegistrationList(
                registrations,
                prefix="player-",
                director=is_director(self.request.user, self.tournament),
                teams=self.tournament.teams.exists(),
            ),
        ]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["session_table"], context["registration_table"] = context["tables"]
        context["can_delete"] = is_site_admin(self.request.user)
        substitute = Q(is_substitute=True)
        context.update(
            self.tournament.registrations.aggregate(
                players=Count("id", filter=~substitute), substitutes=Count("id", filter=substitute)
            )
        )
        return context


class TournamentFormMixin(FormViewMixinBase):
    """Shared by creating and editing; subclasses define `save(fields)`."""

    form_class = TournamentForm
    template_name = "tournament/tournament_form.html"

    def save(self, fields) -> Tournament:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def form_valid(self, form):
        try:
            tournament = self.save(form.cleaned_data)
        except TournamentError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, _("Tournament “%(name)s” saved.") % {"name": tournament})
        return redirect(tournament)


class TournamentCreateView(SiteAdminRequiredMixin, TournamentFormMixin, FormView):
    extra_context = {"title": gettext_lazy("New tournament")}

    def save(self, fields):
        return create_tournament(creator=self.request.user, **fields)


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
            registration = register_player(
                self.tournament, editor=self.request.user, **form.cleaned_data
            )
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


#: Session keys of the player-list previews waiting for the director's confirmation.
IMPORT_PREVIEW_KEY = "player-import:"


def _store_preview(request, tournament, rows, plan, *, as_substitutes, filename):
    """Keep the checked rows in the session (the database, shared by every server process)
    until the director confirms; one waiting preview per tournament. Returns its token."""
    session = request.session
    for key in [key for key in session.keys() if key.startswith(IMPORT_PREVIEW_KEY)]:  # noqa: SIM118 (a session has no __iter__)
        if session[key].get("tournament") == tournament.pk:
            del session[key]
    token = secrets.token_urlsafe(16)
    session[IMPORT_PREVIEW_KEY + token] = {
        "tournament": tournament.pk,
        "filename": filename,
        "as_substitutes": as_substitutes,
        "rows": [row.as_data() for row in rows],
        "plan": fingerprint(plan),
    }
    return token


def _preview_context(tournament, plan, form, entry):
    rows = [
        (planned, form[form.field_name(planned)] if planned.how == SAME_NAME else None)
        for planned in plan
    ]
    counts = {
        how: sum(planned.how == how for planned in plan) for how in (NEW, SAME_EMA, SAME_NAME)
    }
    return {
        "tournament": tournament,
        "form": form,
        "rows": rows,
        "counts": counts,
        "has_teams": any(planned.row.team for planned in plan),
        "has_categories": any(planned.row.categories for planned in plan),
        "filename": entry["filename"],
        "as_substitutes": entry["as_substitutes"],
    }


class ImportPlayersView(DirectorTournamentMixin, FormView):
    """Step 1: upload. A good list is shown as a preview (`ConfirmImportPlayersView` writes)."""

    form_class = PlayerImportForm
    template_name = "tournament/import_players.html"

    def form_valid(self, form):
        upload = form.cleaned_data["file"]
        as_substitutes = form.cleaned_data["as_substitutes"]
        preview = preview_import(
            self.tournament, upload.name, upload.read(), as_substitutes=as_substitutes
        )
        if preview.errors:
            return self.render_to_response(
                self.get_context_data(form=form, errors=[str(error) for error in preview.errors])
            )
        plan = preview.plan
        token = _store_preview(
            self.request,
            self.tournament,
            preview.rows,
            plan,
            as_substitutes=as_substitutes,
            filename=upload.name,
        )
        entry = self.request.session[IMPORT_PREVIEW_KEY + token]
        confirm = PlayerImportConfirmForm(plan=plan, initial={"token": token})
        return render(
            self.request,
            "tournament/import_players_preview.html",
            _preview_context(self.tournament, plan, confirm, entry),
        )


class ConfirmImportPlayersView(DirectorTournamentMixin, View):
    """Step 2: the director's choices for the name matches; the import runs in one transaction
    after checking that the known players did not change since the preview."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        token = request.POST.get("token", "")
        key = IMPORT_PREVIEW_KEY + token
        entry = request.session.get(key) if token else None
        if not entry or entry.get("tournament") != self.tournament.pk:
            messages.error(
                request,
                _(
                    "This preview is no longer available (already imported, replaced by a newer "
                    "upload, or the login ended). Upload the list again."
                ),
            )
            return redirect("import-players", slug=self.tournament.slug)
        rows = [PlayerRow(**data) for data in entry["rows"]]
        plan, errors = plan_import(self.tournament, rows, as_substitutes=entry["as_substitutes"])
        form = PlayerImportConfirmForm(request.POST, plan=plan)
        result = None
        if not errors and form.is_valid():
            result = apply_import(
                self.tournament,
                rows,
                as_substitutes=entry["as_substitutes"],
                same_person=form.same_person(),
                expected=entry["plan"],
                editor=request.user,
            )
            errors, plan = result.errors, result.plan or plan
            if result.changed:
                entry["plan"] = fingerprint(plan)
                request.session[key] = entry
                form = PlayerImportConfirmForm(plan=plan, initial={"token": token})
        if result is not None and result.ok:
            del request.session[key]
            return render(
                request,
                "tournament/import_players_done.html",
                {"tournament": self.tournament, "result": result},
            )
        if errors and (result is None or not result.changed):
            # A row became ambiguous meanwhile: the list has to be corrected and uploaded again.
            del request.session[key]
            return render(
                request,
                "tournament/import_players.html",
                {
                    "tournament": self.tournament,
                    "form": PlayerImportForm(),
                    "errors": [str(error) for error in errors],
                },
            )
        context = _preview_context(self.tournament, plan, form, entry)
        context["errors"] = [str(error) for error in errors]
        return render(request, "tournament/import_players_preview.html", context)


class ScoringSettingsView(DirectorTournamentMixin, FormView):
    """The settings of the tournament's rule set (what differs from its preset)."""

    form_class = ScoringSettingsForm
    template_name = "tournament/scoring_settings.html"

    def get_form_kwargs(self):
        return {
            **super().get_form_kwargs(),
            "ruleset": ruleset_for(self.tournament),
            "tie_breaks": self.tournament.tie_breaks,
            "lots_seed": self.tournament.lots_seed,
            "team_counted": self.tournament.team_counted,
        }

    def get_context_data(self, **kwargs):
        kwargs["ruleset_name"] = translate_text(ruleset_for(self.tournament).name)
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            update_scoring_options(
                self.tournament,
                form.options(),
                tie_breaks=form.tie_breaks(),
                lots_seed=form.lots_seed(),
                team_counted=form.team_counted(),
            )
        except TournamentError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, _("Scoring settings saved."))
        return redirect(self.tournament)
