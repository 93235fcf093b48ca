"""The second demo: a riichi team tournament with a qualifying stage and a final, built through
the services (docs/rules.md §9, §10)."""

import copy
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from desk.demo import DEMO_SLUG
from desk.demo_riichi import FINALISTS, QUALIFYING, RIICHI_DEMO_SLUG
from scoring.services.tables import snapshot
from scoring.standings.ranking import compute_standings
from scoring.standings.teams import team_standings
from tournament.models import Tournament


@pytest.fixture(scope="module")
def module_riichi_demo(module_db, module_director):
    """`load_demo --only riichi` on a desk with a director (it plays 40 games): once for the
    module; each test runs in a savepoint of its own."""
    with module_db():
        call_command("load_demo", "--only", "riichi", stdout=io.StringIO())
        return Tournament.objects.get(slug=RIICHI_DEMO_SLUG)


def test_the_riichi_demo(db, module_riichi_demo):
    """One load, every property checked on it."""
    demo = copy.deepcopy(module_riichi_demo)
    teams_categories_and_stages(demo)
    team_mates_never_share_a_qualifying_table(demo)
    every_game_is_a_full_east_south_game(demo)
    the_finalists_sit_at_the_first_tables_seated_by_the_standings(demo)
    team_standings_count_the_best_three(demo)
    survives_an_archive_with_every_figure_derived_again(demo)


def teams_categories_and_stages(demo):
    assert demo.ruleset == "riichi2016" and demo.published and demo.has_stages
    assert demo.qualifying_sessions == QUALIFYING and demo.finalists == FINALISTS
    assert demo.teams.count() == 8
    assert all(team.members.count() == 4 for team in demo.teams.all())
    assert len({team.country for team in demo.teams.all()}) == 8
    assert set(demo.categories.values_list("name", flat=True)) == {"Ladies", "Juniors"}
    statuses = list(demo.sessions.order_by("number").values_list("status", flat=True))
    assert statuses == ["confirmed"] * 5 + ["seated"]
    assert demo.sessions.get(number=6).seating_published


def team_mates_never_share_a_qualifying_table(demo):
    for session in demo.sessions.filter(number__lte=QUALIFYING):
        for table in session.tables.all():
            teams = [seat.registration.team_id for seat in table.seats.all()]
            assert len(set(teams)) == 4, (session.number, table.number)


def every_game_is_a_full_east_south_game(demo):
    for session in demo.sessions.filter(status="confirmed"):
        for table in session.tables.all():
            snap = snapshot(table)  # replays every hand against the rules
            assert snap.hands_played == 8 and table.is_closed


def the_finalists_sit_at_the_first_tables_seated_by_the_standings(demo):
    finalists = set(demo.registrations.filter(finalist=True).values_list("pk", flat=True))
    assert len(finalists) == FINALISTS
    for number in (5, 6):
        session = demo.sessions.get(number=number)
        tables = session.tables.order_by("number")
        assert tables.count() == 8  # the consolation stage plays too
        for table in tables:
            players = {seat.registration_id for seat in table.seats.all()}
            assert (players <= finalists) == (table.number <= FINALISTS // 4)
    standings = compute_standings(demo, with_movement=False)
    ranked = [row.registration.pk for row in standings.rows]
    assert set(ranked[:FINALISTS]) == finalists  # the final ranking: finalists first
    leaders = {row.registration.pk for row in standings.rows[:4]}
    table_one = demo.sessions.get(number=6).tables.get(number=1)
    assert {seat.registration_id for seat in table_one.seats.all()} == leaders


def team_standings_count_the_best_three(demo):
    teams = team_standings(demo)
    assert len(teams.rows) == 8
    assert all(len(row.counted) == 3 for row in teams.rows)


def test_load_demo_adds_only_the_missing_demos(db, module_riichi_demo, capsys):
    # `load_demo --only riichi` ran for the module (module_riichi_demo)
    assert Tournament.objects.filter(slug=RIICHI_DEMO_SLUG).exists()
    call_command("load_demo")
    assert Tournament.objects.filter(slug=DEMO_SLUG).exists()
    assert Tournament.objects.count() == 2
    with pytest.raises(CommandError):
        call_command("load_demo")


def survives_an_archive_with_every_figure_derived_again(demo):
    """Restore derives every result again (uma, chombo, the final's stage): the demo's own
    archive restores, with the same results and standings."""
    from desk.archive import export_archive, restore_archive
    from desk.services import delete_tournament
    from scoring.models import SeatResult

    def figures(tournament):
        results = SeatResult.objects.filter(session__tournament=tournament).order_by(
            "session__number", "table__number", "wind"
        )
        standings = compute_standings(tournament)
        return (
            [(r.score, r.place, r.table_points, r.final_score, r.penalty_points) for r in results],
            [(row.registration.number, row.place_label, row.final_score) for row in standings.rows],
        )

    before = figures(demo)
    content = export_archive(demo)
    delete_tournament(demo)
    assert figures(restore_archive(content)) == before
