"""Player list files that could hurt the desk: refused with a message, quickly, in little memory.

Time is not asserted (tests must not depend on the machine's speed): the rows openpyxl hands
over are counted instead, and memory is measured with tracemalloc. `bench/player_files.py`
times the same files.
"""

import io
import re
import tracemalloc
import zipfile

import pytest
from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.worksheet._read_only import ReadOnlyWorksheet

from tournament.models import Player
from tournament.services import player_files
from tournament.services.player_files import MAX_ROWS, MAX_SHEET_ROWS
from tournament.services.player_import import import_players, read_player_list

HEADER = ["First name", "Last name", "EMA id", "Country", "Club"]


def _xlsx(rows, *, cells=()):
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    for reference, value in cells:
        sheet[reference] = value
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _replace_part(data, name, change):
    """The same xlsx with the part `name` rewritten by change(text) -> text."""
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename == name:
                content = change(content.decode()).encode()
            target.writestr(info.filename, content)
    return buffer.getvalue()


SHEET = "xl/worksheets/sheet1.xml"


def _without_dimension(text):
    return re.sub(r"<dimension [^>]*/>", "", text)


@pytest.fixture
def rows_read(monkeypatch):
    """Counts the rows openpyxl's read-only sheets hand over."""
    counter = {"rows": 0}
    original = ReadOnlyWorksheet._cells_by_row

    def counting(self, *args, **kwargs):
        for row in original(self, *args, **kwargs):
            counter["rows"] += 1
            yield row

    monkeypatch.setattr(ReadOnlyWorksheet, "_cells_by_row", counting)
    return counter


def _import_measured(tournament, data, name="players.xlsx"):
    tracemalloc.start()
    try:
        result = import_players(tournament, name, data)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, peak


def test_one_cell_at_row_100000_is_refused_from_the_declared_range(tournament, rows_read):
    data = _xlsx([HEADER, ["Anna", "Rossi", "04000123", "ITA", ""]], cells=[("A100000", "x")])
    assert len(data) < 10_000
    result, peak = _import_measured(tournament, data)
    assert not result.ok
    message = str(result.errors[0])
    assert "used range reaches row 100000" in message and "at most 5000 players" in message
    assert rows_read["rows"] == 0  # refused before a single row was read
    assert peak < 100 * 1024 * 1024
    assert Player.objects.count() == 0


@pytest.mark.parametrize("reference", ["A100000", "XFD1048576"])
def test_a_far_cell_without_declared_range_stops_at_the_row_limit(tournament, rows_read, reference):
    data = _xlsx([HEADER, ["Anna", "Rossi", "04000123", "ITA", ""]], cells=[(reference, "x")])
    data = _replace_part(data, SHEET, _without_dimension)
    result, peak = _import_measured(tournament, data)
    assert not result.ok
    assert f"cells below row {MAX_SHEET_ROWS}" in str(result.errors[0])
    assert rows_read["rows"] == MAX_SHEET_ROWS + 1  # not 100,000 or a million
    assert peak < 100 * 1024 * 1024
    assert Player.objects.count() == 0


def test_an_absurd_declared_range_is_refused(tournament, rows_read):
    data = _xlsx([HEADER, ["Anna", "Rossi", "", "ITA", ""]])
    data = _replace_part(
        data,
        SHEET,
        lambda text: re.sub(r'<dimension ref="[^"]*"', '<dimension ref="A1:XFD1048576"', text),
    )
    result = import_players(tournament, "players.xlsx", data)
    assert "used range reaches row 1048576" in str(result.errors[0])
    assert rows_read["rows"] == 0


def test_a_full_list_of_5000_players_with_blank_rows_is_read(db):
    rows = [HEADER]
    for number in range(MAX_ROWS):
        rows.append([f"Player{number}", f"Test{number:04d}", None, "ITA", None])
        if number % 1000 == 0:
            rows.append([None] * 5)
    players, errors = read_player_list("players.xlsx", _xlsx(rows))
    assert errors == []
    assert len(players) == MAX_ROWS
    assert players[-1].last_name == f"Test{MAX_ROWS - 1:04d}"


def test_columns_far_to_the_right_are_ignored(tournament):
    data = _xlsx([HEADER, ["Anna", "Rossi", "", "ITA", ""]], cells=[("XFD2", "far away")])
    result = import_players(tournament, "players.xlsx", data)
    assert result.ok, result.errors
    assert Player.objects.get().last_name == "Rossi"


def test_a_workbook_with_only_a_chart_sheet_is_explained(tournament):
    workbook = Workbook()
    data_sheet = workbook.active
    for row in [[1], [2], [3]]:
        data_sheet.append(row)
    chart = BarChart()
    chart.add_data(Reference(data_sheet, min_col=1, min_row=1, max_row=3))
    workbook.create_chartsheet().add_chart(chart)
    buffer = io.BytesIO()
    workbook.save(buffer)
    # Drop the worksheet from the workbook: only the chart sheet is left.
    data = _replace_part(
        buffer.getvalue(),
        "xl/workbook.xml",
        lambda text: re.sub(r'<sheet [^>]*name="Sheet"[^>]*/>', "", text),
    )
    result = import_players(tournament, "players.xlsx", data)
    assert not result.ok
    assert "no worksheet with cells (only charts?)" in str(result.errors[0])


LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{n} "{("&lol" + str(n - 1) + ";") * 10}">' for n in range(2, 10))
    + '<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
)


SHARED = "xl/sharedStrings.xml"


def _with_shared_strings(data):
    """The club 'Drago' moved to a shared-strings part, as Excel writes text cells."""
    data = _replace_part(
        data,
        SHEET,
        lambda text: text.replace('t="inlineStr"><is><t>Drago</t></is>', 't="s"><v>0</v>'),
    )
    data = _replace_part(
        data,
        "[Content_Types].xml",
        lambda text: text.replace(
            "</Types>",
            f'<Override PartName="/{SHARED}" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
        ),
    )
    buffer = io.BytesIO(data)
    with zipfile.ZipFile(buffer, "a") as archive:
        archive.writestr(
            SHARED,
            '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" '
            'uniqueCount="1"><si><t>Drago</t></si></sst>',
        )
    return buffer.getvalue()


def _laughs(text):
    text = re.sub(r"^<\?xml[^>]*\?>", "", text)
    assert ">Drago<" in text
    return LAUGHS + text.replace(">Drago<", ">&lol9;<")


def test_entity_expansion_in_a_sheet_is_refused(tournament):
    data = _xlsx([HEADER, ["Anna", "Rossi", "", "ITA", "Drago"]])
    result, peak = _import_measured(tournament, _replace_part(data, SHEET, _laughs))
    assert not result.ok
    assert "declares XML entities" in str(result.errors[0])
    assert peak < 100 * 1024 * 1024
    assert Player.objects.count() == 0


def test_entity_expansion_in_the_shared_strings_is_refused(tournament, make_tournament):
    data = _with_shared_strings(_xlsx([HEADER, ["Anna", "Rossi", "", "ITA", "Drago"]]))
    result, peak = _import_measured(tournament, _replace_part(data, SHARED, _laughs))
    assert not result.ok
    assert "declares XML entities" in str(result.errors[0])
    assert peak < 100 * 1024 * 1024
    assert Player.objects.count() == 0
    # The same workbook without the entities is read, club from the shared strings included.
    assert import_players(make_tournament(name="Other", slug="other"), "p.xlsx", data).ok
    assert Player.objects.get().club == "Drago"


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tournament, monkeypatch):
    data = _xlsx([HEADER, ["Anna", "Rossi", "", "ITA", ""]])
    padding = " " * (player_files.XLSX_MAX_UNPACKED_BYTES + 1)
    data = _replace_part(
        data, SHEET, lambda text: text.replace("<sheetData>", padding + "<sheetData>")
    )
    assert len(data) < 200_000
    opened = []
    monkeypatch.setattr("openpyxl.load_workbook", lambda *args, **kwargs: opened.append(args))
    result = import_players(tournament, "players.xlsx", data)
    assert "would unpack to" in str(result.errors[0]) and "the limit is 16.0" in str(
        result.errors[0]
    )
    assert opened == []


def test_a_zip_of_too_many_parts_is_refused(tournament):
    data = _xlsx([HEADER])
    buffer = io.BytesIO(data)
    with zipfile.ZipFile(buffer, "a") as archive:
        for number in range(player_files.XLSX_MAX_PARTS):
            archive.writestr(f"junk/{number}.txt", "")
    result = import_players(tournament, "players.xlsx", buffer.getvalue())
    assert "parts; a player list has far fewer" in str(result.errors[0])


def test_a_damaged_sheet_is_a_message_not_a_crash(tournament):
    data = _xlsx([HEADER, ["Anna", "Rossi", "", "ITA", ""]])
    data = _replace_part(data, SHEET, lambda text: text.replace("</sheetData>", "<row><c"))
    result = import_players(tournament, "players.xlsx", data)
    assert "This Excel file cannot be read" in str(result.errors[0])


def test_a_csv_field_over_the_csv_limit_names_its_line(tournament):
    text = "First name,Last name\nAnna,Rossi\nLuca," + "x" * 140_000 + "\n"
    result = import_players(tournament, "players.csv", text.encode())
    assert [str(error) for error in result.errors] == [
        "Line 3: a field is longer than 131072 characters."
    ]
    assert Player.objects.count() == 0


def test_an_unclosed_quote_is_pointed_at(tournament):
    text = 'First name,Last name\nAnna,Rossi\n"Luca,Neri\n' + ("y" * 999 + "\n") * 200
    result = import_players(tournament, "players.csv", text.encode())
    message = str(result.errors[0])
    assert "a field is longer than 131072 characters" in message
    assert 'quotation mark (") left open on line 3' in message
    assert Player.objects.count() == 0
