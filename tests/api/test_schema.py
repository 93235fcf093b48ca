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


def test_the_documentation_page_uses_no_cdn(db, client):
    page = client.get(reverse("api-docs"))
    html = page.content.decode()
    assert "drf_spectacular_sidecar" in html
    assert "cdn" not in html.lower()
    # no inline script: Swagger UI's start-up script comes from the page's own address
    assert "<script>" not in html and 'src="/api/docs/?script="' in html
    script = client.get(reverse("api-docs") + "?script=")
    assert script["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle" in script.content and b"cdn" not in script.content.lower()
    assert b'"deepLinking": false' in script.content  # no link inside an operation's button
    assert b'"validatorUrl": null' in script.content  # no badge from swagger.io
    # icons are data: images, allowed there and nowhere else
    assert "img-src 'self' data:" in page["Content-Security-Policy"]
    assert "data:" not in client.get(reverse("home"))["Content-Security-Policy"]


def test_the_redoc_address_leads_to_swagger_ui(db, client):
    response = client.get(reverse("api-redoc"))
    assert response.status_code == 301 and response["Location"] == reverse("api-docs")
