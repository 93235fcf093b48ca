"""The director's penalties of a session (given, cancelled) and a player's audit trail."""

from django.contrib import messages
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring import access
from scoring.models import AuditEntry, Penalty
from scoring.penalty_forms import CancelPenaltyForm, PenaltyForm
from scoring.services import penalties
from scoring.services.tables import TableError
from scoring.views.director import DirectorActionView, SessionMixin
from tournament.models import Seat
from tournament.permissions import DirectorTournamentMixin
from tournament.rulesets import ruleset_for


class SessionPenaltiesView(SessionMixin, TemplateView):
    """Every penalty of the session; give one to any player; cancel one with a reason."""

    template_name = "scoring/penalties.html"

    def form(self, data=None):
        session = self.get_session()
        registrations = (
            self.tournament.registrations.filter(
                Q(seats__session=session)
                | Q(pk__in=Seat.objects.filter(session=session).values("replaced"))
            )
            .distinct()
            .select_related("player")
            .order_by("number")
        )
        kinds = penalties.catalogue(ruleset_for(self.tournament), director=True)
        return PenaltyForm(data, registrations=registrations, kinds=kinds, initial={"revision": 0})

    def get_context_data(self, form=None, proposal=None, **kwargs):
        context = super().get_context_data(**kwargs)
        session = self.get_session()
        context.update(
            session=session,
            form=form or self.form(),
            proposal=proposal,
            penalties=Penalty.objects.filter(session=session)
            .select_related("registration__player", "table", "given_by", "cancelled_by")
            .order_by("-given_at"),
            cancel_form=CancelPenaltyForm(),
            action=reverse(
                "session-penalties", kwargs={"slug": self.tournament.slug, "number": session.number}
            ),
        )
        return context

    def post(self, request, *args, **kwargs):
        session = self.get_session()
        form = self.form(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        data = form.cleaned_data
        registration = get_object_or_404(self.tournament.registrations, pk=data["registration"])
        actor = access.actor_for(request, self.tournament)
        try:
            if not data["confirmed"]:
                proposal = penalties.propose(
                    session,
                    registration,
                    data["kind"],
                    infraction=data["infraction_name"],
                    director=True,
                    **form.params(),
                )
                confirm = form.data.copy()
                confirm["confirmed"] = "True"
                confirm["seen"] = str(penalties.penalties_of(session, registration))
                return self.render_to_response(
                    self.get_context_data(form=self.form(confirm), proposal=proposal)
                )
            penalty = penalties.give_penalty(
                session,
                registration,
                data["kind"],
                actor=actor,
                hand_number=data.get("hand_number"),
                infraction=data["infraction_name"],
                seen=data.get("seen"),
                **form.params(),
            )
        except TableError as exc:
            form.add_error(None, str(exc))
            return self.render_to_response(self.get_context_data(form=form))
        messages.success(request, _("Penalty saved: %(penalty)s") % {"penalty": penalty})
        return redirect(request.path)


class CancelPenaltyView(DirectorActionView):
    def act(self, actor):
        penalty = get_object_or_404(
            Penalty, pk=self.kwargs["penalty_id"], session__tournament=self.tournament
        )
        form = CancelPenaltyForm(self.request.POST)
        if not form.is_valid():
            raise TableError(_("Write why the penalty is cancelled."))
        penalties.cancel_penalty(penalty, actor=actor, reason=form.cleaned_data["reason"])
        return _("Penalty cancelled.")

    def next_url(self):
        return reverse(
            "session-penalties",
            kwargs={"slug": self.tournament.slug, "number": self.kwargs["number"]},
        )


class PlayerAuditView(DirectorTournamentMixin, TemplateView):
    """Everything the audit trail records about one player."""

    template_name = "scoring/player_audit.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        registration = get_object_or_404(
            self.tournament.registrations, number=self.kwargs["player_number"]
        )
        context.update(
            registration=registration,
            # The player's own entries, and everything at the tables they sat at (hands,
            # corrections, closings), which the trail records per table.
            audit=AuditEntry.objects.filter(
                Q(registrations=registration)
                | Q(table__seats__registration=registration, registrations__isnull=True)
            )
            .distinct()
            .select_related("user", "table", "session")
            .prefetch_related("table__seats__registration__player", "registrations__player"),
            penalties=Penalty.objects.filter(registration=registration).select_related(
                "session", "table"
            ),
        )
        return context
