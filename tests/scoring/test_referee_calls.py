"""Issue 31, point 9: a referee call from the table.

The table's page has "Call a referee" (a dispute, a wrong count, a penalty, anything else, with
an optional note); the director's dashboard and the referee accounts' page show the open calls
with their table and how long they have waited (the database's clock); a referee takes a call
and closes it; every step is in the audit trail, in words, in Italian too. The same call
arrives through the phone's offline queue (answered by `scoring.referee.answers`) and is saved
once; the model's constraints hold one open call per table and the order of its instants."""

import datetime as dt
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import translation

from scoring.access import Actor
from scoring.audit_words import describe_audit
from scoring.calls import services
from scoring.models import AuditAction, AuditEntry, RefereeCall
from scoring.services.tables import TableError
from tests.factories import build, page_fields, play_session
from tournament.models import SessionStatus

QUEUED = {"HTTP_X_DESK_QUEUE": "1"}


@pytest.fixture
def cup(db):
    return build(slug="calls")


@pytest.fixture
def table(cup):
    return cup.sessions.get(number=1).tables.get(number=1)


@pytest.fixture
def referee(cup):
    """A referee account of the tournament: it referees table 2."""
    account = get_user_model().objects.create_user("floor-ref", password="x")
    cup.sessions.get(number=1).tables.get(number=2).referees.add(account)
    return account


def link(table, name="table"):
    return reverse(f"link:{name}", kwargs={"token": table.token})


def call_data(client, table, **fields):
    fields = {"kind": "dispute", "note": "wind of hand 3", **fields}
    return {**page_fields(client.get(link(table))), **fields}


def age(call, minutes):
    """The call was made `minutes` earlier (by the database's clock, as it was stamped)."""
    RefereeCall.objects.filter(pk=call.pk).update(
        made_at=F("made_at") - dt.timedelta(minutes=minutes)
    )


def test_the_table_calls_a_referee_from_its_page(client, table):
    page = client.get(link(table)).content.decode()
    assert "Call a referee" in page and 'data-queue="call"' in page
    for kind in ("Dispute", "Wrong count", "Penalty", "Other"):
        assert kind in page
    response = client.post(link(table, "call"), call_data(client, table), follow=True)
    text = response.content.decode()
    assert "A referee is called to Table 1 (Dispute)." in text
    call = RefereeCall.objects.get()
    assert (call.table, call.kind, call.note, call.made_via) == (
        table,
        "dispute",
        "wind of hand 3",
        "table link",
    )
    assert "A referee was called less than a minute ago (Dispute)." in text
    assert "Waiting for a referee to take the call." in text
    entry = AuditEntry.objects.get(action=AuditAction.CALL_MADE)
    assert entry.table == table
    assert describe_audit(entry) == "Referee called: Dispute · “wind of hand 3”"
    # one open call per table: a second one says the first is waiting
    again = client.post(link(table, "call"), call_data(client, table, kind="other"), follow=True)
    assert "A referee was already called to this table" in again.content.decode()
    assert RefereeCall.objects.count() == 1


def test_a_call_through_the_offline_queue_is_saved_once(client, table):
    data = call_data(client, table)
    first = client.post(link(table, "call"), data, **QUEUED)
    assert first.status_code == 200
    answer = first.json()
    assert answer["status"] == "saved" and answer["call"] == RefereeCall.objects.get().pk
    # a call changes no revision: the queue hands the next save the one it expects
    assert answer["revision"] == int(data["revision"])
    again = client.post(link(table, "call"), data, **QUEUED)
    assert again.json()["status"] == "duplicate" and again.json()["call"] == answer["call"]
    assert RefereeCall.objects.count() == 1
    without_id = {**data, "submission": ""}
    assert client.post(link(table, "call"), without_id, **QUEUED).status_code == 400
    # a queued hand chained after the call still saves with the revision the call answered
    hand = {**data, "submission": str(uuid.uuid4()), "session": "1", "outcome": "washout"}
    hand["revision"] = str(answer["revision"])
    saved = client.post(link(table), hand, **QUEUED)
    assert saved.json()["status"] == "saved"


