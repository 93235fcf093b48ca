"""Each tournament's places as a season reads them (docs/rules.md §11): from its public
standings, as the EMA results file gives them.

The standings are those the public sees (after the last confirmed session whose results are
published); the players listed are those who played a counted session, ranked players at their
places among them (shared places stay shared), disqualified players after them
(`exports.ema.listed_places`), so a season's base ranks are the EMA's for the same tournament.
Computed once per standings version and kept in the shared cache.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache

from exports.ema import listed_places
from scoring.standings.ranking import CACHE_SECONDS, cached_standings
from tournament.models import Tournament
from tournament.visibility import confirmed_visible


@dataclass(frozen=True)
class Entry:
    """One player's result in one tournament, as a season counts it."""

    player_id: int
    registration_id: int
    number: int
    place: int
    #: how many players of the tournament hold this place (2 for "=3" shared by two)
    tied: int
    #: the standings' own place ("=3"), and the figures they show
    standings_place: str
    table_points: Fraction | None
    score: Fraction | int
    final_score: Fraction
    sessions_played: int
    disqualified: bool = False

    @property
    def shared(self) -> bool:
        return self.tied > 1


@dataclass
class TournamentPlaces:
    """A tournament's places: `players` listed (the N of the base rank), the sessions counted
    (`numbers`), whether every session is counted (`final`), and each player's `Entry`."""

    tournament_id: int
    numbers: tuple[int, ...]
    final: bool
    entries: dict[int, Entry] = field(default_factory=dict)  # by player id

    @property
    def players(self) -> int:
        return len(self.entries)


def public_sessions(tournament: Tournament) -> list[int]:
    """The confirmed sessions whose standings the public sees (`tournament.visibility`)."""
    return confirmed_visible(AnonymousUser(), tournament)


def tournament_places(tournament: Tournament, version: str) -> TournamentPlaces:
    """`tournament`'s places from its public standings, kept in the shared cache under its
    standings `version` (`scoring.standings.versions.standings_versions`)."""
    key = f"season-places:{tournament.pk}:{version}"
    places = cache.get(key)
    if places is None:
        places = compute_places(tournament)
        cache.set(key, places, CACHE_SECONDS)
    return places


def places_of(
    tournaments: list[Tournament], versions: dict[int, str]
) -> dict[int, TournamentPlaces]:
    """`tournament_places` of each tournament (by primary key), read from the shared cache in
    one look-up; those missing are computed and stored."""
    keys = {t.pk: f"season-places:{t.pk}:{versions[t.pk]}" for t in tournaments}
    found = cache.get_many(list(keys.values()))
    places, missing = {}, {}
    for tournament in tournaments:
        key = keys[tournament.pk]
        if key in found:
            places[tournament.pk] = found[key]
        else:
            places[tournament.pk] = missing[key] = compute_places(tournament)
    if missing:
        cache.set_many(missing, CACHE_SECONDS)
    return places


def compute_places(tournament: Tournament) -> TournamentPlaces:
    numbers = public_sessions(tournament)
    final = bool(numbers) and len(numbers) == tournament.session_count
    places = TournamentPlaces(tournament.pk, tuple(numbers), final)
    if not numbers:
        return places
    standings = cached_standings(tournament, through=numbers[-1])
    played = [row for row in standings.rows if row.sessions]
    ranked = [row for row in played if row.is_ranked and row.place is not None]
    disqualified = [row for row in played if not (row.is_ranked and row.place is not None)]
    listed = listed_places([row.place for row in ranked])
    counts: dict[int, int] = {}
    for place in listed:
        counts[place] = counts.get(place, 0) + 1
    rows = [(row, place, False) for row, place in zip(ranked, listed, strict=True)]
    rows += [(row, len(ranked) + 1, True) for row in disqualified]
    for row, place, out in rows:
        registration = row.registration
        places.entries[registration.player_id] = Entry(
            player_id=registration.player_id,
            registration_id=registration.pk,
            number=registration.number,
            place=place,
            tied=len(disqualified) if out else counts[place],
            standings_place=row.place_label or "—",
            table_points=row.table_points,
            score=row.score,
            final_score=row.final_score,
            sessions_played=len(row.counted_lines),
            disqualified=out,
        )
    return places
