"""The director's draw page: precheck, preview with its quality report, publish.

A preview is kept in the director's session under its fingerprint (`PREVIEWS`, the last few),
so that publishing writes exactly the previewed tables without drawing again.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView, View

from common.confirm import Confirmation, ConfirmFirst
from common.errors import ErrorGoesBack
from draw import final as final_draw
from draw.errors import DrawError
from draw.planning import draw_players, plan_draw
from draw.registrations import missing_players, withdraw_missing
from draw.writing import write_draw
from tournament.forms import DrawForm, PublishDrawForm
from tournament.models import PLAYED, Seat, SeatingGroups, SessionStatus
from tournament.permissions import DirectorTournamentMixin
from tournament.services.seating_report import current_report
from tournament.services.tournaments import TournamentError, update_tournament

PREVIEWS = "draw_previews"  # session key: {fingerprint: DrawPlan.stored()}
KEEP_PREVIEWS = 4  # previews kept per director session (two browser tabs, a second try...)


def remember_preview(session, plan):
    """Keep the preview's tables in the session, under its fingerprint (the newest few)."""
    previews = dict(session.get(PREVIEWS, {}))
    previews.pop(plan.fingerprint, None)
    previews[plan.fingerprint] = plan.stored()
    session[PREVIEWS] = dict(list(previews.items())[-KEEP_PREVIEWS:])


class DrawView(DirectorTournamentMixin, FormView):
    """GET: the form and the current draw's report. POST: a preview of the requested draw."""

    template_name = "draw/draw.html"
    form_class = DrawForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.tournament}

    def get_initial(self):
        """`?scope=remaining` (or a session number) preselects the sessions to draw, e.g. from
        a registration page after a withdrawal: "redraw the unplayed sessions"."""
        initial = super().get_initial()
        scope = self.request.GET.get("scope")
        if scope:
            initial["scope"] = scope  # an unknown value is simply not selected
        return initial

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["shows_club"] = self.tournament.seating_groups == SeatingGroups.CLUB
        try:
            if self.tournament.cut_made:  # the final's tables (docs/rules.md §9.3)
                finalists, others, left_out = final_draw.final_players(self.tournament)
                players = finalists + others
            else:
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
        context.update(missing_context(self.tournament))
        return context

    def form_valid(self, form):
        chosen = form.chosen_priority
        saved = self.tournament.seating_priority
        try:
            if chosen not in (None, saved):
                self.tournament.seating_priority = chosen  # this preview only, until it works
            plan = plan_draw(
                self.tournament,
                session_number=form.session_number,
                seed=form.cleaned_data["seed"],
            )
            if chosen not in (None, saved):
                # the other choice of the preview: the tournament keeps it for its next draws
                self.tournament = update_tournament(self.tournament, seating_priority=chosen)
        except (DrawError, TournamentError, ValidationError) as exc:
            form.add_error(None, exc.messages[0] if isinstance(exc, ValidationError) else str(exc))
            return self.form_invalid(form)
        remember_preview(self.request.session, plan)
        publish = PublishDrawForm(
            initial={
                "scope": form.cleaned_data["scope"],
                "seed": plan.seed,
                "fingerprint": plan.fingerprint,
            },
            tournament=self.tournament,
        )
        # "Make the seating public now" is ticked when the first session drawn is the next to
        # play (no earlier session still unconfirmed), so a draw made while a session is being
        # played does not show the next seating too early.
        earlier_open = self.tournament.sessions.filter(number__lt=plan.scope[0].number).exclude(
            status=SessionStatus.CONFIRMED
        )
        return self.render_to_response(
            self.get_context_data(
                form=form,
                plan=plan,
                publish_form=publish,
                publish_seating_now=not earlier_open.exists(),
            )
        )


