"""Home, tournament page, and the director's pages to create tournaments and register players."""

import pytest
from django.urls import reverse

from tournament.models import Player, Session, Tournament


def test_home_lists_published_tournaments_to_everyone(client, make_tournament):
    make_tournament(name="Public Open", slug="public-open")
    make_tournament(name="Secret Cup", slug="secret-cup", published=False)
    page = client.get(reverse("home")).content.decode()
    assert "Public Open" in page
    assert "Secret Cup" not in page


def test_director_sees_unpublished_tournaments(director_client, make_tournament):
    make_tournament(name="Secret Cup", slug="secret-cup", published=False)
    assert "Secret Cup" in director_client.get(reverse("home")).content.decode()


def test_unpublished_tournament_page_is_404_to_the_public(client, make_tournament):
    make_tournament(slug="secret-cup", published=False)
    assert client.get(reverse("tournament", args=["secret-cup"])).status_code == 404


def test_tournament_page_shows_sessions_registrations_and_status(client, tournament, register):
    register(3)
    response = client.get(tournament.get_absolute_url())
    page = response.content.decode()
    assert response.status_code == 200
    assert "Test Open" in page and "Preparing" in page
    assert page.count("Not drawn yet") == 4  # the four sessions, in one line of state each
    assert "Player1" in page and "Player3" in page
    assert "Register a player" not in page  # no director action for the public


def test_registrations_are_sortable(client, tournament, register):
    register(3)
    url = tournament.get_absolute_url()
    page = client.get(url, {"player-sort": "-number"}).content.decode()
    assert page.index("Player3") < page.index("Player1")
    page = client.get(url, {"player-sort": "last_name"}).content.decode()
    assert page.index("Test1") < page.index("Test2")


DIRECTOR_URLS = [
    ("tournament-create", []),
    ("tournament-edit", ["test-open"]),
    ("register-player", ["test-open"]),
    ("import-players", ["test-open"]),
]


