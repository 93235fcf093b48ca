"""A player registered in several tournaments is one record that each of them shows: a director
changes a player's details only when they direct every tournament the player is in (a site
administrator always), whether by the player's page, by registering or by importing a list."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import make_director, make_player, make_tournament, make_tournament_director
from tournament.services import registrations as service
from tournament.services.player_import import import_players
from tournament.services.registrations import RegistrationError, register


@pytest.fixture
def world(db):
    a = make_tournament(slug="alpha", name="Alpha")
    b = make_tournament(slug="beta", name="Secret Beta", published=False)
    shared = make_player(1, ema_id="04000001")
    register(a, shared)
    register(b, shared)
    only_b = make_player(2, ema_id="04000002")
    register(b, only_b)
    only_a = make_player(3)
    register(a, only_a)
    return {
        "a": a,
        "b": b,
        "shared": shared,
        "only_b": only_b,
        "only_a": only_a,
        "director_a": make_tournament_director(a, "director-a"),
    }


def rename(player, editor):
    values = service.player_values(player)
    return service.update_player(
        player,
        expected=values,
        editor=editor,
        **{**values, "first_name": "Renamed", "last_name": "Byalpha"},
    )


def test_a_director_cannot_rename_a_player_of_another_tournament(world):
    shared = world["shared"]
    with pytest.raises(RegistrationError, match="tournament you do not direct"):
        rename(shared, world["director_a"])
    shared.refresh_from_db()
    assert shared.first_name == "First1"
    assert rename(world["only_a"], world["director_a"]) == ["first_name", "last_name"]
    assert rename(shared, make_director("admin")) == ["first_name", "last_name"]


def test_importing_or_registering_in_a_does_not_change_a_player_of_b(world):
    only_b = world["only_b"]
    data = "First name,Last name,EMA id,Country,Club\nHacked,Name,04000002,FRA,Evil club\n"
    result = import_players(world["a"], "p.csv", data.encode(), editor=world["director_a"])
    assert result.ok, result.errors
    only_b.refresh_from_db()
    assert (only_b.first_name, only_b.last_name, only_b.country) == ("First2", "Last2", "ITA")
    assert world["a"].registrations.filter(player=only_b).exists()  # registered as they are
    shared = world["shared"]
    third = make_tournament(slug="gamma", name="Gamma")
    third.directors.add(world["director_a"])
    service.register_player(
        third,
        first_name="Other",
        last_name="Name",
        ema_id="04000001",
        country="FRA",
        editor=world["director_a"],
    )
    shared.refresh_from_db()
    assert (shared.first_name, shared.country) == ("First1", "ITA")


def test_the_player_page_names_no_tournament_the_director_may_not_see(world):
    client = Client()
    client.force_login(world["director_a"])
    page = client.get(reverse("player-edit", args=["alpha", 1])).content.decode()
    assert "Secret Beta" not in page
    before = service.player_values(world["shared"])
    values = {**before, "first_name": "Renamed"}
    posted = {
        **{name: values[name] or "" for name in service.PLAYER_FIELDS},
        **{f"was_{name}": before[name] or "" for name in service.PLAYER_FIELDS},
        "was_id": before["id"],
    }
    answer = client.post(reverse("player-edit", args=["alpha", 1]), posted)
    assert "tournament you do not direct" in answer.content.decode()
    world["shared"].refresh_from_db()
    assert world["shared"].first_name == "First1"
