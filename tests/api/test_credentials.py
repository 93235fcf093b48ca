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


# -- the read-only token -----------------------------------------------------------------------

READS = (
    "/api/v1/tournaments/",
    "/api/v1/tournaments/alpha/",
    "/api/v1/tournaments/alpha/registrations/",
    "/api/v1/tournaments/alpha/sessions/",
    "/api/v1/tournaments/alpha/sessions/2/",
    "/api/v1/tournaments/alpha/sessions/2/tables/1/",
    "/api/v1/tournaments/alpha/standings/",
    "/api/v1/tournaments/alpha/teams/",
)


def test_a_read_only_token_reads_what_the_director_token_reads(world):
    """Unpublished too: a rating site collecting results needs no token that writes."""
    a = world["a"]
    a.published = False
    a.save(update_fields=["published"])
    a.sessions.filter(number=1).update(results_published=False)
    reader, director = world["clients"]["read-only"], world["clients"]["director A"]
    assert world["clients"]["anonymous"].get("/api/v1/tournaments/alpha/").status_code == 404
    for url in READS:
        answer = reader.get(url)
        assert answer.status_code == 200, url
        assert answer.json() == director.get(url).json(), url
    assert reader.get("/api/v1/tournaments/alpha/standings/").json()["through"] == 1


def test_a_read_only_token_writes_nothing(world):
    from tests.reliability.matrix import database_state

    reader, table = world["clients"]["read-only"], world["table"]
    before = database_state()
    base = "/api/v1/tournaments/alpha/"
    writes = (
        (hands_url(table), hand(table)),
        (hands_url(table) + "1/", {**hand(table), "outcome": "washout"}),
        (
            f"{base}sessions/2/tables/1/penalties/",
            {**hand(table), "registration": 1, "kind": "late_arrival", "minutes": 3},
        ),
        (f"{base}draw/preview/", {"scope": "3"}),
        (f"{base}draw/", {"scope": "3"}),
        (f"{base}sessions/2/publish/", {"results": True}),
        (f"{base}players/import/preview/", {}),
        (f"{base}players/import/", {}),
    )
    for url, body in writes:
        response = reader.post(url, body, format="json")
        assert response.status_code == 403, (url, response.content[:200])
    assert database_state() == before


def test_a_read_only_token_stops_reading_everything_with_its_account(world):
    reader = world["clients"]["read-only"]
    world["a"].sessions.filter(number=1).update(results_published=False)
    world["a"].directors.remove(world["director"])
    assert reader.get("/api/v1/tournaments/alpha/standings/").json()["through"] is None
    assert reader.get("/api/v1/tournaments/alpha/sessions/2/tables/1/").status_code == 404


def test_the_tokens_page_creates_a_read_only_token(world, client):
    client.force_login(world["director"])
    page = reverse("api-tokens", args=["alpha"])
    response = client.post(page, {"name": "Federation rating site", "kind": "read"})
    assert response.status_code == 200
    token = world["a"].api_tokens.get(name="Federation rating site")
    assert (token.kind, token.user) == (TokenKind.READ_ONLY, world["director"])
    assert "Read-only" in client.get(page).content.decode()


#: A referee call (issue 31, point 9) by every kind of credential, at table 1 of session 2 (the
#: link's and the referee's table): (status, a call saved).
CALLERS = {
    "anonymous": (401, False),
    "table link": (201, True),
    "referee": (201, True),
    "referee of another table": (403, False),
    "director A": (201, True),
    "director B": (403, False),
    "revoked": (401, False),
}


@pytest.mark.parametrize("role", list(CALLERS))
def test_a_referee_call_through_the_api_for_every_credential(world, role):
    from scoring.models import RefereeCall

    table, api = world["table"], world["clients"][role]
    url = f"/api/v1/tournaments/alpha/sessions/2/tables/{table.number}/calls/"
    body = {"kind": "dispute", "note": "hand 2", "submission": str(uuid.uuid4())}
    response = api.post(url, body, format="json")
    status, saved = CALLERS[role]
    assert response.status_code == status, response.content
    assert RefereeCall.objects.filter(table=table).exists() == saved
    if saved:
        call = RefereeCall.objects.get(table=table)
        assert response.json()["call"] == call.pk and response.json()["status"] == "saved"
        assert call.made_via.startswith("API")
        # sent again: the first call, not a second; another call while it is open: refused
        again = api.post(url, body, format="json")
        assert again.status_code == 200 and again.json()["status"] == "duplicate"
        other = {**body, "submission": str(uuid.uuid4())}
        refused = api.post(url, other, format="json")
        assert refused.status_code == 403
        assert "already called" in refused.json()["detail"]
        assert RefereeCall.objects.filter(table=table).count() == 1
