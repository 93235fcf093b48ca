"""Issue 14, point 7: players and registrations managed from the tournament page (director
only), each change explained before and confirmed after, concurrent edits refused."""

import copy

import pytest
from django.test import Client
from django.urls import reverse

from scoring.access import Actor
from tests.factories import build, make_user, play_session
from tournament.models import Player, Registration, RegistrationStatus
from tournament.services import registrations as service
from tournament.services.registrations import RegistrationError


@pytest.fixture
def director(db, module_director):
    """The director who built `cup`."""
    return copy.deepcopy(module_director)


@pytest.fixture(scope="module")
def module_cup(module_db, module_director):
    from draw.writing import write_draw

    with module_db():
        tournament = build(slug="cup", sessions=3)
        play_session(tournament, 1, Actor(user=module_director))
        write_draw(tournament, session_number=2, seed=11)
        return tournament


@pytest.fixture
def cup(db, module_cup):
    """16 players; session 1 played and confirmed, session 2 drawn and not played, 3 a draft
    (built once for the module)."""
    return copy.deepcopy(module_cup)


def reg(tournament, number):
    return Registration.objects.select_related("player").get(tournament=tournament, number=number)


# -- services ----------------------------------------------------------------------------------


def test_update_player_changes_the_details(cup):
    player = reg(cup, 3).player
    expected = service.player_values(player)
    changed = service.update_player(
        player,
        expected=expected,
        first_name=" Anna ",
        last_name="Rossi",
        ema_id="04000123",
        country="ITA",
        club="Faenza MJ",
    )
    player.refresh_from_db()
    assert changed == ["first_name", "last_name", "ema_id", "country", "club"]
    # A page of another player (the numbers were swapped meanwhile) is refused.
    other = reg(cup, 4).player
    with pytest.raises(RegistrationError, match="changed this player meanwhile"):
        service.update_player(
            other, expected={**service.player_values(other), "id": player.pk}, **expected
        )
    assert (player.full_name, player.ema_id, player.country, player.club) == (
        "Anna Rossi",
        "04000123",
        "ITA",
        "Faenza MJ",
    )


def test_update_player_refuses_a_stale_form(cup):
    player = reg(cup, 3).player
    expected = service.player_values(player)
    Player.objects.filter(pk=player.pk).update(club="Changed meanwhile")
    with pytest.raises(RegistrationError, match="changed this player meanwhile"):
        service.update_player(
            player, expected=expected, first_name="X", last_name="Y", ema_id="", country="", club=""
        )
    player.refresh_from_db()
    assert (player.first_name, player.club) == ("P3", "Changed meanwhile")


def test_update_player_refuses_an_ema_id_of_someone_else(cup):
    Player.objects.filter(pk=reg(cup, 1).player_id).update(ema_id="04000001")
    player = reg(cup, 2).player
    values = {**service.player_values(player), "ema_id": "04000001"}
    with pytest.raises(RegistrationError, match="already belongs to P1 Player01"):
        service.update_player(player, expected=service.player_values(player), **values)
    player.refresh_from_db()
    assert player.ema_id is None


def test_withdraw_keeps_history_and_the_seat_until_a_redraw(cup):
    registration = reg(cup, 5)
    assert service.seating_out_of_step(registration) == []
    service.change_registration(
        cup, registration, service.WITHDRAW, expected=service.registration_values(registration)
    )
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.WITHDRAWN
    assert registration.seats.count() == 2  # session 1 (played) and 2 (drawn): nothing moved
    assert service.seating_out_of_step(registration) == [2]


def test_disqualify_then_reinstate(cup):
    registration = reg(cup, 6)
    service.change_registration(
        cup, registration, service.DISQUALIFY, expected=service.registration_values(registration)
    )
    registration.refresh_from_db()
    assert registration.is_disqualified
    with pytest.raises(RegistrationError, match="already disqualified"):
        service.change_registration(
            cup,
            registration,
            service.DISQUALIFY,
            expected=service.registration_values(registration),
        )
    with pytest.raises(RegistrationError, match="Only a player still in the tournament"):
        service.change_registration(
            cup, registration, service.WITHDRAW, expected=service.registration_values(registration)
        )
    service.change_registration(
        cup, registration, service.REINSTATE, expected=service.registration_values(registration)
    )
    registration.refresh_from_db()
    assert registration.is_active


