"""Player lists from CSV and Excel: all rows or none, every bad row reported, no duplicates."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from openpyxl import Workbook

from tournament.models import Player, Registration
from tournament.services.player_import import import_players

ENGLISH = (
    "First name,Last name,EMA id,Country,Club\n"
    "Anna,Rossi,04000123,ITA,Drago Rosso\n"
    "Jan,de Vries,,NLD,Utrecht\n"
    "Jürgen,Weiß,07000001,Germany,Berlin\n"
)


def _csv(text, encoding="utf-8"):
    return text.encode(encoding)


def _xlsx(rows):
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_english_csv_creates_players_and_registrations(tournament):
    result = import_players(tournament, "players.csv", _csv(ENGLISH))
    assert result.ok, result.errors
    assert (result.created, result.registered) == (3, 3)
    anna = Player.objects.get(ema_id="04000123")
    assert (anna.first_name, anna.last_name, anna.country, anna.club) == (
        "Anna",
        "Rossi",
        "ITA",
        "Drago Rosso",
    )
    assert Player.objects.get(last_name="Weiß").country == "DEU"
    numbers = sorted(tournament.registrations.values_list("number", flat=True))
    assert numbers == [1, 2, 3]


def test_italian_header_semicolons_and_windows_encoding(tournament):
    text = "Cognome;Nome;Nazione;Circolo;ID EMA\nRossi;Anna;Italia;Drago Rosso;04000123\n"
    result = import_players(tournament, "giocatori.csv", _csv(text, "cp1252"))
    assert result.ok, result.errors
    anna = Player.objects.get()
    assert (anna.first_name, anna.last_name, anna.country) == ("Anna", "Rossi", "ITA")


def test_excel_file_with_numeric_ema_ids_keeps_leading_zeros(tournament):
    data = _xlsx(
        [
            ["Nome", "Cognome", "Numero EMA", "Nazione", "Club"],
            ["Anna", "Rossi", 4000123, "ITA", "Drago Rosso"],
            [None, None, None, None, None],
            ["Jan", "de Vries", None, "NLD", None],
        ]
    )
    result = import_players(tournament, "players.xlsx", data)
    assert result.ok, result.errors
    assert Player.objects.filter(ema_id="04000123").exists()
    assert Player.objects.get(last_name="de Vries").club == ""


def test_every_bad_row_is_reported_with_its_line_and_nothing_is_imported(tournament):
    text = (
        "First name,Last name,EMA id,Country,Club\n"
        "Anna,Rossi,04000123,ITA,Drago Rosso\n"  # line 2: good
        ",Bianchi,04000124,ITA,\n"  # line 3: no first name
        "Marco,Verdi,4000125,ITA,\n"  # line 4: 7 digits
        "Luca,Neri,04000126,Atlantis,\n"  # line 5: unknown country
        "Anna,Rossi,04000123,ITA,\n"  # line 6: duplicate EMA id
    )
    result = import_players(tournament, "players.csv", _csv(text))
    messages = [str(error) for error in result.errors]
    assert [error.line for error in result.errors] == [3, 4, 5, 6]
    assert "first name is empty" in messages[0]
    assert "has 7 digits" in messages[1] and "04000125" in messages[1]
    assert "'Atlantis' is not recognised" in messages[2]
    assert "already on line 2" in messages[3]
    assert Player.objects.count() == 0
    assert Registration.objects.count() == 0


def test_header_without_names_is_explained(tournament):
    result = import_players(tournament, "players.csv", _csv("Who,Where\nAnna,Rome\n"))
    assert len(result.errors) == 1
    assert "no column for first name (Nome), last name (Cognome)" in str(result.errors[0])


def test_importing_the_same_list_again_updates_instead_of_duplicating(tournament):
    assert import_players(tournament, "players.csv", _csv(ENGLISH)).ok
    changed = ENGLISH.replace("Drago Rosso", "Drago Blu").replace(
        "de Vries,,NLD,Utrecht", "de Vries,09000001,NLD,Utrecht"
    )
    result = import_players(tournament, "players.csv", _csv(changed))
    assert result.ok, result.errors
    assert (result.created, result.updated, result.registered, result.already_registered) == (
        0,
        3,
        0,
        3,
    )
    assert Player.objects.count() == 3
    assert Registration.objects.count() == 3
    assert Player.objects.get(ema_id="04000123").club == "Drago Blu"
    # Jan was matched by name and now has his EMA id.
    assert Player.objects.get(last_name="de Vries").ema_id == "09000001"


def test_a_player_known_from_another_tournament_is_reused(tournament, make_tournament):
    other = make_tournament(name="Other", slug="other")
    assert import_players(other, "players.csv", _csv(ENGLISH)).ok
    # Jan de Vries has no EMA id: he is the same person only when the director says so.
    result = import_players(tournament, "players.csv", _csv(ENGLISH), match_by_name=True)
    assert (result.created, result.registered) == (0, 3)
    assert Player.objects.count() == 3


def test_ambiguous_names_are_refused(tournament, make_player):
    make_player(first_name="Anna", last_name="Rossi")
    make_player(first_name="Anna", last_name="Rossi")
    result = import_players(tournament, "p.csv", _csv("First name,Last name\nAnna,Rossi\n"))
    assert [error.line for error in result.errors] == [2]
    assert "several players called Anna Rossi" in str(result.errors[0])
    assert Registration.objects.count() == 0


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("players.pdf", b"%PDF-1.4", "Upload a .csv file or an Excel .xlsx file"),
        ("players.xlsx", b"First name,Last name\n", "Upload a .csv file"),
        ("players.csv", b"PK\x03\x04zipped", "Upload a .csv file"),
        ("players.xlsx", b"PK\x03\x04broken", "cannot be read"),
        ("players.csv", b"First name,Last name\n\x81nna,Rossi\n", "not readable text"),
    ],
)
def test_wrong_file_types_are_refused(tournament, name, data, message):
    result = import_players(tournament, name, data)
    assert message in str(result.errors[0])
    assert Player.objects.count() == 0


def test_files_over_the_size_limit_are_refused(tournament, settings):
    settings.PLAYER_IMPORT_MAX_BYTES = 100
    result = import_players(tournament, "players.csv", _csv(ENGLISH * 5))
    assert "the limit is 100\xa0bytes" in str(result.errors[0])


def test_import_players_command(tournament, tmp_path, capsys):
    path = tmp_path / "players.csv"
    path.write_text(ENGLISH, encoding="utf-8")
    call_command("import_players", tournament.slug, str(path))
    assert "3 players read: 3 new" in capsys.readouterr().out
    assert tournament.registrations.count() == 3


def test_import_players_command_reports_bad_rows(tournament, tmp_path, capsys):
    path = tmp_path / "players.csv"
    path.write_text("First name,Last name,EMA id\nAnna,Rossi,12\n", encoding="utf-8")
    with pytest.raises(CommandError, match="Nothing imported: 1 problem"):
        call_command("import_players", tournament.slug, str(path))
    assert "Line 2: EMA id '12' has 2 digits" in capsys.readouterr().err


def test_import_players_command_unknown_tournament(db, tmp_path):
    with pytest.raises(CommandError, match="No tournament 'nope'"):
        call_command("import_players", "nope", str(tmp_path / "x.csv"))


@pytest.mark.parametrize(
    "rows",
    [
        ["Anna,Rossi,,ITA,", "Anna,Rossi,04000001,ITA,"],
        ["Anna,Rossi,04000001,ITA,", "Anna,Rossi,,ITA,"],
    ],
)
def test_one_name_twice_is_refused_whatever_the_order(tournament, rows):
    text = "First name,Last name,EMA id,Country,Club\n" + "\n".join(rows) + "\n"
    result = import_players(tournament, "players.csv", _csv(text))
    assert not result.ok
    assert "Line 3: Anna Rossi is already on line 2" in [str(e) for e in result.errors]
    assert Player.objects.count() == 0


def test_namesakes_with_their_own_ema_ids_are_two_players(tournament):
    text = (
        "First name,Last name,EMA id,Country,Club\n"
        "Anna,Rossi,04000001,ITA,\nAnna,Rossi,04000002,ITA,\n"
    )
    result = import_players(tournament, "players.csv", _csv(text))
    assert result.ok, result.errors
    assert Player.objects.filter(last_name="Rossi").count() == 2