def test_the_dashboard_and_the_referees_page_show_how_long_a_call_waits(
    client, cup, table, referee, director
):
    call = services.make_call(table, "wrong_count", actor=Actor(via="table link"))
    age(call, 4)
    client.force_login(director)
    dashboard = reverse("session-dashboard", args=[cup.slug, 1])
    page = client.get(dashboard).content.decode()
    assert "1 table is calling a referee" in page
    assert "Calling a referee (Wrong count) · 4 min" in page
    assert "called 4 min ago" in page
    client.force_login(referee)
    mine = client.get(reverse("referee-home")).content.decode()
    assert "Referee calls" in mine and "Table 1" in mine and "called 4 min ago" in mine
    # the referee takes it: the dashboard says who is on the way
    take = reverse("call-take", args=[call.pk])
    response = client.post(take, {"next": reverse("referee-home")}, follow=True)
    assert "You took the call of Table 1 (session 1): on your way." in response.content.decode()
    call.refresh_from_db()
    assert call.taken_by == referee and call.taken_at >= call.made_at
    taken = AuditEntry.objects.get(action=AuditAction.CALL_TAKEN)
    assert taken.user == referee
    assert describe_audit(taken) == "Wrong count: taken after 4 min"
    client.force_login(director)
    assert "taken by floor-ref" in client.get(dashboard).content.decode()
    table_page = client.get(link(table)).content.decode()
    assert "floor-ref is on the way." in table_page
    # it is closed with what was decided; the table may call again
    client.force_login(referee)
    close = reverse("call-close", args=[call.pk])
    client.post(close, {"outcome": "recounted: 24 fan", "next": dashboard})
    call.refresh_from_db()
    assert call.closed_by == referee and call.outcome == "recounted: 24 fan"
    closed = AuditEntry.objects.get(action=AuditAction.CALL_CLOSED)
    assert describe_audit(closed) == "Wrong count: closed after 4 min · “recounted: 24 fan”"
    with translation.override("it"):
        assert describe_audit(closed) == (
            "Conteggio sbagliato: chiusa dopo 4 min · “recounted: 24 fan”"
        )
    assert "No table is calling a referee." in client.get(reverse("referee-home")).content.decode()
    assert "Call a referee" in client.get(link(table)).content.decode()


def test_only_the_tournaments_referees_and_director_answer_calls(client, cup, table, referee):
    call = services.make_call(table, "penalty", actor=Actor(via="table link"))
    stranger = get_user_model().objects.create_user("stranger", password="x")
    client.force_login(stranger)
    client.post(reverse("call-take", args=[call.pk]))
    client.post(reverse("call-close", args=[call.pk]))
    call.refresh_from_db()
    assert call.taken_at is None and call.closed_at is None
    with pytest.raises(TableError, match="Only the director or a referee"):
        services.take_call(call, actor=Actor(via="table link"))
    # two referees: the second is told who took it
    services.take_call(call, actor=Actor(user=referee))
    other = get_user_model().objects.create_user("second-ref", password="x")
    cup.sessions.get(number=1).tables.get(number=3).referees.add(other)
    with pytest.raises(TableError, match="floor-ref already took the call of Table 1"):
        services.take_call(call, actor=Actor(user=other))
    services.close_call(call, actor=Actor(user=other))
    with pytest.raises(TableError, match="already closed"):
        services.close_call(call, actor=Actor(user=referee))


def test_a_call_closed_by_mistake_is_reopened_from_the_page(client, cup, table, referee, director):
    """Closing a call is one tap: it can be taken back for REOPEN_MINUTES, from the referee's page
    and the dashboard, and the trail says so; the table's page shows the call again."""
    call = services.make_call(table, "dispute", actor=Actor(via="table link"))
    services.take_call(call, actor=Actor(user=referee))
    client.force_login(referee)
    home = reverse("referee-home")
    client.post(reverse("call-close", args=[call.pk]), {"outcome": "sorted", "next": home})
    page = client.get(home).content.decode()
    assert "No table is calling a referee." in page
    assert "1 call closed in the last minutes" in page and "closed by floor-ref" in page
    reopen = reverse("call-reopen", args=[call.pk])
    assert f'action="{reopen}"' in page
    client.force_login(director)
    dashboard = reverse("session-dashboard", args=[cup.slug, 1])
    assert f'action="{reopen}"' in client.get(dashboard).content.decode()
    client.force_login(referee)
    response = client.post(reopen, {"next": home}, follow=True)
    text = response.content.decode()
    assert "The call of Table 1 (session 1) is open again." in text
    assert "No table is calling a referee." not in text and "called less than a minute ago" in text
    call.refresh_from_db()
    assert call.is_open and call.taken_by == referee and call.outcome == ""
    entry = AuditEntry.objects.get(action=AuditAction.CALL_REOPENED)
    assert entry.user == referee
    assert (
        describe_audit(entry) == "Dispute: reopened (closed by mistake) · was closed with “sorted”"
    )
    with translation.override("it"):
        assert describe_audit(entry).startswith("Contestazione: riaperta")
    assert "floor-ref is on the way." in client.get(link(table)).content.decode()
    # a second tap changes nothing
    client.post(reopen, {"next": home})
    assert AuditEntry.objects.filter(action=AuditAction.CALL_REOPENED).count() == 1


