"""The desk's clock is the database's (issue 20, point 3): a server process whose own clock is
an hour off still times the session, stamps closings and contacts, and judges "silent" and
"time is up" as every other process does."""

import datetime as dt
from unittest import mock

import pytest
from django.utils import timezone

from common.clock import database_now
from scoring import dashboard
from scoring.services import clock, contact
from tests.factories import build, close, mcr_entry, play, staff

HOUR, MINUTE = dt.timedelta(hours=1), dt.timedelta(minutes=1)


def process_clock_off_by(offset):
    """This process's clock (django.utils.timezone.now) `offset` away from the real time."""
    real = timezone.now
    return mock.patch("django.utils.timezone.now", lambda: real() + offset)


@pytest.mark.django_db
def test_the_database_clock_is_an_aware_utc_instant_of_now():
    now = database_now()
    assert now.tzinfo is not None and now.utcoffset() == dt.timedelta(0)
    assert abs(now - timezone.now()) < dt.timedelta(minutes=1)
    assert database_now() >= now


@pytest.mark.django_db
@pytest.mark.parametrize("offset", [HOUR, -HOUR])
def test_a_process_with_a_wrong_clock_times_the_session_right(director, offset):
    """Started by a process whose clock is an hour off, read by one whose clock is right (and
    the other way round): both see the whole session ahead."""
    session = build(slug="clocked").sessions.get(number=1)
    with process_clock_off_by(offset):
        session = clock.start_clock(session, actor=staff(director))
    state = clock.clock_state(session)
    assert state.running and state.remaining == pytest.approx(state.total, abs=60)
    assert abs(state.ends_at - database_now() - dt.timedelta(seconds=state.total)) < MINUTE
    with process_clock_off_by(-offset):
        assert clock.clock_state(session).remaining == pytest.approx(state.total, abs=60)
        session = clock.pause_clock(session, actor=staff(director))
    session = clock.resume_clock(session, actor=staff(director))
    assert session.clock_paused_seconds < 60


@pytest.mark.django_db
def test_closing_and_confirming_are_stamped_by_the_database(director):
    tournament = build(players=4, slug="stamped")
    session = tournament.sessions.get(number=1)
    table = session.tables.get()
    play(table, [mcr_entry(n) for n in range(1, 17)], staff(director))
    with process_clock_off_by(-HOUR):
        before = database_now()
        close(table, staff(director))
        table.refresh_from_db()
        assert before <= table.closed_at <= database_now()


@pytest.mark.django_db
def test_a_phone_heard_by_a_process_ahead_of_time_is_marked_once_every_20_s():
    table = build(slug="heard").sessions.get(number=1).tables.get(number=1)
    assert contact.heard_from(table)
    table.refresh_from_db()
    with process_clock_off_by(HOUR):
        # This process thinks the last mark is an hour old; the database knows it is fresh.
        assert not contact.heard_from(table)
    table.refresh_from_db()
    assert database_now() - table.last_contact_at < dt.timedelta(seconds=contact.CONTACT_EVERY)


@pytest.mark.django_db
def test_the_dashboard_judges_silence_by_the_database_clock():
    table = build(slug="silent").sessions.get(number=1).tables.get(number=1)
    table.last_contact_at = database_now() - dt.timedelta(minutes=7)
    with process_clock_off_by(-HOUR):  # by this process's clock the contact is in the future
        said = dashboard.contact(table)
    assert said["silent"] and "7 min" in said["text"]


@pytest.mark.django_db
def test_a_stale_page_is_told_what_another_process_saved_whatever_its_clock(director):
    """The page was built after hand 1; hand 2 and a penalty were saved by a process whose
    clock is an hour behind: the refusal of the page's save still lists both (by revision)."""
    from scoring.services.hands import record_hand
    from scoring.services.tables import StaleTable
    from tests.factories import penalize

    table = build(slug="stale").sessions.get(number=1).tables.get(number=1)
    actor = staff(director)
    play(table, [mcr_entry(1)], actor)
    table.refresh_from_db()
    page_revision = table.revision
    with process_clock_off_by(-HOUR):
        play(table, [mcr_entry(2)], actor)
        penalty = penalize(table, 1, "late_arrival", actor, minutes=3)
    with pytest.raises(StaleTable) as refused:
        record_hand(table, {"outcome": "washout"}, actor=actor, revision=page_revision)
    latest = refused.value.latest
    assert latest[0] == penalty and latest[1].number == 2 and len(latest) == 2


@pytest.mark.django_db
def test_hands_penalties_and_the_audit_trail_are_stamped_by_the_database(director):
    from scoring.models import AuditEntry
    from tests.factories import penalize

    table = build(slug="stamps").sessions.get(number=1).tables.get(number=1)
    actor = staff(director)
    before = database_now()
    with process_clock_off_by(-HOUR):
        play(table, [mcr_entry(1)], actor)
        penalty = penalize(table, 1, "late_arrival", actor, minutes=3)
    after = database_now()
    hand = table.hands.get()
    assert before <= hand.entered_at <= after
    assert before <= penalty.given_at <= after  # read back on insert, not left to the database
    assert all(before <= entry.at <= after for entry in AuditEntry.objects.filter(table=table))
