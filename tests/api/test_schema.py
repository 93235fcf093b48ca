"""The OpenAPI schema is valid OpenAPI 3, and its documentation pages load their scripts from
the desk itself."""

import yaml
from django.urls import reverse
from openapi_spec_validator import validate


def schema(client):
    response = client.get(reverse("api-schema"), HTTP_ACCEPT="application/vnd.oai.openapi")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


def test_the_schema_is_valid_openapi(db, client):
    document = schema(client)
    validate(document)
    assert document["openapi"].startswith("3.")
    assert "/api/v1/tournaments/{slug}/standings/" in document["paths"]
    schemes = document["components"]["securitySchemes"]
    assert schemes["apiToken"]["scheme"] == "bearer"
    standings = document["paths"]["/api/v1/tournaments/{slug}/standings/"]["get"]
    # either credential, or none at all
    assert standings["security"] == [{"apiToken": []}, {"tableLink": []}, {}]


def test_the_documentation_pages_use_no_cdn(db, client):
    for name in ("api-docs", "api-redoc"):
        html = client.get(reverse(name)).content.decode()
        assert "drf_spectacular_sidecar" in html, name
        assert "cdn" not in html.lower(), name
