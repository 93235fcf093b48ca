"""Every response carries the desk's strict Content-Security-Policy (django-csp, desk/settings.py),
and no page needs more: no inline script (data rides in `json_script` blocks, which are not
executed), no inline style, no event-handler attribute, no `javascript:` address. The Chromium
tests check the same pages in a browser and fail on any refusal (tests/browser/audit.py)."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.pages import more_pages, referee_pages, tour_pages

#: What the policy says, directive by directive.
STRICT = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "img-src": {"'self'"},
    "font-src": {"'self'"},
    "connect-src": {"'self'"},
    "worker-src": {"'self'"},
    "manifest-src": {"'self'"},
    "object-src": {"'none'"},
    "frame-src": {"'none'"},
    "frame-ancestors": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'self'"},
}


def policy(response):
    header = response.get("Content-Security-Policy")
    assert header, "no Content-Security-Policy"
    directives = {}
    for part in header.split(";"):
        name, *sources = part.split()
        directives[name] = set(sources)
    return directives


class Inline(HTMLParser):
    """What a strict policy would refuse in a page's own HTML."""

    def __init__(self):
        super().__init__()
        self.found = []
        self._script = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "style":
            self.found.append("<style>")
        if tag == "script" and not attrs.get("src"):
            self._script = attrs.get("type")
            if attrs.get("type") != "application/json":
                self.found.append(f"inline <script type={attrs.get('type')}>")
        for name, value in attrs.items():
            if name == "style":
                self.found.append(f"<{tag} style=...>")
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.found.append(f"<{tag} {name}=javascript:>")


@pytest.fixture
def every_page(db, director):
    return [
        *tour_pages("policy", director),
        *more_pages("policy", director),
        *referee_pages(),
        reverse("login"),
    ]


def test_every_page_sends_the_strict_policy_and_needs_no_more(every_page, director_client):
    docs = reverse("api-docs")
    for url in every_page:
        response = director_client.get(url)
        assert response.status_code in (200, 404), url
        expected = dict(STRICT)
        if url == docs:  # Swagger UI's icons are data: images
            expected["img-src"] = {"'self'", "data:"}
        assert policy(response) == expected, url
        page = Inline()
        page.feed(response.content.decode())
        assert page.found == [], (url, page.found)


def test_scripts_and_service_workers_get_it_too(db, client):
    for url in (
        reverse("link-service-worker"),
        reverse("account-service-worker"),
        reverse("api-docs") + "?script=",
        reverse("live-version", args=["nope"]),
    ):
        response = client.get(url)
        assert policy(response)["script-src"] == {"'self'"}, url
        assert policy(response)["connect-src"] == {"'self'"}, url


def test_the_error_page_has_no_inline_style():
    from django.template.loader import get_template

    page = Inline()
    page.feed(get_template("500.html").render())
    assert page.found == []
