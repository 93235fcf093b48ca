"""Query-count guards: the standings (computation and page) and the session dashboard read a
fixed number of queries, whatever the size of the tournament. Each case is measured on a small
tournament (4 tables, 1 session played) and on a bigger one (8 tables, 3 sessions played); the
bound is the same for both, so a query per player, table or session (an N+1) fails here."""

import copy

import pytest
from django.urls import reverse

from scoring.access import Actor
from scoring.standings.ranking import compute_standings, standings_version
from tests.factories import build_played, mcr_entry, play

SIZES = [
    pytest.param((16, 1), id="4-tables-1-session"),
    pytest.param((32, 3), id="8-tables-3-sessions"),
]

#: compute_standings: the rule set's sessions, the registrations with their players, the seat
#: results, the penalty totals.
STANDINGS_QUERIES = 4
#: standings_version: sessions, registrations (with team, cut and categories), teams and
#: categories, players' last change, penalties, results.
VERSION_QUERIES = 6
#: The public standings page, not cached yet: the tournament, the sessions it may show, whether
#: there are teams and the sub-rankings to offer (2), the fingerprint (6), a cache miss, the
#: standings (4), and storing the rendered table in the cache (a table in the database: count,
#: look-up, insert, inside a savepoint).
STANDINGS_PAGE_QUERIES = 20
#: The same page again: the tournament, the sessions, teams and sub-rankings (2), the
#: fingerprint (6) and a cache hit.
STANDINGS_PAGE_CACHED_QUERIES = 11
#: The live version phones poll (`/live/`): the tournament, the fingerprint (6), the sessions,
#: the tables' closing, the seats. No page is rendered.
LIVE_VERSION_QUERIES = 10
#: The same while the versions are in the shared cache (DESK_LIVE_CACHE_SECONDS): the
#: tournament and the cache look-up.
LIVE_VERSION_CACHED_QUERIES = 2
#: A phone's standings page answered 304: the tournament and the fingerprint (6).
STANDINGS_PAGE_UNCHANGED_QUERIES = 7
#: The session dashboard: the login session and its user, the tournament (found once, for the
#: role check and the page), the session, its tables with hands counted, their seats,
#: registrations, players and referees, the sessions (tabs), the seats of the players out for
#: the session, the closed tables' results with their players (issue 14, point 6: shown on the
#: dashboard before confirming), the database's clock (one instant for every table's clock
#: and contact: common.clock), the open referee calls with their tables (issue 31) and the
#: calls closed a moment ago, which can be reopened.
DASHBOARD_QUERIES = 15


@pytest.fixture(scope="module", params=SIZES)
def module_tournament_played(request, module_db, module_director):
    players, played = request.param
    actor = Actor(user=module_director)
    with module_db():
        tournament = build_played(
            f"q{players}-{played}",
            actor,
            players=players,
            sessions=played + 1,
            confirmed=played,
            seat_next=True,
        )
        for table in tournament.sessions.get(number=played + 1).tables.all():
            play(table, [mcr_entry(1), mcr_entry(2)], actor)
        tournament.played = played
        return tournament


@pytest.fixture
def tournament_played(db, module_tournament_played):
    """`players` players, sessions 1..`played` confirmed and published, the next one drawn and
    in play: two hands at every table. Built once per size for the module."""
    return copy.deepcopy(module_tournament_played)


def test_standings_computation_reads_a_fixed_number_of_queries(
    tournament_played, django_assert_max_num_queries
):
    with django_assert_max_num_queries(STANDINGS_QUERIES):
        standings = compute_standings(tournament_played)
        rows = [(row.place_label, row.player.last_name, row.penalties) for row in standings.rows]
    assert len(rows) == tournament_played.registrations.filter(is_substitute=False).count()
    assert standings.through == tournament_played.played
    with django_assert_max_num_queries(VERSION_QUERIES):
        standings_version(tournament_played)


def test_standings_page_reads_a_fixed_number_of_queries(
    tournament_played, client, django_assert_max_num_queries
):
    url = reverse("standings", args=[tournament_played.slug])
    with django_assert_max_num_queries(STANDINGS_PAGE_QUERIES):
        first = client.get(url)
    with django_assert_max_num_queries(STANDINGS_PAGE_CACHED_QUERIES):
        again = client.get(url)
    names = [
        registration.player.last_name
        for registration in tournament_played.registrations.select_related("player")
    ]
    for response in (first, again):
        assert response.status_code == 200
        page = response.content.decode()
        assert all(name in page for name in names)


@pytest.mark.parametrize("which", ["confirmed", "in play"])
def test_session_dashboard_reads_a_fixed_number_of_queries(
    tournament_played, director_client, django_assert_max_num_queries, which
):
    number = tournament_played.played + (1 if which == "in play" else 0)
    url = reverse("session-dashboard", args=[tournament_played.slug, number])
    with django_assert_max_num_queries(DASHBOARD_QUERIES):
        response = director_client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    session = tournament_played.sessions.get(number=number)
    seated = session.seats.select_related("registration__player")
    assert len(seated) == tournament_played.registrations.count()
    assert all(seat.registration.player.full_name in page for seat in seated)
    state = "Playing: 2 hands entered" if which == "in play" else "Confirmed"
    assert page.count(f'<p class="table-state">{state}') == session.tables.count()


def test_the_live_version_and_an_unchanged_page_are_cheap(
    tournament_played, client, django_assert_max_num_queries
):
    live = reverse("live-version", args=[tournament_played.slug])
    with django_assert_max_num_queries(LIVE_VERSION_QUERIES):
        first = client.get(live)
    with django_assert_max_num_queries(LIVE_VERSION_QUERIES):
        again = client.get(live, HTTP_IF_NONE_MATCH=first["ETag"])
    assert first.status_code == 200 and again.status_code == 304
    url = reverse("standings", args=[tournament_played.slug])
    client.get(url)  # the phone gets its cookie, then the page with its ETag
    etag = client.get(url)["ETag"]
    with django_assert_max_num_queries(STANDINGS_PAGE_UNCHANGED_QUERIES):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_phones_polling_within_two_seconds_cost_a_cache_look_up(
    tournament_played, client, settings, django_assert_max_num_queries
):
    settings.DESK_LIVE_CACHE_SECONDS = 2
    live = reverse("live-version", args=[tournament_played.slug])
    etag = client.get(live)["ETag"]
    with django_assert_max_num_queries(LIVE_VERSION_CACHED_QUERIES):
        assert client.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 304
