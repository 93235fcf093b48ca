"""Team standings (docs/rules.md §10.2): the sum of the counted members' table points, then of
their scores; all members or the best N; shared places; a substitute counts for no team; the
page, the team page and the projector."""

import copy
from fractions import Fraction

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from scoring.services import closing
from scoring.standings.ranking import compute_standings
from scoring.standings.rows import team_rows
from scoring.standings.teams import rank_teams, team_standings
from tests.factories import build, build_played, play_session, staff, standings_of
from tournament.models import Registration, RegistrationStatus, Team
from tournament.services.registrations import register_player


def teams_of(tournament, **members):
    """Teams named by the keywords, each with the registrations of the given numbers."""
    teams = {}
    for name, numbers in members.items():
        team = Team.objects.create(tournament=tournament, name=name)
        tournament.registrations.filter(number__in=numbers).update(team=team)
        teams[name] = team
    return teams


@pytest.fixture
def eight(tournament):
    for n in range(1, 9):
        register_player(tournament, first_name=f"P{n}", last_name=f"Player{n}")
    return tournament


def by_name(result):
    return {row.team.name: row for row in result.rows}


def test_a_team_adds_up_its_members_table_points_then_scores(eight):
    teams_of(eight, North=[1, 2, 3], South=[4, 5, 6])
    figures = {1: (4, 100), 2: (2, 10), 3: (0, -50), 4: (4, 30), 5: (1, 5), 6: (1, 5)}
    result = rank_teams(eight, standings_of(eight, figures))
    rows = by_name(result)
    assert rows["North"].table_points == 6 and rows["North"].score == 60
    assert rows["South"].table_points == 6 and rows["South"].score == 40
    # Equal table points: the scores decide.
    assert [row.team.name for row in result.rows] == ["North", "South"]
    assert [row.place_label for row in result.rows] == ["1", "2"]
    assert isinstance(rows["North"].score, int)


def test_best_n_counts_each_teams_best_members_by_the_player_ranking(eight):
    teams_of(eight, North=[1, 2, 3], South=[4, 5, 6])
    figures = {1: (4, 100), 2: (2, 10), 3: (0, -50), 4: (4, 30), 5: (1, 5), 6: (1, 4)}
    eight.team_counted = 2
    result = rank_teams(eight, standings_of(eight, figures))
    rows = by_name(result)
    assert [r.registration.number for r in rows["North"].counted] == [1, 2]
    assert [r.registration.number for r in rows["South"].counted] == [4, 5]
    assert (rows["North"].table_points, rows["North"].score) == (6, 110)
    assert (rows["South"].table_points, rows["South"].score) == (5, 35)
    assert result.counted == 2
    # Every member is still listed, best first; the third is not counted.
    north = rows["North"]
    assert [r.registration.number for r in north.members] == [1, 2, 3]
    assert not north.is_counted(north.members[2])


def test_equal_totals_share_the_place(eight):
    teams_of(eight, Alpha=[1, 2], Beta=[3, 4], Gamma=[5, 6])
    figures = {1: (4, 50), 2: (0, -10), 3: (2, 20), 4: (2, 20), 5: (1, 1), 6: (0, 0)}
    result = rank_teams(eight, standings_of(eight, figures))
    assert [(row.team.name, row.place_label) for row in result.rows] == [
        ("Alpha", "=1"),
        ("Beta", "=1"),
        ("Gamma", "3"),
    ]


def test_a_team_without_a_member_in_the_standings_is_listed_with_nothing(eight):
    teams_of(eight, Full=[1, 2], Empty=[])
    result = rank_teams(eight, standings_of(eight, {1: (4, 10), 2: (-0, -5)}))
    rows = by_name(result)
    assert rows["Empty"].members == [] and rows["Empty"].table_points == 0
    assert rows["Empty"].score == 0
    assert [row.team.name for row in result.rows] == ["Full", "Empty"]


