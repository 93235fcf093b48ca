"""JSON from outside is read within bounds (issue 30, point 4): a body nested too deeply or too
large answers a clear 400 (the restore page: its form with the message; the command: an error),
never a 500, and nothing is written."""

import gzip
import json
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from common.json_input import MAX_DEPTH
from desk.archive import ArchiveError, export_archive, restore_archive
from desk.services import delete_tournament
from scoring.access import Actor
from tests.factories import build, play_session
from tests.reliability.matrix import database_state

#: What an attacker sends: 100,000 opening brackets.
BOMB = "[" * 100_000
#: Nested just past the desk's bound, well within Python's recursion limit.
JUST_TOO_DEEP = '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1)


@pytest.fixture
def archived(db, director):
    """A good archive's JSON (one confirmed session), its tournament deleted."""
    tournament = build(players=8, slug="deep")
    play_session(tournament, 1, Actor(user=director))
    data = json.loads(gzip.decompress(export_archive(tournament)))
    delete_tournament(tournament)
    return data


@pytest.mark.parametrize("body", [BOMB, BOMB + "]" * 100_000])
def test_a_deeply_nested_archive_is_refused_on_the_page_and_the_command(
    db, director_client, tmp_path, body
):
    content = gzip.compress(body.encode())
    before = database_state()
    with pytest.raises(ArchiveError, match="nested too deeply"):
        restore_archive(content)
    response = director_client.post(
        reverse("tournament-restore"), {"file": SimpleUploadedFile("x.desk.gz", content)}
    )
    assert response.status_code == 200
    assert "nested too deeply" in response.content.decode()
    path = tmp_path / "deep.desk.gz"
    path.write_bytes(content)
    with pytest.raises(CommandError, match="nested too deeply"):
        call_command("restore_tournament", str(path))
    assert database_state() == before


@pytest.mark.parametrize(
    "place",
    [
        lambda d: d["tournament"].update(scoring_options={"deep": json.loads(JUST_TOO_DEEP)}),
        lambda d: d["hands"][0].update(
            entry={**d["hands"][0]["entry"], **json.loads(JUST_TOO_DEEP)}
        ),
        lambda d: d["audit"][0].update(changes=json.loads(JUST_TOO_DEEP)),
    ],
)
def test_a_stored_value_nested_past_the_bound_is_refused(archived, place):
    place(archived)
    before = database_state()
    with pytest.raises(ArchiveError, match="nested too deeply"):
        restore_archive(gzip.compress(json.dumps(archived).encode()))
    assert database_state() == before


@pytest.fixture
def api_world(db, director):
    from api.models import TokenKind
    from api.tokens import create_token

    tournament = build(players=8, slug="api-deep")
    _token, secret = create_token(tournament, name="t", kind=TokenKind.DIRECTOR, creator=director)
    table = tournament.sessions.get(number=1).tables.get(number=1)
    return tournament, table, secret


def _urls(tournament, table):
    base = f"/api/v1/tournaments/{tournament.slug}/"
    return [
        base + f"sessions/1/tables/{table.number}/hands/",
        base + f"sessions/1/tables/{table.number}/penalties/",
        base + "players/import/",
        base + "players/import/preview/",
        base + "draw/preview/",
        base + "sessions/1/publish/",
    ]


@pytest.mark.parametrize(
    "body, says",
    [
        (BOMB, "nested too deeply"),
        (BOMB + "]" * 100_000, "nested too deeply"),
        (JUST_TOO_DEEP, "nested too deeply"),
        (
            json.dumps({"submission": str(uuid.uuid4()), "note": "x" * (3 * 1024 * 1024)}),
            "too large",
        ),
    ],
)
def test_a_deep_or_huge_json_body_is_a_400_on_every_api_write(api_world, client, body, says):
    tournament, table, secret = api_world
    before = database_state()
    for url in _urls(tournament, table):
        response = client.post(
            url,
            body,
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {secret}",
        )
        assert response.status_code == 400, (url, response.status_code)
        assert says in response.json()["detail"], url
    assert database_state() == before
