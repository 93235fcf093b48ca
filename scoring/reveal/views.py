"""The director's page of the projector's results reveal: start it with N hidden places, show
the next place, take one back, end it. The projector's keyboard posts here too (space or the
right arrow: the next place) and gets JSON back; the page posts forms and works without
JavaScript. Every move goes through `scoring/services/reveal.py`."""

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from common.errors import ErrorGoesBack
from common.numbers import parse_int
from scoring import access
from scoring.reveal import services as reveal_services
from scoring.reveal.services import RevealError, reveal_of
from tournament.models import ProjectorMode
from tournament.permissions import DirectorTournamentMixin


def wants_json(request):
    return "application/json" in request.headers.get("accept", "")


class RevealView(ErrorGoesBack, DirectorTournamentMixin, TemplateView):
    template_name = "scoring/reveal.html"

    def error_url(self):
        return reverse("projector-reveal", args=[self.tournament.slug])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        reveal = reveal_of(self.tournament)
        running = self.tournament.projector_mode == ProjectorMode.REVEAL
        upcoming = None
        if reveal is not None and running and not reveal.finished:
            upcoming = reveal.groups[reveal.step]
        context.update(
            reveal=reveal,
            running=running,
            upcoming=upcoming,
            min_places=reveal_services.MIN_PLACES,
            max_places=reveal_services.MAX_PLACES,
        )
        return context

    def post(self, request, *args, **kwargs):
        actor = access.actor_for(request, self.tournament)
        action = request.POST.get("action", "")
        seen = parse_int(request.POST.get("step", ""), minimum=0, maximum=100)
        try:
            if action == "start":
                places = parse_int(
                    request.POST.get("places", ""),
                    minimum=reveal_services.MIN_PLACES,
                    maximum=reveal_services.MAX_PLACES,
                )
                reveal_services.start_reveal(self.tournament, actor=actor, places=places)
                done = _("The projector shows the standings without their top places.")
            elif action in ("next", "back"):
                if seen is None:
                    raise RevealError(_("This page is out of date: open it again."))
                tournament = reveal_services.move_reveal(
                    self.tournament, actor=actor, seen=seen, forward=action == "next"
                )
                done = (
                    _("One more place revealed; places revealed: %(count)s.")
                    if action == "next"
                    else _("One place taken back; places revealed: %(count)s.")
                ) % {"count": tournament.reveal_step}
            elif action == "end":
                reveal_services.end_reveal(self.tournament, actor=actor)
                done = _("The reveal is over: the projector shows the whole standings.")
            else:
                raise RevealError(_("Unknown action."))
        except RevealError as error:
            if wants_json(request):
                return JsonResponse({"error": str(error)}, status=409)
            raise
        if wants_json(request):
            return JsonResponse({"ok": True})
        messages.success(request, done)
        return redirect("projector-reveal", slug=self.tournament.slug)
