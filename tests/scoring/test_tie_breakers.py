"""The tie-breakers of the standings (issue 18, item 4; docs/rules.md §6.3): sum of session
scores, head-to-head among the players still tied, drawing lots with a recorded seed, in the
order the director sets, through the ranking, the settings page and the standings page."""

from fractions import Fraction
from types import SimpleNamespace

import pytest
from django.urls import reverse

from scoring.standings.ranking import SessionLine, StandingRow, compute_standings, rank_rows
from tournament.services.tournaments import update_scoring_options

FIELDS = ("table_points", "score")


def row(pk, *lines):
    """A standings row; each line is (session, table, place, table points, score)."""
    registration = SimpleNamespace(number=pk, status="active", is_disqualified=False, pk=pk)
    sessions = {
        number: SessionLine(
            number, table, 0, score, place, Fraction(tp), Fraction(score), 0, 0, None
        )
        for number, table, place, tp, score in lines
    }
    return StandingRow(registration, sessions=sessions)


def labels(rows):
    return [r.place_label for r in rows]


def test_head_to_head_orders_tied_players_who_met():
    # A and B are equal on table points and score; at table 2 of session 2, B finished ahead
    a = row(1, (1, 1, 1, 4, 10), (2, 2, 3, 1, -10))
    b = row(2, (1, 3, 3, 1, -10), (2, 2, 1, 4, 10))
    c = row(3, (1, 1, 4, 0, -30), (2, 4, 4, 0, -30))
    rank_rows([a, b, c], FIELDS, [])
    assert labels([a, b, c]) == ["=1", "=1", "3"]
    rank_rows([a, b, c], FIELDS, ["head_to_head"])
    assert labels([a, b, c]) == ["2", "1", "3"]


def test_head_to_head_leaves_players_who_never_met_tied():
    a = row(1, (1, 1, 1, 4, 10))
    b = row(2, (1, 2, 1, 4, 10))
    rank_rows([a, b], FIELDS, ["head_to_head"])
    assert labels([a, b]) == ["=1", "=1"]


def test_head_to_head_among_three_is_a_small_league():
    # all on 8 table points; A finished ahead of B (session 1) and of C (session 2); B and C
    # never shared a table
    a = row(1, (1, 1, 1, 4, 0), (2, 1, 1, 4, 0), (3, 5, 4, 0, 0))
    b = row(2, (1, 1, 2, 2, 0), (2, 3, 1, 4, 0), (3, 6, 3, 2, 0))
    c = row(3, (1, 3, 2, 2, 0), (2, 1, 2, 2, 0), (3, 2, 1, 4, 0))
    assert [r.table_points for r in (a, b, c)] == [8, 8, 8]
    rank_rows([a, b, c], ("table_points",), [])
    assert labels([a, b, c]) == ["=1", "=1", "=1"]
    rank_rows([a, b, c], ("table_points",), ["head_to_head"])
    assert labels([a, b, c]) == ["1", "=2", "=2"]


def test_sum_of_session_scores_and_the_chosen_order():
    a = row(1, (1, 1, 1, 4, 30), (2, 2, 2, 2, -20))
    b = row(2, (1, 3, 2, 2, 5), (2, 4, 1, 4, 5))
    assert (a.score, b.score) == (10, 10)
    rank_rows([a, b], ("table_points",), ["sum_of_scores"])
    assert labels([a, b]) == ["=1", "=1"]
    rank_rows([a, b], ("table_points",), ["sum_of_scores", "best_session"])
    assert labels([a, b]) == ["1", "2"]  # equal sums; A's best session (30) beats B's (5)


def test_drawing_lots_is_the_same_for_the_same_seed_and_breaks_every_tie():
    def drawn(seed):
        rows = [row(pk, (1, pk, 1, 4, 0)) for pk in range(1, 9)]
        rank_rows(rows, FIELDS, ["drawing_lots"], seed)
        return [r.place for r in rows]

    assert sorted(drawn(7)) == list(range(1, 9))  # nobody shares a place
    assert drawn(7) == drawn(7)
    assert drawn(7) != drawn(8)


@pytest.mark.django_db
def test_choosing_drawing_lots_records_a_seed_and_the_page_names_it(played, director, client):
    update_scoring_options(played, {}, tie_breaks=["head_to_head", "drawing_lots"])
    played.refresh_from_db()
    seed = played.lots_seed
    assert seed is not None
    update_scoring_options(played, {}, tie_breaks=["drawing_lots"])
    played.refresh_from_db()
    assert played.lots_seed == seed  # kept once drawn: the order stays reproducible
    standings = compute_standings(played)
    places = [r.place for r in standings.rows if r.place is not None]
    assert len(places) == len(set(places))  # lots leave no shared place
    client.force_login(director)
    page = client.get(reverse("standings", args=[played.slug])).content.decode()
    assert f"ordered by: Drawing lots (recorded seed); seed of the lots: {seed}." in page
    update_scoring_options(played, {}, tie_breaks=["head_to_head", "sum_of_scores"])
    page = client.get(reverse("standings", args=[played.slug])).content.decode()
    assert "ordered by: Head-to-head among the tied; Sum of session scores." in page
    assert "seed of the lots" not in page


@pytest.mark.django_db
def test_the_settings_page_takes_the_order_and_a_seed_to_reproduce(played, director, client):
    client.force_login(director)
    url = reverse("scoring-settings", args=[played.slug])
    form = client.get(url).context["form"]
    data = {name: field.initial for name, field in form.fields.items() if field.initial is not None}
    data.update(tie_break_1="sum_of_scores", tie_break_2="drawing_lots", lots_seed="123")
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    response = client.post(url, data)
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.tie_breaks == ["sum_of_scores", "drawing_lots"] and played.lots_seed == 123
    data["lots_seed"] = "-1"
    response = client.post(url, data)
    assert response.status_code == 200 and response.context["form"].errors["lots_seed"]
    played.refresh_from_db()
    assert played.lots_seed == 123


def test_lots_follow_the_player_number_so_a_restored_archive_draws_the_same():
    before = [row(pk, (1, pk, 1, 4, 0)) for pk in range(1, 7)]
    after = [row(pk, (1, pk, 1, 4, 0)) for pk in range(1, 7)]
    for moved in after:  # a restore gives new ids, the same player numbers
        moved.registration.pk += 1000
    rank_rows(before, FIELDS, ["drawing_lots"], 42)
    rank_rows(after, FIELDS, ["drawing_lots"], 42)
    assert [r.place for r in before] == [r.place for r in after]


def test_an_unknown_tie_breaker_code_breaks_no_tie_and_no_page():
    a, b = row(1, (1, 1, 1, 4, 0)), row(2, (1, 2, 1, 4, 0))
    rank_rows([a, b], FIELDS, ["no_such_code", "head_to_head"])
    assert labels([a, b]) == ["=1", "=1"]
