"""Excel, CSV and the EMA results file, read back; the download views and the command."""

import csv
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from common import formatting
from exports import ExportError
from exports.build import ExportRequest, build_export
from scoring.standings import compute_standings


def workbook(content):
    return load_workbook(io.BytesIO(content))


def test_standings_workbook_sheets_values_and_formats(played):
    _name, _type, content = build_export(played, ExportRequest("standings", "xlsx"))
    book = workbook(content)
    assert book.sheetnames == [
        "Standings",
        "Session 1",
        "Session 2",
        "Penalties",
        "Hands",
        "Replaced versions",
    ]
    sheet = book["Standings"]
    assert sheet.freeze_panes == "A2"
    assert all(cell.font.bold for cell in sheet[1])
    headers = [cell.value for cell in sheet[1]]
    assert headers[:9] == [
        "Place",
        "Last name",
        "First name",
        "No.",
        "Country",
        "Club",
        "EMA id",
        "Table points",
        "Score",
    ]
    standings = compute_standings(played)
    first = standings.rows[0]
    row = list(sheet[2])
    assert row[1].value == first.player.last_name and row[3].value == first.registration.number
    assert row[7].value == pytest.approx(float(first.table_points))
    assert row[7].number_format == "0.00"
    assert row[8].value == first.score
    assert sheet.max_row == 1 + len(standings.rows)
    assert sheet.column_dimensions["B"].width >= len("Last name")
    hands = book["Hands"]
    assert hands.max_row == 1 + 2 * 4 * 16
    assert book["Replaced versions"].max_row == 1  # no correction in this tournament


def test_the_workbook_after_a_session_holds_what_its_standings_count(played):
    _name, _type, content = build_export(played, ExportRequest("standings", "xlsx", through=1))
    book = workbook(content)
    assert book.sheetnames == ["Standings", "Session 1", "Penalties", "Hands", "Replaced versions"]
    assert {row[0].value for row in book["Hands"].iter_rows(min_row=2)} == {1}
    assert book["Hands"].max_row == 1 + 4 * 16


def test_a_name_starting_with_equals_stays_text(played):
    player = played.registrations.get(number=1).player
    player.last_name = '=HYPERLINK("http://evil","x")'
    player.save()
    _name, _type, content = build_export(played, ExportRequest("standings", "xlsx"))
    sheet = workbook(content)["Standings"]
    cells = [row[1] for row in sheet.iter_rows(min_row=2)]
    evil = next(cell for cell in cells if str(cell.value).startswith("="))
    assert evil.data_type == "s"
    assert evil.value == player.last_name
    _name, _type, text = build_export(played, ExportRequest("standings", "csv"))
    assert "'=HYPERLINK" in text.decode("utf-8-sig")


def test_standings_csv_is_utf8_with_the_same_rows(played):
    _name, content_type, content = build_export(played, ExportRequest("standings", "csv"))
    assert content_type.startswith("text/csv") and content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    standings = compute_standings(played)
    assert len(rows) == 1 + len(standings.rows)
    assert rows[1][1] == standings.rows[0].player.last_name
    assert rows[1][7] == formatting.table_points(standings.rows[0].table_points)
    assert rows[1][8] == str(standings.rows[0].score)


def test_ema_results_file(played):
    from tournament.services.registrations import register_player

    register_player(played, first_name="Sub", last_name="Stitute", is_substitute=True)
    # 2 of 3 sessions confirmed: provisional (tests/exports/test_ema.py has the whole layout)
    _name, _type, content = build_export(played, ExportRequest("ema", "xlsx", provisional=True))
    sheet = workbook(content).active
    assert [c.value for c in sheet[1]][2:11] == [
        "Place",
        "First name",
        "Last name",
        "EMA number",
        "Table points",
        "Score",
        "EMA member",
        "Country",
        "Note",
    ]
    rows = [[c.value for c in row][2:11] for row in sheet.iter_rows(min_row=2)]
    assert len(rows) == 16 and all(row[2] != "Stitute" for row in rows)
    places = [row[0] for row in rows]
    assert places == sorted(places) and places[0] == 1
    standings = compute_standings(played)
    assert rows[0][5] == standings.rows[0].score


