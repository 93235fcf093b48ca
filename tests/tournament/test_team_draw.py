"""Issue 18: the draw keeps team-mates apart (docs/rules.md §10.1) and its quality report says
how many times team-mates share a table, and when the team sizes do not allow keeping them
apart."""

import pytest
from django.urls import reverse

from draw.errors import DrawError
from draw.planning import plan_draw
from draw.writing import write_draw
from tests.factories import make_tournament, register_players
from tournament.services.seating_report import current_report, session_tables
from tournament.services.teams import add_member, create_team


def with_teams(slug, sizes, sessions=4, players=16):
    """`players` players; team i holds the next `sizes[i]` player numbers."""
    tournament = make_tournament(slug=slug, session_count=sessions)
    register_players(tournament, players)
    number = 1
    for index, size in enumerate(sizes):
        team = create_team(tournament, name=f"Team {index + 1}")
        for _ in range(size):
            add_member(tournament, team.pk, number)
            number += 1
    return tournament


def team_mates_together(tournament):
    together = 0
    for session in tournament.sessions.drawn():
        for table in session_tables(session):
            teams = [r.team_id for r in table if r.team_id is not None]
            together += len(teams) - len(set(teams))
    return together


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sixteen_players_in_four_teams_never_sit_with_a_team_mate(db, seed):
    tournament = with_teams(f"teams-{seed}", [4, 4, 4, 4], sessions=4)
    plan = write_draw(tournament, seed=seed)
    assert [s.number for s in plan.scope] == [1, 2, 3, 4]
    assert team_mates_together(tournament) == 0
    report = current_report(tournament)
    assert (report.team_clashes, report.teams, report.teams_fit) == (0, 4, True)
    assert report.repeats == 0 and report.wind_spread <= 1
    assert plan.report.team_clashes == 0


def test_a_team_change_after_the_preview_is_refused_at_publishing(db):
    tournament = with_teams("changed", [4, 4, 4, 4], sessions=2)
    plan = plan_draw(tournament, seed=4)
    team = tournament.teams.get(name="Team 1")
    add_member(tournament, team.pk, 16)  # the 16th player moves to team 1
    with pytest.raises(DrawError, match="changed since this preview"):
        write_draw(tournament, seed=4, fingerprint=plan.fingerprint)


def test_the_report_shows_team_mates_and_says_when_sizes_do_not_allow(db, director_client):
    tournament = with_teams("big", [6, 2], sessions=2)  # six team-mates, four tables
    write_draw(tournament, seed=1)
    report = current_report(tournament)
    assert not report.teams_fit and report.team_clashes >= 2 * 2
    page = director_client.get(reverse("draw", args=[tournament.slug])).content.decode()
    assert "Team-mates at one table" in page
    assert "A team has more players than there are tables in a session" in page
    seating = director_client.get(reverse("seating", args=[tournament.slug, 1])).content.decode()
    assert "Team-mates at one table" in seating


def test_without_teams_the_report_says_nothing_of_them(db, director_client):
    tournament = make_tournament(slug="none", session_count=2)
    register_players(tournament, 16)
    write_draw(tournament, seed=1)
    assert current_report(tournament).teams == 0
    page = director_client.get(reverse("draw", args=[tournament.slug])).content.decode()
    assert "Team-mates at one table" not in page


def test_the_preview_reports_team_mates(db, director_client):
    tournament = with_teams("preview", [4, 4, 4, 4], sessions=3)
    page = director_client.post(
        reverse("draw", args=[tournament.slug]), {"scope": "remaining", "seed": "9"}
    ).content.decode()
    assert "Team-mates at one table" in page
    assert "<dd>0</dd>" in page.split("Team-mates at one table")[1][:40]
