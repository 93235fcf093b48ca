"""The best hands page (docs/rules.md §7): public, showing only sessions whose results the
viewer may see."""

from django.views.generic import TemplateView

from common.numbers import parse_int
from rules.limits import MAX_SESSIONS
from scoring.best_hands import best_hands
from tournament.permissions import TournamentMixin


class BestHandsView(TournamentMixin, TemplateView):
    """The best hands of the tournament, or of one session (`?session=N`), and the counts."""

    template_name = "scoring/best_hands.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        number = parse_int(self.request.GET.get("session", ""), minimum=1, maximum=MAX_SESSIONS)
        best = best_hands(self.tournament, self.request.user, number)
        if number not in best.sessions:
            number = None
            if self.request.GET.get("session"):
                best = best_hands(self.tournament, self.request.user)
        context.update(best=best, session_number=number)
        return context