def test_ema_places_are_shared_numbers(db, director):
    from scoring.access import Actor
    from tests.factories import build, play_session

    tournament = build(slug="ema-ties")
    play_session(tournament, 1, Actor(user=director), entries=[{"outcome": "washout"}] * 16)
    export = ExportRequest("ema", "xlsx", provisional=True)
    sheet = workbook(build_export(tournament, export)[2]).active
    assert {row[2].value for row in sheet.iter_rows(min_row=2)} == {1}


def test_the_ema_file_has_table_points_for_mcr_only(db, director):
    """A classic tournament ranking by table points still sends the EMA names and scores."""
    from scoring.access import Actor
    from tests.factories import build, play_session
    from tournament.services.tournaments import update_scoring_options

    tournament = build(ruleset="european", slug="ema-classic")
    update_scoring_options(tournament, {"use_table_points": True})
    tournament.refresh_from_db()
    play_session(tournament, 1, Actor(user=director), entries=[{"outcome": "washout"}] * 4)
    export = ExportRequest("ema", "xlsx", provisional=True)
    sheet = workbook(build_export(tournament, export)[2]).active
    # The column stays where the EMA's reader takes it (column G), empty but for MCR.
    assert [cell.value for cell in sheet[1]][2:8] == [
        "Place",
        "First name",
        "Last name",
        "EMA number",
        "Table points",
        "Score",
    ]
    assert [row[6].value for row in sheet.iter_rows(min_row=2, max_row=5)] == [None] * 4
    assert all(isinstance(row[7].value, int) for row in sheet.iter_rows(min_row=2, max_row=5))


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (ExportRequest("nonsense", "pdf"), "Unknown export nonsense"),
        (ExportRequest("ema", "pdf"), "ema comes as xlsx, not pdf"),
        (ExportRequest("seating", "pdf"), "Say which session"),
        (ExportRequest("seating", "pdf", session=9), "There is no session 9"),
        (ExportRequest("seating", "pdf", session=3), "Session 3 has not been drawn yet"),
    ],
)
def test_export_errors(played, request_, message):
    with pytest.raises(ExportError, match=message):
        build_export(played, request_)


def test_export_command(played, tmp_path, capsys):
    path = tmp_path / "standings.xlsx"
    call_command("export", played.slug, "standings", "--format", "xlsx", "-o", str(path))
    assert "Wrote" in capsys.readouterr().out
    assert workbook(path.read_bytes()).sheetnames[0] == "Standings"
    with pytest.raises(CommandError, match="Say which session"):
        call_command("export", played.slug, "scoresheets", "-o", str(tmp_path / "x.pdf"))
    with pytest.raises(CommandError, match="No tournament 'nope'"):
        call_command("export", "nope", "standings")
    with pytest.raises(CommandError, match=r"Cannot write .*No such file or directory"):
        call_command(
            "export", played.slug, "ema", "--provisional", "-o", str(tmp_path / "no" / "x.xlsx")
        )


def test_download_views_are_for_directors(director_client, played):
    url = reverse("export", args=[played.slug, "standings", "csv"])
    assert Client().get(url).status_code == 302  # to the login page
    response = director_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="played-standings.csv"'
    response = director_client.get(reverse("export", args=[played.slug, "ema", "pdf"]), follow=True)
    assert "ema comes as xlsx, not pdf" in response.content.decode()


def test_no_standings_before_a_confirmed_session(db):
    from tests.factories import build

    cup = build(slug="unplayed")
    for what, fmt in (("standings", "xlsx"), ("standings", "csv"), ("ema", "xlsx")):
        with pytest.raises(ExportError, match="No session has been confirmed yet"):
            build_export(cup, ExportRequest(what, fmt))
