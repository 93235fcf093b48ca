"""The stage on the pages and files (issue 18, item 2; docs/rules.md §9): standings page,
dashboard, draw page, projector, CSV/xlsx Stage column, the PDF title, the EMA file's order."""

import copy
import csv
import io

import pytest
from django.urls import reverse

from draw.writing import write_draw
from exports.build import ExportRequest, build_export
from scoring.access import Actor
from scoring.stages.services import make_cut
from scoring.standings.ranking import compute_standings
from tests.factories import build, play_session
from tournament.models import Tournament


@pytest.fixture(scope="module")
def module_final(module_db, module_director):
    with module_db():
        tournament = build(players=16, sessions=4, slug="final")
        Tournament.objects.filter(pk=tournament.pk).update(
            final_sessions=1, finalists=8, final_carry="half"
        )
        tournament.refresh_from_db()
        actor = Actor(user=module_director)
        for number in (1, 2, 3):
            play_session(tournament, number, actor)
        make_cut(tournament, actor=actor)
        write_draw(tournament, seed=2)
        play_session(tournament, 4, actor)
        return tournament


@pytest.fixture
def final(db, module_final):
    """16 players, 3 qualifying sessions and 1 final of 8, all played with a half carry.
    (Built once for the module.)"""
    return copy.deepcopy(module_final)


def test_the_standings_page_shows_the_final_and_the_finalists(client, final):
    page = client.get(reverse("standings", args=[final.slug])).content.decode()
    assert '<h2 class="stage">Final</h2>' in page
    assert page.count('class="finalist') == 8 and page.count("cut-line") == 1
    after_qualifying = client.get(reverse("standings-after", args=[final.slug, 3]))
    assert '<h2 class="stage">Qualifying stage</h2>' in after_qualifying.content.decode()


def test_the_dashboard_and_draw_page_show_the_stage(director_client, final):
    dashboard = director_client.get(reverse("session-dashboard", args=[final.slug, 4]))
    assert "Final, session 1 of 1" in dashboard.content.decode()
    dashboard = director_client.get(reverse("session-dashboard", args=[final.slug, 3]))
    page = dashboard.content.decode()
    assert "Qualifying stage, session 3 of 3" in page
    assert reverse("stage-cut", args=[final.slug]) in page
    draw = director_client.get(reverse("draw", args=[final.slug])).content.decode()
    assert "The cut is made: the draw covers the final sessions" in draw
    assert "8 players sit at 2 tables in each session" in draw  # the finalists only


def test_the_projector_marks_the_finalists(client, final):
    Tournament.objects.filter(pk=final.pk).update(projector_mode="standings")
    page = client.get(reverse("projector", args=[final.slug])).content.decode()
    assert "Final" in page and page.count(">Finalist<") >= 1


def export(tournament, what, fmt):
    return build_export(tournament, ExportRequest(what, fmt))[2]


def test_the_exports_carry_the_stage(final):
    text = export(final, "standings", "csv").decode("utf-8-sig")
    dialect = csv.Sniffer().sniff(text.splitlines()[0])
    rows = list(csv.reader(io.StringIO(text), dialect))
    stage = rows[0].index("Stage")
    assert [row[stage] for row in rows[1:9]] == ["Finalist"] * 8
    assert all(row[stage] == "Qualifying stage" for row in rows[9:])
    assert export(final, "standings", "xlsx")[:2] == b"PK"
    assert export(final, "standings", "pdf")[:4] == b"%PDF"


def test_the_ema_file_follows_the_final_ranking(final):
    from exports.ema import ema_results

    standings = compute_standings(final)
    results = ema_results(standings)
    names = [(row[1], row[2]) for row in results.players]
    expected = [(row.player.first_name, row.player.last_name) for row in standings.rows]
    assert names == expected
