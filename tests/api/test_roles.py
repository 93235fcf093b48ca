"""Every endpoint of the schema against every credential: the status each must get. A new
endpoint fails `test_every_endpoint_has_expectations` until its row is written here."""

import pytest

from api.models import ApiToken
from tests.api.endpoints import concrete, document, operations
from tests.factories import client_with
from tests.reliability.matrix import database_state

ROLES = (
    "anonymous",
    "table link",
    "referee",
    "referee of another table",
    "director A",
    "director B",
    "revoked",
    "read-only",
)

#: (method, path) -> status per role, in the order of ROLES. The path's parameters point at
#: tournament A, session 2, table 1 (the link's and the referee's table), hand 1. Writes post
#: an empty body: a credential allowed to write gets 400 (nothing to save), never a write.
R = 200, 200, 200, 200, 200, 403, 401, 200  # a read of tournament A
W = 401, 400, 400, 403, 400, 403, 401, 403  # a write to table 1
D = 401, 403, 403, 403, 400, 403, 401, 403  # a director's write
EXPECTED = {
    ("get", "/api/v1/tournaments/"): (200, 200, 200, 200, 200, 200, 401, 200),
    ("get", "/api/v1/tournaments/{slug}/"): R,
    ("get", "/api/v1/tournaments/{slug}/registrations/"): R,
    ("get", "/api/v1/tournaments/{slug}/sessions/"): R,
    ("get", "/api/v1/tournaments/{slug}/sessions/{number}/"): R,
    # an open table: its writers and the director read it; the public once its results are out
    ("get", "/api/v1/tournaments/{slug}/sessions/{number}/tables/{table}/"): (
        404,
        200,
        200,
        404,
        200,
        403,
        401,
        200,
    ),
    ("get", "/api/v1/tournaments/{slug}/standings/"): R,
    ("get", "/api/v1/tournaments/{slug}/teams/"): R,
    # the seasons are public: every credential reads them as the public does
    ("get", "/api/v1/seasons/"): (200, 200, 200, 200, 200, 200, 401, 200),
    ("get", "/api/v1/seasons/{season}/ranking/"): (200, 200, 200, 200, 200, 200, 401, 200),
    ("post", "/api/v1/tournaments/{slug}/sessions/{number}/tables/{table}/hands/"): W,
    ("post", "/api/v1/tournaments/{slug}/sessions/{number}/tables/{table}/hands/{hand}/"): W,
    ("post", "/api/v1/tournaments/{slug}/sessions/{number}/tables/{table}/penalties/"): W,
    ("post", "/api/v1/tournaments/{slug}/sessions/{number}/tables/{table}/calls/"): W,
    ("post", "/api/v1/tournaments/{slug}/players/import/"): D,
    ("post", "/api/v1/tournaments/{slug}/players/import/preview/"): D,
    ("post", "/api/v1/tournaments/{slug}/draw/preview/"): D,
    ("post", "/api/v1/tournaments/{slug}/draw/"): D,
    ("post", "/api/v1/tournaments/{slug}/sessions/{number}/publish/"): D,
}


def test_every_endpoint_has_expectations(db, client):
    assert set(operations(client)) == set(EXPECTED)


def test_the_schema_documents_every_status_the_walk_expects(db, client):
    paths = document(client)["paths"]
    for (method, path), statuses in EXPECTED.items():
        documented = {int(code) for code in paths[path][method]["responses"]}
        assert set(statuses) <= documented, (method, path, set(statuses) - documented)


@pytest.mark.parametrize("role", ROLES)
def test_every_endpoint_for_every_role(world, client, role):
    api = world["clients"][role]
    column = ROLES.index(role)
    before = database_state()
    for method, path in operations(client):
        url = concrete(path, world)
        response = api.get(url) if method == "get" else api.post(url, {}, format="json")
        expected = EXPECTED[method, path][column]
        assert response.status_code == expected, (role, method, path, response.content[:200])
        assert response["Content-Type"].startswith("application/json"), (role, path)
        if expected in (401, 403, 404):
            assert set(response.json()) <= {"detail", "revision"}, (role, path)
    assert database_state() == before, role


def test_a_revoked_token_gets_nothing_and_is_not_used(world):
    token = ApiToken.objects.get(name="old")
    assert token.last_used_at is None
    response = world["clients"]["revoked"].get("/api/v1/tournaments/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")
    token.refresh_from_db()
    assert token.last_used_at is None


def test_an_unknown_token_or_link_is_401_not_anonymous(world):
    for header in ("Bearer mtd_nothing", "Table nothing", "Basic eA=="):
        response = client_with(header).get("/api/v1/tournaments/alpha/")
        assert response.status_code == 401, header


def test_a_director_token_of_b_reads_nothing_of_a_unpublished(world):
    a = world["a"]
    a.published = False
    a.save(update_fields=["published"])
    listed = world["clients"]["director B"].get("/api/v1/tournaments/").json()
    assert [t["slug"] for t in listed] == ["beta"]
    assert world["clients"]["anonymous"].get("/api/v1/tournaments/alpha/").status_code == 404
    assert world["clients"]["director A"].get("/api/v1/tournaments/alpha/").status_code == 200
