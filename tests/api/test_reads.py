"""The API reads what the pages show: the same visibility, the same standings."""

from django.core.cache import cache, caches
from django.test import override_settings

from api.models import ApiToken
from scoring.standings.ranking import compute_standings
from tests.factories import client_with


def test_the_standings_are_the_pages_standings(world):
    response = world["clients"]["anonymous"].get("/api/v1/tournaments/alpha/standings/")
    data = response.json()
    assert data["through"] == 1
    standings = compute_standings(world["a"], through=1)
    assert [row["number"] for row in data["rows"]] == [
        row.registration.number for row in standings.rows
    ]
    assert [row["score"] for row in data["rows"]] == [row.score for row in standings.rows]


def test_standings_through_a_session_not_public_are_404(world):
    api = world["clients"]["anonymous"]
    assert api.get("/api/v1/tournaments/alpha/standings/?through=2").status_code == 404
    assert api.get("/api/v1/tournaments/alpha/standings/?through=1").status_code == 200
    assert api.get("/api/v1/tournaments/alpha/standings/?through=x").status_code == 400


def test_unpublished_results_are_read_only_with_the_directors_token(world):
    world["a"].sessions.filter(number=1).update(results_published=False)
    anonymous = world["clients"]["anonymous"].get("/api/v1/tournaments/alpha/standings/").json()
    assert anonymous["through"] is None and anonymous["rows"] == []
    closed = "/api/v1/tournaments/alpha/sessions/1/tables/1/"
    assert world["clients"]["anonymous"].get(closed).status_code == 404
    director = world["clients"]["director A"]
    assert director.get("/api/v1/tournaments/alpha/standings/").json()["through"] == 1
    assert director.get(closed).status_code == 200


def test_a_seating_not_public_is_null(world):
    world["a"].sessions.filter(number=2).update(seating_published=False)
    data = world["clients"]["anonymous"].get("/api/v1/tournaments/alpha/sessions/2/").json()
    assert data["tables"] is None
    data = world["clients"]["director A"].get("/api/v1/tournaments/alpha/sessions/2/").json()
    assert len(data["tables"]) == 4


def test_an_overlay_follows_a_table_by_its_revision(world):
    api = world["clients"]["table link"]
    first = api.get("/api/v1/tournaments/alpha/sessions/2/tables/1/").json()
    assert first["revision"] == 1 and len(first["hands"]) == 1
    assert [seat["wind"] for seat in first["seats"]] == [0, 1, 2, 3]


def test_a_closed_public_table_is_read_by_anyone(world):
    data = world["clients"]["anonymous"].get("/api/v1/tournaments/alpha/sessions/1/tables/1/")
    assert data.status_code == 200
    assert len(data.json()["hands"]) == 16


def test_the_token_notes_its_use_at_most_once_a_minute(world):
    token = ApiToken.objects.get(name="A")
    api = world["clients"]["director A"]
    api.get("/api/v1/tournaments/")
    token.refresh_from_db()
    first = token.last_used_at
    assert first is not None
    api.get("/api/v1/tournaments/")
    token.refresh_from_db()
    assert token.last_used_at == first


@override_settings(DESK_API_RATES={"token": "3/min", "table": "3/min", "anonymous": "2/min"})
def test_throttled_per_token(world):
    cache.clear()
    first, second = world["clients"]["director A"], world["clients"]["referee"]
    for _ in range(3):
        assert first.get("/api/v1/tournaments/").status_code == 200
    refused = first.get("/api/v1/tournaments/")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    # another token has its own budget
    assert second.get("/api/v1/tournaments/").status_code == 200
    # requests without a token: by address
    anonymous = client_with()
    assert anonymous.get("/api/v1/tournaments/").status_code == 200
    assert anonymous.get("/api/v1/tournaments/").status_code == 200
    assert anonymous.get("/api/v1/tournaments/").status_code == 429
    other_address = client_with()
    assert other_address.get("/api/v1/tournaments/", REMOTE_ADDR="10.9.8.7").status_code == 200


@override_settings(DESK_API_RATES={"token": "2/min", "table": "2/min", "anonymous": "2/min"})
def test_two_processes_answering_at_once_both_count(world, monkeypatch):
    """Process A reads (or starts) the token's count, process B counts a request meanwhile,
    then A finishes: both requests count, whatever the cache calls the throttle makes."""
    cache.clear()
    client = world["clients"]["director A"]
    backend = type(caches["default"])
    racing = {"done": False}

    def another_process_answers_meanwhile(real):
        def call(self, key, *args, **kwargs):
            value = real(self, key, *args, **kwargs)
            if "api-throttle" in str(key) and not racing["done"]:
                racing["done"] = True
                assert client.get("/api/v1/tournaments/").status_code == 200  # the other one
            return value

        return call

    for name in ("get", "add"):
        monkeypatch.setattr(
            backend, name, another_process_answers_meanwhile(getattr(backend, name))
        )
    assert client.get("/api/v1/tournaments/").status_code == 200
    monkeypatch.undo()
    assert racing["done"]
    assert client.get("/api/v1/tournaments/").status_code == 429


def test_a_tables_writers_read_it_while_the_tournament_is_not_published(world):
    """The table link and the referee token write to their table in an unpublished tournament,
    as the table page does: they read its revision and hands too; the public reads nothing."""
    a = world["a"]
    a.published = False
    a.save(update_fields=["published"])
    url = "/api/v1/tournaments/alpha/sessions/2/tables/1/"
    for role in ("table link", "referee", "director A"):
        answer = world["clients"][role].get(url)
        assert answer.status_code == 200, role
        assert answer.json()["revision"] == world["table"].revision
    for role in ("anonymous", "referee of another table"):
        assert world["clients"][role].get(url).status_code == 404, role
    assert world["clients"]["table link"].get("/api/v1/tournaments/alpha/").status_code == 404
    closed = "/api/v1/tournaments/alpha/sessions/1/tables/1/"
    assert world["clients"]["anonymous"].get(closed).status_code == 404
    a.published = True
    a.save(update_fields=["published"])
    assert world["clients"]["anonymous"].get(closed).status_code == 200
