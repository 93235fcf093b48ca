"""Likely duplicate player records (docs/seasons.md, "Duplicate players").

One person may have two records: typed again at a registration desk with another spelling,
imported from a list, brought by a tournament's archive. Two records are a likely duplicate when
they have the same EMA number, or the same name and country: the name compared without accents,
case, spaces or punctuation (`common.text.search_key`: "Łukasz Wiśniewski" is "lukasz
wisniewski"), also with the first and last name swapped ("Rossi Anna" typed the Italian way).
Two records with different EMA numbers are two people and never listed. The desk keeps EMA
numbers unique, so in practice the list shows records with the same name and country.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from common.text import search_key, sort_key
from tournament.models import Player, Registration

SAME_EMA, SAME_NAME, SWAPPED_NAME = "ema", "name", "swapped"
#: Why two records are listed, the most alike first.
REASONS = {
    SAME_EMA: _("Same EMA number"),
    SAME_NAME: _("Same name and country"),
    SWAPPED_NAME: _("Same name, first and last swapped, and country"),
}


@dataclass
class LikelyDuplicate:
    """Two records that may be one person, why, and the tournaments both play in (where a merge
    is impossible: one tournament cannot hold the same person twice)."""

    first: Player
    second: Player
    reason: str
    both_in: list[str] = field(default_factory=list)

    @property
    def reason_label(self):
        return REASONS[self.reason]

    @property
    def mergeable(self) -> bool:
        return not self.both_in


def likely_duplicates() -> list[LikelyDuplicate]:
    """Every pair of likely duplicate records, the most alike first, then by name."""
    players = list(
        Player.objects.only("pk", "first_name", "last_name", "country", "club", "ema_id")
    )
    found: dict[tuple[int, int], str] = {}
    by_ema: dict[str, list[Player]] = defaultdict(list)
    by_name: dict[tuple[str, str, str], list[Player]] = defaultdict(list)
    for player in players:
        if player.ema_id:
            by_ema[player.ema_id].append(player)
        by_name[_name_key(player.first_name, player.last_name, player.country)].append(player)
    for group in by_ema.values():
        _pairs(group, SAME_EMA, found)
    for group in by_name.values():
        _pairs(group, SAME_NAME, found)
    for player in players:
        swapped = by_name.get(_name_key(player.last_name, player.first_name, player.country), [])
        _pairs(
            [player, *(other for other in swapped if other.pk != player.pk)], SWAPPED_NAME, found
        )
    people = {player.pk: player for player in players}
    tournaments = _tournaments_of({pk for pair in found for pk in pair})
    duplicates = [
        LikelyDuplicate(people[a], people[b], reason, _both_in(tournaments, a, b))
        for (a, b), reason in found.items()
    ]
    order = list(REASONS)
    duplicates.sort(
        key=lambda d: (
            order.index(d.reason),
            sort_key(d.first.last_name),
            sort_key(d.first.first_name),
            d.first.pk,
            d.second.pk,
        )
    )
    return duplicates


def _name_key(first: str, last: str, country: str) -> tuple[str, str, str]:
    return search_key(first), search_key(last), country


def _both_in(tournaments: dict[int, dict[int, str]], a: int, b: int) -> list[str]:
    mine, theirs = tournaments.get(a, {}), tournaments.get(b, {})
    return sorted(mine[tournament] for tournament in mine.keys() & theirs.keys())


def _pairs(group: list[Player], reason: str, found: dict[tuple[int, int], str]) -> None:
    for index, one in enumerate(group):
        for other in group[index + 1 :]:
            if one.ema_id and other.ema_id and one.ema_id != other.ema_id:
                continue  # two EMA numbers: two people
            pair = (min(one.pk, other.pk), max(one.pk, other.pk))
            found.setdefault(pair, reason)


def _tournaments_of(player_ids: set[int]) -> dict[int, dict[int, str]]:
    """player id -> {tournament id: name} of the tournaments each is registered in."""
    tournaments: dict[int, dict[int, str]] = defaultdict(dict)
    for player_id, tournament_id, name in Registration.objects.filter(
        player_id__in=player_ids
    ).values_list("player_id", "tournament_id", "tournament__name"):
        tournaments[player_id][tournament_id] = name
    return tournaments
