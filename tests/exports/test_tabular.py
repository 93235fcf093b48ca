"""Excel, CSV and the EMA results file, read back; the download views and the command."""

import csv
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from common import formatting
from exports import ExportError
from exports.build import ExportRequest, build_export
from scoring.standings.ranking import compute_standings


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
    # one refusal, the same words whatever the format (exports/sources.py)
    formats = [("standings", fmt) for fmt in ("xlsx", "csv", "pdf")]
    formats += [("ema", "xlsx"), ("reportcards", "pdf"), ("subrankings", "csv")]
    for what, fmt in formats:
        with pytest.raises(
            ExportError,
            match=r"^No session of Cup unplayed has been confirmed yet: there are no standings\.$",
        ):
            build_export(cup, ExportRequest(what, fmt))


# -- issue 15 item 4: files a director can use as they are -----------------------------------


def standings_records(content):
    return list(workbook(content)["Standings"].iter_rows(min_row=2))


def test_places_are_numbers_that_sort_and_a_shared_place_shows_its_tie(played):
    _name, _type, content = build_export(played, ExportRequest("standings", "xlsx"))
    rows = standings_records(content)
    standings = compute_standings(played)
    places = [row[0] for row in rows]
    assert all(isinstance(cell.value, int) for cell in places)
    assert [cell.value for cell in places] == [row.place for row in standings.rows]
    # Excel sorts numbers by value: 1, 2, ..., 9, 10, 11 (text would give 1, 10, 11, 2).
    assert max(cell.value for cell in places) >= 10
    assert sorted(cell.value for cell in places) == [cell.value for cell in places]
    for cell, row in zip(places, standings.rows, strict=True):
        shared = row.place_label.startswith("=")
        assert (cell.number_format == '"="0') is shared, (row.place_label, cell.number_format)


def test_shared_places_in_the_workbook_and_the_csv(db, director):
    from scoring.access import Actor
    from tests.factories import build, play_session

    tournament = build(slug="ties")
    play_session(tournament, 1, Actor(user=director), entries=[{"outcome": "washout"}] * 16)
    _name, _type, content = build_export(tournament, ExportRequest("standings", "xlsx"))
    rows = standings_records(content)
    assert {(row[0].value, row[0].number_format) for row in rows} == {(1, '"="0')}
    text = build_export(tournament, ExportRequest("standings", "csv"))[2].decode("utf-8-sig")
    records = list(csv.reader(io.StringIO(text)))
    assert records[0][0] == "Place" and records[0][-1] == "Shared place"
    assert {(record[0], record[-1]) for record in records[1:]} == {("1", "Yes")}
    assert "'" not in text  # no apostrophe guard anywhere: no place starts with "="


def test_csv_places_are_plain_numbers_without_an_apostrophe(played):
    text = build_export(played, ExportRequest("standings", "csv"))[2].decode("utf-8-sig")
    records = list(csv.reader(io.StringIO(text)))
    standings = compute_standings(played)
    assert [int(record[0]) for record in records[1:]] == [row.place for row in standings.rows]
    assert [record[-1] for record in records[1:]] == [
        "Yes" if row.place_label.startswith("=") else "" for row in standings.rows
    ]
    cells = [cell for record in records for cell in record]
    assert not any(cell.startswith(("'", "=", "+", "@")) for cell in cells)
    assert all(float(cell) < 0 for cell in cells if cell.startswith("-"))  # negative numbers


def test_every_sheet_has_an_autofilter_and_print_setup(played):
    _name, _type, content = build_export(played, ExportRequest("standings", "xlsx"))
    book = workbook(content)
    for sheet in book.worksheets:
        last = sheet.cell(row=1, column=sheet.max_column).column_letter
        assert sheet.auto_filter.ref == f"A1:{last}{sheet.max_row}", sheet.title
        assert sheet.print_title_rows == "$1:$1", sheet.title  # the header on every page
        assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 0
        assert sheet.sheet_properties.pageSetUpPr.fitToPage is True
    # The standings (with a column pair per session) and the hands are wide: landscape.
    assert book["Standings"].page_setup.orientation == "landscape"
    assert book["Hands"].page_setup.orientation == "landscape"


