"""The team standings and the sub-rankings as `Sheet`s (rows.py) for the workbook and the CSV
files (docs/rules.md §10.2, §10.4), from `scoring.standings.rows`, the dicts the pages show.

Names go in as text: the renderers keep every text cell from being taken for a formula (a
team called "=SUM(A1)" stays text: `xlsx_package` writes inline strings, `csv_file` adds the
apostrophe).
"""

from django.utils.translation import gettext as _

from common.i18n import translate_text
from exports.rows import INT, PLACE, POINTS, THOUSANDS, Column, Place, Sheet, _whole
from scoring.standings.rows import sub_ranking_rows, team_rows, total_name
from scoring.standings.sub_rankings import sub_ranking, sub_rankings
from scoring.standings.teams import team_standings
from tournament.rulesets import ruleset_for


def _total_column(tournament):
    final = total_name(tournament) == "final_score"
    return Column(translate_text(ruleset_for(tournament).total_label), THOUSANDS if final else INT)


def _place(number, label):
    return None if number is None else Place(number, label[:1] == "=")


def team_sheet(standings):
    """The "Teams" sheet: place, team, country, the team's totals, the members counted and the
    others, from the player `standings`."""
    tournament = standings.tournament
    result = team_standings(tournament, standings=standings)
    uses_tp = result.uses_table_points
    columns = [Column(_("Place"), PLACE), Column(_("Team")), Column(_("Country"))]
    if uses_tp:
        columns.append(Column(_("Table points"), POINTS))
    columns += [
        _total_column(tournament),
        Column(_("Members counted"), INT),
        Column(_("Counted members")),
        Column(_("Other members")),
    ]
    rows = []
    for data in team_rows(result):
        row = [_place(data["place"], data["place_label"]), data["name"], data["country"]]
        if uses_tp:
            row.append(_whole(data["table_points"]))
        counted = [member["name"] for member in data["members"] if member["counted"]]
        others = [member["name"] for member in data["members"] if not member["counted"]]
        row += [_whole(data["total"]), len(counted), ", ".join(counted), ", ".join(others)]
        rows.append(row)
    return Sheet(_("Teams"), columns, rows)


def sub_rankings_sheet(standings, group=None):
    """The "Sub-rankings" sheet: every category, country and club with players, one after the
    other (or only `group`); each player's place inside the group and in the player ranking."""
    tournament = standings.tournament
    uses_tp = "table_points" in standings.ranking_fields
    total = total_name(tournament)
    columns = [
        Column(_("Ranking")),
        Column(_("Group")),
        Column(_("Place"), PLACE),
        Column(_("Overall"), INT),
        Column(_("Last name")),
        Column(_("First name")),
        Column(_("No."), INT),
        Column(_("Country")),
        Column(_("Club")),
    ]
    if uses_tp:
        columns.append(Column(_("Table points"), POINTS))
    columns.append(_total_column(tournament))
    rows = []
    rankings = (
        [sub_ranking(tournament, group, standings)]
        if group is not None
        else sub_rankings(tournament, standings)
    )
    for ranking in rankings:
        kind, label = str(ranking.group.kind_label), ranking.group.label
        for data in sub_ranking_rows(ranking):
            overall = data["overall_place"]
            row = [
                kind,
                label,
                _place(data["place"], data["place_label"]),
                None if overall is None or overall >= 10**6 else overall,
                data["last_name"],
                data["first_name"],
                data["number"],
                data["country"],
                data["club"],
            ]
            if uses_tp:
                row.append(_whole(data["table_points"]))
            row.append(_whole(data[total]))
            rows.append(row)
    return Sheet(_("Sub-rankings"), columns, rows)


def group_sheets(standings):
    """The sheets the standings workbook gets for teams and sub-rankings: "Teams" where the
    tournament has teams, "Sub-rankings" where there is a group to rank."""
    sheets = []
    if standings.tournament.teams.exists():
        sheets.append(team_sheet(standings))
    sub = sub_rankings_sheet(standings)
    if sub.rows:
        sheets.append(sub)
    return sheets