@pytest.mark.parametrize(("name", "args"), DIRECTOR_URLS)
def test_director_pages_send_anonymous_users_to_login(client, tournament, name, args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    assert client.post(reverse(name, args=args), {"name": "x"}).status_code == 302


@pytest.mark.parametrize(("name", "args"), DIRECTOR_URLS)
def test_director_pages_refuse_other_accounts(client, plain_user, tournament, name, args):
    client.force_login(plain_user)
    assert client.get(reverse(name, args=args)).status_code == 403
    assert client.post(reverse(name, args=args), {"name": "x"}).status_code == 403


def test_director_creates_a_tournament_with_its_sessions(director_client):
    response = director_client.post(
        reverse("tournament-create"),
        {
            "name": "Faenza Open 2026",
            "slug": "",
            "start_date": "2026-06-06",
            "end_date": "2026-06-07",
            "venue": "Faenza",
            "ruleset": "mcr",
            "session_count": "5",
            "session_minutes": "120",
            "seating_groups": "club",
            "seating_priority": "repeats",
            "published": "on",
            "projector_mode": "auto",
            "projector_seconds": "12",
        },
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response.url == tournament.get_absolute_url()
    assert tournament.slug == "faenza-open-2026"
    assert list(tournament.sessions.values_list("number", flat=True)) == [1, 2, 3, 4, 5]


def test_create_tournament_form_errors_keep_the_input(director_client):
    response = director_client.post(
        reverse("tournament-create"),
        {
            "name": "Backwards",
            "start_date": "2026-06-07",
            "end_date": "2026-06-06",
            "ruleset": "mcr",
            "session_count": "5",
            "session_minutes": "120",
            "seating_groups": "club",
        },
    )
    assert response.status_code == 200
    assert "The last day cannot be before the first day." in response.content.decode()
    assert 'value="Backwards"' in response.content.decode()
    assert not Tournament.objects.exists()


def test_editing_sessions_count_adds_and_removes_draft_sessions(director_client, tournament):
    data = {
        "name": tournament.name,
        "slug": tournament.slug,
        "start_date": "2026-05-02",
        "end_date": "2026-05-03",
        "ruleset": "mcr",
        "session_count": "6",
        "session_minutes": "120",
        "seating_groups": "club",
        "seating_priority": "apart",
        "published": "on",
        "projector_mode": "auto",
        "projector_seconds": "12",
    }
    director_client.post(reverse("tournament-edit", args=[tournament.slug]), data)
    assert tournament.sessions.count() == 6
    tournament.refresh_from_db()
    assert tournament.seating_priority == "apart"  # the draw's priority is a setting too
    tournament.sessions.filter(number=3).update(status=Session.Status.SEATED)
    data["session_count"] = "2"
    response = director_client.post(reverse("tournament-edit", args=[tournament.slug]), data)
    assert "Session 3 is already seated or played" in response.content.decode()
    assert tournament.sessions.count() == 6


def test_director_registers_a_player(director_client, tournament):
    url = reverse("register-player", args=[tournament.slug])
    response = director_client.post(
        url,
        {
            "first_name": "Mette",
            "last_name": "Sørensen",
            "ema_id": "05000401",
            "country": "DNK",
            "club": "København Mahjong",
        },
        follow=True,
    )
    assert "Mette Sørensen registered as player 1." in response.content.decode()
    registration = tournament.registrations.get()
    assert registration.player.country == "DNK" and not registration.is_substitute


def test_registering_the_same_player_twice_is_refused(director_client, tournament):
    url = reverse("register-player", args=[tournament.slug])
    data = {"first_name": "Anna", "last_name": "Rossi", "ema_id": "04000123", "country": "ITA"}
    director_client.post(url, data)
    response = director_client.post(url, data)
    assert "Anna Rossi is already registered as player 1." in response.content.decode()
    assert Player.objects.count() == 1


def test_bad_ema_id_in_the_form(director_client, tournament):
    response = director_client.post(
        reverse("register-player", args=[tournament.slug]),
        {
            "first_name": "Anna",
            "last_name": "Rossi",
            "ema_id": "123",
        },
    )
    assert "An EMA id is exactly 8 digits." in response.content.decode()
    assert not Player.objects.exists()


def test_import_page_shows_every_bad_row(director_client, tournament):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile(
        "players.csv",
        b"First name,Last name,EMA id\nAnna,Rossi,12\n,Bianchi,\n",
        content_type="text/csv",
    )
    response = director_client.post(
        reverse("import-players", args=[tournament.slug]), {"file": upload}
    )
    page = response.content.decode()
    assert "Nothing was imported" in page
    assert "Line 2: EMA id" in page and "Line 3: the first name is empty" in page
    assert not Player.objects.exists()


def test_import_page_imports_a_good_list(director_client, tournament):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("players.csv", b"Nome,Cognome\nAnna,Rossi\nLuca,Neri\n")
    preview = director_client.post(
        reverse("import-players", args=[tournament.slug]), {"file": upload}
    )
    assert tournament.registrations.count() == 0  # the upload only shows the preview
    token = preview.context["form"]["token"].value()
    response = director_client.post(
        reverse("import-players-confirm", args=[tournament.slug]), {"token": token}, follow=True
    )
    assert "2 players read: 2 new" in response.content.decode()
    assert tournament.registrations.count() == 2


def test_the_csrf_token_is_required_for_director_forms(client, director, tournament):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(director)
    response = strict.post(
        reverse("register-player", args=[tournament.slug]), {"first_name": "A", "last_name": "B"}
    )
    assert response.status_code == 403
    assert not Player.objects.exists()


def test_login_page_and_director_login(client, director):
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"username": "boss", "password": "pw-for-tests"})
    assert response.status_code == 302
    assert "Log out (boss)" in client.get(reverse("home")).content.decode()
