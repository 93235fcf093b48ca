"""Issue 18: the player list's team and categories columns (English and Italian headers); teams
and categories created when missing, matched by name whatever the case; a team too large or a
substitute in a team is a row error and nothing is saved."""

from pathlib import Path

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from tests.factories import make_tournament, register_players
from tournament.models import Category, Player, Registration, Team
from tournament.services.categories import create_category
from tournament.services.player_import import import_players, read_player_list
from tournament.services.teams import add_member, create_team

DEMO = Path(settings.BASE_DIR) / "fixtures" / "demo_riichi_players.csv"


def groups(tournament):
    teams = {
        team.name: (team.country, sorted(team.members.values_list("number", flat=True)))
        for team in tournament.teams.all()
    }
    categories = {
        category.name: category.registrations.count() for category in tournament.categories.all()
    }
    return teams, categories


def test_the_riichi_demo_list_imports_cleanly(db):
    tournament = make_tournament(slug="demo")
    result = import_players(tournament, DEMO.name, DEMO.read_bytes())
    assert result.ok, [str(error) for error in result.errors]
    assert result.registered == 32 and (result.teams_created, result.categories_created) == (8, 2)
    teams, categories = groups(tournament)
    assert len(teams) == 8 and all(len(members) == 4 for _country, members in teams.values())
    assert teams["Kaze Milano"] == ("ITA", [1, 2, 3, 4])
    assert set(categories) == {"Ladies", "Juniors"} and sum(categories.values()) > 0
    assert Player.objects.get(first_name="Chiara").club == "Riichi Club Milano"  # not the team
    again = import_players(tournament, DEMO.name, DEMO.read_bytes())  # the same list again
    assert again.ok and again.already_registered == 32 and again.teams_created == 0
    assert groups(tournament) == (teams, categories)


def test_italian_headers_and_names_matched_whatever_the_case(db):
    tournament = make_tournament(slug="it")
    kaze = create_team(tournament, name="Kaze Milano", country="ITA")
    create_category(tournament, name="Ladies")
    text = (
        "Nome;Cognome;Nazione;Squadra;Categorie\n"
        "Anna;Rossi;ITA;kaze milano;ladies, Juniors\n"
        "Marco;Bianchi;ITA;Nuova  Squadra;\n"
        "Lucia;Verdi;DEU;Nuova Squadra;Seniors;\n"
    )
    result = import_players(tournament, "lista.csv", text.encode())
    assert result.ok, [str(error) for error in result.errors]
    assert (result.teams_created, result.categories_created) == (1, 2)
    anna = Registration.objects.get(player__first_name="Anna")
    assert anna.team == kaze and anna.player.club == ""
    assert sorted(anna.categories.values_list("name", flat=True)) == ["Juniors", "Ladies"]
    new = Team.objects.get(name="Nuova Squadra")
    assert new.country == ""  # its rows do not share a country
    assert Category.objects.filter(tournament=tournament).count() == 3


def test_a_row_without_a_team_keeps_the_players_team(db):
    tournament = make_tournament(slug="keep")
    import_players(tournament, "a.csv", b"First name,Last name,Team\nAnna,Rossi,Kaze\n")
    import_players(tournament, "b.csv", b"First name,Last name,Team\nAnna,Rossi,\n")
    assert Registration.objects.get().team.name == "Kaze"


def test_a_team_of_seven_is_a_row_error_and_nothing_is_saved(db):
    tournament = make_tournament(slug="seven")
    rows = "".join(f"P{n},Player,Kaze\n" for n in range(1, 8))
    result = import_players(tournament, "seven.csv", f"First name,Last name,Team\n{rows}".encode())
    assert not result.ok
    (error,) = [str(error) for error in result.errors]
    assert error.startswith("Line 2: ") and "team “Kaze” would have 7 players" in error
    assert "at most 6" in error
    assert not Registration.objects.exists() and not Team.objects.exists()


def test_the_team_size_counts_the_players_it_already_has(db):
    tournament = make_tournament(slug="grown")
    rows = "".join(f"P{n},Player,Kaze\n" for n in range(1, 5))
    assert import_players(tournament, "a.csv", f"First name,Last name,Team\n{rows}".encode()).ok
    more = "".join(f"Q{n},Player,KAZE\n" for n in range(1, 4))
    result = import_players(tournament, "b.csv", f"First name,Last name,Team\n{more}".encode())
    assert not result.ok and "would have 7 players" in str(result.errors[0])
    # the same four again with two new ones: six
    again = rows + "".join(f"R{n},Player,Kaze\n" for n in range(1, 3))
    assert import_players(tournament, "c.csv", f"First name,Last name,Team\n{again}".encode()).ok
    assert Team.objects.get().members.count() == 6


def test_a_substitute_in_a_team_is_a_row_error(db):
    tournament = make_tournament(slug="subs")
    data = b"First name,Last name,Team\nAnna,Rossi,Kaze\nMarco,Bianchi,\n"
    result = import_players(tournament, "subs.csv", data, as_substitutes=True)
    assert [str(error) for error in result.errors] == [
        "Line 2: Anna Rossi is registered as a substitute, and a substitute belongs to no "
        "team: leave the team cell empty"
    ]
    assert not Registration.objects.exists()


def test_too_long_names_are_row_errors(db):
    long_team, long_label = "T" * 101, "C" * 61
    rows, errors = read_player_list(
        "long.csv", f"First name,Last name,Team,Categories\nA,B,{long_team},{long_label}\n".encode()
    )
    assert not rows
    assert [str(error) for error in errors] == [
        "Line 2: the team name is longer than 100 characters",
        "Line 2: the category “CCCCCCCCCCCCCCCCCCCC…” is longer than 60 characters",
    ]


def test_the_preview_shows_team_and_categories_then_the_import_links_them(db, director_client):
    tournament = make_tournament(slug="preview")
    team = create_team(tournament, name="Kaze")
    url = reverse("import-players", args=[tournament.slug])
    with DEMO.open("rb") as upload:
        page = director_client.post(url, {"file": upload}).content.decode()
    assert '<th scope="col">Team</th>' in page and "Tsubame Paris" in page and "Juniors" in page
    assert not Registration.objects.exists()
    token = director_client.session.keys()
    key = next(k for k in token if k.startswith("player-import:"))
    done = director_client.post(
        reverse("import-players-confirm", args=[tournament.slug]),
        {"token": key.removeprefix("player-import:")},
    ).content.decode()
    assert "Teams created: 8; categories created: 2." in done
    assert Team.objects.filter(tournament=tournament).count() == 9
    assert not team.members.exists()


def test_the_preview_shows_a_team_too_large(db, director_client):
    tournament = make_tournament(slug="large")
    team = create_team(tournament, name="Kaze")
    for registration in register_players(tournament, 6):
        add_member(tournament, team.pk, registration.number)
    upload = SimpleUploadedFile("one.csv", b"Nome,Cognome,Squadra\nAnna,Rossi,kaze\n")
    page = director_client.post(
        reverse("import-players", args=[tournament.slug]), {"file": upload}
    ).content.decode()
    assert "kaze” would have 7 players (lines 2); a team has at most 6" in page
    assert Registration.objects.count() == 6


def test_the_command_says_which_teams_and_categories_it_created(db, capsys):
    tournament = make_tournament(slug="command")
    call_command("import_players", tournament.slug, str(DEMO))
    assert "Teams created: 8; categories created: 2." in capsys.readouterr().out
    assert tournament.teams.count() == 8
