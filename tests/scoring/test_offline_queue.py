"""The desk's side of the phone's offline queue (issue 19): the JSON answers to a queued save
(header X-Desk-Queue), a penalty saved once per submission id, and what the dashboard shows of
each table's phone (last contact, saves it reports waiting; header X-Desk-Waiting)."""

import uuid
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring import dashboard
from scoring.models import Hand, Penalty
from scoring.services.contact import CONTACT_EVERY
from scoring.services.penalties import DuplicatePenalty, give_penalty
from scoring.services.tables import snapshot
from tests.factories import close, page_fields

QUEUED = {"HTTP_X_DESK_QUEUE": "1"}


def link(table, name="table", **kwargs):
    return reverse(f"link:{name}", kwargs={"token": table.token, **kwargs})


def queued_hand(client, table, fields, **entry):
    return client.post(link(table), {**fields, "session": "1", **entry}, **QUEUED)


def test_a_queued_hand_is_saved_and_answers_the_new_revision(client, table):
    fields = page_fields(client.get(link(table)))
    response = queued_hand(client, table, fields, outcome="self_drawn", winner="3", fan="8")
    assert response.status_code == 200
    answer = response.json()
    assert answer["status"] == "saved" and answer["hand"] == 1
    table.refresh_from_db()
    assert answer["revision"] == table.revision == int(fields["revision"]) + 1
    assert answer["message"].startswith("Hand 1 saved:")
    # the next queued hand, typed after it on the same phone, is sent with that revision
    second = {"revision": str(answer["revision"]), "submission": str(uuid.uuid4())}
    answer = queued_hand(client, table, second, outcome="washout").json()
    assert answer["status"] == "saved" and answer["hand"] == 2
    assert Hand.objects.filter(is_current=True).count() == 2


def test_a_queued_hand_sent_twice_is_saved_once(client, table):
    fields = page_fields(client.get(link(table)))
    first = queued_hand(client, table, fields, outcome="washout").json()
    again = queued_hand(client, table, fields, outcome="washout")
    assert again.status_code == 200
    assert again.json() == {
        "status": "duplicate",
        "message": "Hand 1 was already saved.",
        "revision": first["revision"],
        "hand": 1,
        "latest": [],
        "errors": {},
    }
    assert Hand.objects.count() == 1


def test_a_queued_hand_after_another_device_saved_is_stale(client, table):
    fields = page_fields(client.get(link(table)))
    other = Client()
    other_fields = page_fields(other.get(link(table)))
    queued_hand(other, table, other_fields, outcome="self_drawn", winner="3", fan="8")
    response = queued_hand(client, table, fields, outcome="washout")
    assert response.status_code == 409
    answer = response.json()
    winner = table.seats.get(wind=3).registration.player.full_name
    assert answer["status"] == "stale" and answer["hand"] is None
    assert answer["latest"] == [f"{winner} wins 8 fan self-drawn"]
    assert answer["revision"] == 1
    assert Hand.objects.count() == 1
    # "keep mine": the same hand with the fresh revision and a new id is saved after theirs
    keep = {"revision": str(answer["revision"]), "submission": str(uuid.uuid4())}
    assert queued_hand(client, table, keep, outcome="washout").json()["hand"] == 2


def test_a_lost_answer_then_another_device_still_makes_the_next_hand_a_conflict(client, table):
    """The phone's hand 1 reaches the desk but the answer is lost; another device saves hand 2;
    the phone sends hand 1 again (duplicate) and chains its own next hand on the revision that
    hand 1 produced, not on the table's revision now: the other device's hand is a conflict,
    never silently doubled."""
    fields = page_fields(client.get(link(table)))
    first = queued_hand(client, table, fields, outcome="washout").json()  # the answer is lost
    other = Client()
    queued_hand(other, table, page_fields(other.get(link(table))), outcome="washout")
    again = queued_hand(client, table, fields, outcome="washout").json()
    assert again["status"] == "duplicate" and again["revision"] == first["revision"]
    mine = {"revision": str(again["revision"]), "submission": str(uuid.uuid4())}
    response = queued_hand(client, table, mine, outcome="self_drawn", winner="3", fan="8")
    assert response.status_code == 409 and response.json()["status"] == "stale"
    assert Hand.objects.count() == 2


def test_a_hand_saved_before_the_table_closed_is_a_duplicate_not_refused(
    client, table, director_actor
):
    fields = page_fields(client.get(link(table)))
    queued_hand(client, table, fields, outcome="washout")  # saved; the answer is lost
    table.refresh_from_db()
    close(table, director_actor)
    answer = queued_hand(client, table, fields, outcome="washout").json()
    assert answer["status"] == "duplicate" and answer["hand"] == 1
    assert Hand.objects.count() == 1


def test_a_queued_save_without_its_one_time_id_is_refused(client, table):
    fields = page_fields(client.get(link(table)))
    fields.pop("submission")
    response = queued_hand(client, table, fields, outcome="washout")
    assert response.status_code == 400 and response.json()["status"] == "invalid"
    assert "one-time id" in response.json()["message"]
    assert not Hand.objects.exists()


