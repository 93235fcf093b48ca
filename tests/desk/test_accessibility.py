"""Every page: a language, one main heading, a label for every form field, alt text on images,
buttons with text. (The 360 px layout is checked in a real browser, tests/browser.)"""

from html.parser import HTMLParser

import pytest

from tests.pages import referee_pages, tour_pages


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.fields, self.labels, self.wrapped, self.images = [], set(), set(), []
        self.h1 = 0
        self.lang = None
        self.open_labels = 0
        self.buttons = []
        self._button = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        elif tag == "h1":
            self.h1 += 1
        elif tag == "label":
            self.open_labels += 1
            if attrs.get("for"):
                self.labels.add(attrs["for"])
        elif tag in ("input", "select", "textarea"):
            if attrs.get("type") in ("hidden", "submit", "button"):
                return
            self.fields.append(attrs)
            if self.open_labels:
                self.wrapped.add(attrs.get("id") or id(attrs))
        elif tag == "img":
            self.images.append(attrs)
        elif tag == "button":
            self._button = ""

    def handle_endtag(self, tag):
        if tag == "label":
            self.open_labels -= 1
        elif tag == "button" and self._button is not None:
            self.buttons.append(self._button.strip())
            self._button = None

    def handle_data(self, data):
        if self._button is not None:
            self._button += data


@pytest.fixture
def pages(db, director):
    return tour_pages("a11y", director)


def test_every_page_is_labelled_and_structured(pages, director_client):
    for url in pages:
        response = director_client.get(url)
        assert response.status_code == 200, url
        page = Page()
        page.feed(response.content.decode())
        assert page.lang in ("en", "it"), url
        assert page.h1 == 1, (url, page.h1)
        for field in page.fields:
            labelled = (
                field.get("id") in page.labels
                or field.get("aria-label")
                or (field.get("id") or id(field)) in page.wrapped
            )
            assert labelled, (url, field)
        for image in page.images:
            assert image.get("alt"), (url, image)
        assert all(page.buttons), (url, page.buttons)


class References(HTMLParser):
    """The ids a page has and the ids its ARIA attributes and labels point at."""

    POINTERS = ("aria-describedby", "aria-labelledby", "aria-controls", "aria-errormessage")

    def __init__(self):
        super().__init__()
        self.ids, self.pointers = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        for name in self.POINTERS:
            for target in (attrs.get(name) or "").split():
                self.pointers.append((tag, name, target))
        if tag == "label" and attrs.get("for"):
            self.pointers.append((tag, "for", attrs["for"]))


def test_every_aria_reference_and_label_points_at_an_element(pages, director, director_client):
    from tests.pages import more_pages

    for url in [*pages, *more_pages("a11y", director), *referee_pages()]:
        response = director_client.get(url)
        if "html" not in response.get("Content-Type", ""):
            continue
        page = References()
        page.feed(response.content.decode())
        dangling = [pointer for pointer in page.pointers if pointer[2] not in page.ids]
        assert not dangling, (url, dangling)


def test_the_referee_page_says_the_hand_once_and_never_the_clock(db, director):
    """The clock is a timer (never read out by itself), outside any live region; the status
    region holds what to announce (entry.js writes it in once the page has loaded): the last
    save's message and the hand, and "Time is up" when it is."""
    from django.test import Client
    from django.urls import reverse

    from scoring.access import Actor
    from scoring.services.clock import start_clock
    from tests.factories import build, mcr_entry
    from tests.factories import play as play_hands

    cup = build(slug="announce")
    table = cup.sessions.get(number=1).tables.get(number=1)
    start_clock(table.session, actor=Actor(user=director))
    play_hands(table, [mcr_entry(1)], Actor(user=director))
    client = Client()
    html = client.get(reverse("link:table", kwargs={"token": table.token})).content.decode()
    state = html[html.index('<p class="hand-state"') :]
    state = state[: state.index("</p>")]
    assert 'role="timer"' in state and "aria-live" not in state
    assert 'aria-live="polite"' not in html.split('id="desk-queue"')[0]
    region = html[html.index('role="status" data-announce="') :].split('"')[3]
    assert region.startswith("Hand 2 of 16") and region.endswith("."), region
