"""Live pages: the projector and the public standings ask `/live/` whether anything changed and
answer a browser that has them already with a 304 (scoring/live.py). Nothing visible may stay
stale behind a 304, and a director and a visitor never share an ETag."""

import copy

import pytest
from django.test import Client
from django.urls import reverse

from scoring.access import Actor
from scoring.services import clock, publication
from tests.factories import (
    build_played,
    close,
    correct_after_confirmation,
    give_late_arrival,
    mcr_entry,
    play,
    rename_first_player,
)
from tournament.services import registrations as registration_services

LIVE_PAGES = ("standings", "projector", "live-version")


@pytest.fixture(scope="module")
def module_live(module_db, module_director):
    actor = Actor(user=module_director)
    with module_db():
        tournament = build_played(
            "live", actor, players=16, sessions=3, confirmed=1, seat_next=True
        )
        publication.publish(tournament.sessions.get(number=2), actor=actor, seating=True)
        tournament.actor = actor
        return tournament


@pytest.fixture
def live(db, module_live):
    """Session 1 confirmed and published; session 2 drawn, its seating public, being played.
    Built once for the module."""
    return copy.deepcopy(module_live)


def url_of(tournament, name):
    return reverse(name, args=[tournament.slug])


def visitor(tournament, name, **headers):
    """A phone that has loaded the page once (it keeps its cookie, as a browser does): its
    client and the ETag it keeps."""
    phone = Client(**headers)
    phone.get(url_of(tournament, name))
    response = phone.get(url_of(tournament, name))
    assert response.status_code == 200 and response["ETag"]
    return phone, response["ETag"]


def asks(phone, tournament, name, etag):
    return phone.get(url_of(tournament, name), HTTP_IF_NONE_MATCH=etag)


@pytest.mark.parametrize("name", LIVE_PAGES)
def test_nothing_changed_is_a_304_with_the_same_etag(live, name):
    phone, etag = visitor(live, name)
    again = asks(phone, live, name, etag)
    assert again.status_code == 304
    assert again["ETag"] == etag and again.content == b""
    assert "no-cache" in again["Cache-Control"]
    assert asks(phone, live, name, '"something-else"').status_code == 200


def test_the_version_json_names_each_pages_version(live):
    versions = Client().get(url_of(live, "live-version")).json()
    assert set(versions) == {"standings", "projector"}
    page = Client().get(url_of(live, "standings")).content.decode()
    assert f'data-live-version="{versions["standings"]}"' in page
    projector = Client().get(url_of(live, "projector")).content.decode()
    assert f'data-version="{versions["projector"]}"' in projector


def test_hands_typed_in_the_session_being_played_leave_the_standings_unchanged(live):
    """The standings count confirmed sessions only: 100 phones stay on 304 while referees
    type; the projector (showing the seating) does not change either. (The session's first
    hand marks it as being played: a change of its state, once.)"""
    tables = live.sessions.get(number=2).tables.order_by("number")
    play(tables[0], [mcr_entry(1)], live.actor)
    phones = {name: visitor(live, name) for name in LIVE_PAGES}
    play(tables[0], [mcr_entry(2), mcr_entry(3)], live.actor)
    play(tables[1], [mcr_entry(1), mcr_entry(2)], live.actor)
    for name, (phone, etag) in phones.items():
        assert asks(phone, live, name, etag).status_code == 304, name


def confirm_and_publish(tournament):
    session = tournament.sessions.get(number=2)
    for table in session.tables.all():
        play(table, [mcr_entry(n) for n in range(1, 17)], tournament.actor)
        close(table, tournament.actor)
    from scoring.services import closing

    closing.confirm_session(session, actor=tournament.actor)
    publication.publish(session, actor=tournament.actor, results=True)


def rename_tournament(tournament):
    tournament.name = "Renamed Open"
    tournament.save()


def withdraw(tournament):
    registration = tournament.registrations.order_by("number").first()
    registration_services.change_registration(
        tournament,
        registration,
        registration_services.WITHDRAW,
        expected=registration_services.registration_values(registration),
    )


CHANGES = [
    pytest.param(confirm_and_publish, id="results-published"),
    pytest.param(give_late_arrival, id="penalty"),
    pytest.param(correct_after_confirmation, id="hand-saved-on-a-reopened-table"),
    pytest.param(rename_first_player, id="player-renamed"),
    pytest.param(rename_tournament, id="tournament-renamed"),
    pytest.param(withdraw, id="withdrawal"),
]


