"""The API's reads answer a conditional GET (api/conditional.py): every 200 carries an ETag of
its bytes, the same ETag sent back is a 304 with no body, and nothing that changed the answer
(a hand, a renamed player, a confirmed session, another credential, another language) may
hide behind an old ETag."""

import uuid

import pytest
import yaml
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from scoring.access import Actor
from scoring.services import closing, publication
from scoring.services.hands import record_hand
from tests.api.endpoints import concrete, operations
from tests.factories import client_with, close, mcr_entry, penalize, play
from tournament.services import registrations as registration_services

TABLE = "/api/v1/tournaments/alpha/sessions/2/tables/1/"
STANDINGS = "/api/v1/tournaments/alpha/standings/"


def reads(world, client):
    """Every read of the schema, as a concrete address of tournament A."""
    return [
        (path, concrete(path, world))
        for method, path in operations(client)
        if method == "get" and path.startswith("/api/v1/")
    ]


def as_director(world):
    return Actor(user=world["director"], director=True)


def etag_of(api, url, **headers):
    response = api.get(url, **headers)
    assert response.status_code == 200, (url, response.content[:200])
    assert response["ETag"].startswith('"'), url  # strong: the very bytes answered
    return response["ETag"]


def test_every_read_answers_304_to_its_own_etag(world, client):
    api = world["clients"]["director A"]  # reads all of them
    documents = yaml.safe_load(
        client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi").content
    )["paths"]
    addresses = reads(world, client)
    assert len(addresses) == 10  # eight of a tournament, two of the seasons
    for path, url in addresses:
        etag = etag_of(api, url)
        unchanged = api.get(url, HTTP_IF_NONE_MATCH=etag)
        assert unchanged.status_code == 304, url
        assert unchanged.content == b"", url
        assert unchanged["ETag"] == etag, url
        assert api.get(url, HTTP_IF_NONE_MATCH='"something-else"').status_code == 200, url
        operation = documents[path]["get"]
        assert "304" in operation["responses"], path
        headers = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
        assert "If-None-Match" in headers, path
        assert "ETag" in operation["responses"]["200"]["headers"], path


def test_reads_are_private_revalidated_and_vary_on_the_requester(world, client):
    api = world["clients"]["anonymous"]
    for _path, url in reads(world, client):
        answer = api.get(url)
        if answer.status_code != 200:
            continue  # the open table is not public
        for response in (answer, api.get(url, HTTP_IF_NONE_MATCH=answer["ETag"])):
            control = {part.strip() for part in response["Cache-Control"].split(",")}
            assert {"private", "no-cache"} <= control, url
            vary = {part.strip().lower() for part in response["Vary"].split(",")}
            assert {"authorization", "accept-language", "cookie"} <= vary, url


def test_a_write_is_not_conditional(world):
    api = world["clients"]["table link"]
    table = world["table"]
    body = {"outcome": "washout", "revision": table.revision, "submission": str(uuid.uuid4())}
    saved = api.post(f"{TABLE}hands/", body, format="json", HTTP_IF_NONE_MATCH="*")
    assert saved.status_code == 201
    assert not saved.has_header("ETag")


def test_a_hand_saved_at_the_table_is_a_new_answer(world):
    overlay = world["clients"]["table link"]
    etag = etag_of(overlay, TABLE)
    table = world["table"]
    body = {"outcome": "washout", "revision": table.revision, "submission": str(uuid.uuid4())}
    assert overlay.post(f"{TABLE}hands/", body, format="json").status_code == 201
    through_api = overlay.get(TABLE, HTTP_IF_NONE_MATCH=etag)
    assert through_api.status_code == 200
    assert len(through_api.json()["hands"]) == 2
    table.refresh_from_db()
    record_hand(table, mcr_entry(1), actor=as_director(world), revision=table.revision)
    by_service = overlay.get(TABLE, HTTP_IF_NONE_MATCH=through_api["ETag"])
    assert by_service.status_code == 200
    assert len(by_service.json()["hands"]) == 3
    assert overlay.get(TABLE, HTTP_IF_NONE_MATCH=by_service["ETag"]).status_code == 304