def test_a_disqualified_member_is_listed_and_counts_for_nothing(eight):
    teams_of(eight, North=[1, 2])
    eight.registrations.filter(number=1).update(status=RegistrationStatus.DISQUALIFIED)
    result = rank_teams(eight, standings_of(eight, {1: (4, 100), 2: (2, 10)}))
    north = result.rows[0]
    assert [r.registration.number for r in north.members] == [2, 1]
    assert (north.table_points, north.score) == (2, 10)


def test_fractional_table_points_add_up_exactly(eight):
    teams_of(eight, North=[1, 2, 3])
    thirds = {1: (Fraction(7, 3), 0), 2: (Fraction(7, 3), 0), 3: (Fraction(7, 3), 0)}
    result = rank_teams(eight, standings_of(eight, thirds))
    assert result.rows[0].table_points == 7


def test_a_riichi_team_adds_up_its_members_final_scores(make_tournament):
    riichi = make_tournament(name="Riichi Cup", slug="riichi-cup", ruleset="riichi2016")
    for n in range(1, 5):
        register_player(riichi, first_name=f"R{n}", last_name=f"Riichi{n}")
    teams_of(riichi, East=[1, 2], West=[3, 4])
    figures = {1: (0, 25300), 2: (0, -5000), 3: (0, 10000), 4: (0, 10300)}
    result = rank_teams(riichi, standings_of(riichi, figures, fields=("final_score",)))
    assert not result.uses_table_points
    assert [(row.team.name, row.final_score) for row in result.rows] == [
        ("East", 20300),
        ("West", 20300),
    ]
    assert [row.place_label for row in result.rows] == ["=1", "=1"]
    assert [data["total_text"] for data in team_rows(result)] == ["+20.3", "+20.3"]


def test_played_team_totals_are_the_sums_of_the_player_standings(db, director):
    cup = build_played("teams", staff(director), confirmed=2)
    teams_of(cup, Red=[1, 2, 3, 4], Blue=[5, 6, 7, 8], Green=[9, 10, 11, 12])
    players = {row.registration.number: row for row in compute_standings(cup).rows}
    result = team_standings(cup)
    assert result.through == 2
    for row in result.rows:
        numbers = [r.registration.number for r in row.members]
        assert row.table_points == sum(players[n].table_points for n in numbers)
        assert row.score == sum(players[n].score for n in numbers)
    keys = [(row.table_points, row.score) for row in result.rows]
    assert keys == sorted(keys, reverse=True)


def test_a_substitute_playing_for_a_member_scores_for_no_team(db, director):
    cup = build(slug="subs")
    team = Team.objects.create(tournament=cup, name="Red")
    table = cup.sessions.get(number=1).tables.get(number=1)
    late = table.seats.get(wind=2).registration
    mate = table.seats.get(wind=0).registration
    cup.registrations.filter(pk__in=[late.pk, mate.pk]).update(team=team)
    substitute = register_player(cup, first_name="Sub", last_name="Stitute", is_substitute=True)
    closing.seat_substitute(table.seats.get(wind=2), substitute, actor=staff(director))
    play_session(cup, 1, staff(director))
    players = {row.registration.pk: row for row in compute_standings(cup).rows}
    red = team_standings(cup).rows[0]
    assert substitute.pk not in players
    assert players[late.pk].sessions == {}  # the replaced member scored nothing
    assert [r.registration.pk for r in red.counted] == [
        r.registration.pk for r in sorted([players[mate.pk], players[late.pk]], key=_place)
    ]
    assert red.table_points == players[mate.pk].table_points
    assert red.score == players[mate.pk].score
    # A substitute can belong to no team at all.
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.filter(pk=substitute.pk).update(team=team)


def _place(row):
    return (row.place is None, row.place or 0, row.registration.number)


# -- pages ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def module_played_teams(module_db, module_director):
    with module_db():
        cup = build_played("teamcup", staff(module_director), confirmed=1)
        teams_of(cup, Red=[1, 2, 3, 4], Blue=[5, 6, 7, 8])
        return cup


@pytest.fixture
def played_teams(db, module_played_teams):
    return copy.deepcopy(module_played_teams)


