"""A penalty given from the table's referee page (link or account): computed and shown, then
confirmed; a queued penalty (header X-Desk-Queue) is computed as it arrives and gets a JSON
answer (`scoring.referee.answers`)."""

from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from scoring.forms import TableFormMixin
from scoring.penalty_forms import PenaltyForm
from scoring.referee import answers, saves
from scoring.referee.table import TableAccessMixin
from scoring.services import penalties
from scoring.services.tables import TableError, snapshot
from tournament.models import WIND_LETTERS, Registration


class TablePenaltyView(TableAccessMixin, answers.TableAnswers, TemplateView):
    """A penalty at this table: first shown with its computed points, then confirmed."""

    template_name = "scoring/table_penalty.html"

    def registrations(self):
        ids = self.table.seats.values_list("registration_id", flat=True)
        return Registration.objects.filter(pk__in=ids).select_related("player").order_by("number")

    def get_form(self, data=None):
        snap = snapshot(self.table)
        kinds = penalties.catalogue(snap.ruleset, director=self.actor.is_director)
        # the players in the entry page's one seat order (East of the next hand first)
        winds = snap.state.seat_winds
        seat_of = {seat.registration_id: seat.wind for seat in snap.seats}
        registrations = sorted(self.registrations(), key=lambda r: winds[seat_of[r.pk]])
        return PenaltyForm(
            data,
            registrations=registrations,
            kinds=kinds,
            initial=TableFormMixin.table_initial(self.table),
            winds={r.pk: WIND_LETTERS[winds[seat_of[r.pk]]] for r in registrations},
        )

    def get_context_data(self, form=None, proposal=None, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            table=self.table,
            session=self.session,
            tournament=self.tournament,
            form=form or self.get_form(),
            proposal=proposal,
            back_url=self.table_url("table"),
            action=self.table_url("penalty"),
            **self.queue_context(),
        )
        return context

    def post(self, request, *args, **kwargs):
        form = self.get_form(request.POST)
        if not form.is_valid():
            return self.answer(answers.invalid(self.table, form))
        data = form.cleaned_data
        registration = get_object_or_404(self.registrations(), pk=data["registration"])
        # A queued penalty was typed without the desk: it is computed as it arrives.
        if not data["confirmed"] and not self.queued:
            try:
                proposal = penalties.propose(
                    self.session,
                    registration,
                    data["kind"],
                    infraction=data["infraction_name"],
                    director=self.actor.is_director,
                    **form.params(),
                )
            except TableError as exc:
                return self.answer(answers.invalid(self.table, form, message=str(exc)))
            confirm = form.data.copy()
            confirm["confirmed"] = "True"
            return self.render_to_response(
                self.get_context_data(form=self.get_form(confirm), proposal=proposal)
            )
        seats = snapshot(self.table).seats
        outcome = saves.give_penalty(self.table, registration, form, actor=self.actor, seats=seats)
        return self.answer(outcome)

    def show_form(self, outcome):
        return self.render_to_response(self.get_context_data(form=outcome.form))
