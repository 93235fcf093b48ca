"""The director's cut page (docs/rules.md §9.1): the qualifying standings with the cut line, the
tie at the line and how it was resolved, and the buttons to make the cut or undo it."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from common import formatting
from common.confirm import Confirmation, ConfirmFirst
from common.errors import ErrorGoesBack
from scoring import access
from scoring.stages import services as stages
from scoring.standings.ranking import standings_version
from tournament.models import TieBreak
from tournament.permissions import DirectorTournamentMixin
from tournament.rulesets import ruleset_for


def _value_text(name, value, ruleset):
    if value is None:
        return "—"
    if name == "table_points":
        return formatting.table_points(value)
    if name == "final_score":
        return formatting.final_score(value, ruleset)
    return formatting.exact(value, 0)


class CutView(DirectorTournamentMixin, TemplateView):
    template_name = "scoring/cut.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        tournament = self.tournament
        plan = stages.cut_plan(tournament)
        ruleset = ruleset_for(tournament)
        fields = plan.standings.ranking_fields
        tie_breaks = [code for code in tournament.tie_breaks or [] if code in TieBreak.values]
        # The tie-breakers with a value of their own (head-to-head and lots compare players).
        shown_breaks = [
            c for c in tie_breaks if c not in (TieBreak.HEAD_TO_HEAD, TieBreak.DRAWING_LOTS)
        ]
        tied = {row.registration.pk for row in plan.tied}
        finalists = plan.finalist_pks
        cut_made = stages.cut_is_made(tournament)
        rows = []
        last = plan.finalists[-1].registration.pk if plan.finalists else None
        for row in plan.standings.rows:
            pk = row.registration.pk
            is_finalist = row.registration.finalist if cut_made else pk in finalists
            rows.append(
                {
                    "row": row,
                    "values": [_value_text(name, getattr(row, name), ruleset) for name in fields],
                    "finalist": bool(is_finalist),
                    "tied": pk in tied,
                    "breaks": [
                        _value_text("score", row.tie_break_value(code), ruleset)
                        for code in shown_breaks
                    ]
                    if pk in tied
                    else [""] * len(shown_breaks),
                    "line": pk == last and not cut_made,
                }
            )
        labels = {
            "table_points": _("Table points"),
            "score": _("Score"),
            "final_score": _("Final score"),
        }
        context.update(
            plan=plan,
            line=standings_version(tournament),
            rows=rows,
            field_labels=[labels.get(name, name) for name in fields],
            break_labels=[TieBreak(code).label for code in shown_breaks],
            cut_made=cut_made,
            can_undo=cut_made and not stages.final_played(tournament),
            lots_seed=tournament.lots_seed,
            deciding=TieBreak(plan.deciding).label if plan.deciding else "",
            make_confirm=CutActionView.make_text(tournament),
            undo_confirm=CutActionView.undo_text(),
        )
        return context


class CutPostView(ErrorGoesBack, DirectorTournamentMixin, View):
    """POST only: `act()`; a refusal (StageError) goes back to the cut page with its message."""

    http_method_names = ["post"]

    def act(self) -> HttpResponse:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        return self.act()


class CutActionView(ConfirmFirst, CutPostView):
    """Make the cut (or, with `undo`, take it back), after asking."""

    undo = False

    def error_url(self):
        return reverse("stage-cut", kwargs={"slug": self.tournament.slug})

    def confirmation(self):
        if self.undo:
            return Confirmation(
                title=_("Undo the cut?"), consequence=self.undo_text(), button=_("Undo the cut")
            )
        return Confirmation(
            title=_("Make the cut?"),
            consequence=self.make_text(self.tournament),
            button=_("Make the cut"),
        )

    @staticmethod
    def make_text(tournament):
        return _(
            "The %(count)s players above the line become the finalists; then the final "
            "sessions can be drawn."
        ) % {"count": tournament.finalists}

    @staticmethod
    def undo_text():
        return _(
            "Nobody is a finalist any more and the final sessions drawn go back to drafts. "
            "The cut can then be made again."
        )

    def act(self):
        actor = access.actor_for(self.request, self.tournament)
        if self.undo:
            stages.undo_cut(self.tournament, actor=actor)
            messages.success(self.request, _("The cut is undone: nobody is a finalist."))
        else:
            plan = stages.make_cut(
                self.tournament, actor=actor, expected=self.request.POST.get("line")
            )
            messages.success(
                self.request,
                _("The cut is made: %(count)s finalists. Draw the final sessions now.")
                % {"count": len(plan.finalists)},
            )
        return redirect("stage-cut", slug=self.tournament.slug)
