"""Every page: a language, one main heading, a label for every form field, alt text on images,
buttons with text. (The 360 px layout is checked in a real browser, tests/browser.)"""

from html.parser import HTMLParser

import pytest

from tests.pages import tour_pages


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
