"""The answers the API really gives match its published schema, field by field: every read of
tournament A with a director token, a hand saved, a duplicate, a stale write, a refusal."""

import uuid

import pytest
import yaml
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openapi_schema_validator import OAS30Validator

from tests.api.endpoints import concrete, operations


@pytest.fixture
def document(client):
    return yaml.safe_load(
        client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi").content
    )


def resolved(node, components):
    if isinstance(node, dict):
        if "$ref" in node:
            return resolved(components[node["$ref"].rsplit("/", 1)[1]], components)
        return {key: resolved(value, components) for key, value in node.items()}
    if isinstance(node, list):
        return [resolved(item, components) for item in node]
    return node


def check(document, method, path, response):
    answers = document["paths"][path][method]["responses"]
    status = str(response.status_code)
    assert status in answers, (method, path, status, response.content[:300])
    content = answers[status].get("content", {}).get("application/json")
    assert content is not None, (method, path, status)
    schema = resolved(content["schema"], document["components"]["schemas"])
    errors = [error.message for error in OAS30Validator(schema).iter_errors(response.json())]
    assert not errors, (method, path, status, errors)


def test_every_read_matches_the_schema(world, document):
    client = world["clients"]["director A"]
    for method, path in operations(client):
        if method != "get" or not path.startswith("/api/v1/"):
            continue
        check(document, method, path, client.get(concrete(path, world)))


def test_the_writes_answers_match_the_schema(world, document):
    client = world["clients"]["table link"]
    table = world["table"]
    path = "/api/v1/tournaments/{slug}/sessions/{number}/tables/{table}/hands/"
    url = concrete(path, world)
    body = {"outcome": "washout", "revision": table.revision, "submission": str(uuid.uuid4())}
    saved = client.post(url, body, format="json")
    assert saved.status_code == 201
    check(document, "post", path, saved)
    check(document, "post", path, client.post(url, body, format="json"))  # duplicate
    stale = client.post(url, {**body, "submission": str(uuid.uuid4())}, format="json")
    assert stale.status_code == 409
    check(document, "post", path, stale)
    check(document, "post", path, client.post(url, {"outcome": "nonsense"}, format="json"))
    publish = "/api/v1/tournaments/{slug}/sessions/{number}/publish/"
    director = world["clients"]["director A"]
    check(document, "post", publish, director.post(concrete(publish, world), {}, format="json"))
    answer = director.post(concrete(publish, world), {"results": False}, format="json")
    check(document, "post", publish, answer)


def test_the_draw_and_import_answers_match_the_schema(world, document):
    director = world["clients"]["director A"]
    preview = "/api/v1/tournaments/{slug}/draw/preview/"
    for body in ({"scope": "remaining", "seed": 7}, {"scope": "abc"}, {"seed": 10**30}):
        check(
            document, "post", preview, director.post(concrete(preview, world), body, format="json")
        )
    imports = "/api/v1/tournaments/{slug}/players/import/"
    check(document, "post", imports, director.post(concrete(imports, world), {}, format="json"))
    preview = imports + "preview/"
    check(document, "post", preview, director.post(concrete(preview, world), {}, format="json"))
    listed = "First name,Last name\nAnna,Rossi\n"
    for text in (listed, listed + ",\n,x\n"):
        upload = SimpleUploadedFile("players.csv", text.encode(), content_type="text/csv")
        check(document, "post", preview, director.post(concrete(preview, world), {"file": upload}))
