"""The team standings and the sub-rankings on the standings page and the projector (`?view=`),
and the public team page (read-only; the standings' visibility: `tournament.visibility`)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from common.errors import ExplainedNotFound
from scoring.group_tables import member_rows, sub_ranking_rows, team_rows, total_name
from scoring.standings import cached_standings
from scoring.sub_rankings import KINDS, available_groups, sub_ranking
from scoring.team_standings import team_row, team_standings
from tournament.permissions import TournamentMixin
from tournament.rulesets import ruleset_for
from tournament.visibility import standings_through

PLAYERS, TEAMS = "players", "teams"


def group_choices(tournament, standings):
    """The sub-rankings the page offers, by kind: [(kind label, [Group, ...]), ...]."""
    groups = available_groups(tournament, standings) if standings is not None else []
    return [
        (label, [group for group in groups if group.kind == kind])
        for kind, label in KINDS.items()
        if any(group.kind == kind for group in groups)
    ]


def chosen_view(tournament, view, standings):
    """What `?view=` asks for: (PLAYERS, None), (TEAMS, None) or ("group", Group). Anything
    else (an unknown group, teams where there are none) is not found, with the reason."""
    if view in ("", PLAYERS):
        return PLAYERS, None
    if view == TEAMS and tournament.teams.exists():
        return TEAMS, None
    if view != TEAMS and standings is not None:
        group = next((g for g in available_groups(tournament, standings) if g.view == view), None)
        if group is not None:
            return "group", group
    if view != TEAMS and standings is None:
        return "group", None  # nothing confirmed yet: the page says so
    raise ExplainedNotFound(_("This tournament has no such ranking."))


def view_context(tournament, view, through):
    """The standings page's and the projector's context for `?view=` after confirmed session
    `through` (None: nothing confirmed or visible yet)."""
    standings = cached_standings(tournament, through=through) if through else None
    kind, group = chosen_view(tournament, view, standings)
    context = {
        "view": kind if kind != "group" else view,
        "view_kind": kind,
        "group": group,
        "has_teams": tournament.teams.exists(),
        "group_choices": group_choices(tournament, standings),
        "uses_table_points": standings is not None and "table_points" in standings.ranking_fields,
        "total_label": ruleset_for(tournament).total_label,
        "team_rows": None,
        "group_rows": None,
    }
    if standings is None:
        return context
    if kind == TEAMS:
        result = team_standings(tournament, standings=standings)
        context["team_standings"] = result
        context["team_rows"] = team_rows(result)
    elif kind == "group" and group is not None:
        context["group_rows"] = sub_ranking_rows(sub_ranking(tournament, group, standings))
    context["total_key"] = total_name(tournament)
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
        row = team_row(result, team)
        context.update(
            result=result,
            row=row,
            teams=len(result.rows),
            members=member_rows(result, row) if row else [],
            uses_table_points=result.uses_table_points,
            team_data=team_rows(result, with_members=False)[result.rows.index(row)],
        )
        return context
