"""The director's draw page: precheck, preview with its quality report, publish."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView

from tournament.forms import DrawForm, PublishDrawForm, SessionSettingsForm
from tournament.permissions import DirectorTournamentMixin
from tournament.services.draw import DrawError, current_report, draw_players, plan_draw, write_draw


class DrawView(DirectorTournamentMixin, FormView):
    """GET: the form and the current draw's report. POST: a preview of the requested draw."""

    template_name = "tournament/draw.html"
    form_class = DrawForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.tournament}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        try:
            players, left_out = draw_players(self.tournament)
            context["precheck"] = {
                "players": len(players),
                "tables": len(players) // 4,
                "left_out": left_out,
            }
        except DrawError as exc:
            context["precheck_error"] = str(exc)
        context["report"] = current_report(self.tournament)
        context["sessions"] = self.tournament.sessions.order_by("number")
        return context

    def form_valid(self, form):
        try:
            plan = plan_draw(
                self.tournament,
                session_number=form.session_number,
                seed=form.cleaned_data["seed"],
            )
        except DrawError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        publish = PublishDrawForm(
            initial={
                "scope": form.cleaned_data["scope"],
                "seed": plan.seed,
                "fingerprint": plan.fingerprint,
            },
            tournament=self.tournament,
        )
        return self.render_to_response(
            self.get_context_data(form=form, plan=plan, publish_form=publish)
        )


class PublishDrawView(DirectorTournamentMixin, FormView):
    """POST only: write the previewed draw (same seed, same players) in one transaction."""

    form_class = PublishDrawForm
    template_name = "tournament/draw.html"
    http_method_names = ["post"]

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.tournament}

    def form_invalid(self, form):
        messages.error(self.request, _("The draw could not be published: preview it again."))
        return redirect("draw", slug=self.tournament.slug)

    def form_valid(self, form):
        try:
            plan = write_draw(
                self.tournament,
                session_number=form.session_number,
                seed=form.cleaned_data["seed"],
                fingerprint=form.cleaned_data["fingerprint"],
            )
        except DrawError as exc:
            messages.error(self.request, str(exc))
            return redirect("draw", slug=self.tournament.slug)
        numbers = ", ".join(str(session.number) for session in plan.scope)
        messages.success(
            self.request,
            _("Draw published for session(s) %(numbers)s (seed %(seed)s).")
            % {"numbers": numbers, "seed": plan.seed},
        )
        return redirect("seating", slug=self.tournament.slug, number=plan.scope[0].number)


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
