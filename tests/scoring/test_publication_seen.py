"""Issue 31, point 1: the desk never says "public" about what nobody can see.

A tournament is created unpublished; its public pages answer 404 to players whatever its
sessions make public. The first publication of a seating (the draw page, the dashboard, the
seating page) or of results offers to publish the tournament in the same step; every line
that tells a session's state says when the tournament is not published, and so do the
dashboard, the tournament page, the draw and seating pages, and the API."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from api.models import TokenKind
from api.tokens import create_token
from scoring.audit_words import describe_audit
from scoring.models import AuditAction, AuditEntry
from tests.factories import (
    client_with,
    make_director,
    make_tournament,
    make_tournament_director,
    register_players,
)
from tournament.models import Tournament

HIDDEN = "Drawn · seating ready · tournament not published"


@pytest.fixture
def quiet(db):
    """A new tournament as a director creates it: not published, 16 players."""
    tournament = make_tournament(name="Quiet Open", slug="quiet", published=False)
    register_players(tournament, 16)
    return tournament


@pytest.fixture
def boss(client, db):
    director = make_director()
    client.force_login(director)
    return client


def draw_and_save(client, tournament, **choices):
    preview = client.post(reverse("draw", args=[tournament.slug]), {"scope": "1", "seed": "3"})
    page = preview.content.decode()
    fingerprint = preview.context["plan"].fingerprint
    data = {"scope": "1", "seed": "3", "fingerprint": fingerprint, **choices}
    saved = client.post(reverse("draw-publish", args=[tournament.slug]), data, follow=True)
    return page, saved.content.decode()


def director_api(tournament):
    director = make_tournament_director(tournament)
    _token, secret = create_token(tournament, name="d", kind=TokenKind.DIRECTOR, creator=director)
    return client_with(f"Bearer {secret}")


def where_do_i_sit(tournament):
    return Client().get(reverse("seating", args=[tournament.slug, 1])).status_code


def test_a_seating_made_public_in_an_unpublished_tournament_is_not_called_public(quiet, boss):
    preview, saved = draw_and_save(boss, quiet, publish_seating="1")
    # the draw's confirm step offers to publish the tournament too (ticked)
    assert '<input type="checkbox" name="publish_tournament" value="1" checked>' in preview
    assert "The tournament is not published." in preview
    # not ticked here: the message does not say players see it
    assert "is ready, but the tournament is not published: players see nothing" in saved
    assert "players see it on" not in saved
    assert where_do_i_sit(quiet) == 404
    session = quiet.sessions.get(number=1)
    assert session.state_label == HIDDEN
    pages = {
        "seating": reverse("seating", args=[quiet.slug, 1]),
        "dashboard": reverse("session-dashboard", args=[quiet.slug, 1]),
        "tournament": reverse("tournament", args=[quiet.slug]),
        "draw": reverse("draw", args=[quiet.slug]),
    }
    for name, url in pages.items():
        page = boss.get(url).content.decode()
        assert HIDDEN in page, name
        assert "seating public" not in page, name
        assert "The tournament is not published." in page, name
        assert reverse("tournament-publish", args=[quiet.slug]) in page, name
    # the API's session says it too
    api_session = director_api(quiet).get(f"/api/v1/tournaments/{quiet.slug}/sessions/1/")
    assert api_session.status_code == 200
    assert api_session.json()["state"] == HIDDEN
    assert api_session.json()["tournament_published"] is False


def test_the_draws_confirm_step_publishes_the_tournament_too(quiet, boss):
    _preview, saved = draw_and_save(boss, quiet, publish_seating="1", publish_tournament="1")
    assert "The seating of session 1 is now public: players see it on" in saved
    assert Tournament.objects.get(pk=quiet.pk).published
    assert where_do_i_sit(quiet) == 200
    quiet.refresh_from_db()
    assert quiet.sessions.get(number=1).state_label == "Drawn · seating public"


def test_the_dashboard_asks_before_a_publication_nobody_would_see(quiet, boss):
    draw_and_save(boss, quiet)
    publish = reverse("session-publish", args=[quiet.slug, 1])
    dashboard = boss.get(reverse("session-dashboard", args=[quiet.slug, 1])).content.decode()
    form = re.search(rf'<form method="post" action="{publish}"[^>]*>', dashboard)[0]
    assert "data-confirm" not in form  # the question has two answers: the confirm page asks
    asked = boss.post(publish, {"seating": "1"})
    text = asked.content.decode()
    assert asked.status_code == 200 and "Publish the tournament too?" in text
    assert "players get “Page not found” on every public page" in text
    assert 'name="tournament" value="1"' in text and 'name="tournament" value="0"' in text
    assert 'name="seating" value="1"' in text
    assert not quiet.sessions.get(number=1).seating_published  # nothing changed yet
    # the second answer: the seating only; the message does not claim players see it
    only = boss.post(publish, {"seating": "1", "confirmed": "1", "tournament": "0"}, follow=True)
    assert "players see nothing of session 1 until you publish the tournament" in (
        only.content.decode()
    )
    assert where_do_i_sit(quiet) == 404
    boss.post(publish, {"seating": "0", "confirmed": "1"})
    # the first answer: both, in one step and one audit entry
    both = boss.post(publish, {"seating": "1", "confirmed": "1", "tournament": "1"}, follow=True)
    assert "The seating of session 1 is public: players see it on" in both.content.decode()
    assert where_do_i_sit(quiet) == 200
    entry = AuditEntry.objects.filter(action=AuditAction.PUBLISHED).order_by("-id").first()
    assert describe_audit(entry) == "Tournament published · Seating made public"
    # published now: showing no longer asks
    boss.post(publish, {"results": "1"})
    assert quiet.sessions.get(number=1).results_published


def test_the_tournament_is_published_from_its_page(quiet, boss):
    response = boss.post(reverse("tournament-publish", args=[quiet.slug]), follow=True)
    assert "The tournament is published" in response.content.decode()
    assert Tournament.objects.get(pk=quiet.pk).published
    entry = AuditEntry.objects.get(action=AuditAction.PUBLISHED)
    assert entry.session is None and describe_audit(entry) == "Tournament published"
    assert Client().post(reverse("tournament-publish", args=[quiet.slug])).status_code in (
        302,
        403,
    )


def test_the_api_publishes_the_tournament_with_a_session(quiet, boss):
    draw_and_save(boss, quiet)
    api = director_api(quiet)
    url = f"/api/v1/tournaments/{quiet.slug}/sessions/1/publish/"
    answer = api.post(url, {"seating": True, "tournament": True}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["tournament_published"] is True
    assert answer.json()["state"] == "Drawn · seating public"
    assert where_do_i_sit(quiet) == 200