def test_a_queued_hand_for_a_closed_table_is_refused(client, table, director_actor):
    fields = page_fields(client.get(link(table)))
    close(table, director_actor)
    response = queued_hand(client, table, fields, outcome="washout")
    assert response.status_code == 403
    answer = response.json()
    assert answer["status"] == "refused"
    assert "This table is closed" in answer["message"]
    assert not Hand.objects.exists()


def test_a_queued_hand_for_a_renewed_link_is_refused(client, table):
    fields = page_fields(client.get(link(table)))
    old = link(table)
    table.token = "renewed-" + uuid.uuid4().hex
    table.save(update_fields=["token"])
    response = client.post(old, {**fields, "session": "1", "outcome": "washout"}, **QUEUED)
    assert response.status_code == 403
    assert response.json()["status"] == "refused"
    assert "not valid" in response.json()["message"]


def test_an_invalid_queued_hand_says_why(client, table):
    fields = page_fields(client.get(link(table)))
    response = queued_hand(
        client, table, fields, outcome="discard", winner="1", discarder="1", fan="12"
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["status"] == "invalid"
    assert "The discarder cannot be the winner" in answer["message"]
    assert answer["errors"]
    missing = queued_hand(client, table, {"submission": str(uuid.uuid4())}, outcome="washout")
    assert missing.json()["status"] == "invalid" and "revision" in missing.json()["errors"]
    assert not Hand.objects.exists()


def test_without_the_header_the_pages_answer_as_before(client, table):
    fields = page_fields(client.get(link(table)))
    response = client.post(link(table), {**fields, "session": "1", "outcome": "washout"})
    assert response.status_code == 302


def test_queued_saves_keep_csrf(table):
    client = Client(enforce_csrf_checks=True)
    fields = page_fields(client.get(link(table)))
    refused = queued_hand(client, table, fields, outcome="washout")
    assert refused.status_code == 403 and not Hand.objects.exists()
    token = client.cookies["csrftoken"].value
    saved = client.post(
        link(table),
        {**fields, "session": "1", "outcome": "washout"},
        HTTP_X_CSRFTOKEN=token,
        **QUEUED,
    )
    assert saved.json()["status"] == "saved"


# -- a penalty is saved once ------------------------------------------------------------------


def penalty_fields(client, table, wind=0):
    registration = table.seats.get(wind=wind).registration
    return {
        **page_fields(client.get(link(table, "penalty"))),
        "registration": registration.pk,
        "kind": "late_arrival",
        "minutes": "3",
        "confirmed": "True",
    }


def test_a_queued_penalty_sent_twice_is_saved_once(client, table):
    data = penalty_fields(client, table)
    first = client.post(link(table, "penalty"), data, **QUEUED)
    assert first.json()["status"] == "saved"
    again = client.post(link(table, "penalty"), data, **QUEUED)
    assert again.json()["status"] == "duplicate"
    assert Penalty.objects.count() == 1
    assert str(Penalty.objects.get().submission) == data["submission"]


def test_a_queued_penalty_is_computed_when_it_arrives(client, table):
    data = {**penalty_fields(client, table), "confirmed": ""}
    assert client.post(link(table, "penalty"), data, **QUEUED).json()["status"] == "saved"
    assert Penalty.objects.get().points == -10


def test_a_penalty_form_posted_twice_saves_one(client, table):
    data = penalty_fields(client, table)
    client.post(link(table, "penalty"), data)
    response = client.post(link(table, "penalty"), data, follow=True)
    assert "This penalty was already saved" in response.content.decode()
    assert Penalty.objects.count() == 1


def test_give_penalty_knows_its_submission(table, link_actor):
    registration = table.seats.get(wind=1).registration
    submission = uuid.uuid4()
    first = give_penalty(
        table.session, registration, "late_arrival", actor=link_actor, table=table,
        minutes=2, submission=submission,
    )  # fmt: skip
    with pytest.raises(DuplicatePenalty) as raised:
        give_penalty(
            table.session, registration, "late_arrival", actor=link_actor, table=table,
            minutes=2, submission=submission,
        )  # fmt: skip
    assert raised.value.penalty == first
    assert Penalty.objects.count() == 1


def test_a_queued_correction_sent_twice_is_saved_once(client, table):
    fields = page_fields(client.get(link(table)))
    queued_hand(client, table, fields, outcome="self_drawn", winner="3", fan="8")
    data = {
        **page_fields(client.get(link(table, "correct", number=1))),
        "session": "1",
        "outcome": "washout",
    }
    first = client.post(link(table, "correct", number=1), data, **QUEUED).json()
    again = client.post(link(table, "correct", number=1), data, **QUEUED).json()
    assert (first["status"], again["status"]) == ("saved", "duplicate")
    assert Hand.objects.filter(number=1).count() == 2
    assert snapshot(table).totals == (0, 0, 0, 0)


# -- the table's phone on the dashboard -------------------------------------------------------


def test_a_request_from_the_link_marks_the_table_as_heard_from(client, table):
    assert table.last_contact_at is None
    before = timezone.now()
    client.get(link(table))
    table.refresh_from_db()
    assert table.last_contact_at >= before - timedelta(seconds=1)
    first = table.last_contact_at
    client.get(link(table))  # within CONTACT_EVERY seconds: no second write
    table.refresh_from_db()
    assert table.last_contact_at == first
    table.last_contact_at = first - timedelta(seconds=CONTACT_EVERY + 1)
    table.save(update_fields=["last_contact_at"])
    client.get(link(table))
    table.refresh_from_db()
    assert table.last_contact_at > first - timedelta(seconds=CONTACT_EVERY)


@pytest.mark.parametrize(
    ("header", "stored"),
    [("3", 3), ("0", 0), ("999", 999), ("1000", None), ("-1", None), ("2.5", None),
     ("abc", None), (" 7", 7), ("", None), ("١٢", None)],
)  # fmt: skip
def test_the_waiting_header_is_checked(client, table, header, stored):
    table.waiting_reported = 5
    table.save(update_fields=["waiting_reported"])
    client.get(link(table), HTTP_X_DESK_WAITING=header)
    table.refresh_from_db()
    assert table.waiting_reported == (5 if stored is None else stored)
    assert (table.waiting_reported_at is not None) == (stored is not None)


def test_the_director_opening_a_table_is_not_its_phone(director_client, table):
    director_client.get(reverse("account:table", kwargs={"table_id": table.pk}))
    table.refresh_from_db()
    assert table.last_contact_at is None


def test_the_dashboard_shows_each_tables_phone(director_client, cup, table):
    Client().get(link(table), HTTP_X_DESK_WAITING="2")
    other = cup.sessions.get(number=1).tables.get(number=2)
    other.last_contact_at = timezone.now() - timedelta(minutes=7, seconds=5)
    other.save(update_fields=["last_contact_at"])
    page = director_client.get(reverse("session-dashboard", args=[cup.slug, 1])).content.decode()
    assert "Last reached the desk just now" in page
    assert "its phone reports 2 saves waiting (just now)" in page
    assert "Silent for 7 min: walk to the table" in page
    assert page.count("is-silent") == 1
    assert "Its phone has not reached the desk yet" in page


def test_a_silent_table_is_flagged_only_while_its_session_is_played(table):
    now = timezone.now()
    table.last_contact_at = now - timedelta(seconds=dashboard.SILENT_AFTER + 1)
    table.hand_count = 0
    assert dashboard.contact(table, now)["silent"]
    table.last_contact_at = now - timedelta(seconds=dashboard.SILENT_AFTER - 10)
    assert not dashboard.contact(table, now)["silent"]
    table.last_contact_at = now - timedelta(hours=1)
    table.closed_at = now
    assert not dashboard.contact(table, now)["silent"]


def test_logging_out_clears_the_pages_kept_on_the_phone_not_the_queue(director_client):
    response = director_client.post(reverse("logout"))
    assert response["Clear-Site-Data"] == '"cache"'  # not "storage": the queue stays
    # Chromium keeps Cache Storage for that header: the next page empties it (forget_offline.js;
    # tests/browser/test_offline_logout.py)
    assert response.cookies["desk_forget_offline"].value == "1"
    page = director_client.get(response["Location"]).content.decode()
    assert "desk/forget_offline.js" in page


def test_a_queued_save_without_the_pin_is_held_and_tells_nothing_of_the_table(client, table):
    """A phone that lost the PIN's cookie: the save is held (the referee types the PIN and sends
    it again), the answer gives no revision, and the table is not marked as heard from."""
    tournament = table.session.tournament
    tournament.referee_pin = True
    tournament.save(update_fields=["referee_pin"])
    fields = {"revision": "0", "submission": str(uuid.uuid4())}
    response = queued_hand(client, table, fields, outcome="washout")
    answer = response.json()
    assert response.status_code == 403 and answer["status"] == "refused"
    assert answer["held"] is True and answer["revision"] is None
    table.refresh_from_db()
    assert table.last_contact_at is None and not Hand.objects.exists()


def test_the_phones_waits_for_the_desk_come_from_the_settings(client, table, settings):
    """How long the phone waits for an answer before it shows its own copy of a page (the
    service worker) and before it keeps a save to send later (the queue): the desk's settings."""
    settings.DESK_OFFLINE_PAGE_WAIT_MS = 1200
    settings.DESK_OFFLINE_SAVE_WAIT_MS = 4500
    page = client.get(link(table)).content.decode()
    assert 'data-save-wait="4500"' in page
    worker = client.get(reverse("link-service-worker")).content.decode()
    assert "const NETWORK_WAIT = 1200;" in worker