def test_the_mcr_session_sheet_has_no_final_score_repeating_the_score(played, db, director):
    from scoring.access import Actor
    from tests.factories import build, play_session

    _name, _type, content = build_export(played, ExportRequest("standings", "xlsx"))
    headers = [cell.value for cell in workbook(content)["Session 1"][1]]
    assert "Score" in headers and "Final score" not in headers
    riichi = build(players=4, sessions=1, ruleset="riichi2016", slug="riichi-final")
    play_session(riichi, 1, Actor(user=director), entries=[{"outcome": "draw", "tenpai": []}])
    _name, _type, content = build_export(riichi, ExportRequest("standings", "xlsx"))
    sheet = workbook(content)["Session 1"]
    headers = [cell.value for cell in sheet[1]]
    assert "Score" in headers and "Final score" in headers  # riichi's final score has the uma


def test_given_by_names_the_account_and_the_table_link_only_without_one(db, director):
    from scoring.access import Actor
    from scoring.services.closing import confirm_session
    from scoring.services.hands import correct_hand
    from tests.factories import build, close, penalize, play

    director.first_name, director.last_name = "Anna", "Arbitri"
    director.save()
    tournament = build(players=4, sessions=1, slug="given-by")
    table = tournament.sessions.get(number=1).tables.get()
    link = Actor(via="table link")
    play(table, [{"outcome": "washout"}], link)
    table.refresh_from_db()
    correct_hand(
        table, 1, {"outcome": "washout"}, actor=Actor(user=director), revision=table.revision
    )
    table.refresh_from_db()
    correct_hand(table, 1, {"outcome": "washout"}, actor=link, revision=table.revision)
    penalize(table, 2, "late_arrival", Actor(user=director), minutes=7)
    penalize(table, 1, "late_arrival", link, minutes=3)
    close(table, Actor(user=director))
    confirm_session(table.session, actor=Actor(user=director))
    for language, via in (("en", "table link"), ("it", "link del tavolo")):
        with translation.override(language):
            content = build_export(tournament, ExportRequest("standings", "xlsx"))[2]
        book = workbook(content)
        penalties = list(book.worksheets[2].iter_rows(values_only=True))
        given_by = penalties[0].index("Given by" if language == "en" else "Assegnata da")
        assert [row[given_by] for row in penalties[1:]] == ["Anna Arbitri", via]
        replaced = list(book.worksheets[-1].iter_rows(values_only=True))
        entered_by = len(replaced[0]) - 2
        assert [row[entered_by] for row in replaced[1:]] == [via, "Anna Arbitri"]
    # Given at: the local time the desk shows, as an Excel date and time (to the second).
    given_at = given_by + 1  # (the Italian sheet: the column after "Given by")
    from django.utils import timezone

    from scoring.models import Penalty

    expected = [
        timezone.localtime(p.given_at).replace(tzinfo=None, microsecond=0)
        for p in Penalty.objects.order_by("given_at", "id")
    ]
    written = [row[given_at] for row in penalties[1:]]
    assert all(abs((w - e).total_seconds()) < 1 for w, e in zip(written, expected, strict=True))


def test_italian_csv_uses_semicolons_and_reads_back_with_them(played):
    with translation.override("it"):
        text = build_export(played, ExportRequest("standings", "csv"))[2].decode("utf-8-sig")
    standings = compute_standings(played)
    records = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert len(records) == 1 + len(standings.rows)
    assert {len(record) for record in records} == {len(records[0])}
    first = standings.rows[0]
    assert records[0][0] == "Pos." and records[1][1] == first.player.last_name
    with translation.override("it"):
        assert records[1][7] == formatting.table_points(first.table_points)
    assert "," in records[1][7]  # the decimal comma, inside its own column
    english = build_export(played, ExportRequest("standings", "csv"))[2].decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(english)))[1][7] == formatting.table_points(
        first.table_points
    )


def test_names_starting_a_formula_stay_guarded_in_both_csv_dialects(played):
    player = played.registrations.get(number=1).player
    player.last_name, player.first_name = "=1+2", "@SUM(A1)"
    player.save()
    for language, delimiter in (("en", ","), ("it", ";")):
        with translation.override(language):
            text = build_export(played, ExportRequest("standings", "csv"))[2].decode("utf-8-sig")
        records = list(csv.reader(io.StringIO(text), delimiter=delimiter))
        row = next(record for record in records if record[3] == "1")
        assert row[1:3] == ["'=1+2", "'@SUM(A1)"]
        assert not any(cell.startswith(("=", "+", "@")) for r in records for cell in r)
