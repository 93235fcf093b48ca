"""Correcting a hand of an open table from its referee page (link or account); a queued
correction (header X-Desk-Queue) gets a JSON answer (`scoring.referee.answers`)."""

from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from scoring.forms import HandEntryForm, TableFormMixin
from scoring.models import Hand
from scoring.presentation import describe_changes, describe_hand, seat_order
from scoring.referee import saves
from scoring.referee.answers import TableAnswers
from scoring.referee.table import TableAccessMixin
from scoring.services.tables import snapshot
from scoring.tiles.fields import tiles_initial


class CorrectHandView(TableAccessMixin, TableAnswers, TemplateView):
    """Correct a hand of an open table: a new version; later hands are settled again."""

    template_name = "scoring/correct_hand.html"

    def get_hand(self):
        return get_object_or_404(
            Hand.objects.current(), table=self.table, number=self.kwargs["number"]
        )

    def get_form(self, snap, hand, data=None):
        line = next(line for line in snap.lines if line.hand.pk == hand.pk)
        return HandEntryForm(
            data,
            ruleset=snap.ruleset,
            state=line.state,
            seats=snap.seats,
            entry=None if data else hand.entry,
            first_wind=self.table.first_wind,
            initial={
                **TableFormMixin.table_initial(self.table),
                "session": self.session.number,
                **tiles_initial(hand),
            },
        )

    def get_context_data(self, form=None, **kwargs):
        snap = snapshot(self.table)
        hand = self.get_hand()
        # this page's one seat order: the winds of the hand being corrected, East first
        line = next((line for line in snap.lines if line.hand.pk == hand.pk), None)
        order = seat_order(line.state if line else snap.state)
        context = super().get_context_data(**kwargs)
        context.update(
            table=self.table,
            session=self.session,
            tournament=self.tournament,
            hand=hand,
            form=form or self.get_form(snap, hand),
            versions=[
                (version, describe_changes(version.changes, snap.seats, order))
                for version in Hand.objects.filter(table=self.table, number=hand.number)
                .select_related("entered_by")
                .order_by("-version")
            ],
            describe=describe_hand(hand, snap.seats),
            back_url=self.table_url("table"),
            count_url=self.table_url("count-tiles"),
            **self.queue_context(),
        )
        return context

    def post(self, request, *args, **kwargs):
        hand = self.get_hand()
        form = self.get_form(snapshot(self.table), hand, request.POST)
        return self.answer(saves.correct_hand(self.table, hand.number, form, actor=self.actor))

    def show_form(self, outcome):
        return self.render_to_response(self.get_context_data(form=outcome.form))
