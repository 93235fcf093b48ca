"""Who may read and write what: each role against each page and each write."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scoring import access
from scoring.access import Actor
from scoring.models import Hand
from scoring.services import closing
from tests.factories import build, mcr_entry, page_fields

TABLE_PAGES = ["table", "penalty", "history"]
TABLE_WRITES = ["table", "penalty", "time-up", "close", "void-last"]


@pytest.fixture
def tables(cup):
    session = cup.sessions.get(number=1)
    return session.tables.get(number=3), session.tables.get(number=4)


@pytest.fixture
def referee(tables):
    user = get_user_model().objects.create_user("ref3", password="x")
    tables[0].referees.add(user)
    client = Client()
    client.force_login(user)
    return client


def account_url(table, name="table"):
    return reverse(f"account:{name}", kwargs={"table_id": table.pk})


def link_url(table, name="table"):
    return reverse(f"link:{name}", kwargs={"token": table.token})


def director_urls(cup, table):
    slug, session = cup.slug, table.session.number
    return [
        reverse("session-dashboard", args=[slug, session]),
        reverse("session-penalties", args=[slug, session]),
        reverse("seat-substitute", args=[slug, session]),
        reverse("table-qr", args=[slug, session, table.pk]),
        reverse("player-audit", args=[slug, 1]),
        reverse("draw", args=[slug]),
        reverse("scoring-settings", args=[slug]),
        reverse("tournament-edit", args=[slug]),
    ]


def director_writes(cup, table):
    slug, session = cup.slug, table.session.number
    return [
        reverse("session-confirm", args=[slug, session]),
        reverse("table-reopen", args=[slug, session, table.pk]),
        reverse("table-renew-link", args=[slug, session, table.pk]),
        reverse("draw-publish", args=[slug]),
    ]


def test_a_link_opens_its_table_only(client, tables):
    mine, other = tables
    for name in TABLE_PAGES:
        assert client.get(link_url(mine, name)).status_code == 200
    # The link is the only credential: the other table's pages by id are refused...
    for name in TABLE_PAGES:
        assert client.get(account_url(other, name)).status_code == 403
    for name in TABLE_WRITES:
        assert client.post(account_url(other, name), {"revision": 0}).status_code == 403
    # ...and a made-up or altered link is unknown.
    assert client.get(link_url(mine).replace(mine.token, mine.token[:-1] + "x")).status_code == 404
    assert not Hand.objects.exists()


def test_a_link_reaches_no_director_page(client, cup, tables):
    client.get(link_url(tables[0]))
    for url in director_urls(cup, tables[0]):
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    for url in director_writes(cup, tables[0]):
        assert client.post(url).status_code == 302


def test_a_link_works_for_its_session_only(client, cup, tables, director):
    mine = tables[0]
    session = mine.session
    actor = Actor(user=director)
    for table in session.tables.all():
        for number in range(1, 17):
            table.refresh_from_db()
            from scoring.services.hands import record_hand

            record_hand(table, mcr_entry(number), actor=actor, revision=table.revision)
        closing.close_table(table, actor=actor)
    closing.confirm_session(session, actor=actor)
    from django.core.cache import cache

    cache.clear()
    page = client.get(link_url(mine))
    assert page.status_code == 404 and "which is over" in page.content.decode()
    assert client.post(link_url(mine), {"outcome": "washout"}).status_code == 404
    assert not cache.get(access._bad_token_key("127.0.0.1"))  # a real link is not a guess


def test_a_renewed_link_stops_working(client, cup, tables, director):
    mine = tables[0]
    old = link_url(mine)
    closing.renew_link(mine, actor=Actor(user=director))
    mine.refresh_from_db()
    assert client.get(old).status_code == 404
    assert client.get(link_url(mine)).status_code == 200


def test_a_referee_account_writes_only_to_its_tables(referee, cup, tables):
    mine, other = tables
    assert referee.get(account_url(mine)).status_code == 200
    page = referee.get(account_url(mine))
    response = referee.post(
        account_url(mine), {**page_fields(page), "session": 1, "outcome": "washout"}
    )
    assert response.status_code == 302
    assert Hand.objects.get().entered_by.username == "ref3"
    for name in TABLE_PAGES:
        assert referee.get(account_url(other, name)).status_code == 403
    assert referee.post(account_url(other), {"outcome": "washout"}).status_code == 403
    for url in director_urls(cup, mine):
        assert referee.get(url).status_code == 403
    for url in director_writes(cup, mine):
        assert referee.post(url).status_code == 403


def test_a_referee_of_another_tournament_has_no_access(referee, db):
    other_cup = build(slug="other")
    table = other_cup.sessions.get(number=1).tables.first()
    assert referee.get(account_url(table)).status_code == 403
    assert referee.post(account_url(table), {"outcome": "washout"}).status_code == 403
    assert referee.get(director_urls(other_cup, table)[0]).status_code == 403


def test_the_director_reaches_every_table_and_page(director_client, cup, tables):
    for table in tables:
        assert director_client.get(account_url(table)).status_code == 200
    for url in director_urls(cup, tables[0]):
        assert director_client.get(url).status_code == 200, url


def test_public_pages_refuse_writes(client, cup):
    for url in [reverse("home"), cup.get_absolute_url(), reverse("seating", args=[cup.slug, 1])]:
        assert client.get(url).status_code == 200
        assert client.post(url, {"x": 1}).status_code == 405


def test_csrf_is_enforced_on_table_writes(cup, tables):
    strict = Client(enforce_csrf_checks=True)
    page = strict.get(link_url(tables[0]))
    response = strict.post(
        link_url(tables[0]), {**page_fields(page), "session": 1, "outcome": "washout"}
    )
    assert response.status_code == 403
    assert not Hand.objects.exists()
    token = page.cookies["csrftoken"].value
    response = strict.post(
        link_url(tables[0]),
        {**page_fields(page), "session": 1, "outcome": "washout", "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302 and Hand.objects.count() == 1
