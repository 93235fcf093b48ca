"""The check-in page of the day, phone first: the director and the tournament's referee
accounts search a name (or a player number), tap "Present", and can take it back; the director
opens and closes the players' own check-in (their QR codes)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from common.errors import ErrorGoesBack
from common.numbers import parse_int
from rules.limits import INT32_MAX
from scoring.access import actor_for
from scoring.views.public import name_matches
from signup.services import checkin
from tournament.models import Table
from tournament.permissions import DirectorTournamentMixin, TournamentMixin, is_director

#: The players the page lists at most for one search (the whole list without one).
MAX_FOUND = 50


def may_check_in(user, tournament):
    """The director, and the referee accounts of the tournament's tables."""
    if is_director(user, tournament):
        return True
    return bool(
        user.is_authenticated
        and user.is_active
        and Table.objects.filter(session__tournament=tournament, referees=user).exists()
    )


class CheckinMixin(ErrorGoesBack, TournamentMixin):
    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        return super().dispatch(request, *args, **kwargs)

    def find_tournament(self, request, slug):
        tournament = super().find_tournament(request, slug)
        if not may_check_in(request.user, tournament):
            raise PermissionDenied(_("Only the director and the referees check players in."))
        return tournament

    def error_url(self):
        return reverse("checkin", kwargs={"slug": self.kwargs["slug"]})


class CheckinView(CheckinMixin, TemplateView):
    template_name = "signup/checkin.html"

    def get_context_data(self, **kwargs):
        query = self.request.GET.get("q", "").strip()[:100]
        everyone = list(
            self.tournament.registrations.active().select_related("player").order_by("number")
        )
        players = [r for r in everyone if not r.is_substitute]
        present = sum(r.is_checked_in for r in players)
        if query:
            number = parse_int(query, minimum=1, maximum=INT32_MAX)
            found = [
                r
                for r in everyone
                if (r.number == number if number is not None else name_matches(query, r.player))
            ]
        else:
            found = sorted(everyone, key=lambda r: (r.is_checked_in, r.player.last_name.casefold()))
        kwargs.update(
            query=query,
            found=found[:MAX_FOUND],
            more=max(len(found) - MAX_FOUND, 0),
            present=present,
            players=len(players),
            missing=[r for r in players if not r.is_checked_in],
            is_director=is_director(self.request.user, self.tournament),
        )
        return super().get_context_data(**kwargs)

    def post(self, request, *args, **kwargs):
        number = parse_int(request.POST.get("number", ""), minimum=1, maximum=INT32_MAX)
        registration = get_object_or_404(self.tournament.registrations, number=number or 0)
        actor = actor_for(request, self.tournament)
        name = registration.player.full_name
        if request.POST.get("action") == "undo":
            _r, changed = checkin.undo_check_in(self.tournament, registration, actor=actor)
            text = (
                _("%(name)s is no longer checked in.")
                if changed
                else _("%(name)s was not checked in.")
            )
        else:
            _r, changed = checkin.check_in(self.tournament, registration, actor=actor)
            text = _("%(name)s is here.") if changed else _("%(name)s was already checked in.")
        messages.success(request, text % {"name": name})
        query = request.POST.get("q", "")
        back = self.error_url()
        return redirect(f"{back}?{urlencode({'q': query})}" if query else back)


class CheckinOpenView(ErrorGoesBack, DirectorTournamentMixin, View):
    http_method_names = ["post"]

    def error_url(self):
        return reverse("checkin", kwargs={"slug": self.tournament.slug})

    def post(self, request, *args, **kwargs):
        opening = request.POST.get("open") == "1"
        checkin.open_check_in(self.tournament, opening, actor=actor_for(request, self.tournament))
        messages.success(
            request,
            _("Check-in is open: players' own QR codes work.")
            if opening
            else _("Check-in is closed: the players' own QR codes no longer work."),
        )
        return redirect(self.error_url())
