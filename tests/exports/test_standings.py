"""Standings: order, shared places, movement, substitutes, disqualified players, pages."""

import copy
from fractions import Fraction

import pytest
from django.urls import reverse

from common import formatting
from scoring.access import Actor
from scoring.services.penalties import give_penalty
from scoring.standings.ranking import compute_standings
from tests.factories import build, play_session


def test_standings_order_by_table_points_then_score(played):
    standings = compute_standings(played)
    keys = [(row.table_points, row.score) for row in standings.rows]
    assert keys == sorted(keys, reverse=True)
    assert sum(row.table_points for row in standings.rows) == 2 * 4 * 7
    assert all(len(row.sessions) == 2 for row in standings.rows)


@pytest.fixture(scope="module")
def module_tied(module_db, module_director):
    with module_db():
        tournament = build(slug="tied")
        washouts = [{"outcome": "washout"}] * 16
        play_session(tournament, 1, Actor(user=module_director), entries=washouts)
        return tournament


@pytest.fixture
def tied(db, module_tied):
    """Every hand a washout: all 16 players tie on 1.75 table points and 0 points (built once
    for the module)."""
    return copy.deepcopy(module_tied)


def test_everybody_tied_shares_first_place(tied):
    standings = compute_standings(tied)
    assert {row.place_label for row in standings.rows} == {"=1"}
    assert {row.table_points for row in standings.rows} == {Fraction(7, 4)}


def test_a_penalty_breaks_the_tie_on_score(tied, director):
    # 1.75 table points each (the table already closed: the penalty does not change points),
    # then the total score, which includes penalties, separates the penalised player.
    table = tied.sessions.get(number=1).tables.first()
    registration = table.seats.get(wind=0).registration
    session = tied.sessions.get(number=1)
    from scoring.services import closing

    closing.reopen_table(table, actor=Actor(user=director))
    give_penalty(session, registration, "tile_not_shown", actor=Actor(user=director), table=table)
    closing.close_table(table, actor=Actor(user=director))
    closing.confirm_session(session, actor=Actor(user=director))
    rows = compute_standings(tied).rows
    last = rows[-1]
    assert last.registration == registration and last.place == 16 and last.place_label == "16"
    assert last.table_points == Fraction(0)  # -10 makes it the table's last place alone
    assert rows[0].place_label == "=1"


def _row(number, tp, score, hands_won, biggest):
    from types import SimpleNamespace

    from scoring.standings.ranking import SessionLine, StandingRow

    registration = SimpleNamespace(number=number, status="active", is_disqualified=False, pk=number)
    line = SessionLine(1, 1, 0, score, 1, Fraction(tp), Fraction(score), 0, hands_won, biggest)
    return StandingRow(registration, sessions={1: line})


def test_tie_breaks_are_applied_in_the_chosen_order():
    from scoring.standings.ranking import rank_rows

    rows = [
        _row(1, 3, 32, 1, 40),
        _row(2, 3, 32, 2, 10),
        _row(3, 3, 32, 2, 10),
        _row(4, 1, -64, 0, None),
    ]
    rank_rows(rows, ("table_points", "score"), [])
    assert [r.place_label for r in rows] == ["=1", "=1", "=1", "4"]
    rank_rows(rows, ("table_points", "score"), ["hands_won"])
    assert [r.place_label for r in rows] == ["3", "=1", "=1", "4"]
    rank_rows(rows, ("table_points", "score"), ["biggest_hand", "hands_won"])
    assert [r.place_label for r in rows] == ["1", "=2", "=2", "4"]


def test_tie_breaks_setting_is_used_by_the_standings(played):
    played.tie_breaks = ["hands_won"]
    played.save()
    keys = [
        (row.table_points, row.score, row.tie_break_value("hands_won"))
        for row in compute_standings(played).rows
    ]
    assert keys == sorted(keys, reverse=True)


def test_movement_since_the_previous_session(played):
    standings = compute_standings(played)
    after_one = {
        row.registration.pk: row.place for row in compute_standings(played, through=1).rows
    }
    for row in standings.rows:
        assert row.movement == after_one[row.registration.pk] - row.place


def test_substitutes_never_appear_and_disqualified_are_unranked(played, director):
    from tournament.services.registrations import register_player

    register_player(played, first_name="Sub", last_name="Stitute", is_substitute=True)
    registration = played.registrations.get(number=3)
    session = played.sessions.get(number=2)
    give_penalty(
        session, registration, "disqualification", actor=Actor(user=director), reason="Cheating"
    )
    rows = compute_standings(played).rows
    assert "Stitute" not in [row.player.last_name for row in rows]
    assert rows[-1].registration == registration and rows[-1].place is None
    assert len([row for row in rows if row.place]) == 15


def test_standings_page_shows_shared_places_and_session_columns(client, tied):
    page = client.get(reverse("standings", args=[tied.slug])).content.decode()
    assert page.count(">=1<") == 16
    assert "1.75" in page and "S1 TP" in page


def test_standings_after_a_session_and_sorting(client, played):
    url = reverse("standings-after", args=[played.slug, 1])
    assert client.get(url).status_code == 200
    assert client.get(reverse("standings-after", args=[played.slug, 3])).status_code == 404
    page = client.get(reverse("standings", args=[played.slug]), {"sort": "name"}).content
    players = sorted(
        (r.player for r in compute_standings(played).rows),
        key=lambda p: (p.last_name, p.first_name),
    )
    names = [p.full_name for p in players]
    text = page.decode()
    assert text.index(names[0]) < text.index(names[-1])


def test_italian_standings_use_decimal_commas(client, tied):
    client.cookies["django_language"] = "it"
    page = client.get(
        reverse("standings", args=[tied.slug]), HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert "1,75" in page and "1.75" not in page


def test_player_page(client, played):
    registration = played.registrations.get(number=1)
    page = client.get(reverse("player", args=[played.slug, 1])).content.decode()
    assert registration.player.full_name in page
    seat = registration.seats.get(session__number=1)
    for other in seat.table.seats.exclude(pk=seat.pk):
        assert other.registration.player.full_name in page
    result = registration.results.get(session__number=1)
    assert formatting.whole(result.score) in page  # a negative score with "−" (U+2212)


def test_the_cached_standings_follow_every_change(client, played, director):
    url = reverse("standings", args=[played.slug])

    def table(response):
        page = response.content.decode()
        return page[page.index("<table") : page.index("</table>")]

    assert table(client.get(url)) == table(client.get(url))  # the second from the cache
    player = played.registrations.get(number=2).player
    player.last_name = "Renamed"
    player.save()
    assert "Renamed" in client.get(url).content.decode()
    play_session(played, 3, Actor(user=director))
    assert "After session 3" in client.get(url).content.decode()
    registration = played.registrations.get(number=3)
    give_penalty(
        played.sessions.get(number=3),
        registration,
        "disqualification",
        actor=Actor(user=director),
        reason="Cheating",
    )
    assert "Disqualified" in client.get(url).content.decode()
