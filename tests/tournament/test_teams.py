"""Issue 18: teams and categories as data the director enters (docs/rules.md §10), through the
services and through the pages (director only)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_tournament, make_user, register_players
from tournament.models import Category, Registration, Team
from tournament.services import registrations as registration_service
from tournament.services.categories import (
    CategoryError,
    categories_with_counts,
    create_category,
    delete_category,
    rename_category,
    set_categories,
)
from tournament.services.registrations import RegistrationError
from tournament.services.teams import (
    TeamError,
    add_member,
    create_team,
    delete_team,
    free_players,
    remove_member,
    set_groups,
    set_team,
    short_teams,
    teams_with_members,
    update_team,
)


@pytest.fixture
def open_(db):
    tournament = make_tournament(slug="open")
    register_players(tournament, 8)
    registration_service.change_registration(
        tournament,
        reg(tournament, 8),
        registration_service.SUBSTITUTE,
        expected=registration_service.registration_values(reg(tournament, 8)),
    )
    return tournament


def reg(tournament, number):
    return Registration.objects.select_related("player", "team").get(
        tournament=tournament, number=number
    )


# -- services: teams -----------------------------------------------------------------------


def test_a_team_is_created_renamed_and_deleted(open_):
    team = create_team(open_, name="  Kaze   Milano ", country="ITA")
    assert (team.name, team.country) == ("Kaze Milano", "ITA")
    with pytest.raises(TeamError, match="already has a team called"):
        create_team(open_, name="kaze milano")
    with pytest.raises(TeamError, match="needs a name"):
        create_team(open_, name="   ")
    with pytest.raises(TeamError, match="at most 100"):
        create_team(open_, name="x" * 101)
    with pytest.raises(TeamError, match="not recognised"):
        create_team(open_, name="Other", country="Atlantis")
    team = update_team(open_, team.pk, name="Kaze", country="Germany")
    assert (team.name, team.country) == ("Kaze", "DEU")
    add_member(open_, team.pk, 1)
    assert delete_team(open_, team.pk) == "Kaze"
    assert not Team.objects.exists()
    assert reg(open_, 1).team is None  # still registered, in no team
    with pytest.raises(TeamError, match="no longer exists"):
        update_team(open_, team.pk, name="Again")


def test_members_are_added_moved_and_removed(open_):
    kaze = create_team(open_, name="Kaze")
    dragons = create_team(open_, name="Dragons")
    add_member(open_, kaze.pk, 1)
    add_member(open_, kaze.pk, 2)
    assert [r.number for r in free_players(open_)] == [3, 4, 5, 6, 7]  # 8 is a substitute
    add_member(open_, dragons.pk, 2)  # moved
    assert reg(open_, 2).team == dragons
    assert [t.name for t in short_teams(open_)] == ["Dragons", "Kaze"]
    remove_member(open_, kaze.pk, 1)
    assert reg(open_, 1).team is None
    with pytest.raises(TeamError, match="not in team"):
        remove_member(open_, kaze.pk, 1)
    with pytest.raises(TeamError, match="not registered"):
        add_member(open_, kaze.pk, 99)
    teams = {team.name: [r.number for r in team.member_list] for team in teams_with_members(open_)}
    assert teams == {"Dragons": [2], "Kaze": []}


def test_a_substitute_joins_no_team_and_a_member_cannot_become_one(open_):
    team = create_team(open_, name="Kaze")
    with pytest.raises(TeamError, match="substitute belongs to no team"):
        add_member(open_, team.pk, 8)
    with pytest.raises(TeamError, match="substitute belongs to no team"):
        set_team(open_, 8, team.pk)
    add_member(open_, team.pk, 1)
    with pytest.raises(RegistrationError, match="take them out of the team first"):
        registration_service.change_registration(
            open_,
            reg(open_, 1),
            registration_service.SUBSTITUTE,
            expected=registration_service.registration_values(reg(open_, 1)),
        )
    assert not reg(open_, 1).is_substitute and reg(open_, 1).team == team


def test_a_team_has_at_most_six_players(open_):
    team = create_team(open_, name="Kaze")
    for number in range(1, 7):
        add_member(open_, team.pk, number)
    with pytest.raises(TeamError, match="already has 6 players"):
        add_member(open_, team.pk, 7)
    with pytest.raises(TeamError, match="already has 6 players"):
        set_team(open_, 7, team.pk)
    assert team.members.count() == 6
    add_member(open_, team.pk, 6)  # already in it: nothing changes
    assert short_teams(open_) == []


def test_teams_of_one_tournament_stay_there(open_):
    other = make_tournament(slug="other")
    register_players(other, 4)
    theirs = create_team(other, name="Theirs")
    with pytest.raises(TeamError, match="no longer exists"):
        add_member(open_, theirs.pk, 1)
    create_team(open_, name="Theirs")  # the same name in another tournament is fine


# -- services: categories ------------------------------------------------------------------


def test_categories_are_created_renamed_given_and_deleted(open_):
    ladies = create_category(open_, name="Ladies")
    juniors = create_category(open_, name="Juniors")
    with pytest.raises(CategoryError, match="already has a category"):
        create_category(open_, name="LADIES")
    with pytest.raises(CategoryError, match="at most 60"):
        create_category(open_, name="x" * 61)
    with pytest.raises(CategoryError, match="already has a category"):
        rename_category(open_, juniors.pk, name="ladies")
    set_categories(open_, 1, [ladies.pk, juniors.pk])
    set_categories(open_, 2, [ladies.pk])
    set_categories(open_, 8, [juniors.pk])  # a substitute may have categories
    counts = {c.name: c.players for c in categories_with_counts(open_)}
    assert counts == {"Juniors": 2, "Ladies": 2}
    assert rename_category(open_, ladies.pk, name="Women").name == "Women"
    assert delete_category(open_, juniors.pk) == "Juniors"
    assert list(reg(open_, 1).categories.values_list("name", flat=True)) == ["Women"]
    other = make_tournament(slug="other")
    theirs = create_category(other, name="Seniors")
    with pytest.raises(CategoryError, match="no longer exists"):
        set_categories(open_, 1, [theirs.pk])
    assert reg(open_, 1).categories.count() == 1


def test_team_and_categories_are_set_together_or_not_at_all(open_):
    team = create_team(open_, name="Kaze")
    ladies = create_category(open_, name="Ladies")
    set_groups(open_, 1, team_id=team.pk, category_ids=[ladies.pk])
    assert reg(open_, 1).team == team and reg(open_, 1).categories.get() == ladies
    with pytest.raises(CategoryError):
        set_groups(open_, 1, team_id=None, category_ids=[ladies.pk + 100])
    assert reg(open_, 1).team == team  # the team change was rolled back


# -- pages -----------------------------------------------------------------------------------


def test_the_teams_page_lists_adds_and_warns(open_, director_client):
    url = reverse("team-list", args=[open_.slug])
    page = director_client.get(url).content.decode()
    assert (
        "No team yet." in page and "7 registered players (not substitutes) are in no team" in page
    )
    response = director_client.post(url, {"name": "Kaze Milano", "country": "ITA"})
    team = Team.objects.get()
    assert response["Location"] == reverse("team-edit", args=[open_.slug, team.pk])
    page = director_client.get(url).content.decode()
    assert "Kaze Milano" in page and "fewer than 2 players" in page
    again = director_client.post(url, {"name": "kaze milano"}).content.decode()
    assert "already has a team called" in again and Team.objects.count() == 1
    tournament_page = director_client.get(open_.get_absolute_url()).content.decode()
    assert url in tournament_page and reverse("category-list", args=[open_.slug]) in tournament_page
    add_member(open_, team.pk, 3)
    public = Client().get(open_.get_absolute_url()).content.decode()
    assert "<th" in public and "Team" in public and "Kaze Milano" in public  # the list's column


def test_the_team_page_adds_removes_renames_and_deletes(open_, director_client):
    team = create_team(open_, name="Kaze")
    page_url = reverse("team-edit", args=[open_.slug, team.pk])
    add = reverse("team-member-add", args=[open_.slug, team.pk])
    page = director_client.get(page_url).content.decode()
    assert "a team has at least 2" in page
    assert director_client.post(add, {"number": "1"})["Location"] == page_url
    director_client.post(add, {"number": "2"})
    page = director_client.get(page_url).content.decode()
    assert "a team has at least 2" not in page and "Player1 Test1" in page
    # a substitute is not offered, and posting one is refused with the service's message
    director_client.post(add, {"number": "8"})
    assert reg(open_, 8).team is None
    messages = [str(m) for m in director_client.get(page_url).context["messages"]]
    assert any("in no team and is not a substitute" in m for m in messages)
    remove = reverse("team-member-remove", args=[open_.slug, team.pk, 2])
    director_client.post(remove)
    assert reg(open_, 2).team is None
    director_client.post(page_url, {"name": "Kaze Milano", "country": "ITA"})
    team.refresh_from_db()
    assert (team.name, team.country) == ("Kaze Milano", "ITA")
    delete = reverse("team-delete", args=[open_.slug, team.pk])
    asked = director_client.post(delete)  # without confirmation: the question, nothing else
    assert asked.status_code == 200 and "stays registered, in no team" in asked.content.decode()
    assert Team.objects.exists()
    director_client.post(delete, {"confirmed": "1"})
    assert not Team.objects.exists() and reg(open_, 1).team is None


def test_a_team_of_another_tournament_is_not_found(open_, director_client):
    other = make_tournament(slug="other")
    theirs = create_team(other, name="Theirs")
    assert (
        director_client.get(reverse("team-edit", args=[open_.slug, theirs.pk])).status_code == 404
    )
    director_client.post(reverse("team-delete", args=[open_.slug, theirs.pk]), {"confirmed": "1"})
    assert Team.objects.filter(pk=theirs.pk).exists()


def test_the_categories_pages(open_, director_client):
    url = reverse("category-list", args=[open_.slug])
    director_client.post(url, {"name": "Ladies"})
    category = Category.objects.get()
    set_categories(open_, 1, [category.pk])
    page = director_client.get(url).content.decode()
    assert "Ladies" in page
    assert director_client.get(url).context["table"].data[0].players == 1
    edit = reverse("category-edit", args=[open_.slug, category.pk])
    assert "Player1 Test1" in director_client.get(edit).content.decode()
    director_client.post(edit, {"name": "Women"})
    category.refresh_from_db()
    assert category.name == "Women"
    director_client.post(
        reverse("category-delete", args=[open_.slug, category.pk]), {"confirmed": "1"}
    )
    assert not Category.objects.exists()


def test_the_registration_page_sets_team_and_categories(open_, director_client):
    team = create_team(open_, name="Kaze")
    ladies = create_category(open_, name="Ladies")
    juniors = create_category(open_, name="Juniors")
    page = director_client.get(reverse("registration", args=[open_.slug, 1])).content.decode()
    assert "Team and categories" in page and "Kaze" in page and "Juniors" in page
    url = reverse("registration-groups", args=[open_.slug, 1])
    response = director_client.post(
        url, {"team": str(team.pk), "categories": [ladies.pk, juniors.pk]}
    )
    assert response["Location"] == reverse("registration", args=[open_.slug, 1])
    assert reg(open_, 1).team == team and reg(open_, 1).categories.count() == 2
    director_client.post(url, {"team": "", "categories": [juniors.pk]})
    assert reg(open_, 1).team is None and reg(open_, 1).categories.get() == juniors
    refused = director_client.post(
        reverse("registration-groups", args=[open_.slug, 8]), {"team": str(team.pk)}
    )
    assert "substitute belongs to no team" in refused.content.decode()
    assert reg(open_, 8).team is None


def test_only_a_director_opens_or_changes_teams(open_):
    team = create_team(open_, name="Kaze")
    someone = Client()
    someone.force_login(make_user())
    for url in (
        reverse("team-list", args=[open_.slug]),
        reverse("team-edit", args=[open_.slug, team.pk]),
        reverse("category-list", args=[open_.slug]),
    ):
        assert someone.get(url).status_code == 403
        assert someone.post(url, {"name": "Hacked"}).status_code == 403
        assert Client().get(url).status_code == 302
    assert (
        someone.post(
            reverse("team-member-add", args=[open_.slug, team.pk]), {"number": 1}
        ).status_code
        == 403
    )
    assert Team.objects.get().name == "Kaze" and not team.members.exists()


def test_the_pages_are_in_italian(open_, director_client):
    create_team(open_, name="Kaze")
    page = director_client.get(
        reverse("team-list", args=[open_.slug]), HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert "Squadre" in page and "Aggiungi la squadra" in page


def stamp_of(page):
    import re

    return re.search(r'name="was" value="([^"]+)"', page).group(1)


def test_edits_made_meanwhile_are_never_overwritten(open_, director_client):
    """Each page carries the stamp of what it showed: a second director's change in between
    makes the first one's save refused, nothing written, the page back with today's values."""
    team = create_team(open_, name="Kaze", country="ITA")
    team_url = reverse("team-edit", args=[open_.slug, team.pk])
    seen = stamp_of(director_client.get(team_url).content.decode())
    update_team(open_, team.pk, name="Kaze Milano", country="ITA")  # the other director
    response = director_client.post(team_url, {"name": "Kaze", "country": "FRA", "was": seen})
    assert response.status_code == 302
    team.refresh_from_db()
    assert (team.name, team.country) == ("Kaze Milano", "ITA")
    page = director_client.get(team_url).content.decode()
    assert "changed this meanwhile" in page and 'value="Kaze Milano"' in page

    category = create_category(open_, name="Ladies")
    category_url = reverse("category-edit", args=[open_.slug, category.pk])
    seen = stamp_of(director_client.get(category_url).content.decode())
    rename_category(open_, category.pk, name="Women")
    director_client.post(category_url, {"name": "Dames", "was": seen})
    category.refresh_from_db()
    assert category.name == "Women"

    registration_page = reverse("registration", args=[open_.slug, 1])
    seen = stamp_of(director_client.get(registration_page).content.decode())
    add_member(open_, team.pk, 1)  # the other director put player 1 in the team
    groups_url = reverse("registration-groups", args=[open_.slug, 1])
    response = director_client.post(groups_url, {"team": "", "categories": [], "was": seen})
    assert response["Location"] == registration_page
    assert reg(open_, 1).team == team
    seen = stamp_of(director_client.get(registration_page).content.decode())
    director_client.post(groups_url, {"team": "", "categories": [category.pk], "was": seen})
    assert reg(open_, 1).team is None and reg(open_, 1).categories.get() == category
