"""The table's pages, driven like a referee's phone would: GET the page, POST the form."""

from django.urls import reverse

from scoring.models import Hand, Penalty
from tests.factories import build, page_fields


def link(table, name="table", **kwargs):
    return reverse(f"link:{name}", kwargs={"token": table.token, **kwargs})


def post_hand(client, table, **entry):
    page = client.get(link(table))
    return client.post(link(table), {**page_fields(page), "session": table.session.number, **entry})


def test_the_entry_page_shows_players_winds_and_the_form(client, table):
    page = client.get(link(table)).content.decode()
    for seat in table.seats.all():
        assert seat.registration.player.last_name in page
    assert "Hand 1 of 16, East round" in page
    assert 'name="outcome"' in page and 'name="fan"' in page and "Save hand 1" in page


def test_saving_a_hand_shows_the_changes_and_the_next_hand(client, table):
    response = post_hand(client, table, outcome="discard", winner="1", discarder="2", fan="9")
    assert response.status_code == 302
    page = client.get(response.url).content.decode()
    names = [table.seats.get(wind=w).registration.player.full_name for w in range(4)]
    assert f"Hand 1 saved: {names[0]} −8 · {names[1]} +33 · {names[2]} −17 · {names[3]} −8" in page
    assert "Hand 2 of 16, East round" in page and "Save hand 2" in page


def test_bad_input_keeps_what_was_typed(client, table):
    response = post_hand(client, table, outcome="discard", winner="1", discarder="1", fan="12")
    page = response.content.decode()
    assert response.status_code == 200
    assert "The discarder cannot be the winner" in page
    assert 'name="fan" value="12"' in page
    assert not Hand.objects.exists()


def test_a_stale_page_is_refused_and_shows_what_the_other_device_saved(client, table):
    stale = page_fields(client.get(link(table)))
    post_hand(client, table, outcome="self_drawn", winner="3", fan="8")
    response = client.post(link(table), {**stale, "session": "1", "outcome": "washout"})
    page = response.content.decode()
    assert response.status_code == 409
    assert "Another device saved to this table" in page
    winner = table.seats.get(wind=3).registration.player.full_name
    assert f"{winner} wins 8 fan self-drawn" in page
    assert Hand.objects.count() == 1
    # The form keeps the typed outcome and carries the new revision: saving again works.
    fresh = page_fields(response)
    assert fresh["revision"] == "1"


def test_a_page_made_stale_by_a_penalty_says_so(client, table, director_actor):
    from scoring.services.penalties import give_penalty

    stale = page_fields(client.get(link(table)))
    late = table.seats.get(wind=2).registration
    give_penalty(table.session, late, "late_arrival", actor=director_actor, table=table, minutes=7)
    response = client.post(link(table), {**stale, "session": "1", "outcome": "washout"})
    assert response.status_code == 409
    assert f"Penalty: Late arrival, {late.player.full_name} −10" in response.content.decode()
    assert not Hand.objects.exists()


def test_a_double_submit_saves_one_hand(client, table):
    fields = {**page_fields(client.get(link(table))), "session": "1", "outcome": "washout"}
    client.post(link(table), fields)
    second = client.post(link(table), fields, follow=True)
    assert "Hand 1 was already saved." in second.content.decode()
    assert Hand.objects.count() == 1


def test_correcting_a_hand_through_its_page(client, table):
    post_hand(client, table, outcome="discard", winner="1", discarder="2", fan="9")
    url = link(table, "correct", number=1)
    page = client.get(url)
    assert 'value="9"' in page.content.decode()  # the form shows what was saved
    response = client.post(
        url,
        {**page_fields(page), "session": "1", "outcome": "self_drawn", "winner": "1", "fan": "10"},
        follow=True,
    )
    assert "Hand 1 corrected (version 2)" in response.content.decode()
    history = client.get(link(table, "history")).content.decode()
    assert history.count("wins 9 fan") == 1 and history.count("wins 10 fan") == 1


