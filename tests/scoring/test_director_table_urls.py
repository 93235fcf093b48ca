"""A director's table URL names its session: a table id from another session is a 404, never
that other table (issue 13, point 8: /sessions/6/tables/<id of a session-1 table>/reopen/ used
to reopen the table and un-confirm session 1)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tournament.models import SessionStatus


@pytest.fixture
def confirmed(cup, director):
    """Session 1 with every table closed and confirmed (set directly: the URLs are the point)."""
    session = cup.sessions.get(number=1)
    session.tables.update(closed_at=timezone.now(), closed_by=director)
    cup.sessions.filter(pk=session.pk).update(status=SessionStatus.CONFIRMED)
    return session


def state(session):
    session.refresh_from_db()
    tables = session.tables.order_by("number")
    return session.status, [(t.closed_at is not None, t.token) for t in tables]


@pytest.mark.parametrize("name", ["table-reopen", "table-renew-link", "table-qr"])
def test_a_table_of_session_1_cannot_be_reached_through_another_session(
    cup, confirmed, director_client, name
):
    table = confirmed.tables.get(number=1)
    before = state(confirmed)
    for number in (2, 3):
        url = reverse(name, args=[cup.slug, number, table.pk])
        response = director_client.post(url) if name != "table-qr" else director_client.get(url)
        assert response.status_code == 404, (name, number)
    assert state(confirmed) == before
    assert state(confirmed)[0] == SessionStatus.CONFIRMED


def test_the_table_s_own_session_url_still_reopens_it(cup, confirmed, director_client):
    table = confirmed.tables.get(number=1)
    url = reverse("table-reopen", args=[cup.slug, 1, table.pk])
    assert director_client.post(url, {"confirmed": "1"}).status_code == 302
    table.refresh_from_db()
    confirmed.refresh_from_db()
    assert table.closed_at is None and confirmed.status == SessionStatus.RUNNING
    qr = director_client.get(reverse("table-qr", args=[cup.slug, 1, table.pk]))
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"
