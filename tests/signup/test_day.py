"""The day: the projector shows who is still missing, the draw offers what the desk can do
about them, and the referee accounts of the tournament check players in."""

import pytest
from django.test import Client

from draw.writing import write_draw
from scoring.access import Actor
from signup.services.checkin import check_in, open_check_in
from tests.factories import make_director, make_tournament, make_user, register_players
from tournament.models import ProjectorMode, RegistrationStatus


@pytest.fixture
def day(db):
    tournament = make_tournament(slug="the-day", seating_groups="none")
    register_players(tournament, 8)
    open_check_in(tournament, True, actor=Actor(via="test"))
    tournament.refresh_from_db()
    return tournament


def screen(client, tournament):
    page = client.get(f"/t/{tournament.slug}/projector/").content.decode()
    return page[page.index("<main") :]


def test_the_projector_shows_who_is_still_missing(day):
    client = Client()
    before = client.get(f"/t/{day.slug}/live/").json()["projector"]
    shown = screen(client, day)
    assert "8 players still to check in" in shown and "Player1 Test1" in shown
    check_in(day, day.registrations.get(number=1), actor=Actor(via="test"))
    after = client.get(f"/t/{day.slug}/live/").json()["projector"]
    assert after != before  # the phones and the screen fetch it again
    shown = screen(client, day)
    assert "7 players still to check in" in shown and "Player1 Test1" not in shown
    # once the seating is on view, the automatic projector shows it instead
    write_draw(day, session_number=1, seed=5)
    day.sessions.filter(number=1).update(seating_published=True)
    assert "still to check in" not in screen(client, day)
    day.projector_mode = ProjectorMode.CHECKIN
    day.save()
    assert "7 players still to check in" in screen(client, day)


def test_the_draw_offers_a_substitute_or_withdrawing_the_missing(day):
    present = list(day.registrations.order_by("number"))[:6]
    for registration in present:
        check_in(day, registration, actor=Actor(via="test"))
    write_draw(day, session_number=1, seed=5)
    client = Client()
    client.force_login(make_director())
    page = client.get(f"/director/t/{day.slug}/draw/").content.decode()
    assert "2 players have not checked in" in page
    assert page.count(f"/director/t/{day.slug}/sessions/1/substitute/?seat=") == 2
    asked = client.post(f"/director/t/{day.slug}/draw/withdraw-missing/")
    assert "Withdraw the players still missing?" in asked.content.decode()
    assert day.registrations.filter(status=RegistrationStatus.WITHDRAWN).count() == 0
    done = client.post(f"/director/t/{day.slug}/draw/withdraw-missing/", {"confirmed": "1"})
    assert done["Location"].endswith("/draw/?scope=remaining")
    withdrawn = day.registrations.filter(status=RegistrationStatus.WITHDRAWN)
    assert sorted(withdrawn.values_list("number", flat=True)) == [7, 8]
    assert "have not checked in" not in client.get(f"/director/t/{day.slug}/draw/").content.decode()


def test_a_referee_account_of_the_tournament_checks_players_in(day):
    write_draw(day, session_number=1, seed=5)
    referee = make_user("table-referee")
    day.sessions.get(number=1).tables.get(number=1).referees.add(referee)
    client = Client()
    client.force_login(referee)
    assert "Check players in" in client.get("/referee/").content.decode()
    page = client.get(f"/director/t/{day.slug}/checkin/?q=test3")
    assert page.status_code == 200 and "Player3 Test3" in page.content.decode()
    client.post(f"/director/t/{day.slug}/checkin/", {"action": "present", "number": 3})
    assert day.registrations.get(number=3).checked_in_at is not None
    # a referee does not open or close the players' own check-in
    assert client.post(f"/director/t/{day.slug}/checkin/open/", {"open": "0"}).status_code == 403
