"""Who may do what. Every view declares its audience with one of these mixins; the checks run on
the server for every request, whatever the page shows or hides.

- site administrator: an active superuser. Creates tournaments, gives each its directors,
  manages accounts, and may manage every tournament. The first account of a desk is one.
- director of a tournament: an account in `Tournament.directors`; manages that tournament only.
  Whoever creates a tournament becomes one of its directors.
- referee account: an account assigned to tables (`Table.referees`, scoring.access); enters
  hands at those tables only.
- public: anyone, read-only, and only what a director has published.
"""

from django.contrib.auth.mixins import AccessMixin
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404

from common.mixin_bases import ContextViewMixinBase, ViewMixinBase
from tournament.models import Tournament


def _active(user):
    return bool(user and user.is_authenticated and user.is_active)


def is_site_admin(user):
    """An active superuser: creates tournaments and gives them directors."""
    return _active(user) and user.is_superuser


def directed_tournaments(user):
    """The tournaments this account manages: every one for a site administrator."""
    if is_site_admin(user):
        return Tournament.objects.all()
    if not _active(user):
        return Tournament.objects.none()
    return Tournament.objects.filter(directors=user)


def is_director(user, tournament):
    """True when `user` manages `tournament` (a site administrator manages every one)."""
    if not _active(user):
        return False
    if user.is_superuser:
        return True
    return tournament is not None and tournament.directors.filter(pk=user.pk).exists()


def may_change_player(user, player):
    """Whether `user` may change a player's details (name, EMA id, country, club), which every
    tournament the player is registered in shows: a site administrator, or an account that
    directs all of those tournaments (a director never changes what another tournament shows)."""
    if is_site_admin(user):
        return True
    if not _active(user):
        return False
    return not player.registrations.exclude(tournament__in=directed_tournaments(user)).exists()


def visible_tournaments(user):
    """The tournaments this user may read: the published ones, and those the user manages."""
    if is_site_admin(user):
        return Tournament.objects.all()
    if not _active(user):
        return Tournament.objects.filter(published=True)
    return Tournament.objects.filter(Q(published=True) | Q(directors=user)).distinct()


class _Refused(AccessMixin, ViewMixinBase):
    """Anonymous users go to the login page; a logged-in account without the role gets 403."""

    raise_exception = False

    def refuse(self):
        if self.request.user.is_authenticated:
            self.raise_exception = True
        return self.handle_no_permission()


class SiteAdminRequiredMixin(_Refused):
    """Site administrators only (creating tournaments, restoring archives, accounts)."""

    def dispatch(self, request, *args, **kwargs):
        if not is_site_admin(request.user):
            return self.refuse()
        return super().dispatch(request, *args, **kwargs)


class TournamentMixin(ContextViewMixinBase):
    """Fetches `self.tournament` from the URL's slug, among the tournaments the user may read.

    Everything a view touches is then looked up through this tournament, so an id from another
    tournament can never be read or changed by editing the address.
    """

    tournament: Tournament

    def dispatch(self, request, *args, **kwargs):
        self.tournament = self.find_tournament(request, kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def find_tournament(self, request, slug) -> Tournament:
        return get_object_or_404(visible_tournaments(request.user), slug=slug)

    def get_context_data(self, **kwargs):
        kwargs.setdefault("tournament", self.tournament)
        kwargs.setdefault("is_director", is_director(self.request.user, self.tournament))
        return super().get_context_data(**kwargs)


class DirectorTournamentMixin(_Refused, TournamentMixin):
    """A director page of one tournament: its directors and the site administrators only.

    The role is checked before the tournament is looked up, so a director of another
    tournament learns nothing from the answer (403 whether or not the tournament exists).
    """

    def dispatch(self, request, *args, **kwargs):
        tournament = Tournament.objects.filter(slug=kwargs.get("slug", "")).first()
        if not is_director(request.user, tournament):
            return self.refuse()
        if tournament is None:  # a site administrator, at an address of no tournament
            raise Http404
        self._directed = tournament
        return super().dispatch(request, *args, **kwargs)

    def find_tournament(self, request, slug) -> Tournament:
        return self._directed  # found and checked above: no second lookup

    def get_context_data(self, **kwargs):
        kwargs.setdefault("is_director", True)
        return super().get_context_data(**kwargs)
