"""Who may do what. Every view declares its audience with one of these mixins; the checks run on
the server for every request, whatever the page shows or hides.

- director: a staff account; may do everything.
- public: anyone, read-only, and only what the director has published.
"""

from django.contrib.auth.mixins import AccessMixin
from django.shortcuts import get_object_or_404

from tournament.models import Tournament


def is_director(user):
    return bool(user and user.is_authenticated and user.is_active and user.is_staff)


class DirectorRequiredMixin(AccessMixin):
    """Directors only: anonymous users go to the login page, other accounts get 403."""

    raise_exception = False

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        if not is_director(request.user):
            self.raise_exception = True
            return self.handle_no_permission()
        return super().dispatch(request, *args, **kwargs)


def visible_tournaments(user):
    """The tournaments this user may read: all for a director, the published ones otherwise."""
    tournaments = Tournament.objects.all()
    if not is_director(user):
        tournaments = tournaments.filter(published=True)
    return tournaments


class TournamentMixin:
    """Fetches `self.tournament` from the URL's slug, among the tournaments the user may read.

    Everything a view touches is then looked up through this tournament, so an id from another
    tournament can never be read or changed by editing the address.
    """

    def dispatch(self, request, *args, **kwargs):
        self.tournament = get_object_or_404(visible_tournaments(request.user), slug=kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        kwargs.setdefault("tournament", self.tournament)
        kwargs.setdefault("is_director", is_director(self.request.user))
        return super().get_context_data(**kwargs)


class DirectorTournamentMixin(DirectorRequiredMixin, TournamentMixin):
    """A director page of one tournament."""