def test_a_disqualification_penalty_is_undone_by_cancelling_it(cup, director):
    from scoring.services.penalties import give_penalty

    registration = reg(cup, 7)
    give_penalty(
        cup.sessions.get(number=2),
        registration,
        "disqualification",
        actor=Actor(user=director),
        reason="Cheating",
    )
    registration.refresh_from_db()
    assert registration.is_disqualified
    with pytest.raises(RegistrationError, match="cancel that penalty"):
        service.change_registration(
            cup, registration, service.REINSTATE, expected=service.registration_values(registration)
        )
    registration.refresh_from_db()
    assert registration.is_disqualified


def test_number_clash_is_refused_and_a_free_number_is_taken(cup):
    registration = reg(cup, 4)
    with pytest.raises(RegistrationError, match="already taken by P9 Player09"):
        service.change_registration(
            cup,
            registration,
            service.NUMBER,
            expected=service.registration_values(registration),
            number=9,
        )
    service.change_registration(
        cup,
        registration,
        service.NUMBER,
        expected=service.registration_values(registration),
        number=40,
    )
    assert reg(cup, 40).player.first_name == "P4"
    assert not cup.registrations.filter(number=4).exists()


def test_a_page_of_a_renumbered_player_does_not_touch_the_new_holder(cup, director_client):
    """Director A opened player 5's page; meanwhile 5 became 40 and 9 became 5. A's withdrawal
    posted to number 5 must not withdraw the new player 5."""
    first, second = reg(cup, 5), reg(cup, 9)
    stale = {
        "action": "withdraw",
        "was_id": first.pk,
        "was_number": 5,
        "was_status": "active",
        "was_substitute": "False",
    }
    service.change_registration(
        cup, first, service.NUMBER, expected=service.registration_values(first), number=40
    )
    service.change_registration(
        cup, second, service.NUMBER, expected=service.registration_values(second), number=5
    )
    page = director_client.post(urls(cup, 5)[1], stale).content.decode()
    assert "changed this player meanwhile" in page
    assert reg(cup, 5).is_active and reg(cup, 40).is_active


def test_a_stale_registration_page_changes_nothing(cup):
    registration = reg(cup, 8)
    expected = service.registration_values(registration)
    Registration.objects.filter(pk=registration.pk).update(is_substitute=True)
    with pytest.raises(RegistrationError, match="changed this player meanwhile"):
        service.change_registration(cup, registration, service.WITHDRAW, expected=expected)
    registration.refresh_from_db()
    assert registration.is_active and registration.is_substitute


def test_substitute_marking_and_a_registration_of_another_tournament(cup, director):
    registration = reg(cup, 10)
    service.change_registration(
        cup, registration, service.SUBSTITUTE, expected=service.registration_values(registration)
    )
    registration.refresh_from_db()
    assert registration.is_substitute
    other = build(slug="other", players=4)
    with pytest.raises(Registration.DoesNotExist):
        service.change_registration(
            other,
            registration,
            service.NOT_SUBSTITUTE,
            expected=service.registration_values(registration),
        )


# -- pages -------------------------------------------------------------------------------------


def urls(tournament, number=5):
    return (
        reverse("player-edit", args=[tournament.slug, number]),
        reverse("registration", args=[tournament.slug, number]),
    )


def test_only_the_director_sees_links_and_pages(cup, director_client):
    public = Client().get(reverse("tournament", args=[cup.slug])).content.decode()
    player_url, registration_url = urls(cup)
    assert registration_url not in public and player_url not in public
    assert "Manage" not in public
    page = director_client.get(reverse("tournament", args=[cup.slug])).content.decode()
    assert registration_url in page and player_url in page
    before = list(Registration.objects.values_list("number", "status", "is_substitute"))
    nosy = Client()
    nosy.force_login(make_user("nosy"))
    for url in (player_url, registration_url):
        assert Client().get(url).status_code == 302
        assert nosy.get(url).status_code == 403
        assert nosy.post(url, {"action": "withdraw"}).status_code == 403
        assert director_client.get(url).status_code == 200
    assert list(Registration.objects.values_list("number", "status", "is_substitute")) == before


