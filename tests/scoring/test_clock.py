"""The session clock: start, pause, extend; time up stops entry after the current hand."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.access import Actor
from scoring.services import clock
from scoring.services.hands import record_hand
from scoring.services.tables import TableError
from tests.factories import build


def test_clock_arithmetic(cup, director):
    actor = Actor(user=director)
    session = cup.sessions.get(number=1)
    state = clock.clock_state(session)
    assert (state.started, state.remaining) == (False, 120 * 60)
    session = clock.start_clock(session, actor=actor)
    session.clock_started_at -= dt.timedelta(minutes=30)
    session.save()
    assert clock.clock_state(session).remaining == pytest.approx(90 * 60, abs=2)
    session = clock.pause_clock(session, actor=actor)
    session.clock_paused_at -= dt.timedelta(minutes=10)
    session.save()
    session = clock.resume_clock(session, actor=actor)
    assert clock.clock_state(session).remaining == pytest.approx(100 * 60, abs=2)
    session = clock.extend_clock(session, 5, actor=actor)
    table = session.tables.first()
    clock.extend_clock(session, 3, actor=actor, table=table)
    table.refresh_from_db()
    session.refresh_from_db()
    assert clock.clock_state(session).remaining == pytest.approx(105 * 60, abs=2)
    assert clock.clock_state(session, table).remaining == pytest.approx(108 * 60, abs=2)


def test_the_clock_of_a_session_dropped_meanwhile_is_refused(director):
    """A session removed (fewer sessions) while a clock action waited for its locks: a message,
    nothing written (not an error page)."""
    from tournament.models import Session, Tournament
    from tournament.services.tournaments import sync_sessions

    tournament = build(players=4, sessions=1, slug="dropped")
    Tournament.objects.filter(pk=tournament.pk).update(session_count=2)
    tournament.refresh_from_db()
    sync_sessions(tournament)
    second = tournament.sessions.get(number=2)
    Session.objects.filter(pk=second.pk).delete()
    with pytest.raises(TableError, match="This session no longer exists"):
        clock.start_clock(second, actor=Actor(user=director))
    assert not Session.objects.filter(pk=second.pk).exists()


def test_minutes_for_a_table_of_another_session_are_refused(cup, director):
    table = build(players=4, sessions=1, slug="elsewhere").sessions.get().tables.get()
    with pytest.raises(TableError, match="not in this session"):
        clock.extend_clock(cup.sessions.get(number=1), 3, actor=Actor(user=director), table=table)
    table.refresh_from_db()
    assert table.extra_minutes == 0


def test_only_the_director_runs_the_clock(cup, link_actor):
    with pytest.raises(TableError, match="Only the director"):
        clock.start_clock(cup.sessions.get(number=1), actor=link_actor)


def test_time_up_stops_entry_after_the_current_hand(cup, director, link_actor):
    session = cup.sessions.get(number=1)
    session.clock_started_at = timezone.now() - dt.timedelta(minutes=121)
    session.save()
    table = session.tables.first()
    record_hand(table, {"outcome": "washout"}, actor=link_actor, revision=0)
    table.refresh_from_db()
    assert table.time_up_at is not None and table.time_up_after_hand == 0
    with pytest.raises(TableError, match="Time is up"):
        record_hand(table, {"outcome": "washout"}, actor=link_actor, revision=table.revision)


def test_clock_buttons_on_the_dashboard(director_client, cup):
    url = reverse("session-clock", args=[cup.slug, 1])
    director_client.post(url, {"action": "start"})
    session = cup.sessions.get(number=1)
    assert session.clock_started_at is not None and session.status == "running"
    table = session.tables.first()
    director_client.post(url, {"action": "extend", "minutes": "5", "table": table.pk})
    table.refresh_from_db()
    assert table.extra_minutes == 5
    director_client.post(url, {"action": "extend", "minutes": "12"})  # every table
    table.refresh_from_db()
    assert (
        table.extra_minutes == 5
        and session.__class__.objects.get(pk=session.pk).clock_extra_minutes == 12
    )
    page = director_client.get(reverse("session-dashboard", args=[cup.slug, 1])).content
    assert b"data-remaining" in page and b'name="minutes" value="5"' in page
    table_page = director_client.get(reverse("account:table", args=[table.pk])).content
    assert b'id="time-banner"' in table_page
