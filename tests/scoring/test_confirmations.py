"""No one-tap surprises (issue 14, point 4): reopening a table, closing a table, confirming a
session, taking back the last hand and hiding the seating each ask first. A POST without
`confirmed=1` (a page without JavaScript, a replayed or forged one-tap POST) changes nothing and
shows the question with its consequence; with `confirmed=1` the action is done."""

import copy

import pytest
from django.urls import reverse

from scoring.access import Actor
from scoring.models import Hand
from tests.factories import build_played, mcr_entry, play
from tournament.models import SessionStatus


@pytest.fixture(scope="module")
def module_cup(module_db, module_director):
    with module_db():
        return build_played("cup", Actor(user=module_director), confirmed=1, seat_next=True)


@pytest.fixture
def cup(db, module_cup):
    """Session 1 played, confirmed and published; session 2 seated (built once for the
    module)."""
    return copy.deepcopy(module_cup)


@pytest.fixture
def playing(cup, director):
    """Table 1 of session 2 with three hands entered."""
    table = cup.sessions.get(number=2).tables.get(number=1)
    play(table, [mcr_entry(n) for n in range(1, 4)], Actor(user=director))
    table.refresh_from_db()
    return table


def asks(response, *texts):
    """The answer is the confirm page: the consequence and a button posting confirmed=1."""
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="confirmed" value="1"' in page
    for text in texts:
        assert text in page, text
    return page


def current_hands(table):
    return Hand.objects.filter(table=table, is_current=True).count()


def test_reopening_a_table_of_a_confirmed_published_session_asks_first(cup, director_client):
    session = cup.sessions.get(number=1)
    table = session.tables.get(number=3)
    url = reverse("table-reopen", args=[cup.slug, 1, table.pk])
    asks(
        director_client.post(url),
        "Reopen table 3?",
        "Reopening table 3 un-confirms session 1: the public standings and the projector show "
        "no session&#x27;s results until you confirm it again.",
    )
    session.refresh_from_db()
    table.refresh_from_db()
    assert session.is_confirmed and table.is_closed and table.results.count() == 4
    response = director_client.post(url, {"confirmed": "1"})
    assert response.status_code == 302
    session.refresh_from_db()
    table.refresh_from_db()
    assert not session.is_confirmed and not table.is_closed and table.results.count() == 0


def test_reopening_names_the_session_the_public_standings_go_back_to(director):
    cup = build_played("two", Actor(user=director), confirmed=2)
    from scoring.services import consequences

    table = cup.sessions.get(number=2).tables.get(number=1)
    assert "go back to after session 1 until you confirm it again" in (
        consequences.reopen_table(table)
    )


def test_closing_a_table_asks_first(playing, client, director):
    client.force_login(director)
    url = reverse("account:close", kwargs={"table_id": playing.pk})
    fields = {"revision": playing.revision}
    asks(
        client.post(url, fields),
        "Close table 1?",
        "Closing table 1 ends play there after 3 hands",
    )
    playing.refresh_from_db()
    assert not playing.is_closed
    assert client.post(url, {**fields, "confirmed": "1"}).status_code == 302
    playing.refresh_from_db()
    assert playing.is_closed and playing.results.count() == 4


def test_the_confirm_page_carries_the_posted_fields(playing, client, director):
    client.force_login(director)
    url = reverse("account:close", kwargs={"table_id": playing.pk})
    page = asks(client.post(url, {"revision": playing.revision}))
    assert f'name="revision" value="{playing.revision}"' in page
    assert 'name="csrfmiddlewaretoken"' in page  # its own token, not the posted one copied
    # a GET of the action's address shows the same question and changes nothing
    asks(client.get(url), "Closing table 1 ends play there after 3 hands")
    playing.refresh_from_db()
    assert not playing.is_closed


def test_confirming_a_session_asks_first(cup, director_client):
    session = cup.sessions.get(number=1)
    cup.sessions.filter(pk=session.pk).update(status=SessionStatus.RUNNING, confirmed_at=None)
    url = reverse("session-confirm", args=[cup.slug, 1])
    asks(
        director_client.post(url),
        "Confirm session 1?",
        "Confirming session 1 makes it count in the standings, and its results show at once "
        "on the public standings and the projector.",
    )
    session.refresh_from_db()
    assert not session.is_confirmed
    assert director_client.post(url, {"confirmed": "1"}).status_code == 302
    session.refresh_from_db()
    assert session.is_confirmed


def test_confirming_with_open_tables_says_which(cup, director_client):
    asks(
        director_client.post(reverse("session-confirm", args=[cup.slug, 2])),
        "Session 2 cannot be confirmed yet: tables still open: 1, 2, 3, 4.",
    )
    assert not cup.sessions.get(number=2).is_confirmed


def test_taking_back_the_last_hand_asks_first(playing, client, director):
    client.force_login(director)
    url = reverse("account:void-last", kwargs={"table_id": playing.pk})
    fields = {"revision": playing.revision}
    asks(client.post(url, fields), "Take back the last hand?", "Taking back hand 3 of table 1 (")
    assert current_hands(playing) == 3
    assert client.post(url, {**fields, "confirmed": "1"}).status_code == 302
    assert current_hands(playing) == 2


def test_hiding_the_seating_asks_first_and_publishing_does_not(cup, director_client):
    session = cup.sessions.get(number=1)
    url = reverse("session-publish", args=[cup.slug, 1])
    asks(
        director_client.post(url, {"seating": "0"}),
        "Hiding the seating of session 1: players no longer find their seat",
    )
    session.refresh_from_db()
    assert session.seating_published
    assert director_client.post(url, {"seating": "0", "confirmed": "1"}).status_code == 302
    session.refresh_from_db()
    assert not session.seating_published
    assert director_client.post(url, {"seating": "1"}).status_code == 302  # no question
    session.refresh_from_db()
    assert session.seating_published


def test_hiding_the_results_asks_first(cup, director_client):
    url = reverse("session-publish", args=[cup.slug, 1])
    asks(director_client.post(url, {"results": "0"}), "Hiding the results of session 1")
    assert cup.sessions.get(number=1).results_published


def test_the_pages_carry_the_questions_for_the_dialog(cup, playing, director_client):
    dashboard = director_client.get(reverse("session-dashboard", args=[cup.slug, 1]))
    page = dashboard.content.decode()
    assert 'data-confirm="Reopening table 1 un-confirms session 1' in page
    assert 'data-confirm="Hiding the seating of session 1' in page
    assert 'id="confirm-dialog"' in page and "desk/confirm.js" in page
    table_page = director_client.get(reverse("account:table", kwargs={"table_id": playing.pk}))
    page = table_page.content.decode()
    assert 'data-confirm="Taking back hand 3 of table 1' in page