def test_a_renamed_player_is_a_new_answer(world):
    overlay = world["clients"]["table link"]
    etag = etag_of(overlay, TABLE)
    player = world["table"].seats.get(wind=0).registration.player
    registration_services.update_player(
        player,
        expected=registration_services.player_values(player),
        **{**registration_services.player_values(player), "last_name": "Renamed"},
    )
    answer = overlay.get(TABLE, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200
    assert "Renamed" in answer.content.decode()


def test_a_confirmed_session_is_new_standings(world):
    club = world["clients"]["anonymous"]
    etag = etag_of(club, STANDINGS)
    assert club.get(STANDINGS, HTTP_IF_NONE_MATCH=etag).status_code == 304
    actor = as_director(world)
    session = world["a"].sessions.get(number=2)
    for table in session.tables.order_by("number"):
        done = table.hands.count()
        play(table, [mcr_entry(n) for n in range(done + 1, 17)], actor)
        close(table, actor)
    closing.confirm_session(session, actor=actor)
    publication.publish(session, actor=actor, results=True)
    answer = club.get(STANDINGS, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200
    assert answer.json()["through"] == 2


def test_the_director_never_gets_the_publics_etag_for_other_content(world):
    world["a"].sessions.filter(number=1).update(results_published=False)
    public = world["clients"]["anonymous"].get(STANDINGS)
    assert public.json()["rows"] == []
    director = world["clients"]["director A"]
    mine = director.get(STANDINGS, HTTP_IF_NONE_MATCH=public["ETag"])
    assert mine.status_code == 200 and mine.json()["rows"]
    assert mine["ETag"] != public["ETag"]
    assert director.get(STANDINGS, HTTP_IF_NONE_MATCH=mine["ETag"]).status_code == 304
    # and the other way round: the director's ETag gets the public its own answer
    again = world["clients"]["anonymous"].get(STANDINGS, HTTP_IF_NONE_MATCH=mine["ETag"])
    assert again.status_code == 200 and again.json()["rows"] == []


def test_an_unpublished_tournament_lists_differently_for_its_director(world):
    a = world["a"]
    a.published = False
    a.save(update_fields=["published"])
    url = "/api/v1/tournaments/"
    public = world["clients"]["anonymous"].get(url)
    director = world["clients"]["director A"]
    mine = director.get(url, HTTP_IF_NONE_MATCH=public["ETag"])
    assert mine.status_code == 200
    assert "alpha" in {t["slug"] for t in mine.json()}
    assert "alpha" not in {t["slug"] for t in public.json()}
    assert mine["ETag"] != public["ETag"]


def test_each_language_has_its_own_etag(world):
    """A penalty's description is translated: the Italian answer is not the English one."""
    table = world["table"]
    penalize(table, 0, "late_arrival", as_director(world), minutes=3)
    overlay = world["clients"]["table link"]
    english = overlay.get(TABLE, HTTP_ACCEPT_LANGUAGE="en")
    italian = overlay.get(TABLE, HTTP_ACCEPT_LANGUAGE="it", HTTP_IF_NONE_MATCH=english["ETag"])
    assert italian.status_code == 200
    assert italian["Content-Language"] == "it"
    assert italian["ETag"] != english["ETag"]
    said = [answer.json()["penalties"][0]["description"] for answer in (english, italian)]
    assert said[0] != said[1]


@override_settings(DESK_API_RATES={"token": "3/min", "table": "3/min", "anonymous": "3/min"})
@pytest.mark.parametrize("role", ["anonymous", "director A"])
def test_a_304_counts_as_a_request(world, role):
    cache.clear()
    api = world["clients"][role] if role != "anonymous" else client_with()
    etag = etag_of(api, STANDINGS)
    assert api.get(STANDINGS, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert api.get(STANDINGS, HTTP_IF_NONE_MATCH=etag).status_code == 304
    refused = api.get(STANDINGS, HTTP_IF_NONE_MATCH=etag)
    assert refused.status_code == 429
