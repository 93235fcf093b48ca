"""The team standings and the sub-rankings as rows of plain dicts, for the pages, the projector
and the exports (as `scoring.standings.lists.standings_rows` for the player standings): raw values to
export and, under `<name>_text`, the same values formatted for the screen."""

from dataclasses import replace

from common import formatting
from scoring.standings.lists import standings_rows
from tournament.rulesets import ruleset_for


def total_name(tournament):
    """The figure shown as a ranking's total: the final score where the rule set has one apart
    from the score (riichi), else the score."""
    return "final_score" if ruleset_for(tournament).shows_final_score else "score"


def team_rows(result, *, with_members=True):
    """One dict per team of `result` (scoring.standings.teams.TeamStandings): place, team,
    country, its totals, and (`with_members`) its members as `standings_rows` dicts, each with
    `counted`."""
    tournament = result.tournament
    ruleset = ruleset_for(tournament)
    total = total_name(tournament)
    rows = []
    for row in result.rows:
        value = row.total(total)
        data = {
            "place": row.place,
            "place_label": row.place_label,
            "team": row.team,
            "team_id": row.team.pk,
            "name": row.team.name,
            "country": row.team.country,
            "members_count": len(row.members),
            "counted_count": len(row.counted),
            "table_points": row.table_points,
            "table_points_text": formatting.table_points(row.table_points),
            "score": row.score,
            "final_score": row.final_score,
            "total": value,
            "total_text": formatting.final_score(value, ruleset)
            if total == "final_score"
            else formatting.whole(value),
        }
        if with_members:
            data["members"] = member_rows(result, row)
            data["counted_names"] = [m["name"] for m in data["members"] if m["counted"]]
        rows.append(data)
    return rows


def member_rows(result, row):
    """The members of team `row` as `standings_rows` dicts, best first, each with `counted`."""
    members = standings_rows(replace(result.players, rows=row.members))
    for data, member in zip(members, row.members, strict=True):
        data["counted"] = row.is_counted(member)
    return members


def sub_ranking_rows(sub):
    """The players of sub-ranking `sub` as `standings_rows` dicts whose place is the place in
    the group; the place in the player ranking stays under `overall_place(_label)`."""
    rows = standings_rows(replace(sub.standings, rows=[line.row for line in sub.rows]))
    for data, line in zip(rows, sub.rows, strict=True):
        data["overall_place"], data["overall_place_label"] = data["place"], data["place_label"]
        data["place"] = line.place
        data["place_label"] = line.place_label or "—"
    return rows
