"""A page that is not public yet shows the desk's own page with its reason, even with DEBUG on
(where Django would show its technical 404 page)."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring.access import Actor
from tests.factories import build, play_session


@pytest.fixture
def cup(db, director):
    """Session 1 played and confirmed, its results not published; session 2 drawn, its seating
    not published."""
    tournament = build(slug="hidden")
    play_session(tournament, 1, Actor(user=director))
    tournament.sessions.filter(number=1).update(results_published=False)
    from draw.writing import write_draw

    write_draw(tournament, session_number=2, seed=2)
    tournament.sessions.filter(number=2).update(seating_published=False)
    return tournament


@pytest.mark.parametrize("debug", [True, False])
def test_pages_not_public_yet_say_why_in_the_desks_layout(cup, settings, debug):
    settings.DEBUG = debug
    public = Client()
    table = cup.sessions.get(number=1).tables.order_by("number").first()
    pages = {
        reverse("seating", args=[cup.slug, 2]): (
            "The seating of session 2 has not been published yet."
        ),
        reverse("table-results", args=[cup.slug, 1, table.number]): (
            "The results of session 1 have not been published yet."
        ),
        reverse("standings-after", args=[cup.slug, 1]): (
            "The standings after session 1 have not been published yet."
        ),
    }
    for url, reason in pages.items():
        response = public.get(url)
        page = response.content.decode()
        assert response.status_code == 404, url
        # headed by what happened (not "Page not found": the page exists, not yet for them)
        assert "<h1>Not published yet</h1>" in page and reason in page, url
        assert 'class="site-header"' in page, url  # the desk's own layout
        assert "technical_404" not in page and "Django tried these URL patterns" not in page
        assert "Raised by:" not in page, url


def test_the_reason_is_in_italian_too(cup, settings):
    settings.DEBUG = True
    response = Client().get(reverse("seating", args=[cup.slug, 2]), HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 404
    assert "La disposizione della sessione 2 non è ancora stata pubblicata." in (
        response.content.decode()
    )


def test_a_table_still_playing_says_so(cup, settings, director):
    settings.DEBUG = True
    cup.sessions.filter(number=1).update(results_published=True)
    table = cup.sessions.get(number=1).tables.order_by("number").first()
    table.__class__.objects.filter(pk=table.pk).update(closed_at=None)
    response = Client().get(reverse("table-results", args=[cup.slug, 1, table.number]))
    assert response.status_code == 404
    assert f"Table {table.number} of session 1 has not finished yet." in (response.content.decode())
