"""Player lists from CSV and Excel: all rows or none, every bad row reported, no duplicates."""

import io
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from openpyxl import Workbook

from tournament.models import Player, Registration
from tournament.services.player_import import (
    SAME_NAME,
    apply_import,
    fingerprint,
    import_players,
    plan_import,
    read_player_list,
)

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


# Never merge two people silently (issue 13): a name alone is not the same person.

JAN = "First name,Last name,EMA id,Country,Club\nJan,de Vries,,NLD,Mahjong Club Utrecht\n"


@pytest.fixture
def other_jan(make_tournament):
    """Another tournament's Jan de Vries, with his EMA id and his club."""
    other = make_tournament(name="Amsterdam Open", slug="amsterdam")
    text = "First name,Last name,EMA id,Country,Club\nJan,de Vries,09000001,NLD,Amsterdam\n"
    assert import_players(other, "players.csv", _csv(text)).ok
    return Player.objects.get()


def test_a_name_match_is_a_new_player_by_default(tournament, other_jan):
    result = import_players(tournament, "players.csv", _csv(JAN))
    assert result.ok, result.errors
    assert (result.created, result.updated) == (1, 0)
    other_jan.refresh_from_db()
    assert (other_jan.club, other_jan.ema_id) == ("Amsterdam", "09000001")
    registered = tournament.registrations.get().player
    assert registered != other_jan
    assert (registered.club, registered.ema_id) == ("Mahjong Club Utrecht", None)
    assert result.match_lines() == [
        "Line 2: Jan de Vries was imported as a new player; the known player of the same name "
        "(Jan de Vries, Amsterdam, NLD, EMA id 09000001) was left as they were."
    ]


def test_a_name_match_chosen_as_the_same_person_is_merged(tournament, other_jan):
    result = import_players(tournament, "players.csv", _csv(JAN), same_person={2: True})
    assert (result.created, result.updated) == (0, 1)
    assert Player.objects.count() == 1
    assert tournament.registrations.get().player == other_jan
    other_jan.refresh_from_db()
    assert (other_jan.club, other_jan.ema_id) == ("Mahjong Club Utrecht", "09000001")
    assert (
        "is the known player of the same name (Jan de Vries, Amsterdam, NLD, EMA id"
        in (result.match_lines()[0])
    )


def test_ema_id_matches_are_reported(tournament, make_tournament):
    other = make_tournament(name="Other", slug="other")
    assert import_players(other, "players.csv", _csv(ENGLISH), match_by_name=True).ok
    result = import_players(tournament, "players.csv", _csv(ENGLISH))
    assert result.ok, result.errors
    assert (result.created, result.updated) == (1, 2)  # Jan (name only) is a new player
    lines = result.match_lines()
    assert lines[0] == (
        "Line 2: Anna Rossi is the known player with EMA id 04000123 "
        "(Anna Rossi, Drago Rosso, ITA, EMA id 04000123)."
    )
    assert lines[1].startswith("Line 3: Jan de Vries was imported as a new player")
    assert lines[2].startswith("Line 4: Jürgen Weiß is the known player with EMA id 07000001")


def test_a_changed_known_player_stops_the_confirmation(tournament, other_jan):
    rows, errors = read_player_list("players.csv", _csv(JAN))
    plan, errors = plan_import(tournament, rows)
    assert errors == [] and [(p.how, p.player) for p in plan] == [(SAME_NAME, other_jan)]
    seen = fingerprint(plan)
    Player.objects.filter(pk=other_jan.pk).update(
        club="Rotterdam", updated_at=other_jan.updated_at + timedelta(seconds=1)
    )
    result = apply_import(tournament, rows, same_person={2: True}, expected=seen)
    assert result.changed and "changed since this preview" in str(result.errors[0])
    assert tournament.registrations.count() == 0
    result = apply_import(
        tournament, rows, same_person={2: True}, expected=fingerprint(result.plan)
    )
    assert result.ok and tournament.registrations.get().player == other_jan


def test_import_players_command_keeps_name_matches_apart_by_default(
    tournament, other_jan, tmp_path
):
    path = tmp_path / "players.csv"
    path.write_text(JAN, encoding="utf-8")
    out = io.StringIO()
    call_command("import_players", tournament.slug, str(path), stdout=out)
    assert "Line 2: Jan de Vries was imported as a new player" in out.getvalue()
    assert "1 players read: 1 new" in out.getvalue()
    assert tournament.registrations.get().player != other_jan


