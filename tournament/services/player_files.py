"""Reading a player list file (CSV or Excel .xlsx) into rows of cells, safely.

A player list comes from anyone's laptop, so reading it is bounded before anything is parsed:
the file's own size (settings.PLAYER_IMPORT_MAX_BYTES), for an Excel file the size it would
unpack to (the zip directory's declared sizes, which the zip reader also enforces), the sheet's
declared used range, and the number of rows and columns read. An Excel sheet is streamed
(openpyxl's read-only mode) and reading stops at the row limit, so a tiny file with one cell at
row 1,048,576 is refused at once instead of filling the memory with empty rows. XML entity
declarations are refused (openpyxl parses with defusedxml when it is installed: it is pinned in
requirements.txt for that). Every problem is a `PlayerListError` with a message for the director.

A table is a list of (line number, cells); a cell is (kind, text), kind "number" for a numeric
Excel cell (an EMA id that lost its leading zeros) and "text" otherwise.
"""

import csv
import io
import zipfile
import zlib

from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

from common.errors import UserError
from rules.limits import MAX_IMPORT_ROWS

#: Players in one file.
MAX_ROWS = MAX_IMPORT_ROWS
#: Rows of a sheet read at most: the header, the players and some empty rows between them.
MAX_SHEET_ROWS = 2 * MAX_ROWS
#: Columns of a sheet read (columns further right are ignored, like unknown columns).
MAX_COLUMNS = 50
#: An Excel file may unpack to at most this much (all its parts together). A real list of 5000
#: players unpacks to about 2 MB.
XLSX_MAX_UNPACKED_BYTES = 16 * 1024 * 1024
#: Parts (files inside the zip) of an Excel file.
XLSX_MAX_PARTS = 500


class PlayerListError(UserError):
    """The file as a whole cannot be read (wrong type, too large, no header)."""


def _cell_text(value):
    """A cell as text; whole numbers from Excel lose their '.0'."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _decode(data):
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise PlayerListError(
        _(
            "The file is not readable text (neither UTF-8 nor Windows "
            "encoding). Save it again as “CSV UTF-8” and import that."
        )
    )


def _read_csv(data):
    text = _decode(data)
    first_line = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    table = []
    try:
        for row in reader:
            table.append((reader.line_num, [("text", cell.strip()) for cell in row]))
    except csv.Error as exc:
        start = (table[-1][0] if table else 0) + 1
        line = max(reader.line_num, start)
        limit = csv.field_size_limit()
        if "field limit" in str(exc):
            if line > start:
                message = _(
                    "Line %(line)s: a field is longer than %(max)s characters; is a quotation "
                    'mark (") left open on line %(start)s?'
                ) % {"line": line, "max": limit, "start": start}
            else:
                message = _("Line %(line)s: a field is longer than %(max)s characters.") % {
                    "line": line,
                    "max": limit,
                }
        else:
            message = _("Line %(line)s cannot be read as CSV: %(error)s") % {
                "line": line,
                "error": exc,
            }
        raise PlayerListError(message) from exc
    return table


def _cannot_read(exc):
    try:
        from defusedxml import DefusedXmlException

        refused: tuple[type[Exception], ...] = (DefusedXmlException,)
    except ImportError:  # pragma: no cover - pinned in requirements.txt
        refused = ()

    causes: list[BaseException] = []
    cause = exc
    while cause is not None and len(causes) < 10:  # openpyxl wraps what the parser raised
        causes.append(cause)
        cause = cause.__cause__ or cause.__context__
    if any(isinstance(cause, refused) for cause in causes):
        message = _(
            "This Excel file declares XML entities, which spreadsheet programs never write and "
            "the desk does not read. Save the list again from your spreadsheet program."
        )
    else:
        message = _("This Excel file cannot be read: %(error)s") % {"error": exc}
    return PlayerListError(message)


#: What a damaged or hostile .xlsx can raise inside zipfile, the XML parsers and openpyxl.
#: SyntaxError covers xml.etree's ParseError and lxml's XMLSyntaxError; ValueError covers
#: defusedxml's refusals.
UNREADABLE = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    KeyError,
    IndexError,
    OSError,
    TypeError,
    ValueError,
    SyntaxError,
)


def check_xlsx_archive(data):
    """Refuse a zip that would unpack to too much, before any of it is decompressed."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
    except UNREADABLE as exc:
        raise _cannot_read(exc) from exc
    if len(parts) > XLSX_MAX_PARTS:
        raise PlayerListError(
            _("This Excel file has %(count)s parts; a player list has far fewer than %(max)s.")
            % {"count": len(parts), "max": XLSX_MAX_PARTS}
        )
    unpacked = sum(part.file_size for part in parts)
    if unpacked > XLSX_MAX_UNPACKED_BYTES:
        raise PlayerListError(
            _(
                "This Excel file would unpack to %(size)s; the limit is %(limit)s. Copy the list "
                "into a new workbook and import that."
            )
            % {"size": filesizeformat(unpacked), "limit": filesizeformat(XLSX_MAX_UNPACKED_BYTES)}
        )


