"""One player across the desk's tournaments and seasons (docs/seasons.md, "A player's page").

Every public tournament the player played, newest first, with the place and figures of its
public standings (`seasons.places`), the player's line in every public season it belongs to,
and the statistics from the hands (`scoring.statistics`, docs/rules.md §12) per tournament, per
season and over all of the player's tournaments of each family of rules. Everything is read
from the shared cache under the tournaments' standings versions; nothing is stored.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import rules
from rules.families import FAMILIES
from rules.hand_facts import Tally
from scoring.standings.versions import standings_versions
from scoring.statistics.tallies import statistics_of
from seasons.models import Season
from seasons.places import Entry, places_of
from seasons.ranking import SeasonState, Standing, members, season_standings, season_state_of
from tournament.models import Player, Registration, Tournament
from tournament.rulesets import ruleset_for


@dataclass
class SeasonLine:
    """The player's line in one season (None when the season does not list them)."""

    season: Season
    tournaments: frozenset[int]  #: the season's tournaments that count
    row: Standing | None


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


@dataclass
class HistoryState:
    """What a player's page is made from: the player's public registrations, the public seasons
    of those tournaments with their own state, every tournament's standings version, and a
    fingerprint of all of it (`version`), under which the page is kept."""

    registrations: list[Registration]
    seasons: list[tuple[Season, SeasonState]]
    versions: dict[int, str]
    version: str


def history_state(player: Player) -> HistoryState:
    """A few queries, whatever the number of tournaments: the standings versions of the
    player's tournaments and of their seasons' are read at once."""
    registrations = list(public_registrations(player))
    tournaments = {
        registration.tournament.pk: registration.tournament for registration in registrations
    }
    seasons = list(
        Season.objects.public()
        .filter(members__tournament__in=list(tournaments))
        .distinct()
        .order_by("-end_date", "name")
    )
    season_members = {season.pk: members(season) for season in seasons}
    everything = dict(tournaments)
    for found in season_members.values():
        everything.update((tournament.pk, tournament) for tournament in found)
    versions = standings_versions(list(everything.values()))
    states = [
        (
            season,
            season_state_of(
                season,
                season_members[season.pk],
                {t.pk: versions[t.pk] for t in season_members[season.pk]},
            ),
        )
        for season in seasons
    ]
    fingerprint = (
        player.pk,
        [
            getattr(player, name)
            for name in ("first_name", "last_name", "country", "club", "ema_id")
        ],
        [
            (
                r.pk,
                r.number,
                r.is_substitute,
                r.tournament.pk,
                r.tournament.name,
                r.tournament.slug,
                r.tournament.end_date,
                versions[r.tournament.pk],
            )
            for r in registrations
        ],
        [(season.pk, state.version) for season, state in states],
    )
    return HistoryState(
        registrations,
        states,
        versions,
        hashlib.sha256(repr(fingerprint).encode()).hexdigest()[:20],
    )


def player_history(player: Player, state: HistoryState | None = None) -> PlayerHistory:
    state = state or history_state(player)
    registrations = state.registrations
    tournaments = [registration.tournament for registration in registrations]
    versions = state.versions
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
    seasons = [
        SeasonLine(
            season,
            frozenset(t.pk for t in season_state.tournaments),
            season_standings(season, season_state).get(player.pk),
        )
        for season, season_state in state.seasons
    ]
    by_tournament = {line.tournament.pk: line for line in lines}
    for season_line in seasons:
        for pk in season_line.tournaments:
            if pk in by_tournament:
                by_tournament[pk].seasons.append(season_line)
    italian = {}
    for tournament_statistics in statistics.values():
        italian.update(tournament_statistics.italian)
    return PlayerHistory(player, lines, seasons, _statistics(lines, seasons, italian))


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
            counted = season_line.tournaments
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