def test_penalty_is_proposed_then_confirmed(client, table):
    registration = table.seats.get(wind=0).registration
    for points in (0, -5):
        data = {
            **page_fields(client.get(link(table, "penalty"))),
            "registration": registration.pk,
            "kind": "infraction",
            "infraction": "wrong_call",
        }
        proposal = client.post(link(table, "penalty"), data).content.decode()
        assert "Check, then confirm." in proposal and "Confirm the penalty" in proposal
        assert 'name="confirmed" value="True"' in proposal
        assert f"{points} points for the player" in proposal
        count = Penalty.objects.count()
        response = client.post(link(table, "penalty"), {**data, "confirmed": "True"})
        assert response.status_code == 302
        assert Penalty.objects.count() == count + 1
    assert list(Penalty.objects.values_list("points", flat=True).order_by("id")) == [0, -5]


def test_time_up_then_close_then_results(client, table):
    post_hand(client, table, outcome="self_drawn", winner="0", fan="8")
    revision = page_fields(client.get(link(table)))["revision"]
    client.post(link(table, "time-up"), {"revision": revision, "confirmed": "1"})
    page = client.get(link(table)).content.decode()
    assert "Time is up" in page and "Close the table" in page
    revision = page_fields(client.get(link(table)))["revision"]
    response = client.post(
        link(table, "close"), {"revision": revision, "confirmed": "1"}, follow=True
    )
    page = response.content.decode()
    assert "Table closed. Players: check your results below." in page
    assert "4.00" in page and page.count("1.00") == 3  # three tied second share 2+1+0


def test_riichi_hand_through_the_form(client, db):
    tournament = build(ruleset="riichi2016", slug="riichi")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    page = client.get(link(table)).content.decode()
    assert 'name="han_0"' in page and 'name="winners"' in page and 'name="riichi"' in page
    response = post_hand(
        client, table, outcome="ron", winners="2", discarder="1", han_2="3", fu_2="40", riichi="2"
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    hand = Hand.objects.get()
    assert hand.changes == (0, -5200, 5200, 0)  # riichi stake returned with the deposit
    assert (hand.han, hand.fu) == (3, 40)


def test_faentino_hand_through_the_form(client, db):
    tournament = build(ruleset="faentino", slug="faentino")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    # docs/rules.md §5.3 (Faentino "Simulazione di una mano"): E 16 with 1 double, S 32 with 1
    # double, W 8, N 40.
    response = post_hand(
        client,
        table,
        outcome="mahjong",
        winner="0",
        points_0="16",
        points_1="32",
        points_2="8",
        points_3="40",
        doubles_0="1",
        doubles_1="1",
        doubles_2="0",
        doubles_3="0",
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Hand.objects.get().changes == (420, -70, -220, -130)


def test_a_hand_from_an_old_page_of_a_closed_table_says_why(client, table, director_actor):
    """The referee's other phone still shows the form after the table closed."""
    from scoring.services.closing import close_table

    page = client.get(link(table))
    close_table(table, actor=director_actor)  # the director may close a table early
    response = client.post(
        link(table),
        {**page_fields(page), "session": 1, "outcome": "self_drawn", "winner": "0", "fan": "8"},
        follow=True,
    )
    assert "This table is closed. Only the director can reopen it." in response.content.decode()
    assert not Hand.objects.filter(table=table).exists()


def test_every_field_says_what_is_wrong(client, db):
    tournament = build(ruleset="faentino", slug="faentino-errors")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    response = post_hand(
        client,
        table,
        outcome="mahjong",
        winner="0",
        points_0="x16",
        points_1="32",
        points_2="8",
        points_3="40",
    )
    page = response.content.decode()
    assert response.status_code == 200 and "Enter a whole number." in page
    assert 'value="32"' in page and not Hand.objects.exists()


def test_a_typing_slip_in_the_fan_is_refused_with_a_message(client, table):
    response = post_hand(client, table, outcome="self_drawn", winner="0", fan="40000")
    page = response.content.decode()
    assert response.status_code == 200 and "Fan must be at most 500; got 40000" in page
    assert not Hand.objects.exists()


def test_a_seat_out_of_range_says_how_to_fix_it(client, table):
    response = post_hand(client, table, outcome="discard", winner="7", discarder="1", fan="9")
    assert (
        "There is no seat 7 at this table: tap one of the four players."
        in response.content.decode()
    )
    assert not Hand.objects.exists()
