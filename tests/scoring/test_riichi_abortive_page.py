"""An EMA 2008 abortive draw through the referee's page: the dealer keeps the deal only when
entered as tenpai (docs/rules.md §3.5; EMA 2008 §3.4.12)."""

from django.urls import reverse

from scoring.models import Hand
from tests.factories import build, page_fields


def link(table):
    return reverse("link:table", kwargs={"token": table.token})


def post_hand(client, table, **entry):
    page = client.get(link(table))
    return client.post(link(table), {**page_fields(page), "session": table.session.number, **entry})


def test_abortive_draw_through_the_form_passes_the_deal_unless_the_dealer_is_tenpai(client, db):
    tournament = build(ruleset="riichi2008", slug="riichi")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    # the dealer (seat 0) is tenpai: East 1 again, with a counter
    response = post_hand(client, table, outcome="abortive_draw", tenpai=["0", "2"])
    assert response.status_code == 302, response.content.decode()[:3000]
    assert "East 1, 1 counters, 0 points in deposits" in client.get(response.url).content.decode()
    # nobody ticked: the page still sends the (empty) tenpai list, so the deal passes
    response = post_hand(client, table, outcome="abortive_draw", riichi=["3"])
    assert response.status_code == 302, response.content.decode()[:3000]
    hand = Hand.objects.get(number=2)
    assert hand.entry["tenpai"] == [] and hand.changes == (0, 0, 0, -1000)
    page = client.get(response.url).content.decode()
    assert "East 2, 2 counters, 1000 points in deposits" in page