def missing_context(tournament):
    """The players still missing at check-in, and what the desk offers for them: their seats in
    the next drawn session (a substitute takes one), or withdrawing them all and drawing the
    unplayed sessions again."""
    missing = missing_players(tournament)
    if not missing:
        return {"missing": []}
    drawn = tournament.sessions.drawn().exclude(status__in=PLAYED).order_by("number").first()
    seats = []
    if drawn is not None:
        seats = list(
            Seat.objects.filter(session=drawn, registration__in=missing)
            .select_related("table", "registration__player")
            .order_by("table__number", "wind")
        )
    return {
        "missing": missing,
        "missing_session": drawn,
        "missing_seats": seats,
        "withdraw_missing_consequence": _(
            "%(count)s players who have not checked in are withdrawn: kept out of every draw "
            "from now on. Then draw the unplayed sessions again."
        )
        % {"count": len(missing)},
    }


class _WithdrawingMissing(ErrorGoesBack, DirectorTournamentMixin, View):
    def error_url(self):
        return reverse("draw", kwargs={"slug": self.tournament.slug})

    def post(self, request, *args, **kwargs):
        gone = withdraw_missing(self.tournament)
        messages.success(
            request,
            _("%(count)s players withdrawn: draw the unplayed sessions again.")
            % {"count": len(gone)},
        )
        return redirect(reverse("draw", kwargs={"slug": self.tournament.slug}) + "?scope=remaining")


class WithdrawMissingView(ConfirmFirst, _WithdrawingMissing):
    """Withdraw every player still missing at check-in, asked first."""

    http_method_names = ["get", "post"]

    def confirmation(self):
        return Confirmation(
            title=_("Withdraw the players still missing?"),
            consequence=missing_context(self.tournament).get("withdraw_missing_consequence", ""),
            button=_("Withdraw them"),
        )


def saved_message(plan, publish_seating, tournament_published=True):
    """What became public, exactly: the draw is saved; only a seating made public in a
    published tournament is seen."""
    names = {
        "numbers": ", ".join(str(session.number) for session in plan.scope),
        "seed": plan.seed,
        "first": plan.scope[0].number,
    }
    if publish_seating and not tournament_published:
        return (
            _(
                "Draw saved for session(s) %(numbers)s (seed %(seed)s). The seating of session "
                "%(first)s is ready, but the tournament is not published: players see nothing "
                "until you publish it (the tournament's page or the session's dashboard)."
            )
            % names
        )
    if publish_seating:
        return (
            _(
                "Draw saved for session(s) %(numbers)s (seed %(seed)s). The seating of session "
                "%(first)s is now public: players see it on “Where do I sit?” and the projector. "
                "Make each later session's seating public from its dashboard."
            )
            % names
        )
    return (
        _(
            "Draw saved for session(s) %(numbers)s (seed %(seed)s). Players do not see it yet: "
            "make each session's seating public from its dashboard."
        )
        % names
    )


class PublishDrawView(ErrorGoesBack, DirectorTournamentMixin, FormView):
    """POST only: write exactly the previewed draw (kept in the session), in one transaction.
    A refused draw (DrawError) goes back to the draw page with its message."""

    form_class = PublishDrawForm
    template_name = "draw/draw.html"
    http_method_names = ["post"]

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.tournament}

    def error_url(self):
        return reverse("draw", kwargs={"slug": self.tournament.slug})

    def form_invalid(self, form):
        messages.error(self.request, _("The draw could not be published: preview it again."))
        return redirect("draw", slug=self.tournament.slug)

    def form_valid(self, form):
        fingerprint = form.cleaned_data["fingerprint"]
        previews = self.request.session.get(PREVIEWS, {})
        previewed = previews.get(fingerprint)
        if previewed is None or previewed.get("seed") != form.cleaned_data["seed"]:
            messages.error(
                self.request,
                _("This preview is no longer available: preview the draw again, then publish it."),
            )
            return redirect("draw", slug=self.tournament.slug)
        publish_seating = self.request.POST.get("publish_seating") == "1"
        publish_tournament = self.request.POST.get("publish_tournament") == "1"
        plan = write_draw(
            self.tournament,
            session_number=form.session_number,
            fingerprint=fingerprint,
            previewed=previewed,
            publish_seating=publish_seating,
            publish_tournament=publish_tournament,
        )
        self.request.session[PREVIEWS] = {k: v for k, v in previews.items() if k != fingerprint}
        published = self.tournament.published or publish_tournament
        messages.success(self.request, saved_message(plan, publish_seating, published))
        return redirect("seating", slug=self.tournament.slug, number=plan.scope[0].number)
