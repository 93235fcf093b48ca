"""A tournament's statistics from its hands (docs/rules.md §12), per registration.

Every current hand of the sessions asked for is read once with the rule set's reading
(`RuleSet.hand_facts`: who won, self-drawn or not, who dealt in, the winning value, draws,
chombo, riichi), and counted for the registration seated at each of its four seats (a
substitute's hands are the substitute's); the patterns of a win come from its count from tiles
when the referee's figures matched it (`RuleSet.hand_patterns`). Penalties are those given in
those sessions and not cancelled; their points are the Penalties figure of the seat results.

The result is kept in the shared cache under the tournament's standings version: a correction
in a counted session reopens its table, which changes that version.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Sum

from rules.checks import SEATS
from rules.hand_facts import Tally
from scoring.models import Hand, Penalty, SeatResult
from scoring.standings.ranking import CACHE_SECONDS
from scoring.standings.versions import standings_versions
from tournament.models import Seat, Tournament
from tournament.rulesets import ruleset_for


@dataclass
class TournamentStatistics:
    """Each registration's `Tally` (by registration id) over the sessions `numbers`, and the
    Italian name of every pattern named (by its English name)."""

    numbers: tuple[int, ...]
    tallies: dict[int, Tally] = field(default_factory=dict)
    italian: dict[str, str] = field(default_factory=dict)


def tournament_statistics(
    tournament: Tournament, numbers: Any, *, version: str | None = None
) -> TournamentStatistics:
    """The statistics of `tournament` over the sessions `numbers`, from the shared cache when
    its standings version (`version`, computed when not given) has them."""
    numbers = tuple(sorted(numbers))
    if version is None:
        version = standings_versions([tournament])[tournament.pk]
    key = f"hand-statistics:{tournament.pk}:{','.join(map(str, numbers))}:{version}"
    statistics = cache.get(key)
    if statistics is None:
        statistics = compute_statistics(tournament, numbers)
        cache.set(key, statistics, CACHE_SECONDS)
    return statistics


def statistics_of(
    tournaments: list[Tournament], numbers: dict[int, Any], versions: dict[int, str]
) -> dict[int, TournamentStatistics]:
    """`tournament_statistics` of each tournament (by primary key) over its sessions
    `numbers[pk]`, read from the shared cache in one look-up; those missing are computed and
    stored."""
    wanted = {t.pk: tuple(sorted(numbers[t.pk])) for t in tournaments}
    keys = {
        t.pk: f"hand-statistics:{t.pk}:{','.join(map(str, wanted[t.pk]))}:{versions[t.pk]}"
        for t in tournaments
    }
    found = cache.get_many(list(keys.values()))
    statistics, missing = {}, {}
    for tournament in tournaments:
        key = keys[tournament.pk]
        if key in found:
            statistics[tournament.pk] = found[key]
        else:
            computed = compute_statistics(tournament, wanted[tournament.pk])
            statistics[tournament.pk] = missing[key] = computed
    if missing:
        cache.set_many(missing, CACHE_SECONDS)
    return statistics


def compute_statistics(tournament: Tournament, numbers: tuple[int, ...]) -> TournamentStatistics:
    """The statistics of `tournament` over the sessions `numbers` (no cache): four queries."""
    ruleset = ruleset_for(tournament)
    statistics = TournamentStatistics(numbers)
    in_sessions = {"session__tournament": tournament, "session__number__in": numbers}
    seated = {
        (table, wind): registration
        for table, wind, registration in Seat.objects.filter(**in_sessions).values_list(
            "table_id", "wind", "registration_id"
        )
    }
    tallies = statistics.tallies
    for registration in set(seated.values()):
        tallies[registration] = Tally()
    hands = (
        Hand.objects.current()
        .filter(table__session__tournament=tournament, table__session__number__in=numbers)
        .values_list(
            "table_id",
            "entry",
            "change_east",
            "change_south",
            "change_west",
            "change_north",
            "tile_count",
            "tiles_matched",
        )
    )
    for table, entry, east, south, west, north, count, matched in hands.iterator(chunk_size=2000):
        facts = ruleset.hand_facts(entry or {}, (east, south, west, north))
        patterned: int | None = None
        patterns: list[str] | None = None
        if matched and isinstance(count, dict) and ruleset.pattern_label:
            patterned = _counted_winner(count, facts.winners)
            named = ruleset.hand_patterns(count)
            patterns = [english for english, _italian in named]
            statistics.italian.update(named)
        for seat in SEATS:
            player = seated.get((table, seat))
            if player is not None:
                tallies[player].add(facts, seat, patterns if seat == patterned else None)
    given = (
        Penalty.objects.filter(**in_sessions, cancelled_at__isnull=True)
        .order_by()
        .values_list("registration")
        .annotate(count=Count("pk"))
    )
    points = dict(
        SeatResult.objects.filter(**in_sessions)
        .order_by()
        .values_list("registration")
        .annotate(points=Sum("penalty_points"))
    )
    counts = dict(given)
    for registration in set(counts) | set(points):
        tallies.setdefault(registration, Tally()).add_penalties(
            counts.get(registration, 0), points.get(registration) or 0
        )
    return statistics


def _counted_winner(count: dict[str, Any], winners: tuple[int, ...]) -> int | None:
    """The winner a stored count belongs to: the one it names, else the hand's only winner."""
    winner = count.get("winner")
    if isinstance(winner, int) and not isinstance(winner, bool) and winner in winners:
        return winner
    return winners[0] if len(winners) == 1 else None