@pytest.mark.parametrize("change", CHANGES)
def test_every_visible_change_is_a_200_with_a_new_etag(live, change):
    if change in (give_late_arrival, correct_after_confirmation):
        # These change a confirmed session 2: play and confirm it first.
        confirm_and_publish(live)
    phones = {name: visitor(live, name) for name in LIVE_PAGES}
    change(live)
    live.refresh_from_db()
    for name, (phone, etag) in phones.items():
        response = asks(phone, live, name, etag)
        assert response.status_code == 200, name
        assert response["ETag"] != etag, name


def test_the_standings_page_shows_the_change_behind_the_new_etag(live):
    phone, etag = visitor(live, "standings")
    rename_first_player(live)
    response = asks(phone, live, "standings", etag)
    assert response.status_code == 200 and "Renamed" in response.content.decode()


def test_a_director_never_gets_the_visitors_etag(live, director_client):
    """The director sees unpublished results and their own menu: their pages are always made
    for them, with no ETag, even when they send the visitor's."""
    session = live.sessions.get(number=2)
    for name in ("standings", "projector"):
        phone, etag = visitor(live, name)
        response = director_client.get(url_of(live, name), HTTP_IF_NONE_MATCH=etag)
        assert response.status_code == 200 and not response.has_header("ETag"), name
        assert "no-cache" in response["Cache-Control"]
    # Session 2 confirmed, not published: the director's standings show it, the public's not.
    confirm_and_publish(live)
    publication.publish(session, actor=live.actor, results=False)
    phone, etag = visitor(live, "standings")
    assert "After session 1" in phone.get(url_of(live, "standings")).content.decode()
    mine = director_client.get(url_of(live, "standings"), HTTP_IF_NONE_MATCH=etag)
    assert mine.status_code == 200 and "After session 2" in mine.content.decode()


