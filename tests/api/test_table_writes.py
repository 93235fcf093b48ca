"""A table's writes through the API: the same hands, checks and messages as the pages."""

import html
import uuid

from django.urls import reverse

from scoring.access import Actor
from scoring.models import AuditEntry, Hand, Penalty
from scoring.services.closing import close_table
from scoring.services.hands import record_hand
from scoring.services.tables import snapshot
from tests.factories import client_with, mcr_entry, page_fields
from tournament.models import SessionStatus

ENTRY = {"outcome": "discard", "winner": 2, "discarder": 1, "fan": 12}


def url(table, suffix="hands/"):
    session = table.session
    base = f"/api/v1/tournaments/{session.tournament.slug}/sessions/{session.number}/"
    return f"{base}tables/{table.number}/{suffix}"


def post(client, table, body, suffix="hands/"):
    return client.post(url(table, suffix), body, format="json")


def write(table, **fields):
    table.refresh_from_db()
    return {"revision": table.revision, "submission": str(uuid.uuid4()), **ENTRY, **fields}


def test_a_hand_through_the_api_equals_the_same_hand_through_the_page(world, client):
    tables = world["table"].session.tables
    on_page, by_api = tables.get(number=3), tables.get(number=4)
    page = reverse("link:table", kwargs={"token": on_page.token})
    data = {**page_fields(client.get(page)), "session": "2", **ENTRY}
    assert client.post(page, data).status_code == 302
    response = post(client_with(f"Table {by_api.token}"), by_api, write(by_api))
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "saved"
    assert response.json()["revision"] == 1
    first, second = snapshot(on_page), snapshot(by_api)
    assert first.totals == second.totals != (0, 0, 0, 0)
    page_hand, api_hand = Hand.objects.get(table=on_page), Hand.objects.get(table=by_api)
    assert page_hand.entry == api_hand.entry
    assert list(page_hand.changes) == list(api_hand.changes)
    assert api_hand.entered_via == "API table link"


def test_a_stale_revision_is_409_with_the_current_revision(world):
    table, api = world["table"], world["clients"]["table link"]
    body = write(table, revision=0)
    response = post(api, table, body)
    assert response.status_code == 409
    assert response.json()["revision"] == table.revision == 1
    assert response.json()["latest"]
    assert Hand.objects.filter(table=table).count() == 1


def test_a_repeated_submission_answers_the_first_result_and_saves_no_second_hand(world):
    table, api = world["table"], world["clients"]["referee"]
    body = write(table)
    first = post(api, table, body)
    again = post(api, table, body)
    assert first.status_code == 201
    assert again.status_code == 200
    assert again.json()["status"] == "duplicate"
    assert again.json()["hand"] == first.json()["hand"] == 2
    assert again.json()["revision"] == first.json()["revision"]
    assert Hand.objects.filter(table=table).count() == 2
    hand = Hand.objects.get(table=table, number=2)
    assert hand.entered_by == world["referee"]
    assert hand.entered_via == "API token ref"


def test_a_write_without_a_submission_id_is_refused(world):
    table = world["table"]
    body = write(table)
    del body["submission"]
    response = post(world["clients"]["table link"], table, body)
    assert response.status_code == 400
    assert "submission" in response.json()["errors"]
    assert Hand.objects.filter(table=table).count() == 1


def test_the_form_refuses_with_the_pages_message(world, client):
    table = world["table"]
    response = post(world["clients"]["table link"], table, write(table, winner=7))
    assert response.status_code == 400
    message = response.json()["errors"]["winner"][0]
    assert "There is no seat 7 at this table" in message
    page = reverse("link:table", kwargs={"token": table.token})
    data = {**page_fields(client.get(page)), "session": "2", **ENTRY, "winner": 7}
    assert message in html.unescape(client.post(page, data).content.decode())


def test_the_rules_refuse_with_the_pages_message(world):
    table = world["table"]
    response = post(world["clients"]["table link"], table, write(table, fan=2))
    assert response.status_code == 400
    assert response.json()["detail"] == "Fan must be at least 8; got 2"
    assert response.json()["errors"] == {"__all__": ["Fan must be at least 8; got 2"]}


def test_a_correction_is_a_new_version(world):
    table, api = world["table"], world["clients"]["director A"]
    response = post(api, table, write(table, outcome="self_drawn", winner=0, fan=8), "hands/1/")
    assert response.status_code == 200, response.content
    assert Hand.objects.filter(table=table, number=1).count() == 2
    assert Hand.objects.current().get(table=table, number=1).outcome == "self_drawn"