def _too_many_rows(used_range, rows):
    if used_range:
        text = _("The first sheet's used range reaches row %(rows)s;")
    else:
        text = _("The first sheet has cells below row %(rows)s;")
    return PlayerListError(
        " ".join(
            (
                text % {"rows": rows},
                _(
                    "a player list has at most %(max)s players. Delete the rows below the list "
                    "(or copy the list into a new workbook) and import that."
                )
                % {"max": MAX_ROWS},
            )
        )
    )


def _sheet_rows(sheet):
    """The first MAX_COLUMNS cells of each row, stopping (and refusing) past MAX_SHEET_ROWS."""
    declared = sheet.max_row  # from the sheet's <dimension>, read without reading the rows
    if declared is not None and declared > MAX_SHEET_ROWS:
        raise _too_many_rows(True, declared)
    table: list[tuple[int, list[tuple[str, str]]]] = []
    rows = sheet.iter_rows(max_row=MAX_SHEET_ROWS + 1, max_col=MAX_COLUMNS, values_only=True)
    for number, row in enumerate(rows, start=1):
        if number > MAX_SHEET_ROWS:
            # openpyxl yields a row past max_row only when the sheet has cells beyond it.
            raise _too_many_rows(False, MAX_SHEET_ROWS)
        if all(value is None for value in row):
            table.append((number, []))
            continue
        cells = []
        for value in row:
            kind = (
                "number"
                if isinstance(value, int | float) and not isinstance(value, bool)
                else "text"
            )
            cells.append((kind, _cell_text(value)))
        table.append((number, cells))
    return table


def _read_xlsx(data):
    check_xlsx_archive(data)
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    except UNREADABLE as exc:
        raise _cannot_read(exc) from exc
    try:
        if not workbook.worksheets:
            raise PlayerListError(
                _(
                    "This Excel file has no worksheet with cells (only charts?). Put the list "
                    "on an ordinary sheet and import that."
                )
            )
        return _sheet_rows(workbook.worksheets[0])
    except UNREADABLE as exc:
        raise _cannot_read(exc) from exc
    finally:
        workbook.close()


def check_size(size):
    """Refuse a file larger than settings.PLAYER_IMPORT_MAX_BYTES."""
    limit = settings.PLAYER_IMPORT_MAX_BYTES
    if size > limit:
        raise PlayerListError(
            _("The file is %(size)s; the limit is %(limit)s.")
            % {"size": filesizeformat(size), "limit": filesizeformat(limit)}
        )


def read_table(filename, data):
    """[(line number, cells)] from a CSV or XLSX file, refusing anything else."""
    check_size(len(data))
    name = (filename or "").lower()
    is_zip = data[:4] == b"PK\x03\x04"
    if name.endswith(".xlsx") and is_zip:
        return _read_xlsx(data)
    if name.endswith((".csv", ".txt")) and not is_zip and b"\x00" not in data[:4096]:
        return _read_csv(data)
    raise PlayerListError(
        _("Upload a .csv file or an Excel .xlsx file (older .xls files: save them as .xlsx).")
    )