def test_the_standings_page_shows_the_team_standings(client, played_teams):
    url = reverse("standings", args=[played_teams.slug])
    page = client.get(url).content.decode()
    assert "?view=teams" in page
    page = client.get(url + "?view=teams").content.decode()
    result = team_standings(played_teams)
    first = result.rows[0]
    assert first.team.name in page
    assert reverse("team-page", args=[played_teams.slug, first.team.pk]) in page


def test_the_team_page_lists_the_members_with_their_figures(client, played_teams):
    red = played_teams.teams.get(name="Red")
    page = client.get(reverse("team-page", args=[played_teams.slug, red.pk])).content.decode()
    assert "Red" in page
    for member in red.members.select_related("player"):
        assert member.player.full_name in page


def test_a_team_name_is_shown_as_text(client, played_teams):
    red = played_teams.teams.get(name="Red")
    red.name = "<script>alert(1)</script>"
    red.save()
    for url in (
        reverse("standings", args=[played_teams.slug]) + "?view=teams",
        reverse("team-page", args=[played_teams.slug, red.pk]),
        reverse("projector", args=[played_teams.slug]) + "?view=teams",
    ):
        page = client.get(url).content.decode()
        assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page, url


def test_a_team_of_another_tournament_is_not_found(client, played_teams, tournament):
    other = Team.objects.create(tournament=tournament, name="Elsewhere")
    response = client.get(reverse("team-page", args=[played_teams.slug, other.pk]))
    assert response.status_code == 404


def test_the_public_sees_no_figures_before_the_results_are_published(client, played_teams):
    played_teams.sessions.filter(number=1).update(results_published=False)
    red = played_teams.teams.get(name="Red")
    response = client.get(reverse("team-page", args=[played_teams.slug, red.pk]))
    assert response.status_code == 200
    assert "No session has been confirmed yet." in response.content.decode()
    response = client.get(reverse("standings", args=[played_teams.slug]) + "?view=teams")
    page = response.content.decode()
    assert ">Red<" not in page and "No session has been confirmed yet." in page


def test_the_projector_shows_the_team_standings_when_asked(client, played_teams):
    page = client.get(reverse("projector", args=[played_teams.slug]) + "?view=teams")
    html = page.content.decode()
    assert "Team standings after session 1" in html
    assert "Red" in html and "Blue" in html


def test_the_director_gets_the_projector_address_of_the_ranking(director_client, played_teams):
    page = director_client.get(
        reverse("standings", args=[played_teams.slug]), {"view": "teams"}
    ).content.decode()
    assert reverse("projector", args=[played_teams.slug]) + "?view=teams" in page


def test_a_tournament_without_teams_has_no_team_tab(client, db, director):
    cup = build_played("noteams", staff(director), confirmed=1)
    page = client.get(reverse("standings", args=[cup.slug])).content.decode()
    assert "?view=teams" not in page
    response = client.get(reverse("standings", args=[cup.slug]) + "?view=teams")
    assert response.status_code == 404


def test_the_director_sets_the_members_counted(director_client, played_teams):
    url = reverse("scoring-settings", args=[played_teams.slug])
    page = director_client.get(url).content.decode()
    assert 'name="team_counted"' in page and 'max="6"' in page
    response = director_client.post(url, {"team_counted": "3"})
    assert response.status_code == 302
    played_teams.refresh_from_db()
    assert played_teams.team_counted == 3
    response = director_client.post(url, {"team_counted": "7"})
    assert response.status_code == 200
    played_teams.refresh_from_db()
    assert played_teams.team_counted == 3


def test_the_team_pages_in_italian(client, played_teams):
    played_teams.team_counted = 3
    played_teams.save(update_fields=["team_counted"])
    red = played_teams.teams.get(name="Red")
    standings = client.get(
        reverse("standings", args=[played_teams.slug]),
        {"view": "teams"},
        HTTP_ACCEPT_LANGUAGE="it",
    ).content.decode()
    assert "Classifica a squadre" in standings
    assert "Ogni squadra conta i suoi 3 componenti migliori" in standings
    page = client.get(
        reverse("team-page", args=[played_teams.slug, red.pk]), HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert "su 2 squadre" in page and "Nel totale" in page
