"""The director's Teams and Categories pages of a tournament (docs/rules.md §10): list, add,
rename, delete; a team's members. Thin: they read the form and call the services
(`tournament.services.teams`, `tournament.services.categories`), which lock and check again.
A refused action goes back to its page with the service's message."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import FormView, View

from common.confirm import Confirmation, ConfirmFirst
from common.errors import ChangedMeanwhile, ErrorGoesBack
from tournament.group_forms import CategoryForm, TeamForm, TeamMemberForm
from tournament.lists import CategoryList, TeamList
from tournament.models import TEAM_SIZE_MAX, TEAM_SIZE_MIN
from tournament.permissions import DirectorTournamentMixin
from tournament.services import categories as category_service
from tournament.services import teams as team_service
from tournament.services.categories import CategoryError
from tournament.services.teams import TeamError


class TeamsView(DirectorTournamentMixin, FormView):
    """The teams with their members; the form adds a team."""

    template_name = "tournament/teams.html"
    form_class = TeamForm

    def get_context_data(self, **kwargs):
        teams = team_service.teams_with_members(self.tournament)
        kwargs["table"] = TeamList(teams, request=self.request)
        kwargs["short_teams"] = [team for team in teams if len(team.member_list) < TEAM_SIZE_MIN]
        kwargs["free_players"] = len(team_service.free_players(self.tournament))
        kwargs["size_min"], kwargs["size_max"] = TEAM_SIZE_MIN, TEAM_SIZE_MAX
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            team = team_service.create_team(self.tournament, **form.values())
        except TeamError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(
            self.request, _("Team “%(name)s” added: now add its players.") % {"name": team.name}
        )
        return redirect("team-edit", slug=self.tournament.slug, team_id=team.pk)


class TeamMixin(DirectorTournamentMixin):
    """Fetches `self.team` by its id, through the tournament."""

    @property
    def team(self):
        if not hasattr(self, "_team"):
            self._team = get_object_or_404(self.tournament.teams, pk=self.kwargs["team_id"])
        return self._team

    def team_url(self):
        return reverse("team-edit", args=[self.tournament.slug, self.kwargs["team_id"]])


class TeamView(TeamMixin, FormView):
    """One team: rename it, change its country, add and remove players, delete it."""

    template_name = "tournament/team.html"
    form_class = TeamForm

    def get_initial(self):
        return {
            "name": self.team.name,
            "country": self.team.country,
            "was": team_service.team_stamp(self.team),
        }

    def get_context_data(self, **kwargs):
        team = self.team
        members = list(team.members.select_related("player").order_by("number"))
        free = team_service.free_players(self.tournament)
        kwargs.update(
            team=team,
            members=members,
            member_form=TeamMemberForm(players=free) if free else None,
            full=len(members) >= TEAM_SIZE_MAX,
            short=len(members) < TEAM_SIZE_MIN,
            size_min=TEAM_SIZE_MIN,
            size_max=TEAM_SIZE_MAX,
            delete_text=delete_team_text(team, len(members)),
        )
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            team = team_service.update_team(
                self.tournament, self.team.pk, expected=form.expected(), **form.values()
            )
        except ChangedMeanwhile as exc:
            messages.error(self.request, str(exc))
            return redirect(self.team_url())
        except TeamError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, _("Team “%(name)s” saved.") % {"name": team.name})
        return redirect(self.team_url())


def delete_team_text(team, members):
    return ngettext(
        "Team “%(name)s” is deleted; its %(count)s player stays registered, in no team.",
        "Team “%(name)s” is deleted; its %(count)s players stay registered, in no team.",
        members,
    ) % {"name": team.name, "count": members}


class TeamActionView(ErrorGoesBack, TeamMixin, View):
    """A POST-only action on one team; subclasses define `act()` returning the message."""

    http_method_names = ["post"]

    def act(self) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        messages.success(request, self.act())
        return redirect(self.next_url())

    def next_url(self):
        return self.team_url()

    def error_url(self):
        return self.team_url()


class TeamMemberAddView(TeamActionView):
    def act(self):
        form = TeamMemberForm(self.request.POST, players=team_service.free_players(self.tournament))
        if not form.is_valid():
            raise TeamError(
                _("Choose a registered player who is in no team and is not a substitute.")
            )
        registration = team_service.add_member(
            self.tournament, self.kwargs["team_id"], form.cleaned_data["number"]
        )
        return _("%(name)s now plays for team “%(team)s”.") % {
            "name": registration.player.full_name,
            "team": registration.team.name,
        }


class TeamMemberRemoveView(TeamActionView):
    def act(self):
        team_name = self.team.name
        registration = team_service.remove_member(
            self.tournament, self.kwargs["team_id"], self.kwargs["number"]
        )
        return _("%(name)s is no longer in team “%(team)s”.") % {
            "name": registration.player.full_name,
            "team": team_name,
        }


class TeamDeleteView(ConfirmFirst, TeamActionView):
    def confirmation(self):
        team = self.team
        return Confirmation(
            title=_("Delete team “%(name)s”?") % {"name": team.name},
            consequence=delete_team_text(team, team.members.count()),
            button=_("Delete the team"),
        )

    def cancel_url(self):
        return self.team_url()

    def next_url(self):
        return reverse("team-list", args=[self.tournament.slug])

    def act(self):
        name = team_service.delete_team(self.tournament, self.kwargs["team_id"])
        return _("Team “%(name)s” deleted; its players are in no team.") % {"name": name}


# -- categories -----------------------------------------------------------------------------


class CategoriesView(DirectorTournamentMixin, FormView):
    """The categories with how many players each has; the form adds one."""

    template_name = "tournament/categories.html"
    form_class = CategoryForm

    def get_context_data(self, **kwargs):
        categories = category_service.categories_with_counts(self.tournament)
        kwargs["table"] = CategoryList(categories, request=self.request)
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            category = category_service.create_category(self.tournament, **form.values())
        except CategoryError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(
            self.request,
            _(
                "Category “%(name)s” added: give it to players on their registration page, or "
                "from the player list."
            )
            % {"name": category.name},
        )
        return redirect("category-list", slug=self.tournament.slug)


class CategoryMixin(DirectorTournamentMixin):
    @property
    def category(self):
        if not hasattr(self, "_category"):
            self._category = get_object_or_404(
                self.tournament.categories, pk=self.kwargs["category_id"]
            )
        return self._category

    def categories_url(self):
        return reverse("category-list", args=[self.tournament.slug])


def delete_category_text(category, players):
    return ngettext(
        "Category “%(name)s” is deleted; its %(count)s player stays registered without it.",
        "Category “%(name)s” is deleted; its %(count)s players stay registered without it.",
        players,
    ) % {"name": category.name, "count": players}


class CategoryView(CategoryMixin, FormView):
    """One category: rename it, see its players, delete it."""

    template_name = "tournament/category.html"
    form_class = CategoryForm

    def get_initial(self):
        return {"name": self.category.name, "was": category_service.category_stamp(self.category)}

    def get_context_data(self, **kwargs):
        category = self.category
        players = list(category.registrations.select_related("player").order_by("number"))
        kwargs.update(
            category=category,
            players=players,
            delete_text=delete_category_text(category, len(players)),
        )
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            category = category_service.rename_category(
                self.tournament, self.category.pk, expected=form.expected(), **form.values()
            )
        except ChangedMeanwhile as exc:
            messages.error(self.request, str(exc))
            return redirect(self.request.path)
        except CategoryError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, _("Category “%(name)s” saved.") % {"name": category.name})
        return redirect(self.categories_url())


class _Deleting:
    """The POST that `ConfirmFirst` lets through once confirmed."""

    def remove(self) -> HttpResponse:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        return self.remove()


class CategoryDeleteView(ConfirmFirst, ErrorGoesBack, CategoryMixin, _Deleting, View):
    def confirmation(self):
        category = self.category
        return Confirmation(
            title=_("Delete category “%(name)s”?") % {"name": category.name},
            consequence=delete_category_text(category, category.registrations.count()),
            button=_("Delete the category"),
        )

    def error_url(self):
        return self.categories_url()

    def cancel_url(self):
        return self.categories_url()

    def remove(self):
        name = category_service.delete_category(self.tournament, self.kwargs["category_id"])
        messages.success(self.request, _("Category “%(name)s” deleted.") % {"name": name})
        return redirect(self.categories_url())
