"""Stage standings (issue 18, item 2; docs/rules.md §9.2, §9.4): the finalists' carried totals
(full, half, reset), the final ranking (finalists by their final-stage totals, then the others by
the qualifying standings), and the stage of each row."""

import copy
from fractions import Fraction

import pytest

from draw.writing import write_draw
from scoring.access import Actor
from scoring.stages.services import make_cut
from scoring.standings.ranking import compute_standings
from scoring.standings.stages import Carried, carried, half
from tests.factories import build, play_session, qualify, staged
from tournament.models import Tournament


@pytest.fixture
def actor(director):
    return Actor(user=director)


@pytest.fixture(scope="module")
def module_qualified(module_db, module_director):
    with module_db():
        return qualify(staged("qualified"), Actor(user=module_director))


@pytest.fixture
def qualified(db, module_qualified):
    """`staged()` with its qualifying sessions played, built once for the module: each call
    gives this test's copy, with the carry it asks for."""

    def with_carry(carry="full"):
        tournament = copy.deepcopy(module_qualified)
        Tournament.objects.filter(pk=tournament.pk).update(final_carry=carry)
        tournament.refresh_from_db()
        return tournament

    return with_carry


def test_halving_keeps_whole_numbers_whole():
    assert half(40) == 20 and isinstance(half(40), int)
    assert half(-7) == Fraction(-7, 2)
    assert half(Fraction(9, 2)) == Fraction(9, 4)
    assert half(None) is None


@pytest.mark.parametrize(
    ("carry", "expected"),
    [
        ("full", Carried(Fraction(9), 41, Fraction(41))),
        ("half", Carried(Fraction(9, 2), Fraction(41, 2), Fraction(41, 2))),
        ("reset", Carried(Fraction(0), 0, Fraction(0))),
    ],
)
def test_carry_settings(carry, expected):
    class Row:
        table_points = Fraction(9)
        score = 41
        final_score = Fraction(41)

    assert carried(Row, carry) == expected


@pytest.mark.parametrize("carry", ["full", "half", "reset"])
def test_final_ranking_finalists_first_by_final_stage_totals(actor, carry, qualified):
    tournament = qualified(carry)
    qualifying = compute_standings(tournament)
    assert qualifying.stage == "qualifying"
    make_cut(tournament, actor=actor)
    write_draw(tournament, seed=1)
    play_session(tournament, 4, actor)
    standings = compute_standings(tournament)
    assert standings.stage == "final"
    finalists = [row for row in standings.rows if row.finalist]
    others = [row for row in standings.rows if not row.finalist]
    assert len(finalists) == 8
    assert standings.rows[:8] == finalists  # the finalists come first
    assert [row.place for row in finalists] == list(range(1, 9))
    before = {row.registration.pk: row for row in qualifying.rows}
    for row in finalists:
        q = before[row.registration.pk]
        factor = {"full": 1, "half": Fraction(1, 2), "reset": 0}[carry]
        assert row.table_points == q.table_points * factor + row.sessions[4].table_points
        assert row.score == q.score * factor + row.sessions[4].score
    keys = [(row.table_points, row.score) for row in finalists]
    assert keys == sorted(keys, reverse=True)
    # the others keep their qualifying order, after the finalists, without session 4
    assert [row.qualifying_place for row in others] == sorted(r.qualifying_place for r in others)
    assert all(row.place > 8 for row in others)
    for row in others:
        assert row.score == before[row.registration.pk].score


def test_before_the_cut_the_standings_are_the_qualifying_ones(actor, qualified):
    tournament = qualified()
    standings = compute_standings(tournament)
    assert standings.stage == "qualifying"
    assert all(row.finalist is None for row in standings.rows)
    make_cut(tournament, actor=actor)
    standings = compute_standings(tournament)
    assert standings.stage == "qualifying"  # no final session confirmed yet
    assert [row.finalist for row in standings.rows] == [True] * 8 + [False] * 8


def test_one_stage_tournament_has_no_stage(db, actor):
    tournament = build(players=16, sessions=2, slug="single")
    play_session(tournament, 1, actor)
    standings = compute_standings(tournament)
    assert standings.stage == ""
    assert all(row.finalist is None for row in standings.rows)
