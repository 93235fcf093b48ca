"""The projector's results reveal (issue 15, item 6): the standings without their top N places,
then those places one by one from the N-th to the 1st, moved by the director's page or the
projector's keyboard, the step kept in the database; nothing hidden leaks in HTML or JSON."""

import copy
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from scoring.access import Actor
from scoring.reveal import services as reveal_services
from scoring.reveal.steps import build_reveal
from scoring.standings.ranking import compute_standings
from scoring.views.public import projector_version
from tests.factories import build_played
from tournament.models import ProjectorMode


def rows(*places):
    return [SimpleNamespace(place=place, name=f"row{i}") for i, place in enumerate(places)]


def test_places_come_out_from_the_last_hidden_one_ties_together():
    standings = rows(1, 2, 2, 4, 5, None)
    reveal = build_reveal(standings, places=3, step=0)
    assert [[row.place for row in group] for group in reveal.groups] == [[2, 2], [1]]
    assert [row.place for row in reveal.rest] == [4, 5, None]
    assert reveal.revealed == [] and reveal.still_hidden == (1, 3)
    reveal = build_reveal(standings, places=3, step=1)
    assert [row.place for row in reveal.revealed] == [2, 2]
    assert reveal.latest == standings[1:3] and reveal.still_hidden == (1, 1)
    reveal = build_reveal(standings, places=3, step=7)  # kept within the hidden places
    assert reveal.step == 2 and reveal.finished and reveal.still_hidden is None
    assert [row.place for row in reveal.revealed] == [1, 2, 2]
    assert build_reveal(standings, places=3, step=-1).step == 0


@pytest.fixture(scope="module")
def module_final(module_db, module_director):
    with module_db():
        return build_played(
            "reveal", Actor(user=module_director), players=16, sessions=2, confirmed=2
        )


@pytest.fixture
def final(db, module_final):
    """Both sessions of 2 confirmed: the final standings (built once for the module)."""
    return copy.deepcopy(module_final)


def top(tournament, places):
    standings = compute_standings(tournament)
    return [row for row in standings.rows if row.place is not None and row.place <= places]


def post(client, tournament, **data):
    return client.post(reverse("projector-reveal", args=[tournament.slug]), data)


def projector(client, tournament):
    return client.get(reverse("projector", args=[tournament.slug])).content.decode()


def test_hidden_places_do_not_leak_then_come_out_one_by_one(final, director_client):
    public = Client()
    hidden = top(final, 3)
    post(director_client, final, action="start", places="3")
    final.refresh_from_db()
    assert final.projector_mode == ProjectorMode.REVEAL and final.reveal_step == 0
    html = projector(public, final)
    state = public.get(reverse("projector-state", args=[final.slug])).content.decode()
    for row in hidden:
        assert row.player.full_name not in html
        assert row.player.full_name not in state and row.player.last_name not in state
    assert "Places 1 to 3: still to come" in html
    shown = compute_standings(final).rows[len(hidden)]
    assert shown.player.full_name in html  # the rest of the standings is there
    assert "data-reveal-url" not in html  # only the director's projector has the keys

    groups = build_reveal(compute_standings(final).rows, places=3, step=0).groups
    for step in range(1, len(groups) + 1):
        version = projector_version(final)
        post(director_client, final, action="next", step=str(step - 1))
        final.refresh_from_db()
        assert final.reveal_step == step and projector_version(final) != version
        html = projector(public, final)
        out = [row for done in groups[:step] for row in done]
        for row in hidden:
            assert (row.player.full_name in html) == (row in out)
    assert "still to come" not in html


def test_a_stale_or_impossible_move_changes_nothing(final, director_client):
    post(director_client, final, action="start", places="2")
    total = len(build_reveal(compute_standings(final).rows, places=2, step=0).groups)
    post(director_client, final, action="next", step="0")
    response = post(director_client, final, action="next", step="0")  # a second tap, stale
    final.refresh_from_db()
    assert final.reveal_step == 1
    page = director_client.get(response.url).content.decode()
    assert "moved on since this page was shown" in page
    for step in range(1, total):
        post(director_client, final, action="next", step=str(step))
    response = post(director_client, final, action="next", step=str(total))
    final.refresh_from_db()
    assert final.reveal_step == total
    assert "Every place has been revealed" in director_client.get(response.url).content.decode()
    post(director_client, final, action="back", step=str(total))
    final.refresh_from_db()
    assert final.reveal_step == total - 1
    post(director_client, final, action="end")
    final.refresh_from_db()
    assert final.projector_mode == ProjectorMode.STANDINGS and final.reveal_step == 0


def test_ending_the_reveal_publishes_what_it_revealed(final, director_client):
    """The last session kept unpublished for the ceremony: when the reveal ends, the projector
    and the public standings show the standings after it, not those of the session before."""
    last = final.sessions.get(number=2)
    last.results_published = False
    last.save(update_fields=["results_published"])
    winner = top(final, 1)[0].player.last_name
    post(director_client, final, action="start", places="1")
    post(director_client, final, action="next", step="0")
    assert winner in projector(Client(), final)
    post(director_client, final, action="end")
    last.refresh_from_db()
    assert last.results_published
    public = Client().get(reverse("standings", args=[final.slug])).content.decode()
    assert "after session 2" in public or "After session 2" in public
    final.refresh_from_db()
    assert final.projector_mode == ProjectorMode.STANDINGS


@pytest.mark.parametrize("places", ["0", "11", "three", "", "1e3"])
def test_places_out_of_range_are_refused(final, director_client, places):
    response = post(director_client, final, action="start", places=places)
    final.refresh_from_db()
    assert final.projector_mode == ProjectorMode.AUTO and final.reveal_places == 3
    page = director_client.get(response.url).content.decode()
    assert "a whole number from 1 to 10" in page


def test_the_projector_keyboard_moves_the_reveal_and_others_cannot(final, director_client):
    post(director_client, final, action="start", places="3")
    html = projector(director_client, final)
    assert (
        f'data-reveal-url="{reverse("projector-reveal", args=[final.slug])}"' in html
        and 'data-reveal-step="0"' in html
    )
    url = reverse("projector-reveal", args=[final.slug])
    answer = director_client.post(
        url, {"action": "next", "step": "0"}, headers={"accept": "application/json"}
    )
    assert answer.json() == {"ok": True}
    stale = director_client.post(
        url, {"action": "next", "step": "0"}, headers={"accept": "application/json"}
    )
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    assert Client().post(url, {"action": "next", "step": "1"}).status_code == 302  # to login
    final.refresh_from_db()
    assert final.reveal_step == 1


def test_nothing_to_reveal_before_a_confirmed_session(db, director, director_client):
    tournament = build_played("early", Actor(user=director), players=16, sessions=2, confirmed=0)
    response = post(director_client, tournament, action="start", places="3")
    tournament.refresh_from_db()
    assert tournament.projector_mode == ProjectorMode.AUTO
    assert "nothing to reveal" in director_client.get(response.url).content.decode()
    with pytest.raises(reveal_services.RevealError):
        reveal_services.start_reveal(tournament, actor=Actor(user=director), places=3)


def test_the_reveal_pages_speak_italian(final, director_client):
    post(director_client, final, action="start", places="3")
    url = reverse("projector-reveal", args=[final.slug])
    page = director_client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Svela il prossimo posto" in page
    html = Client().get(reverse("projector", args=[final.slug]), HTTP_ACCEPT_LANGUAGE="it")
    assert "Posti da 1 a 3: ancora da svelare" in html.content.decode()
