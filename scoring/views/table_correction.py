"""Correcting a hand of an open table from its referee page (link or account); a queued
correction (header X-Desk-Queue) gets a JSON answer (scoring/views/queued.py)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring.forms import HandEntryForm, TableFormMixin
from scoring.models import Hand
from scoring.presentation import describe_changes, describe_hand, seat_order
from scoring.services import hands
from scoring.services.tables import StaleTable, TableError, snapshot
from scoring.tile_fields import tiles_initial
from scoring.views import queued
from scoring.views.table import TableAccessMixin


class CorrectHandView(TableAccessMixin, TemplateView):
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
        snap = snapshot(self.table)
        hand = self.get_hand()
        form = self.get_form(snap, hand, request.POST)
        if form.is_valid():
            try:
                new = hands.correct_hand(
                    self.table,
                    hand.number,
                    form.entry(),
                    actor=self.actor,
                    revision=form.cleaned_data["revision"],
                    submission=form.cleaned_data["submission"],
                    tiles=form.tiles_input(),
                    first_wind=form.first_wind(),
                )
            except hands.DuplicateSubmission as duplicate:
                if self.queued:
                    return queued.answer(
                        "duplicate",
                        self.table,
                        message=_("This correction was already saved."),
                        hand=duplicate.hand.number,
                        revision=duplicate.hand.table_revision,
                    )
                return self.back()
            except StaleTable as exc:
                if self.queued:
                    return queued.answer(
                        "stale",
                        self.table,
                        message=str(exc),
                        latest=queued.latest_lines(exc, snap.seats),
                    )
                form.add_error(None, str(exc))
            except TableError as exc:
                if self.queued:
                    self.table.refresh_from_db()
                    status = "invalid" if not self.table.is_closed else "refused"
                    return queued.answer(status, self.table, message=str(exc))
                form.add_error(None, str(exc))
            else:
                text = _("Hand %(number)s corrected (version %(version)s): %(changes)s") % {
                    "number": new.number,
                    "version": new.version,
                    "changes": describe_changes(new.changes, snap.seats),
                }
                messages.success(request, text)
                if self.queued:
                    return queued.answer(
                        "saved",
                        self.table,
                        message=text,
                        hand=new.number,
                        revision=new.table_revision,
                    )
                return self.back()
        elif self.queued:
            return queued.invalid(self.table, form)
        return self.render_to_response(self.get_context_data(form=form))
