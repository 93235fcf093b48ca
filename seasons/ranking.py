"""A season's ranking (docs/rules.md §11), computed from the stored results and kept in the
shared cache.

Nothing is copied: the ranking reads each member tournament's public standings
(`seasons.places`) and ranks the players with the pure rule (`rules.seasons`). Its cache key is
a fingerprint of the season's settings, the reckoning day and every member tournament's
standings version (`scoring.standings.versions.standings_versions`, six queries for all of
them), so a tournament restored, corrected, reopened or published moves the ranking at once.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Q
from django.utils import timezone

import rules
from common.text import sort_key
from rules import seasons as season_rules
from scoring.standings.ranking import CACHE_SECONDS
from scoring.standings.versions import standings_versions
from seasons.models import Season, SeasonMethod
from seasons.places import Entry, TournamentPlaces, places_of
from tournament.models import Player, Tournament

#: A tournament without a MERS weight counts with this weight in the EMA's method (§11.1).
WEIGHT_WITHOUT_MERS = Fraction(1)


def members(season: Season) -> list[Tournament]:
    """The season's tournaments that count: public, of its rules, in order of their last day.

    A member whose tournament was deleted is found again by its short name and last day once the
    tournament is restored (`SeasonTournament.slug`, `last_day`)."""
    found_by = Q(pk__in=[])
    for tournament_id, slug, last_day in season.members.values_list(
        "tournament_id", "slug", "last_day"
    ):
        if tournament_id is not None:
            found_by |= Q(pk=tournament_id)
        else:
            found_by |= Q(slug=slug, end_date=last_day) if last_day else Q(slug=slug)
    found = Tournament.objects.filter(found_by).filter(
        published=True, ruleset__in=rules.family_codes(season.family)
    )
    return sorted(
        found, key=lambda tournament: (tournament.end_date, tournament.name, tournament.pk)
    )


def reckoning_day(season: Season, today: dt.date | None = None) -> dt.date:
    """The day the season is ranked on: its last day once it is over, today while it runs
    (docs/rules.md §11.1): a finished season's ranking never changes with the calendar."""
    today = today or timezone.localdate()
    return min(today, season.end_date)


def mers_weight(tournament: Tournament) -> Fraction:
    weight = tournament.mers_weight
    return Fraction(str(weight)) if isinstance(weight, Decimal) else WEIGHT_WITHOUT_MERS


@dataclass(frozen=True)
class Member:
    """A tournament of the ranking, as its pages name it."""

    pk: int
    name: str
    slug: str
    end_date: dt.date
    weight: Fraction
    has_mers_weight: bool
    players: int
    final: bool
    sessions: int


@dataclass(frozen=True)
class SeasonResult:
    """One player's result in one member tournament, as the season counts it."""

    member: Member
    place: int
    shared: bool
    standings_place: str
    base_rank: int | None = None
    weight: Fraction | None = None  #: the EMA's method: MERS weight x age factor
    points: Fraction | None = None  #: the table of points
    counted: bool = False  #: in part A, or among the best results counted
    part_b: bool = False


@dataclass
class SeasonRow:
    """One player's line of the season's ranking."""

    player_id: int
    first_name: str
    last_name: str
    country: str
    club: str
    ema_id: str
    place: int | None = None
    shared: bool = False
    value: Fraction | None = None  #: the EMA ranking, or the points total
    part_a: Fraction | None = None
    part_b: Fraction | None = None
    #: the results of base rank 0 and weight 1 added to reach five: whether each is in part B
    padding: list[bool] = field(default_factory=list)
    results: list[SeasonResult] = field(default_factory=list)

    @property
    def place_label(self) -> str:
        if self.place is None:
            return "—"
        return f"={self.place}" if self.shared else str(self.place)

    @property
    def is_ranked(self) -> bool:
        return self.place is not None


@dataclass
class SeasonRanking:
    season_id: int
    method: str
    reckoning: dt.date
    members: list[Member]
    rows: list[SeasonRow]
    version: str

    def row_of(self, player_id: int) -> SeasonRow | None:
        return next((row for row in self.rows if row.player_id == player_id), None)