def test_import_players_command_matches_by_name_when_asked(tournament, other_jan, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text(JAN, encoding="utf-8")
    out = io.StringIO()
    call_command("import_players", tournament.slug, str(path), "--match-by-name", stdout=out)
    assert "Line 2: Jan de Vries is the known player of the same name" in out.getvalue()
    assert "1 players read: 0 new, 1 updated" in out.getvalue()
    assert tournament.registrations.get().player == other_jan


def test_namesakes_known_to_the_desk_are_told_apart_by_this_tournament(
    tournament, other_jan, make_tournament
):
    first = import_players(tournament, "players.csv", _csv(JAN))
    assert first.created == 1  # a second Jan de Vries, registered here
    # Importing the list again: the name means this tournament's Jan, not the other one.
    again = import_players(tournament, "players.csv", _csv(JAN))
    assert again.ok, again.errors
    assert (again.created, again.updated, again.already_registered) == (0, 1, 1)
    assert "already registered in this tournament" in again.match_lines()[0]
    assert Player.objects.count() == 2
    # Elsewhere two known players have that name: the list must tell them apart.
    third = import_players(make_tournament(name="Third", slug="third"), "p.csv", _csv(JAN))
    assert "several players called Jan de Vries" in str(third.errors[0])


# The import page: upload, preview with choices, confirm.


def _upload(client, tournament, text, name="players.csv"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post(
        reverse("import-players", args=[tournament.slug]),
        {"file": SimpleUploadedFile(name, text.encode())},
    )


def _confirm(client, tournament, token, **choices):
    return client.post(
        reverse("import-players-confirm", args=[tournament.slug]),
        {"token": token, **{key.replace("_", "-"): value for key, value in choices.items()}},
        follow=True,
    )


def test_the_preview_shows_a_name_match_and_defaults_to_a_new_player(
    director_client, tournament, other_jan
):
    preview = _upload(director_client, tournament, JAN)
    page = preview.content.decode()
    assert "Same name as a known player (name only, no matching EMA id)" in page
    assert "Jan de Vries, Amsterdam, NLD, EMA id 09000001" in page
    assert re.search(r'<input type="radio" name="row-2" value="new"[^>]*checked', page)
    assert not re.search(r'<input type="radio" name="row-2" value="same"[^>]*checked', page)
    assert tournament.registrations.count() == 0  # nothing written before the confirmation
    token = preview.context["form"]["token"].value()
    done = _confirm(director_client, tournament, token, row_2="new").content.decode()
    assert "1 players read: 1 new" in done
    assert "Jan de Vries was imported as a new player" in done
    assert tournament.registrations.get().player != other_jan
    other_jan.refresh_from_db()
    assert other_jan.club == "Amsterdam"


def test_choosing_same_person_on_the_preview_merges(director_client, tournament, other_jan):
    token = _upload(director_client, tournament, JAN).context["form"]["token"].value()
    done = _confirm(director_client, tournament, token, row_2="same").content.decode()
    assert "Jan de Vries is the known player of the same name" in done
    assert tournament.registrations.get().player == other_jan
    # The preview is used up: confirming again writes nothing and says why.
    again = _confirm(director_client, tournament, token, row_2="same").content.decode()
    assert "This preview is no longer available" in again
    assert tournament.registrations.count() == 1


def test_ema_id_matches_are_shown_on_the_preview_and_reported(
    director_client, tournament, make_tournament
):
    assert import_players(make_tournament(name="Other", slug="other"), "p.csv", _csv(ENGLISH)).ok
    preview = _upload(director_client, tournament, ENGLISH)
    page = preview.content.decode()
    assert "Same person by EMA id: Anna Rossi, Drago Rosso, ITA, EMA id 04000123" in page
    token = preview.context["form"]["token"].value()
    done = _confirm(director_client, tournament, token).content.decode()
    assert "Anna Rossi is the known player with EMA id 04000123" in done
    assert "Jan de Vries was imported as a new player" in done  # no choice sent: the default


def test_a_forged_choice_is_refused(director_client, tournament, other_jan):
    token = _upload(director_client, tournament, JAN).context["form"]["token"].value()
    response = _confirm(director_client, tournament, token, row_2="both")
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert tournament.registrations.count() == 0


def test_a_player_changed_after_the_preview_is_shown_again(director_client, tournament, other_jan):
    token = _upload(director_client, tournament, JAN).context["form"]["token"].value()
    Player.objects.filter(pk=other_jan.pk).update(
        club="Rotterdam", updated_at=other_jan.updated_at + timedelta(seconds=1)
    )
    page = _confirm(director_client, tournament, token, row_2="same").content.decode()
    assert "changed since this preview was made" in page
    assert "Jan de Vries, Rotterdam, NLD" in page
    assert tournament.registrations.count() == 0
    done = _confirm(director_client, tournament, token, row_2="same").content.decode()
    assert "1 players read: 0 new, 1 updated" in done
    assert tournament.registrations.get().player == other_jan


def test_a_preview_of_another_tournament_cannot_be_confirmed_here(
    director_client, tournament, make_tournament
):
    other = make_tournament(name="Other", slug="other")
    token = _upload(director_client, other, JAN).context["form"]["token"].value()
    page = _confirm(director_client, tournament, token).content.decode()
    assert "This preview is no longer available" in page
    assert Registration.objects.count() == 0