def test_a_call_is_reopened_only_by_its_answerers_in_time_and_while_the_table_waits(
    client, cup, table, referee, director
):
    call = services.make_call(table, "penalty", actor=Actor(via="table link"))
    services.close_call(call, actor=Actor(user=director))
    stranger = get_user_model().objects.create_user("stranger", password="x")
    client.force_login(stranger)
    client.post(reverse("call-reopen", args=[call.pk]))
    call.refresh_from_db()
    assert not call.is_open
    with pytest.raises(TableError, match="Only the director or a referee"):
        services.reopen_call(call, actor=Actor(via="table link"))
    # the table called again meanwhile: the new call is the one to answer
    again = services.make_call(table, "other", actor=Actor(via="table link"))
    with pytest.raises(TableError, match="has called a referee again since"):
        services.reopen_call(call, actor=Actor(user=referee))
    services.close_call(again, actor=Actor(user=referee))
    # too late: closed more than REOPEN_MINUTES ago, and no longer offered
    RefereeCall.objects.filter(pk=call.pk).update(
        made_at=F("made_at") - dt.timedelta(minutes=40),
        taken_at=F("taken_at") - dt.timedelta(minutes=40),
        closed_at=F("closed_at") - dt.timedelta(minutes=16),
    )
    call.refresh_from_db()
    with pytest.raises(TableError, match="more than 15 minutes ago"):
        services.reopen_call(call, actor=Actor(user=referee))
    client.force_login(referee)
    page = client.get(reverse("referee-home")).content.decode()
    assert reverse("call-reopen", args=[call.pk]) not in page
    assert reverse("call-reopen", args=[again.pk]) in page
    call.refresh_from_db()
    assert not call.is_open
    assert not AuditEntry.objects.filter(action=AuditAction.CALL_REOPENED).exists()


def test_no_reopen_is_offered_once_the_table_calls_again_or_the_session_is_confirmed(
    client, cup, table, referee, director
):
    """The button is offered only where reopening can succeed."""
    call = services.make_call(table, "dispute", actor=Actor(via="table link"))
    services.close_call(call, actor=Actor(user=director))
    reopen = reverse("call-reopen", args=[call.pk])
    dashboard = reverse("session-dashboard", args=[cup.slug, 1])
    client.force_login(director)
    assert reopen in client.get(dashboard).content.decode()
    again = services.make_call(table, "other", actor=Actor(via="table link"))
    assert reopen not in client.get(dashboard).content.decode()
    client.force_login(referee)
    assert reopen not in client.get(reverse("referee-home")).content.decode()
    services.close_call(again, actor=Actor(user=director))
    client.force_login(director)
    assert reopen in client.get(dashboard).content.decode()
    play_session(cup, 1, Actor(user=director), entries=[{"outcome": "washout"}])
    page = client.get(dashboard).content.decode()
    assert reopen not in page and reverse("call-reopen", args=[again.pk]) not in page


def test_a_confirmed_sessions_calls_stay_closed(cup, table, director):
    actor = Actor(user=director)
    call = services.make_call(table, "dispute", actor=Actor(via="table link"))
    services.close_call(call, actor=actor)
    play_session(cup, 1, actor, entries=[{"outcome": "washout"}])
    with pytest.raises(TableError, match="is confirmed"):
        services.reopen_call(call, actor=actor)


def test_a_call_needs_the_session_being_played(client, db):
    seated = build(slug="calls-seated", started=False)
    table = seated.sessions.get(number=1).tables.get(number=1)
    response = client.post(link(table, "call"), {"kind": "dispute", "revision": "0"})
    assert response.status_code == 403 and not RefereeCall.objects.exists()
    seated.sessions.filter(number=1).update(status=SessionStatus.RUNNING)
    table.refresh_from_db()
    services.make_call(table, "other", actor=Actor(via="table link"))
    assert RefereeCall.objects.count() == 1


def test_a_closed_table_may_call_but_a_confirmed_session_may_not(cup, table, director):
    actor = Actor(user=director)
    play_session(cup, 1, actor, entries=[{"outcome": "washout"}])
    table.refresh_from_db()
    with pytest.raises(TableError, match="not being played"):
        services.make_call(table, "dispute", actor=actor)


def test_the_constraints_hold_one_open_call_and_the_order_of_its_instants(table, director):
    call = services.make_call(table, "dispute", actor=Actor(via="table link"))
    with pytest.raises(IntegrityError), transaction.atomic():
        RefereeCall.objects.create(table=table, kind="other")
    with pytest.raises(IntegrityError), transaction.atomic():
        RefereeCall.objects.filter(pk=call.pk).update(closed_at=call.made_at)  # never taken
    with pytest.raises(IntegrityError), transaction.atomic():
        RefereeCall.objects.filter(pk=call.pk).update(
            taken_at=call.made_at - dt.timedelta(minutes=1)
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        RefereeCall.objects.filter(pk=call.pk).update(kind="coffee")
    services.close_call(call, actor=Actor(user=director))
    services.make_call(table, "other", actor=Actor(via="table link"))  # the next one
    assert RefereeCall.objects.open().count() == 1


def test_the_call_is_in_italian(client, table):
    client.cookies["django_language"] = "it"
    page = client.get(link(table)).content.decode()
    assert "Chiama un arbitro" in page
    for kind in ("Contestazione", "Conteggio sbagliato", "Penalità", "Altro"):
        assert kind in page
    text = client.post(link(table, "call"), call_data(client, table), follow=True)
    assert "È stato chiamato un arbitro al Tavolo 1 (Contestazione)." in text.content.decode()