def test_a_penalty_is_given_once(world):
    table, api = world["table"], world["clients"]["referee"]
    player = table.seats.get(wind=0).registration
    body = {**write(table), "registration": player.number, "kind": "late_arrival", "minutes": 3}
    first = post(api, table, body, "penalties/")
    again = post(api, table, body, "penalties/")
    assert first.status_code == 201, first.content
    assert again.json()["status"] == "duplicate"
    assert Penalty.objects.filter(table=table).count() == 1
    assert Penalty.objects.get(table=table).registration == player


def test_a_penalty_for_a_player_of_another_table_is_refused(world):
    table, other = world["table"], world["other"]
    stranger = other.seats.get(wind=0).registration
    body = {**write(table), "registration": stranger.number, "kind": "late_arrival", "minutes": 3}
    response = post(world["clients"]["table link"], table, body, "penalties/")
    assert response.status_code == 400
    assert "registration" in response.json()["errors"]
    assert not Penalty.objects.filter(table=table).exists()


def test_a_referee_writes_only_while_the_session_is_being_played(world):
    table = world["table"]
    table.session.tournament.sessions.filter(number=2).update(status=SessionStatus.SEATED)
    response = post(world["clients"]["referee"], table, write(table))
    assert response.status_code == 403
    assert "has not started yet" in response.json()["detail"]
    assert Hand.objects.filter(table=table).count() == 1
    # the director may, as on the page
    assert post(world["clients"]["director A"], table, write(table)).status_code == 201


def test_a_closed_table_takes_no_hand(world):
    table = world["table"]
    actor = Actor(user=world["director"], director=True)
    for number in range(2, 17):
        table.refresh_from_db()
        record_hand(table, mcr_entry(number), actor=actor, revision=table.revision)
    close_table(table, actor=actor)
    response = post(world["clients"]["table link"], table, write(table))
    # the link of a closed table still finds it (its session is open); the write is refused
    assert response.status_code == 403
    assert "closed" in response.json()["detail"]


def test_writes_are_in_the_audit_trail_with_the_token(world):
    table = world["table"]
    post(world["clients"]["director A"], table, write(table))
    entry = AuditEntry.objects.filter(table=table).order_by("-id").first()
    assert entry.via == "API token A"


def test_a_submission_id_used_at_another_table_is_refused_not_a_500(world):
    """One-time ids are unique over the desk: reusing one at another table (a hand, fresh or
    stale, a correction, a penalty) saves nothing there and says so (400), never a 500 nor the
    database's own error."""
    table, other = world["table"], world["other"]
    mine = world["clients"]["table link"]
    theirs = world["clients"]["referee of another table"]
    url = "/api/v1/tournaments/alpha/sessions/2/tables/{}/{}"
    table.refresh_from_db()
    hand_id, penalty_id = str(uuid.uuid4()), str(uuid.uuid4())
    body = {"outcome": "washout", "revision": table.revision, "submission": hand_id}
    assert mine.post(url.format(table.number, "hands/"), body, format="json").status_code == 201
    table.refresh_from_db()
    player = table.seats.order_by("wind").first().registration.number
    penalty = {
        "registration": player,
        "kind": "late_arrival",
        "minutes": 3,
        "revision": table.revision,
    }
    given = mine.post(
        url.format(table.number, "penalties/"),
        {**penalty, "submission": penalty_id},
        format="json",
    )
    assert given.status_code == 201, given.content
    other.refresh_from_db()
    before = other.revision
    theirs.post(  # a hand 1 to correct at the other table
        url.format(other.number, "hands/"),
        {"outcome": "washout", "revision": before, "submission": str(uuid.uuid4())},
        format="json",
    )
    other.refresh_from_db()
    before = other.revision
    their_player = other.seats.order_by("wind").first().registration.number
    attempts = [
        ("hands/", {**body, "revision": before}),
        ("hands/", {**body, "revision": 0}),  # stale too
        ("hands/1/", {**body, "revision": before}),
        (
            "penalties/",
            {**penalty, "registration": their_player, "revision": before, "submission": penalty_id},
        ),
    ]
    for path, attempt in attempts:
        answer = theirs.post(url.format(other.number, path), attempt, format="json")
        assert answer.status_code == 400, (path, answer.content)
        assert "one-time id was used for another save" in answer.json()["detail"], path
    other.refresh_from_db()
    assert other.revision == before
