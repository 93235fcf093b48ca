"""Sub-rankings (docs/rules.md §10.4): the player ranking restricted to a category, a country or
a club, with places counted inside the group (ties share them); the groups offered; the
standings page and the projector."""

import pytest
from django.urls import reverse

from scoring.standings.ranking import compute_standings
from scoring.standings.sub_rankings import (
    CATEGORY,
    CLUB,
    COUNTRY,
    Group,
    available_groups,
    find_group,
    sub_ranking,
    sub_rankings,
)
from tests.factories import build_played, staff, standings_of
from tournament.models import Category, Player, RegistrationStatus
from tournament.services.registrations import register_player


@pytest.fixture
def eight(tournament):
    """Eight players: 1-4 of Italy (1 and 2 of the club Faenza), 5-8 of France (5 and 6 of
    the club Lyon); 3, 4, 7 and 8 of no club."""
    for n in range(1, 9):
        register_player(
            tournament,
            first_name=f"P{n}",
            last_name=f"Player{n}",
            country="ITA" if n <= 4 else "FRA",
            club="Faenza" if n <= 2 else ("Lyon" if n in (5, 6) else ""),
        )
    return tournament


def ladies(tournament, numbers):
    category = Category.objects.create(tournament=tournament, name="Ladies")
    for registration in tournament.registrations.filter(number__in=numbers):
        registration.categories.add(category)
    return category


def places(ranking):
    return [(line.row.registration.number, line.place_label) for line in ranking.rows]


def test_places_inside_a_category_count_only_its_members_and_ties_share(eight):
    category = ladies(eight, [2, 3, 5, 8])
    # Overall: 1 first; 2 and 3 share second; 4 fourth; 5 fifth; ... 8 last.
    figures = {1: (8, 90), 2: (6, 40), 3: (6, 40), 4: (5, 0), 5: (4, 0), 8: (-1, -1)}
    standings = standings_of(eight, figures)
    ranking = sub_ranking(eight, Group(CATEGORY, str(category.pk), "Ladies"), standings)
    assert places(ranking) == [(2, "=1"), (3, "=1"), (5, "3"), (8, "4")]
    assert [line.row.place_label for line in ranking.rows] == ["=2", "=2", "5", "8"]


def test_a_country_and_a_club(eight):
    standings = standings_of(eight, {5: (8, 0), 1: (6, 0), 6: (4, 0), 2: (2, 0)})
    france = sub_ranking(eight, Group(COUNTRY, "FRA", "France"), standings)
    assert [n for n, _label in places(france)] == [5, 6, 7, 8]
    assert places(france)[:2] == [(5, "1"), (6, "2")]
    assert places(france)[2:] == [(7, "=3"), (8, "=3")]  # both on 0, 0
    faenza = sub_ranking(eight, Group(CLUB, "Faenza", "Faenza"), standings)
    assert places(faenza) == [(1, "1"), (2, "2")]


def test_a_disqualified_player_is_listed_last_without_a_place(eight):
    eight.registrations.filter(number=1).update(status=RegistrationStatus.DISQUALIFIED)
    standings = standings_of(eight, {1: (8, 90), 2: (6, 0)})
    faenza = sub_ranking(eight, Group(CLUB, "Faenza", "Faenza"), standings)
    assert [(line.row.registration.number, line.place) for line in faenza.rows] == [
        (2, 1),
        (1, None),
    ]


def test_the_groups_offered_are_those_with_players(eight):
    ladies(eight, [1])
    Category.objects.create(tournament=eight, name="Juniors")  # nobody: not offered
    substitute = register_player(
        eight, first_name="S", last_name="Sub", is_substitute=True, country="DEU", club="Berlin"
    )
    eight.registrations.get(pk=substitute.pk).categories.add(
        Category.objects.create(tournament=eight, name="Seniors")  # only a substitute
    )
    groups = available_groups(eight)
    assert [(group.kind, group.label) for group in groups] == [
        ("category", "Ladies"),
        ("country", "France"),
        ("country", "Italy"),
        ("club", "Faenza"),
        ("club", "Lyon"),
    ]
    assert find_group(eight, "country:ITA").label == "Italy"
    assert find_group(eight, "country:DEU") is None
    assert find_group(eight, "nonsense") is None


def test_every_sub_ranking_follows_a_change_of_categories(db, director):
    cup = build_played("subs", staff(director), confirmed=1)
    category = ladies(cup, [1, 2, 3])
    rankings = sub_rankings(cup)
    assert [r.group.view for r in rankings] == [f"category:{category.pk}"]
    overall = {row.registration.number: row.place for row in compute_standings(cup).rows}
    ranked = sorted(overall[n] for n in (1, 2, 3))
    assert [line.row.place for line in rankings[0].rows] == ranked
    cup.registrations.get(number=4).categories.add(category)
    assert len(sub_rankings(cup)[0].rows) == 4


# -- pages ----------------------------------------------------------------------------------


@pytest.fixture
def played_groups(db, director):
    cup = build_played("groupcup", staff(director), confirmed=1)
    ladies(cup, [1, 2, 3, 4])
    Player.objects.filter(registrations__tournament=cup, registrations__number__lte=8).update(
        country="ITA", club="Mahjong Faenza"
    )
    return cup


def test_the_standings_page_offers_and_shows_the_sub_rankings(client, played_groups):
    url = reverse("standings", args=[played_groups.slug])
    page = client.get(url).content.decode()
    category = played_groups.categories.get()
    assert f'value="category:{category.pk}"' in page
    assert 'value="country:ITA"' in page and 'value="club:Mahjong Faenza"' in page
    page = client.get(url, {"view": f"category:{category.pk}"}).content.decode()
    assert "Category: Ladies" in page
    names = [r.player.full_name for r in played_groups.registrations.filter(number__lte=4)]
    others = [r.player.full_name for r in played_groups.registrations.filter(number__gt=4)]
    assert all(name in page for name in names)
    assert not any(f">{name}<" in page for name in others)
    page = client.get(url, {"view": "club:Mahjong Faenza"}).content.decode()
    assert "Club: Mahjong Faenza" in page


def test_the_sessions_tabs_keep_the_sub_ranking(client, played_groups):
    url = reverse("standings", args=[played_groups.slug])
    page = client.get(url, {"view": "country:ITA"}).content.decode()
    assert reverse("standings-after", args=[played_groups.slug, 1]) + "?view=country%3AITA" in page


@pytest.mark.parametrize("view", ["country:XXX", "category:999999", "club:", "teams", "x" * 5000])
def test_an_unknown_ranking_is_not_found(client, played_groups, view):
    response = client.get(reverse("standings", args=[played_groups.slug]), {"view": view})
    assert response.status_code == 404


def test_the_projector_shows_a_sub_ranking(client, played_groups):
    category = played_groups.categories.get()
    response = client.get(
        reverse("projector", args=[played_groups.slug]), {"view": f"category:{category.pk}"}
    )
    html = response.content.decode()
    assert "Category: Ladies" in html
    first = played_groups.registrations.get(number=1).player.full_name
    fifth = played_groups.registrations.get(number=5).player.full_name
    assert first in html and fifth not in html
