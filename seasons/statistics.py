"""A season's statistics from the hands (docs/rules.md §12): each ranked player's figures added
up over the season's tournaments, over the sessions each tournament's public standings count."""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.hand_facts import Tally
from scoring.statistics.tallies import statistics_of
from seasons.places import places_of
from seasons.ranking import SeasonState


@dataclass
class SeasonStatistics:
    tallies: dict[int, Tally] = field(default_factory=dict)  #: by player id
    italian: dict[str, str] = field(default_factory=dict)


def season_statistics(state: SeasonState) -> SeasonStatistics:
    """Each player's statistics over the tournaments of a season's `state`."""
    places = places_of(state.tournaments, state.versions)
    statistics = statistics_of(
        state.tournaments, {pk: place.numbers for pk, place in places.items()}, state.versions
    )
    season = SeasonStatistics()
    for tournament in state.tournaments:
        found = statistics[tournament.pk]
        season.italian.update(found.italian)
        for player_id, entry in places[tournament.pk].entries.items():
            tally = found.tallies.get(entry.registration_id)
            if tally is not None:
                season.tallies[player_id] = season.tallies.get(player_id, Tally()) + tally
    return season
