"""Issue 31, point 2: "Time is up" asks first and can be taken back.

One tap used to end a table's play with no question and no way back ("+5 min" and Reopen left
the time call as it was). Now: the referee's "Time is up" asks (a dialog; without JavaScript
the POST shows a confirm page and changes nothing); the director takes it back on the
dashboard (one transaction, in the audit trail, in words in both languages), or adds minutes,
which lets play go on wherever the table's clock has time left again; reopening a closed table
keeps the time call and says how to take it back."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.access import Actor
from scoring.audit_words import describe_audit
from scoring.models import AuditAction, AuditEntry
from scoring.services import closing, consequences, time_up
from scoring.services.hands import record_hand
from scoring.services.tables import TableError, snapshot
from tests.factories import page_fields, play

LINK = Actor(via="table link")


def link(table, name="table"):
    return reverse(f"link:{name}", kwargs={"token": table.token})


def dashboard_url(table, name, *extra):
    session = table.session
    return reverse(name, args=[session.tournament.slug, session.number, *extra])


def washouts(count):
    return [{"outcome": "washout"}] * count


def test_time_is_up_asks_first_and_changes_nothing_until_confirmed(client, table):
    play(table, washouts(3), LINK)
    page = client.get(link(table)).content.decode()
    # the button asks in the page's dialog: its form carries the consequence
    assert 'data-confirm="Time is up at table 1: hand 4, the one being played, is its last.' in page
    revision = page_fields(client.get(link(table)))["revision"]
    asked = client.post(link(table, "time-up"), {"revision": revision})
    assert asked.status_code == 200  # the confirm page, without JavaScript
    text = asked.content.decode()
    assert "Is time up at table 1?" in text and 'name="confirmed" value="1"' in text
    assert "Only the director can take it back." in text
    table.refresh_from_db()
    assert table.time_up_at is None
    # the same address opened (GET) asks too
    assert "Is time up at table 1?" in client.get(link(table, "time-up")).content.decode()
    done = client.post(link(table, "time-up"), {"revision": revision, "confirmed": "1"})
    assert done.status_code == 302
    table.refresh_from_db()
    assert table.time_up_at is not None and table.time_up_after_hand == 3
    entry = AuditEntry.objects.get(action=AuditAction.TIME_UP)
    assert describe_audit(entry) == ("Time called after hand 3: the hand being played is the last.")


def test_the_director_takes_it_back_and_play_goes_on(client, table, director, director_actor):
    play(table, washouts(2), LINK)
    table.refresh_from_db()
    closing.call_time(table, actor=director_actor, revision=table.revision)
    play(table, washouts(1), LINK)  # the last hand
    assert snapshot(table).session_over
    with pytest.raises(TableError, match="Time is up"):
        play(table, washouts(1), LINK)
    client.force_login(director)
    dashboard = client.get(dashboard_url(table, "session-dashboard")).content.decode()
    resume = dashboard_url(table, "table-resume", table.pk)
    assert f'action="{resume}"' in dashboard and "Take back “Time is up”" in dashboard
    response = client.post(resume, follow=True)
    assert "“Time is up” taken back at Table 1: play goes on there." in response.content.decode()
    table.refresh_from_db()
    assert table.time_up_at is None and table.time_up_after_hand is None
    entry = AuditEntry.objects.get(action=AuditAction.TIME_RESUMED)
    assert entry.user == director and entry.table == table
    assert describe_audit(entry) == (
        "“Time is up” taken back: play goes on after hand 3 (time was called after hand 2)."
    )
    with translation.override("it"):
        assert describe_audit(entry) == (
            "“Tempo scaduto” annullato: il gioco continua dopo la mano 3 (il tempo era "
            "stato chiamato dopo la mano 2)."
        )
    # the referee's page says so, and takes the next hands
    client.logout()
    page = client.get(link(table)).content.decode()
    assert "The director took back “Time is up”: play goes on at this table." in page
    assert "the last one" not in page
    play(table, washouts(2), LINK)
    assert snapshot(table).hands_played == 5


def test_only_the_director_takes_it_back(client, table, link_actor):
    closing.call_time(table, actor=link_actor, revision=0)
    with pytest.raises(TableError, match="Only the director"):
        time_up.take_back_time_up(table, actor=link_actor)
    table.refresh_from_db()
    assert table.time_up_at is not None
    assert client.post(dashboard_url(table, "table-resume", table.pk)).status_code in (
        302,
        403,
    )
    table.refresh_from_db()
    assert table.time_up_at is not None


def run_out(table, minutes_over):
    """The session clock started long ago: `minutes_over` past the session's time."""
    session = table.session
    total = session.tournament.session_minutes
    session.clock_started_at = session.clock_started_at or dt.datetime.now(dt.UTC)
    session.clock_started_at -= dt.timedelta(minutes=total + minutes_over)
    session.save(update_fields=["clock_started_at"])