def test_each_language_has_its_own_etag(live):
    _, etag = visitor(live, "standings", HTTP_ACCEPT_LANGUAGE="en")
    italian, italian_etag = visitor(live, "standings", HTTP_ACCEPT_LANGUAGE="it")
    assert italian_etag != etag
    response = italian.get(url_of(live, "standings"), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and "Classifica" in response.content.decode()


def test_a_running_clock_is_never_answered_from_a_cache(live):
    """The projector shows the seconds left when it was made: while the clock runs it has no
    ETag; paused, it has one again."""
    session = live.sessions.get(number=2)
    phone, etag = visitor(live, "projector")
    clock.start_clock(session, actor=live.actor)
    running = asks(phone, live, "projector", etag)
    assert running.status_code == 200 and not running.has_header("ETag")
    clock.pause_clock(live.sessions.get(number=2), actor=live.actor)
    paused = phone.get(url_of(live, "projector"))
    assert paused["ETag"] not in (None, etag)
    assert asks(phone, live, "projector", paused["ETag"]).status_code == 304


def test_the_last_table_closing_changes_the_projector(live):
    """The projector's clock says "every table closed" once the last table closes."""
    session = live.sessions.get(number=2)
    clock.start_clock(session, actor=live.actor)
    phone = Client()
    before = phone.get(url_of(live, "live-version")).json()
    *first, last = session.tables.order_by("number")
    for table in first:
        play(table, [mcr_entry(n) for n in range(1, 17)], live.actor)
        close(table, live.actor)
    # a table closing while others play changes nothing the projector shows: the hall's phones
    # do not fetch it again for every table that closes
    assert phone.get(url_of(live, "live-version")).json() == before
    play(last, [mcr_entry(n) for n in range(1, 17)], live.actor)
    close(last, live.actor)
    after = phone.get(url_of(live, "live-version")).json()
    assert after["projector"] != before["projector"]
    assert after["standings"] == before["standings"]  # not confirmed yet: nothing to show


def test_a_message_waiting_for_the_visitor_is_shown_not_answered_304(live):
    phone, etag = visitor(live, "standings")
    from django.contrib.messages.storage.cookie import CookieStorage
    from django.http import HttpRequest, HttpResponse

    request = HttpRequest()
    storage = CookieStorage(request)
    storage.add(20, "Hello from the desk")
    response = HttpResponse()
    storage.update(response)
    phone.cookies["messages"] = response.cookies["messages"].value
    page = asks(phone, live, "standings", etag)
    assert page.status_code == 200 and "Hello from the desk" in page.content.decode()


def test_a_page_is_never_stale_behind_the_cached_versions(live, settings):
    """/live/ may answer its versions up to two seconds old (the shared cache); the pages
    compute theirs afresh, so the page itself is never answered 304 after a change."""
    settings.DESK_LIVE_CACHE_SECONDS = 2
    phone, etag = visitor(live, "standings")
    before = phone.get(url_of(live, "live-version")).json()
    rename_first_player(live)
    assert phone.get(url_of(live, "live-version")).json() == before  # from the cache
    response = asks(phone, live, "standings", etag)
    assert response.status_code == 200 and "Renamed" in response.content.decode()


def screen_of(response):
    """The projector's screen (its `<main>`): the clock in the header shows the seconds left."""
    page = response.content.decode()
    return page[page.index("<main") : page.index("</main>")]


def seat_a_substitute(tournament):
    """A substitute takes a seat of session 2 (registered before the projector was read, so
    only the seat changes)."""
    from scoring.services import closing

    table = tournament.sessions.get(number=2).tables.order_by("number").first()
    closing.seat_substitute(table.seats.get(wind=2), tournament.substitute, actor=tournament.actor)


SCREEN_CHANGES = [
    *CHANGES,
    pytest.param(seat_a_substitute, id="substitute-seated"),
    pytest.param(None, id="nothing"),
]


@pytest.mark.parametrize("view", ["", "teams"])
@pytest.mark.parametrize("change", SCREEN_CHANGES)
def test_the_projector_from_the_shared_cache_is_the_one_made_afresh(live, change, view):
    """The projector's seating and standings are kept in the shared cache per version and
    language: after any change, what the next phone gets is what a desk with an empty cache
    makes (nothing stale), and with no change it is read from the cache."""
    from django.core.cache import cache

    from tournament.models import Team
    from tournament.services.registrations import register_player

    tournament = live
    team = Team.objects.create(tournament=tournament, name="Red")
    tournament.registrations.filter(number__in=[1, 2]).update(team=team)
    tournament.substitute = register_player(
        tournament, first_name="Sub", last_name="Stitute", is_substitute=True
    )
    if change in (give_late_arrival, correct_after_confirmation):
        confirm_and_publish(tournament)
    address = url_of(tournament, "projector") + (f"?view={view}" if view else "")
    Client().get(address)  # the first phone: the screen is now in the cache
    if change is not None:
        change(tournament)
    cached = Client().get(address)
    assert cached.status_code == 200
    cache.clear()
    assert screen_of(cached) == screen_of(Client().get(address))


def test_a_hall_of_phones_costs_one_seating(live, monkeypatch):
    """The first phone on the projector reads the seats; the next ones get the screen from
    the shared cache, in their language; a change of seat is read again."""
    from scoring.views import public

    reads = []
    real = public._tables

    def counted(session):
        reads.append(session.number)
        return real(session)

    monkeypatch.setattr(public, "_tables", counted)
    address = url_of(live, "projector")
    first = Client().get(address)
    for _ in range(5):
        assert screen_of(Client().get(address)) == screen_of(first)
    assert reads == [2]
    italian = Client(HTTP_ACCEPT_LANGUAGE="it").get(address)
    assert "Tavolo" in screen_of(italian) and reads == [2, 2]
    from tournament.services.registrations import register_player

    live.substitute = register_player(
        live, first_name="Sub", last_name="Stitute", is_substitute=True
    )
    Client().get(address)
    seat_a_substitute(live)
    assert "Stitute" in screen_of(Client().get(address))
    assert len(reads) == 4


def test_a_directors_projector_never_reaches_the_public_through_the_cache(db, director):
    """The director sees the seating and results before they are public. In every projector
    mode, after the director's projector filled the shared cache, a visitor's screen is the one
    made for a visitor with an empty cache: session 2 drawn but its seating private, then
    session 2 confirmed but its results private."""
    from django.core.cache import cache

    from scoring.services import closing
    from tournament.models import ProjectorMode

    actor = Actor(user=director)
    tournament = build_played("private", actor, players=16, sessions=3, confirmed=1, seat_next=True)
    mine = Client()
    mine.force_login(director)
    address = url_of(tournament, "projector")

    def compare():
        for mode in ProjectorMode.values:
            tournament.projector_mode = mode
            tournament.save()
            for view in ("", "teams", "country:ITA"):
                asked = {"view": view} if view else {}
                cache.clear()
                assert mine.get(address, asked).status_code in (200, 404)
                public = Client().get(address, asked)
                cache.clear()
                fresh = Client().get(address, asked)
                assert public.status_code == fresh.status_code, (mode, view)
                if public.status_code == 200:
                    assert screen_of(public) == screen_of(fresh), (mode, view)

    compare()
    session = tournament.sessions.get(number=2)
    for table in session.tables.all():
        play(table, [mcr_entry(n) for n in range(1, 17)], actor)
        close(table, actor)
    closing.confirm_session(session, actor=actor)
    tournament.refresh_from_db()
    compare()
