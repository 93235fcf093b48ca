"""Sub-rankings (docs/rules.md §10.4): the player ranking restricted to a group of players, a
category the director defines, a country or a club, with places counted inside the group.

Read-only, on the player standings (`scoring.standings.ranking`): the group's players keep the order of
the player ranking; a player's place in the group is 1 + the number of group members strictly
ahead of them in the player ranking, so players sharing a place there share it in the group too
("=2"). Disqualified players are listed last without a place, as in the player ranking.
Substitutes are in no ranking.

A group is named in an address by its `view` ("category:12", "country:ITA", "club:Faenza"),
the value of the standings page's and the projector's `?view=`.
"""

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from common.text import search_key
from scoring.standings.ranking import cached_standings
from tournament.countries import country_name

CATEGORY, COUNTRY, CLUB = "category", "country", "club"
#: The kinds of group, in the order pages and exports list them, with their names.
KINDS = {CATEGORY: _("Category"), COUNTRY: _("Country"), CLUB: _("Club")}


@dataclass(frozen=True)
class Group:
    """A group a sub-ranking is restricted to."""

    kind: str  # CATEGORY, COUNTRY or CLUB
    key: str  # the category's id, the country's code or the club's name
    label: str

    @property
    def view(self):
        """How the group is named in an address (`?view=`)."""
        return f"{self.kind}:{self.key}"

    @property
    def kind_label(self):
        return KINDS[self.kind]


@dataclass
class SubRankingRow:
    """A player of the group: the player's row of the standings and the place in the group."""

    row: object  # scoring.standings.ranking.StandingRow
    place: int | None
    place_label: str


@dataclass
class SubRanking:
    group: Group
    standings: object  # the player standings it is cut from
    rows: list  # SubRankingRows, in the order of the player ranking


def _category_members(tournament):
    """Category id -> the ids of its players' registrations (substitutes left out), read afresh
    (the cached standings do not follow a change of categories)."""
    members: dict[int, set] = {}
    pairs = tournament.registrations.filter(is_substitute=False).values_list("pk", "categories")
    for registration, category in pairs:
        if category is not None:
            members.setdefault(category, set()).add(registration)
    return members


def available_groups(tournament):
    """The groups a sub-ranking can be made of: the categories that have players, then the
    countries and the clubs of the players (substitutes left out), each kind sorted by name.
    One query: the players' countries and clubs with their categories."""
    found = (
        tournament.registrations.filter(is_substitute=False)
        .values_list("player__country", "player__club", "categories", "categories__name")
        .distinct()
    )
    categories, countries, clubs = {}, set(), set()
    for country, club, category, name in found:
        if category is not None:
            categories[category] = name
        countries.add(country)
        clubs.add(club)
    by_name = [
        Group(CATEGORY, str(pk), name)
        for pk, name in sorted(categories.items(), key=lambda item: (search_key(item[1]), item[0]))
    ]
    by_name += sorted(
        (Group(COUNTRY, code, country_name(code)) for code in countries if code),
        key=lambda group: search_key(group.label),
    )
    by_name += sorted(
        (Group(CLUB, club, club) for club in clubs if club),
        key=lambda group: search_key(group.label),
    )
    return by_name


def find_group(tournament, view, groups=None):
    """The group named by `view` ("category:12", "country:ITA", "club:Faenza") among the
    tournament's available `groups` (default: `available_groups`); None if there is none."""
    if not isinstance(view, str) or ":" not in view:
        return None
    if groups is None:
        groups = available_groups(tournament)
    return next((group for group in groups if group.view == view), None)


def sub_ranking(tournament, group, standings=None):
    """The ranking of `group`'s players, with their places inside the group."""
    if standings is None:
        standings = cached_standings(tournament)
    members = _category_members(tournament) if group.kind == CATEGORY else {}
    return SubRanking(group, standings, group_places(_group_rows(standings, group, members)))


def sub_rankings(tournament, standings=None):
    """Every available group's sub-ranking, in the order of `available_groups`."""
    if standings is None:
        standings = cached_standings(tournament)
    members = _category_members(tournament)
    result = []
    for group in available_groups(tournament):
        rows = _group_rows(standings, group, members)
        result.append(SubRanking(group, standings, group_places(rows)))
    return result


def group_places(rows):
    """`rows` (StandingRows of one group, in the order of the player ranking) with their places
    inside the group: 1 + the members strictly ahead; the same overall place, the same place."""
    ranked = sorted(row.place for row in rows if row.place is not None)
    result = []
    for row in rows:
        if row.place is None:
            result.append(SubRankingRow(row, None, ""))
            continue
        place = 1 + bisect_left(ranked, row.place)
        shared = bisect_right(ranked, row.place) - bisect_left(ranked, row.place) > 1
        result.append(SubRankingRow(row, place, f"={place}" if shared else str(place)))
    return result


def _group_rows(standings, group, members):
    """The rows of `standings` whose players are in `group` (`members`: `_category_members`)."""
    if group.kind == CATEGORY:
        inside = members.get(int(group.key), set())
        return [row for row in standings.rows if row.registration.pk in inside]
    attribute = "country" if group.kind == COUNTRY else "club"
    return [
        row for row in standings.rows if getattr(row.registration.player, attribute) == group.key
    ]