def season_version(
    season: Season, tournaments: list[Tournament], reckoning: dt.date, versions: dict[int, str]
) -> str:
    """A fingerprint of everything the season's ranking depends on (`versions`: each
    tournament's standings version)."""
    state = (
        season.pk,
        season.name,
        season.slug,
        season.family,
        season.method,
        season.table,
        season.counted_results,
        season.start_date,
        season.end_date,
        reckoning,
        [
            (t.pk, t.name, t.slug, t.end_date, t.mers_weight, t.session_count, versions[t.pk])
            for t in tournaments
        ],
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()[:20]


@dataclass(frozen=True)
class SeasonState:
    """What a season's ranking is made from, and its fingerprint (`version`)."""

    tournaments: list[Tournament]
    reckoning: dt.date
    versions: dict[int, str]
    version: str


def season_state(season: Season, *, today: dt.date | None = None) -> SeasonState:
    """The season's tournaments, reckoning day and fingerprint: a few queries, no ranking."""
    tournaments = members(season)
    reckoning = reckoning_day(season, today)
    versions = standings_versions(tournaments)
    return SeasonState(
        tournaments, reckoning, versions, season_version(season, tournaments, reckoning, versions)
    )


def season_state_of(
    season: Season, tournaments: list[Tournament], versions: dict[int, str], today=None
) -> SeasonState:
    """`season_state` from the season's `tournaments` (`members`) and standings `versions`
    already read (a player's page reads those of several seasons at once)."""
    reckoning = reckoning_day(season, today)
    return SeasonState(
        tournaments, reckoning, versions, season_version(season, tournaments, reckoning, versions)
    )


@dataclass(frozen=True)
class Standing:
    """A player's line of a season in brief: what a player's page shows of it."""

    place_label: str
    value: Fraction | None
    ranked: bool


def season_ranking(season: Season, state: SeasonState | None = None) -> SeasonRanking:
    """The season's ranking, from the shared cache when nothing it depends on changed."""
    state = state or season_state(season)
    key = f"season-ranking:{season.pk}:{state.version}"
    ranking = cache.get(key)
    if ranking is None:
        found = places_of(state.tournaments, state.versions)
        places = [found[t.pk] for t in state.tournaments]
        ranking = compute_ranking(season, state.tournaments, places, state.reckoning, state.version)
        cache.set_many(
            {key: ranking, f"season-standings:{season.pk}:{state.version}": _brief(ranking)},
            CACHE_SECONDS,
        )
    return ranking


def season_standings(season: Season, state: SeasonState) -> dict[int, Standing]:
    """Each player's line in brief, by player id: a small cache entry, where the whole ranking
    (every result of every player) is a big one."""
    brief = cache.get(f"season-standings:{season.pk}:{state.version}")
    if brief is None:
        brief = _brief(season_ranking(season, state))
    return brief


def _brief(ranking: SeasonRanking) -> dict[int, Standing]:
    return {
        row.player_id: Standing(row.place_label, row.value, row.is_ranked) for row in ranking.rows
    }


def compute_ranking(
    season: Season,
    tournaments: list[Tournament],
    places: list[TournamentPlaces],
    reckoning: dt.date,
    version: str = "",
) -> SeasonRanking:
    """Rank the season's players from each tournament's places (no cache)."""
    member_list = [
        Member(
            pk=tournament.pk,
            name=tournament.name,
            slug=tournament.slug,
            end_date=tournament.end_date,
            weight=mers_weight(tournament),
            has_mers_weight=tournament.mers_weight is not None,
            players=place.players,
            final=place.final,
            sessions=len(place.numbers),
        )
        for tournament, place in zip(tournaments, places, strict=True)
    ]
    by_player: dict[int, list[tuple[Member, Entry]]] = {}
    for member, place in zip(member_list, places, strict=True):
        for player_id, entry in place.entries.items():
            by_player.setdefault(player_id, []).append((member, entry))
    people = Player.objects.in_bulk(list(by_player))
    rows = []
    for player_id, results in by_player.items():
        person = people.get(player_id)
        if person is None:  # pragma: no cover - the standings were just read
            continue
        row = SeasonRow(
            player_id,
            person.first_name,
            person.last_name,
            person.country,
            person.club,
            person.ema_id or "",
        )
        if season.method == SeasonMethod.POINTS:
            _points_row(row, results, season)
        else:
            _ema_row(row, results, reckoning)
        rows.append(row)
    ranked = season_rules.rank_players({row.player_id: row.value for row in rows})
    for row in rows:
        row.place, row.shared = ranked.get(row.player_id, (None, False))
    rows.sort(
        key=lambda row: (
            row.place is None,
            row.place or 0,
            sort_key(row.last_name),
            sort_key(row.first_name),
            row.player_id,
        )
    )
    return SeasonRanking(season.pk, season.method, reckoning, member_list, rows, version)


def _ema_row(row: SeasonRow, results: list[tuple[Member, Entry]], reckoning: dt.date) -> None:
    by_key = {}
    inputs = []
    for member, entry in results:
        by_key[member.pk] = (member, entry)
        inputs.append(
            season_rules.Result(
                member.pk, entry.place, member.players, member.weight, member.end_date
            )
        )
    rank = season_rules.ema_rank(inputs, reckoning)
    row.value, row.part_a, row.part_b = rank.rank, rank.part_a, rank.part_b
    for line in rank.lines:
        if line.result is None:
            row.padding.append(line.part_b)
            continue
        member, entry = by_key[line.result.key]
        row.results.append(
            SeasonResult(
                member,
                entry.place,
                entry.shared,
                entry.standings_place,
                base_rank=line.base_rank,
                weight=line.weight,
                counted=line.part_a and rank.ranked,
                part_b=line.part_b and rank.ranked,
            )
        )


def _points_row(row: SeasonRow, results: list[tuple[Member, Entry]], season: Season) -> None:
    table = season.table
    by_key = {member.pk: (member, entry) for member, entry in results}
    points = {
        member.pk: season_rules.place_points(table, entry.place, entry.tied)
        for member, entry in results
    }
    total = season_rules.points_total(points, season.counted_results)
    row.value = total.total
    for key in sorted(points, key=lambda key: (-points[key], by_key[key][0].end_date)):
        member, entry = by_key[key]
        row.results.append(
            SeasonResult(
                member,
                entry.place,
                entry.shared,
                entry.standings_place,
                points=points[key],
                counted=key in total.counted,
            )
        )
