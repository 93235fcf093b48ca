"""A refused request (common.errors.UserError) is answered in one place: a POST goes back to its
page with the message, a GET shows the desk's error page with the message and status 400."""

import datetime as dt

import pytest
from django.contrib.messages import get_messages
from django.test import Client, RequestFactory
from django.urls import reverse

from common.errors import UserError, UserErrorMiddleware, back_url
from desk.archive import ArchiveError
from draw.errors import DrawError
from draw.writing import write_draw
from exports import ExportError
from scoring.services.tables import StaleTable, TableError
from tournament.services.player_import import PlayerListError
from tournament.services.registrations import RegistrationError, register_player
from tournament.services.tournaments import TournamentError, create_tournament


@pytest.mark.parametrize(
    "error",
    [
        TournamentError,
        PlayerListError,
        RegistrationError,
        DrawError,
        ExportError,
        ArchiveError,
        TableError,
        StaleTable,
    ],
)
def test_every_refusal_is_a_user_error_and_still_a_value_error(error):
    assert issubclass(error, UserError)
    assert issubclass(error, ValueError)


@pytest.fixture
def cup(db):
    """16 players, session 1 of 2 drawn, published and started: four open tables, nothing
    confirmed."""
    tournament = create_tournament(
        name="Cup",
        slug="cup",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        ruleset="mcr",
        session_count=2,
        published=True,
        seating_groups="none",
    )
    for n in range(1, 17):
        register_player(tournament, first_name=f"P{n}", last_name=f"Player{n:02d}")
    write_draw(tournament, session_number=1, seed=7)
    tournament.sessions.filter(number=1).update(seating_published=True, status="running")
    return tournament


def test_a_refused_director_action_goes_back_to_the_dashboard_with_the_message(
    cup, director_client
):
    response = director_client.post(reverse("session-confirm", args=["cup", 1]), {"confirmed": "1"})
    assert response.status_code == 302
    assert response["Location"] == reverse("session-dashboard", args=["cup", 1])
    texts = [str(message) for message in get_messages(response.wsgi_request)]
    assert texts == ["Tables still open: 1, 2, 3, 4. Every table must be closed first."]
    assert not cup.sessions.get(number=1).is_confirmed


def test_a_refused_table_action_goes_back_to_the_table_page(cup):
    table = cup.sessions.get(number=1).tables.get(number=1)
    link = reverse("link:table", kwargs={"token": table.token})
    response = Client().post(
        reverse("link:void-last", kwargs={"token": table.token}),
        {"revision": 0, "confirmed": "1"},
    )
    assert response.status_code == 302
    assert response["Location"] == link
    texts = [str(message) for message in get_messages(response.wsgi_request)]
    assert texts == ["No hand has been entered at this table."]


def test_an_export_that_cannot_be_made_shows_the_reason_with_status_400(cup, director_client):
    url = reverse("export", args=["cup", "standings", "xlsx"])
    response = director_client.get(url, HTTP_REFERER="http://testserver/t/cup/")
    assert response.status_code == 400
    page = response.content.decode()
    assert "has been confirmed yet: there are no standings." in page
    assert 'href="http://testserver/t/cup/"' in page  # back to where the link was
    assert 'class="site-header"' in page  # the desk's own layout


def test_the_error_page_is_translated(cup, director_client):
    url = reverse("export", args=["cup", "standings", "xlsx"])
    response = director_client.get(url, HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 400
    assert "Operazione non possibile" in response.content.decode()


def _middleware_answer(request, exception):
    request._messages = type("Store", (), {"add": lambda *args, **kwargs: None})()
    return UserErrorMiddleware(lambda r: None).process_exception(request, exception)


def test_a_post_without_a_named_page_goes_back_to_its_referer_of_this_desk_only():
    factory = RequestFactory()
    ours = factory.post("/somewhere/", HTTP_REFERER="http://testserver/form/")
    assert back_url(ours) == "http://testserver/form/"
    assert _middleware_answer(ours, UserError("no"))["Location"] == "http://testserver/form/"
    foreign = factory.post("/somewhere/", HTTP_REFERER="http://evil.example/phish/")
    assert back_url(foreign) == "/somewhere/"
    assert back_url(factory.post("/somewhere/")) == "/somewhere/"


def test_other_exceptions_are_left_to_django():
    request = RequestFactory().post("/somewhere/")
    assert _middleware_answer(request, ValueError("a bug")) is None
    assert _middleware_answer(request, KeyError("a bug")) is None
