"""The API's credentials: a table link with the tournament's PIN, guessed secrets throttled,
a referee token that acts as a referee whatever its account, the rates from the environment."""

import uuid

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from api.models import TokenKind
from api.tokens import create_token
from desk import config
from scoring.access import BAD_TOKEN_LIMIT, PIN_LIMIT
from scoring.models import Hand
from tests.factories import client_with
from tournament.models import SessionStatus


def hand(table):
    table.refresh_from_db()
    return {
        "revision": table.revision,
        "submission": str(uuid.uuid4()),
        "outcome": "self_drawn",
        "winner": 0,
        "fan": 8,
    }


def hands_url(table):
    return f"/api/v1/tournaments/alpha/sessions/2/tables/{table.number}/hands/"


def test_a_table_link_needs_the_pin_when_the_tournament_asks_for_it(world):
    table, a = world["table"], world["a"]
    a.referee_pin = True
    a.save(update_fields=["referee_pin"])
    without = client_with(f"Table {table.token}")
    assert without.post(hands_url(table), hand(table), format="json").status_code == 401
    wrong = client_with(f"Table {table.token}", HTTP_X_TABLE_PIN="x" + table.pin)
    assert wrong.post(hands_url(table), hand(table), format="json").status_code == 401
    right = client_with(f"Table {table.token}", HTTP_X_TABLE_PIN=table.pin)
    assert right.post(hands_url(table), hand(table), format="json").status_code == 201


def test_a_table_link_is_for_its_own_tournament(world):
    beta = world["b"].sessions.get(number=1).tables.get(number=1)
    stranger = client_with(f"Table {beta.token}")
    assert stranger.get("/api/v1/tournaments/alpha/").status_code == 403
    table = world["table"]
    assert stranger.post(hands_url(table), hand(table), format="json").status_code == 403


def test_guessed_secrets_are_throttled_by_address(world):
    guesser = client_with("Bearer mtd_guess")
    for _ in range(BAD_TOKEN_LIMIT):
        assert guesser.get("/api/v1/tournaments/").status_code == 401
    assert guesser.get("/api/v1/tournaments/").status_code == 429
    # a valid credential from the same address still works
    assert world["clients"]["director A"].get("/api/v1/tournaments/").status_code == 200


def test_a_referee_token_of_a_staff_account_acts_as_a_referee(world):
    table = world["table"]
    staff_referee = world["director"]
    table.referees.add(staff_referee)
    _, secret = create_token(
        world["a"],
        name="staff",
        kind=TokenKind.REFEREE,
        creator=staff_referee,
        referee=staff_referee,
    )
    api = client_with(f"Bearer {secret}")
    # not the director: another table of the session is refused
    other = world["other"]
    assert api.post(hands_url(other), hand(other), format="json").status_code == 403
    # and not before the session starts
    world["a"].sessions.filter(number=2).update(status=SessionStatus.SEATED)
    assert api.post(hands_url(table), hand(table), format="json").status_code == 403
    assert Hand.objects.filter(table=table).count() == 1


def test_the_documentation_pages_scripts_are_the_desks_static_files(db, client):
    html = client.get(reverse("api-docs")).content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")


def test_the_rates_come_from_the_environment():
    assert config.env_rate({}, "R", "600/min") == "600/min"
    assert config.env_rate({"R": "20/s"}, "R", "600/min") == "20/s"
    for bad in ("fast", "0/min", "10/week", "-1/s"):
        with pytest.raises(config.ConfigError):
            config.env_rate({"R": bad}, "R", "600/min")


def test_a_director_token_stops_directing_with_its_account(world):
    api = world["clients"]["director A"]
    world["a"].sessions.filter(number=1).update(results_published=False)
    assert api.get("/api/v1/tournaments/alpha/standings/").json()["through"] == 1
    world["a"].directors.remove(world["director"])
    # the public's view only, and no director's write
    assert api.get("/api/v1/tournaments/alpha/standings/").json()["through"] is None
    response = api.post("/api/v1/tournaments/alpha/draw/preview/", {"scope": "3"}, format="json")
    assert response.status_code == 403
    table = world["table"]
    assert api.post(hands_url(table), hand(table), format="json").status_code == 403


def test_a_token_of_another_tournament_learns_nothing_of_addresses(world):
    api = world["clients"]["director B"]
    for slug in ("alpha", "no-such-tournament"):
        assert api.get(f"/api/v1/tournaments/{slug}/").status_code == 403
        assert api.post(f"/api/v1/tournaments/{slug}/draw/", {}, format="json").status_code == 403


def test_wrong_pins_are_counted_with_the_table_page_per_table(world):
    """The API allows no more PIN guesses than the table page: the same counter per table and
    address (PIN_LIMIT in PIN_WINDOW), shared by both; past it even the right PIN waits."""
    table, a = world["table"], world["a"]
    a.referee_pin = True
    a.save(update_fields=["referee_pin"])
    wrong = "0000" if table.pin != "0000" else "1111"
    guesser = client_with(f"Table {table.token}", HTTP_X_TABLE_PIN=wrong)
    for _ in range(PIN_LIMIT):
        assert guesser.get("/api/v1/tournaments/alpha/").status_code == 401
    assert guesser.get("/api/v1/tournaments/alpha/").status_code == 429
    right = client_with(f"Table {table.token}", HTTP_X_TABLE_PIN=table.pin)
    assert right.post(hands_url(table), hand(table), format="json").status_code == 429
    # another table's PIN is counted apart; the page of this table refuses too
    other = world["other"]
    elsewhere = client_with(f"Table {other.token}", HTTP_X_TABLE_PIN=other.pin)
    assert elsewhere.post(hands_url(other), hand(other), format="json").status_code == 201
    page = Client().post(
        reverse("link:table", kwargs={"token": table.token}), {"table_pin": table.pin}
    )
    assert page.status_code == 429
