"""FIMJ hands through the referee's page: a multiple win and a replayed hand (docs/rules.md §4.3,
§4.6), posted like a referee's phone would."""

from django.urls import reverse

from scoring.models import Hand
from tests.factories import build, page_fields


def link(table):
    return reverse("link:table", kwargs={"token": table.token})


def post_hand(client, table, **entry):
    page = client.get(link(table))
    return client.post(link(table), {**page_fields(page), "session": table.session.number, **entry})


def test_a_fimj_multiple_win_and_a_replayed_hand_through_the_form(client, db):
    tournament = build(ruleset="fimj", slug="fimj")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    page = client.get(link(table)).content.decode()
    assert 'value="multiple_win"' in page and 'name="winners"' in page
    assert 'name="limit_tier_1"' in page and 'value="replayed"' in page

    # South (100 points) and North (40) win on West's discard; East has 20, West 10; East is
    # seat 0 and pays and receives double, every amount rounded to 10 (docs/rules.md §4.6)
    response = post_hand(
        client,
        table,
        outcome="multiple_win",
        winners=["1", "3"],
        discarder="2",
        first_breach="0",  # East opened the first breach: the East round (docs/rules.md §4.3)
        points_0="20",
        points_1="100",
        points_2="10",
        points_3="40",
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    hand = Hand.objects.get()
    assert hand.changes == (-260, 300, -160, 120)
    assert (hand.outcome, hand.winner, hand.discarder) == ("multiple_win", 1, 2)
    assert hand.entry["winners"] == [1, 3]
    page = client.get(response.url).content.decode()
    names = [table.seats.get(wind=w).registration.player.full_name for w in range(4)]
    assert f"{names[1]}, {names[3]} wins 100 / 40 points on the discard of {names[2]}" in page

    # four identical winds: the hand is replayed, nothing is recorded and the deal stays with
    # South (the FIMJ deal passed after the multiple win)
    response = post_hand(client, table, outcome="replayed")
    assert response.status_code == 302, response.content.decode()[:3000]
    replayed = Hand.objects.get(number=2)
    assert replayed.changes == (0, 0, 0, 0) and replayed.winner is None
    page = client.get(response.url).content.decode()
    assert "Hand replayed" in page
    assert f"Hand 3, East round (1 of 4), East is {names[1]}" in page  # the player, not "seat 1"


def test_a_multiple_win_with_one_winner_is_refused_and_saves_nothing(client, db):
    tournament = build(ruleset="fimj", slug="fimj")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    response = post_hand(
        client,
        table,
        outcome="multiple_win",
        winners=["1"],
        discarder="2",
        points_1="40",
        first_breach="1",
    )
    assert response.status_code == 200
    assert "Winners needs between 2 and 3 seats" in response.content.decode()
    assert not Hand.objects.exists()
