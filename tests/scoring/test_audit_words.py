"""Issue 14, point 8: the audit trail reads as sentences with the players' names, and a page
refused as stale lists only what was saved after it was built."""

from django.urls import reverse

from scoring.audit_words import describe_audit
from scoring.models import AuditEntry, Hand
from scoring.services.penalties import give_penalty
from tests.factories import page_fields


def link(table, name="table", **kwargs):
    return reverse(f"link:{name}", kwargs={"token": table.token, **kwargs})


def post_hand(client, table, **entry):
    page = client.get(link(table))
    return client.post(link(table), {**page_fields(page), "session": table.session.number, **entry})


def names(table):
    return [table.seats.get(wind=w).registration.player.full_name for w in range(4)]


def test_the_audit_trail_reads_in_words(client, table, director_actor):
    post_hand(client, table, outcome="discard", winner="1", discarder="2", fan="9")
    late = table.seats.get(wind=2).registration
    table.refresh_from_db()
    give_penalty(
        table.session,
        late,
        "late_arrival",
        actor=director_actor,
        table=table,
        revision=table.revision,
        minutes=7,
    )
    east, south, west, north = names(table)
    saved, penalty = AuditEntry.objects.order_by("id")
    assert describe_audit(saved) == (
        f"{south} won on {west}'s discard, 9 fan · "
        f"{east} −8 · {south} +33 · {west} −17 · {north} −8"
    )
    assert describe_audit(penalty) == f"{west}: Late arrival, −10"
    page = client.get(link(table, "history")).content.decode()
    assert f"{south} won on {west}&#x27;s discard, 9 fan" in page
    assert "winner 1" not in page and "discarder 2" not in page


def test_a_stale_page_lists_only_what_was_saved_meanwhile(client, table):
    post_hand(client, table, outcome="self_drawn", winner="0", fan="8")  # seen by the page
    stale = page_fields(client.get(link(table)))
    post_hand(client, table, outcome="self_drawn", winner="3", fan="12")  # saved meanwhile
    response = client.post(link(table), {**stale, "session": "1", "outcome": "washout"})
    page = response.content.decode()
    assert response.status_code == 409
    east, _south, _west, north = names(table)
    assert f"{north} wins 12 fan self-drawn" in page
    panel = page.split('class="form-errors stale"', 1)[1].split("</div>", 1)[0]
    assert f"{north} wins 12 fan self-drawn" in panel
    assert f"{east} wins 8 fan self-drawn" not in panel
    assert Hand.objects.count() == 2
