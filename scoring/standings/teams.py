"""Team standings (docs/rules.md §10.2): the teams ranked on their members' figures.

Read-only, built on the player standings (`scoring.standings.ranking`), never beside them: a team's
totals are the sums, over its counted members, of the figures the player ranking orders by
(`Standings.ranking_fields`: MCR table points, then score; riichi the final score; classic the
score, with table points first when the tournament uses them). The counted members are all of
them, or each team's best N by the player ranking (`Tournament.team_counted`). A disqualified
member is listed and counts for nothing; a substitute belongs to no team, so what a substitute
scores in a member's seat counts for nobody's team. Teams with equal totals share the place.
Teams without a member in the standings are listed with nothing counted.
"""

from dataclasses import dataclass, field
from fractions import Fraction

from rules.ranking import shared_places, tie_sizes
from scoring.standings.ranking import StandingRow, Standings, cached_standings
from scoring.standings.stages import FINAL
from tournament.models import Team, Tournament

#: What a team's sum of a figure starts from: table points and final scores may be fractions
#: (shared places share them exactly), scores are whole numbers.
STARTS = {"table_points": Fraction(0), "final_score": Fraction(0)}


@dataclass
class TeamRow:
    """One team: its members in the order of the player ranking, those counted, its place."""

    team: Team
    members: list[StandingRow] = field(default_factory=list)  # best first
    counted: list[StandingRow] = field(default_factory=list)  # those that count
    place: int | None = None
    place_label: str = ""

    def total(self, name):
        """The sum of figure `name` over the counted members (a member without it adds 0)."""
        start = STARTS.get(name, 0)
        return sum((getattr(row, name) or 0 for row in self.counted), start)

    @property
    def table_points(self):
        return self.total("table_points")

    @property
    def score(self):
        return self.total("score")

    @property
    def final_score(self):
        return self.total("final_score")

    def is_counted(self, row):
        return any(row is counted for counted in self.counted)


@dataclass
class TeamStandings:
    tournament: Tournament
    through: int | None
    rows: list[TeamRow]  # by place then name
    ranking_fields: tuple[str, ...]
    counted: int  # members counted per team: 0 = all
    players: Standings | None = None  # the player standings it adds up

    @property
    def uses_table_points(self):
        return "table_points" in self.ranking_fields


def team_standings(tournament, *, through=None, standings=None):
    """The team standings over the player `standings` (by default the cached standings after
    confirmed session `through`, the last one when None)."""
    if standings is None:
        standings = cached_standings(tournament, through=through)
    return rank_teams(tournament, standings)


def rank_teams(tournament, standings):
    """Team standings from computed player standings. The team of each registration is read
    afresh: the cached standings' registrations may predate a change of team.

    Once a tournament in stages ranks its final, the player standings carry the finalists'
    halved or reset totals: the teams add up the same players' totals with every session in
    full instead (docs/rules.md §10.2), so every member is counted on one scale."""
    if standings.stage == FINAL:
        standings = cached_standings(tournament, through=standings.through, stages=False)
    teams = list(tournament.teams.order_by("name", "pk"))
    team_of = dict(
        tournament.registrations.filter(team__isnull=False, is_substitute=False).values_list(
            "pk", "team_id"
        )
    )
    rows = {team.pk: TeamRow(team) for team in teams}
    for row in standings.rows:  # already in the order of the player ranking
        team_row = rows.get(team_of.get(row.registration.pk))
        if team_row is not None:
            team_row.members.append(row)
    best = tournament.team_counted
    for team_row in rows.values():
        ranked = [row for row in team_row.members if row.place is not None]
        team_row.counted = ranked[:best] if best else ranked
    ordered = list(rows.values())
    keys = [tuple(row.total(name) for name in standings.ranking_fields) for row in ordered]
    for row, place, size in zip(ordered, shared_places(keys), tie_sizes(keys), strict=True):
        row.place = place
        row.place_label = f"={place}" if size > 1 else str(place)
    ordered.sort(key=lambda row: (row.place, row.team.name.casefold(), row.team.pk))
    return TeamStandings(
        tournament, standings.through, ordered, standings.ranking_fields, best, standings
    )


def team_row(team_standings_, team):
    """The row of `team` in the team standings (None if it is not there)."""
    return next((row for row in team_standings_.rows if row.team.pk == team.pk), None)
