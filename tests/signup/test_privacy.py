"""No e-mail address on any public page, public file or public read of the API: every address
a player typed is looked for in every answer an anonymous visitor can get about a tournament
whose players all signed up, while check-in runs and its first session's seating is public."""

import pytest
from django.test import Client

from draw.writing import write_draw
from tests.factories import make_tournament, open_signup, signed_up
from tournament.models import ProjectorMode

PLAYERS = 8


@pytest.fixture
def signed(db):
    tournament = make_tournament(slug="private", seating_groups="none")
    open_signup(tournament, places=PLAYERS)
    for n in range(1, PLAYERS + 2):  # the last one waits
        signed_up(tournament, n)
    write_draw(tournament, session_number=1, seed=3)
    tournament.sessions.filter(number=1).update(seating_published=True)
    tournament.checkin_open = True
    tournament.save()
    return tournament


def public_addresses(slug):
    pages = [
        "/",
        f"/t/{slug}/",
        f"/t/{slug}/signup/",
        f"/t/{slug}/signup/players/",
        f"/t/{slug}/find/?q=signed",
        f"/t/{slug}/find/?q=1",
        f"/t/{slug}/sessions/1/seating/",
        f"/t/{slug}/standings/",
        f"/t/{slug}/projector/",
        f"/t/{slug}/live/",
        f"/t/{slug}/players/1/",
        f"/t/{slug}/players/1/reportcard.pdf",
    ]
    api = [
        "/api/v1/tournaments/",
        f"/api/v1/tournaments/{slug}/",
        f"/api/v1/tournaments/{slug}/registrations/",
        f"/api/v1/tournaments/{slug}/sessions/",
        f"/api/v1/tournaments/{slug}/sessions/1/",
        f"/api/v1/tournaments/{slug}/standings/",
        f"/api/v1/tournaments/{slug}/teams/",
    ]
    return pages + api


def test_no_public_answer_holds_an_email_address(signed):
    client = Client()
    seen = {}
    for mode in (ProjectorMode.CHECKIN, ProjectorMode.AUTO, ProjectorMode.SEATING):
        signed.projector_mode = mode
        signed.save()
        for address in public_addresses(signed.slug):
            response = client.get(address)
            body = response.content
            seen[address] = response.status_code
            assert b"@example.org" not in body, address
            assert b"example.org" not in body.replace(b"desk.example.org", b""), address
    # the pages really showed the players (a scan of empty answers proves nothing)
    assert seen[f"/t/{signed.slug}/signup/players/"] == 200
    assert seen[f"/api/v1/tournaments/{signed.slug}/registrations/"] == 200
    names = client.get(f"/t/{signed.slug}/signup/players/").content.decode()
    assert "Signed1" in names and "Faenza" in names
    projector = client.get(f"/t/{signed.slug}/sessions/1/seating/").content.decode()
    assert "Signed1" in projector
