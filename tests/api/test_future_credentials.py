"""A credential of a session still to come reads no more than the public (issue 30, point 6).

Session 3 of tournament A is drawn but its seating is not published: its tables' links work
(they show the referee a waiting page) and its referees' tokens are valid, yet neither may read
through the API what the pages do not show yet. Every read of the schema is run with each of
them and must answer exactly what the public gets.
"""

import re

import pytest
from django.contrib.auth import get_user_model

from api.models import TokenKind
from api.tokens import create_token
from draw.writing import write_draw
from tests.api.endpoints import operations
from tests.factories import client_with


@pytest.fixture
def future(world):
    a = world["a"]
    write_draw(a, session_number=3, seed=3)
    session = a.sessions.get(number=3)
    assert not session.seating_published and session.is_open_for_entry
    table = session.tables.get(number=1)
    referee = get_user_model().objects.create_user("ref-future", password="x")
    table.referees.add(referee)
    _token, secret = create_token(
        a, name="future", kind=TokenKind.REFEREE, creator=world["director"], referee=referee
    )
    return {
        "table link of session 3": client_with(f"Table {table.token}"),
        "referee token of session 3": client_with(f"Bearer {secret}"),
    }


def reads(client):
    values = {"slug": "alpha", "number": "3", "table": "1", "season": "api-season"}
    for method, path in operations(client):
        if method == "get":
            yield re.sub(r"\{(\w+)\}", lambda match: values[match.group(1)], path)


@pytest.mark.parametrize("credential", ["table link of session 3", "referee token of session 3"])
def test_every_read_with_a_future_sessions_credential_answers_what_the_public_gets(
    world, future, client, credential
):
    api, public = future[credential], world["clients"]["anonymous"]
    urls = list(reads(client))
    assert "/api/v1/tournaments/alpha/sessions/3/tables/1/" in urls
    for url in urls:
        answer, expected = api.get(url), public.get(url)
        assert answer.status_code == expected.status_code, (credential, url, answer.content[:300])
        if expected.status_code == 200:
            assert answer.json() == expected.json(), (credential, url)
        else:
            assert "seats" not in answer.json(), (credential, url)


def test_the_same_link_reads_its_table_once_the_session_is_the_current_one(world, future):
    a = world["a"]
    a.sessions.filter(number=3).update(seating_published=True, status="running")
    answer = future["table link of session 3"].get("/api/v1/tournaments/alpha/sessions/3/tables/1/")
    assert answer.status_code == 200
    assert len(answer.json()["seats"]) == 4
