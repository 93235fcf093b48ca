"""The team standings and the sub-rankings on the standings page and the projector (`?view=`),
and the public team page (read-only; the standings' visibility: `tournament.visibility`)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from common.errors import ExplainedNotFound
from scoring.standings.ranking import cached_standings
from scoring.standings.rows import member_rows, sub_ranking_rows, team_rows, total_name
from scoring.standings.sub_rankings import KINDS, available_groups, find_group, sub_ranking
from scoring.standings.teams import team_row, team_standings
from tournament.permissions import TournamentMixin
from tournament.rulesets import ruleset_for
from tournament.visibility import standings_through

PLAYERS, TEAMS = "players", "teams"


def group_choices(groups):
    """The sub-rankings the page offers, by kind: [(kind label, [Group, ...]), ...]."""
    return [
        (label, [group for group in groups if group.kind == kind])
        for kind, label in KINDS.items()
        if any(group.kind == kind for group in groups)
    ]


def chosen_view(tournament, view, *, has_teams, groups, through):
    """What `?view=` asks for: (PLAYERS, None), (TEAMS, None) or ("group", Group); a group
    asked for before anything is confirmed is ("group", None): the page says so. Anything else
    (an unknown group, teams where there are none) is not found, with the reason."""
    if view in ("", PLAYERS):
        return PLAYERS, None
    if view == TEAMS and has_teams:
        return TEAMS, None
    if view != TEAMS and through is None:
        return "group", None
    group = find_group(tournament, view, groups) if view != TEAMS else None
    if group is None:
        raise ExplainedNotFound(_("This tournament has no such ranking."))
    return "group", group


def view_context(tournament, view, through):
    """The standings page's and the projector's context for `?view=` after confirmed session
    `through` (None: nothing confirmed or visible yet). The player ranking (the default) costs
    two small queries here: whether there are teams, and the groups to offer."""
    has_teams = tournament.teams.exists()
    groups = available_groups(tournament) if through else []
    kind, group = chosen_view(tournament, view, has_teams=has_teams, groups=groups, through=through)
    ruleset = ruleset_for(tournament)
    context = {
        "view": kind if kind != "group" else view,
        "view_kind": kind,
        "group": group,
        "has_teams": has_teams,
        "group_choices": group_choices(groups),
        "uses_table_points": "table_points" in ruleset.ranking_fields,
        "total_label": ruleset.total_label,
        "total_key": total_name(tournament),
        "team_rows": None,
        "group_rows": None,
    }
    if through is None or kind == PLAYERS:
        return context
    standings = cached_standings(tournament, through=through)
    if kind == TEAMS:
        result = team_standings(tournament, standings=standings)
        context["team_standings"] = result
        context["team_rows"] = team_rows(result)
    elif group is not None:
        context["group_rows"] = sub_ranking_rows(sub_ranking(tournament, group, standings))
    return context


class TeamPageView(TournamentMixin, TemplateView):
    """One team: its name and country, its place, its members with their figures (those the
    team counts marked), over the standings the visitor may see."""

    template_name = "scoring/team.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        team = get_object_or_404(self.tournament.teams, pk=self.kwargs["team_id"])
        through = standings_through(self.request.user, self.tournament)
        context.update(
            team=team,
            through=through,
            row=None,
            members=[],
            uses_table_points=False,
            total_label=ruleset_for(self.tournament).total_label,
            total_key=total_name(self.tournament),
            roster=team.members.select_related("player").order_by("number"),
        )
        if through is None:
            return context
        result = team_standings(self.tournament, through=through)
        row = team_row(result, team)  # every team of the tournament has its row
        if row is None:
            return context
        context.update(
            result=result,
            row=row,
            teams=len(result.rows),
            members=member_rows(result, row),
            uses_table_points=result.uses_table_points,
            team_data=team_rows(result, with_members=False)[result.rows.index(row)],
        )
        return context
