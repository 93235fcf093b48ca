"""The director's cut page (issue 18, item 2; docs/rules.md §9.1): the qualifying standings with
the line, the button, the refusal before the qualifying stage is confirmed, the undo."""

import copy

import pytest
from django.urls import reverse

from scoring.access import Actor
from tests.factories import build, play_session
from tournament.models import Tournament


def staged(slug):
    tournament = build(players=16, sessions=4, slug=slug)
    Tournament.objects.filter(pk=tournament.pk).update(final_sessions=1, finalists=8)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture(scope="module")
def module_qualified(module_db, module_director):
    with module_db():
        tournament = staged("cutpage")
        for number in (1, 2, 3):
            play_session(tournament, number, Actor(user=module_director))
        return tournament


@pytest.fixture
def qualified(db, module_qualified):
    return copy.deepcopy(module_qualified)


def test_the_cut_page_shows_the_line_and_makes_the_cut(director_client, qualified):
    url = reverse("stage-cut", args=[qualified.slug])
    page = director_client.get(url).content.decode()
    assert "cut-line" in page and "Make the cut" in page
    tournament_page = director_client.get(qualified.get_absolute_url()).content.decode()
    assert url in tournament_page  # linked once the qualifying stage is complete
    make = reverse("stage-cut-make", args=[qualified.slug])
    # without confirmation nothing happens: the question is shown
    assert "Make the cut?" in director_client.post(make).content.decode()
    assert not qualified.registrations.filter(finalist__isnull=False).exists()
    response = director_client.post(make, {"confirmed": "1"})
    assert response.status_code == 302
    assert qualified.registrations.filter(finalist=True).count() == 8
    page = director_client.get(url).content.decode()
    assert "Undo the cut" in page and page.count("<strong>Finalist</strong>") == 8
    director_client.post(reverse("stage-cut-undo", args=[qualified.slug]), {"confirmed": "1"})
    assert not qualified.registrations.filter(finalist__isnull=False).exists()


def test_the_cut_is_refused_with_a_message_before_the_stage_is_confirmed(
    director_client, director, db
):
    tournament = staged("cutearly")
    play_session(tournament, 1, Actor(user=director))
    url = reverse("stage-cut", args=[tournament.slug])
    page = director_client.get(url).content.decode()
    assert "Sessions 2, 3 of the qualifying stage are not confirmed yet" in page
    response = director_client.post(
        reverse("stage-cut-make", args=[tournament.slug]), {"confirmed": "1"}, follow=True
    )
    assert "not confirmed yet" in response.content.decode()
    assert not tournament.registrations.filter(finalist__isnull=False).exists()


def test_the_cut_page_in_italian(director_client, qualified):
    director_client.cookies["django_language"] = "it"
    page = director_client.get(
        reverse("stage-cut", args=[qualified.slug]), HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert "Il taglio" in page


def test_the_cut_page_shows_a_tie_at_the_line_with_every_tie_breaker(director_client, qualified):
    from scoring.models import SeatResult

    Tournament.objects.filter(pk=qualified.pk).update(
        tie_breaks=["best_session", "head_to_head", "drawing_lots"], lots_seed=5
    )
    registrations = list(qualified.registrations.order_by("number"))
    for registration in registrations:
        points = 31 if registration.number in (8, 9) else 40 - registration.number
        SeatResult.objects.filter(registration=registration).update(
            table_points=0, score=0, final_score=0
        )
        first = SeatResult.objects.filter(registration=registration).order_by("session").first()
        SeatResult.objects.filter(pk=first.pk).update(table_points=points)
    page = director_client.get(reverse("stage-cut", args=[qualified.slug])).content.decode()
    assert "A tie at the line" in page
    # equal best sessions (31 each): head-to-head if they met, else the recorded lots decided
    assert "Decided by: Head-to-head among the tied" in page or "Decided by: Drawing lots" in page
    assert page.count('class=" tied"') + page.count('class="cut-line tied"') == 2


def test_a_cut_on_standings_changed_since_the_page_is_refused(director_client, director, qualified):
    """The page carries the standings version it showed; a withdrawal meanwhile (another line)
    makes the cut refused, nothing marked, until the director looks again."""
    import re

    from tournament.services import registrations

    page = director_client.get(reverse("stage-cut", args=[qualified.slug])).content.decode()
    line = re.search(r'name="line" value="([^"]+)"', page).group(1)
    leaving = qualified.registrations.get(number=1)
    registrations.change_registration(
        qualified,
        leaving,
        registrations.WITHDRAW,
        expected=registrations.registration_values(leaving),
    )
    make = reverse("stage-cut-make", args=[qualified.slug])
    response = director_client.post(make, {"confirmed": "1", "line": line}, follow=True)
    assert "changed since the page was shown" in response.content.decode()
    assert not qualified.registrations.filter(finalist__isnull=False).exists()
    page = director_client.get(reverse("stage-cut", args=[qualified.slug])).content.decode()
    line = re.search(r'name="line" value="([^"]+)"', page).group(1)
    director_client.post(make, {"confirmed": "1", "line": line})
    assert qualified.registrations.filter(finalist=True).count() == 8
