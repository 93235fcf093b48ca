"""One player across the desk's tournaments and seasons (docs/seasons.md, "A player's page").

Every public tournament the player played, newest first, with the place and figures of its
public standings (`seasons.places`), the player's line in every public season it belongs to,
and the statistics from the hands (`scoring.statistics`, docs/rules.md §12) per tournament, per
season and over all of the player's tournaments of each family of rules. Everything is read
from the shared cache under the tournaments' standings versions; nothing is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import rules
from rules.families import FAMILIES
from rules.hand_facts import Tally
from scoring.standings.ranking import standings_versions
from scoring.statistics.tallies import statistics_of
from seasons.models import Season
from seasons.places import Entry, places_of
from seasons.ranking import SeasonRanking, SeasonRow, season_ranking
from tournament.models import Player, Registration, Tournament
from tournament.rulesets import ruleset_for


@dataclass
class SeasonLine:
    """The player's line in one season (None when the season does not list them)."""

    season: Season
    ranking: SeasonRanking
    row: SeasonRow | None


@dataclass
class TournamentLine:
    tournament: Tournament
    registration: Registration
    entry: Entry | None  #: the player's place and figures; None before public standings
    players: int
    final: bool
    tally: Tally | None
    seasons: list[SeasonLine] = field(default_factory=list)

    @property
    def ruleset(self) -> rules.RuleSet:
        return ruleset_for(self.tournament)


@dataclass
class StatisticsLine:
    """One line of a statistics table: a tournament, a season or the family's total."""

    label: str
    tally: Tally
    tournament: Tournament | None = None
    season: Season | None = None
    total: bool = False
    #: the tournaments a season's line adds up
    tournaments: frozenset[int] = frozenset()


@dataclass
class FamilyStatistics:
    """The statistics of one family of rules: the figures its rule sets record."""

    family: str
    label: str
    figures: tuple[str, ...]
    value_unit: str
    pattern_label: str
    lines: list[StatisticsLine] = field(default_factory=list)
    italian: dict[str, str] = field(default_factory=dict)


@dataclass
class PlayerHistory:
    player: Player
    lines: list[TournamentLine]
    seasons: list[SeasonLine]
    statistics: list[FamilyStatistics]


def public_registrations(player: Player):
    """The player's registrations in public tournaments, newest tournament first."""
    return (
        Registration.objects.filter(player=player, tournament__published=True)
        .select_related("tournament")
        .order_by("-tournament__end_date", "-tournament__start_date", "tournament__name")
    )


def player_history(player: Player) -> PlayerHistory:
    registrations = list(public_registrations(player))
    tournaments = [registration.tournament for registration in registrations]
    versions = standings_versions(tournaments)
    places = places_of(tournaments, versions)
    statistics = statistics_of(
        tournaments, {pk: place.numbers for pk, place in places.items()}, versions
    )
    lines = []
    for registration in registrations:
        tournament = registration.tournament
        place = places[tournament.pk]
        tally = statistics[tournament.pk].tallies.get(registration.pk)
        lines.append(
            TournamentLine(
                tournament,
                registration,
                place.entries.get(player.pk),
                place.players,
                place.final,
                tally if tally is not None and tally.hands else None,
            )
        )
    seasons = _seasons(player, tournaments)
    by_tournament = {line.tournament.pk: line for line in lines}
    for season_line in seasons:
        for member in season_line.ranking.members:
            if member.pk in by_tournament:
                by_tournament[member.pk].seasons.append(season_line)
    italian = {}
    for tournament_statistics in statistics.values():
        italian.update(tournament_statistics.italian)
    return PlayerHistory(player, lines, seasons, _statistics(lines, seasons, italian))


def _seasons(player: Player, tournaments: list[Tournament]) -> list[SeasonLine]:
    seasons = (
        Season.objects.public()
        .filter(members__tournament__in=tournaments)
        .distinct()
        .order_by("-end_date", "name")
    )
    found = []
    for season in seasons:
        ranking = season_ranking(season)
        found.append(SeasonLine(season, ranking, ranking.row_of(player.pk)))
    return found


def _statistics(
    lines: list[TournamentLine], seasons: list[SeasonLine], italian: dict[str, str]
) -> list[FamilyStatistics]:
    families = []
    for family, label in FAMILIES:
        played = [line for line in lines if line.tally and line.ruleset.family == family]
        if not played:
            continue
        ruleset = played[0].ruleset
        table = FamilyStatistics(
            family,
            label,
            ruleset.statistics,
            ruleset.value_unit,
            ruleset.pattern_label,
            italian=italian,
        )
        for line in played:
            table.lines.append(
                StatisticsLine(line.tournament.name, line.tally or Tally(), line.tournament)
            )
        for season_line in seasons:
            if season_line.season.family != family:
                continue
            counted = {member.pk for member in season_line.ranking.members}
            inside = [line for line in played if line.tournament.pk in counted]
            if inside:
                table.lines.append(
                    StatisticsLine(
                        season_line.season.name,
                        sum((line.tally or Tally() for line in inside), Tally()),
                        season=season_line.season,
                        tournaments=frozenset(line.tournament.pk for line in inside),
                    )
                )
        every = frozenset(line.tournament.pk for line in played)
        covered = any(line.tournaments == every for line in table.lines)
        if len(played) > 1 and not covered:
            table.lines.append(
                StatisticsLine(
                    "", sum((line.tally or Tally() for line in played), Tally()), total=True
                )
            )
        families.append(table)
    return families
