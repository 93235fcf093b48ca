"""The teams and categories of a player list (docs/rules.md §10): checked against the tournament
before anything is written (`check_groups`), then written with the registrations (`Linker`).

A team or category named in the list is the tournament's one of that name, case and extra
spaces aside; one the tournament lacks is created on import (a new team takes the country its
rows share, if they all share one). A row with an empty team cell keeps the player's team; a
row's categories are added to those the player has. The checks, per team: a substitute belongs
to no team, and a team has at most TEAM_SIZE_MAX players counting those it already has.
"""

from django.utils.translation import gettext as _

from tournament.models import TEAM_SIZE_MAX, Category, Team
from tournament.services.player_rows import RowError


def _key(name):
    return " ".join(name.split()).casefold()


def _row_key(planned):
    """Who a planned row is: the registered player it matches, or the row itself."""
    if planned.player is not None and planned.registered_here:
        return ("player", planned.player.pk)
    return ("row", planned.row.line)


def check_groups(tournament, plan, *, as_substitutes=False):
    """RowErrors for the teams of a planned import (see the module docstring)."""
    errors: list[RowError] = []
    named = [planned for planned in plan if planned.row.team]
    if not named:
        return errors
    substitutes = set(
        tournament.registrations.filter(is_substitute=True).values_list("player_id", flat=True)
    )
    for planned in named:
        registered_substitute = (
            planned.player is not None
            and planned.registered_here
            and planned.player.pk in substitutes
        )
        if as_substitutes or registered_substitute:
            errors.append(
                RowError(
                    planned.row.line,
                    _(
                        "%(name)s is registered as a substitute, and a substitute belongs to no "
                        "team: leave the team cell empty"
                    )
                    % {"name": planned.row.full_name},
                )
            )
    members = {}  # team key -> row keys of its members after the import
    for team in tournament.teams.all():
        members[_key(team.name)] = {
            ("player", player) for player in team.members.values_list("player_id", flat=True)
        }
    moved = {_row_key(p): _key(p.row.team) for p in named}
    for keys in members.values():
        for key in [key for key in keys if key in moved]:
            keys.discard(key)  # the row names a team: that one (perhaps this one again)
    lines: dict[str, list[int]] = {}
    for planned in named:
        team = _key(planned.row.team)
        members.setdefault(team, set()).add(_row_key(planned))
        lines.setdefault(team, []).append(planned.row.line)
    names = {_key(p.row.team): p.row.team for p in named}
    for team, keys in members.items():
        if team in lines and len(keys) > TEAM_SIZE_MAX:
            errors.append(
                RowError(
                    lines[team][0],
                    _(
                        "team “%(team)s” would have %(count)s players (lines %(lines)s); a team "
                        "has at most %(max)s"
                    )
                    % {
                        "team": names[team],
                        "count": len(keys),
                        "lines": ", ".join(str(line) for line in lines[team]),
                        "max": TEAM_SIZE_MAX,
                    },
                )
            )
    return sorted(errors, key=lambda error: error.line or 0)


class Linker:
    """Links imported registrations to their team and categories, creating the ones the
    tournament lacks. Use inside the import's transaction, after `check_groups` passed."""

    def __init__(self, tournament, rows):
        self.tournament = tournament
        self.teams = {_key(team.name): team for team in tournament.teams.all()}
        self.categories = {_key(c.name): c for c in tournament.categories.all()}
        self.countries: dict[str, set[str]] = {}
        for row in rows:
            if row.team:
                self.countries.setdefault(_key(row.team), set()).add(row.country)
        self.teams_created = 0
        self.categories_created = 0

    def team(self, name):
        key = _key(name)
        if key not in self.teams:
            countries = self.countries.get(key, set())
            country = next(iter(countries)) if len(countries) == 1 else ""
            self.teams[key] = Team.objects.create(
                tournament=self.tournament, name=" ".join(name.split()), country=country
            )
            self.teams_created += 1
        return self.teams[key]

    def category(self, name):
        key = _key(name)
        if key not in self.categories:
            self.categories[key] = Category.objects.create(
                tournament=self.tournament, name=" ".join(name.split())
            )
            self.categories_created += 1
        return self.categories[key]

    def link(self, registration, row):
        if row.team:
            team = self.team(row.team)
            if registration.team_id != team.pk:
                registration.team = team
                registration.save(update_fields=["team"])
        if row.categories:
            registration.categories.add(*(self.category(name) for name in row.categories))