def test_minutes_added_let_play_go_on_where_the_clock_has_time_again(
    client, cup, director, director_actor
):
    session = cup.sessions.get(number=1)
    first, second = session.tables.get(number=1), session.tables.get(number=2)
    run_out(first, minutes_over=2)
    play(first, washouts(1), LINK)  # the clock ran out: this hand was the last
    play(second, washouts(1), LINK)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.time_up_after_hand == 0 and second.time_up_after_hand == 0
    clock_entry = AuditEntry.objects.filter(action=AuditAction.TIME_UP).first()
    assert describe_audit(clock_entry).startswith("The clock ran out after hand 0")
    client.force_login(director)
    clock_url = dashboard_url(first, "session-clock")
    answer = client.post(
        clock_url, {"action": "extend", "minutes": "5", "table": first.pk}, follow=True
    ).content.decode()
    assert "5 minutes added for Table 1. Time had been called; play goes on at table(s) 1." in (
        answer
    )
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.time_up_at is None and second.time_up_at is not None  # only table 1 got time
    play(first, washouts(3), LINK)  # plays on
    assert snapshot(first).hands_played == 4
    # a minute for every table: the clock is still over, so time stays called at table 2
    client.post(clock_url, {"action": "extend", "minutes": "1"})
    second.refresh_from_db()
    assert second.time_up_at is not None
    # taking it back while the table's clock is over is refused with what to do instead
    with pytest.raises(TableError, match=r"\+5 min"):
        time_up.take_back_time_up(second, actor=director_actor)
    client.post(clock_url, {"action": "extend", "minutes": "10"})
    second.refresh_from_db()
    assert second.time_up_at is None
    assert AuditEntry.objects.filter(action=AuditAction.TIME_RESUMED).count() == 2


def test_reopen_keeps_the_time_call_and_says_how_to_take_it_back(table, director_actor):
    play(table, washouts(2), LINK)
    table.refresh_from_db()
    closing.call_time(table, actor=director_actor, revision=table.revision)
    closing.close_table(table, actor=director_actor)
    table.refresh_from_db()
    text = consequences.reopen_table(table)
    assert "Time was called at this table after hand 2 and stays called" in text
    closing.reopen_table(table, actor=director_actor)
    table.refresh_from_db()
    assert table.time_up_at is not None  # reopening is for corrections
    time_up.take_back_time_up(table, actor=director_actor)
    table.refresh_from_db()
    record_hand(table, {"outcome": "washout"}, actor=director_actor, revision=table.revision)
    assert snapshot(table).hands_played == 3


def test_a_closed_table_is_reopened_before_its_time_call_is_taken_back(table, director_actor):
    table.refresh_from_db()
    closing.call_time(table, actor=director_actor, revision=table.revision)
    closing.close_table(table, actor=director_actor)
    with pytest.raises(TableError, match="reopen it first"):
        time_up.take_back_time_up(table, actor=director_actor)


def test_without_a_clock_minutes_for_every_table_leave_a_time_call_alone(
    client, table, director_actor
):
    """Time called by hand (no clock running) stays called when the director gives every table
    minutes; minutes given to that one table let it play on."""
    first, session = table, table.session
    assert session.clock_started_at is None
    page = client.get(link(first)).content.decode()
    revision = page_fields(client.get(link(first)))["revision"]
    client.post(link(first, "time-up"), {"revision": revision, "confirmed": "1"})
    first.refresh_from_db()
    assert first.time_up_at is not None, page[:200]
    _session, resumed = time_up.give_time(session, 5, actor=director_actor)
    first.refresh_from_db()
    assert resumed == [] and first.time_up_at is not None
    _session, resumed = time_up.give_time(session, 5, actor=director_actor, table=first)
    first.refresh_from_db()
    assert resumed == [1] and first.time_up_at is None