def test_session_columns_have_distinct_names(cup, director_client):
    page = director_client.get(reverse("tournament", args=[cup.slug])).content.decode()
    assert "Number of tables" in page and "Dashboard" in page


def post_change(client, tournament, position, action, **extra):
    registration = reg(tournament, position)
    data = {
        "action": action,
        "was_id": registration.pk,
        "was_number": registration.number,
        "was_status": registration.status,
        "was_substitute": registration.is_substitute,
        **extra,
    }
    return client.post(urls(tournament, position)[1], data, follow=True)


def test_withdrawal_page_explains_and_offers_the_redraw(cup, director_client):
    page = director_client.get(urls(cup)[1]).content.decode()
    assert "kept with the sessions played" in page
    assert "Drawn sessions not yet played (2) keep their seat" in page
    response = post_change(director_client, cup, 5, "withdraw")
    text = response.content.decode()
    assert "P5 Player05 has withdrawn" in text
    assert "Session 2 is drawn but not played and still seats this player." in text
    redraw = reverse("draw", args=[cup.slug]) + "?scope=remaining"
    assert redraw in text
    draw_page = director_client.get(redraw).content.decode()
    assert '<option value="remaining" selected>' in draw_page


def test_messages_in_italian(cup, director_client):
    director_client.cookies["django_language"] = "it"
    page = director_client.get(urls(cup)[1], HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Ritira questo giocatore" in page
    response = post_change(director_client, cup, 5, "withdraw")
    text = response.content.decode()
    assert "Player05 P5 si è ritirato" in text  # Italian's name order: last name first
    assert "Rifai il sorteggio delle sessioni non giocate" in text


def test_number_clash_on_the_page_changes_nothing(cup, director_client):
    response = post_change(director_client, cup, 4, "number", number=9)
    assert "Player number 9 is already taken by P9 Player09." in response.content.decode()
    assert reg(cup, 4).player.first_name == "P4"
    response = post_change(director_client, cup, 4, "number", number=0)
    assert reg(cup, 4).player.first_name == "P4"
    assert response.status_code == 200
    assert "Ensure this value is greater than or equal to 1." in response.content.decode()
    response = post_change(director_client, cup, 4, "explode")
    assert "This page is out of date: reload it" in response.content.decode()
    assert reg(cup, 4).is_active


def test_player_edit_page_saves_and_checks_the_ema_id(cup, director_client):
    player_url = urls(cup, 3)[0]
    page = director_client.get(player_url).content.decode()
    assert "What a change does" in page
    player = reg(cup, 3).player
    was = {f"was_{k}": v for k, v in service.player_values(player).items()}
    bad = director_client.post(
        player_url, {**was, "first_name": "Anna", "last_name": "Rossi", "ema_id": "123"}
    )
    assert "An EMA id is exactly 8 digits." in bad.content.decode()
    done = director_client.post(
        player_url,
        {**was, "first_name": "Anna", "last_name": "Rossi", "ema_id": "04000123", "country": "ITA"},
        follow=True,
    )
    assert "Anna Rossi saved" in done.content.decode()
    player.refresh_from_db()
    assert (player.full_name, player.ema_id) == ("Anna Rossi", "04000123")
    stale = director_client.post(
        player_url, {**was, "first_name": "Bea", "last_name": "Rossi"}
    ).content.decode()
    assert "changed this player meanwhile" in stale
    player.refresh_from_db()
    assert player.first_name == "Anna"


def test_draw_preview_shows_the_club_when_clubs_are_kept_apart(db, director_client):
    from tests.factories import make_tournament, register_players

    tournament = make_tournament(slug="clubs", seating_groups="club")
    register_players(tournament, 8, club="Drago Rosso")
    response = director_client.post(reverse("draw", args=["clubs"]), {"scope": "1", "seed": "3"})
    assert '<br><span class="muted">Drago Rosso</span>' in response.content.decode()
    tournament.seating_groups = "country"
    tournament.save()
    response = director_client.post(reverse("draw", args=["clubs"]), {"scope": "1", "seed": "3"})
    assert "Drago Rosso" not in response.content.decode()
