"""Excel workbooks from `Sheet`s: bold frozen headers, column widths, number formats, an
autofilter on the header and print setup (fit to the page's width, landscape when the sheet is
wide, the header row repeated on every printed page).

Places are numbers, so that Excel sorts 1, 2, 3, ..., 10; a shared place shows "=3" through its
number format, its value stays 3.

No cell ever becomes a formula: openpyxl treats any string starting with "=" as one, so every
text cell is written with its type forced to string (a player called "=SUM(A1)" stays text), as
pretix's `safe_openpyxl` does.
"""

import contextlib
import gc
import io
from datetime import datetime
from fractions import Fraction

from django.utils import timezone
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from exports.rows import INT, PLACE, POINTS, THOUSANDS

#: Number formats of the kinds that need one. Dates and times need none of ours: openpyxl gives
#: a datetime value its date format by itself.
NUMBER_FORMATS = {
    POINTS: "0.00",
    THOUSANDS: "+0.0;-0.0;0.0",
}
FORMATTED = frozenset(NUMBER_FORMATS)
#: A place that other players share: the number, shown after "=" (the value stays a number).
SHARED_PLACE_FORMAT = '"="0'
MAX_WIDTH = 40
#: Column widths (in characters) that fit across a portrait A4 page at 100%: wider sheets are
#: printed landscape (and every sheet is scaled down to the page's width when it must be).
PORTRAIT_WIDTH = 95
INVALID_TITLE = str.maketrans(dict.fromkeys("[]:*?/\\", " "))


def _value(value, kind):
    if isinstance(value, Fraction):
        value = value / 1000 if kind == THOUSANDS else value
        return float(value)  # Excel stores binary doubles; the 0.00 format shows it exactly
    if isinstance(value, datetime):
        return timezone.localtime(value).replace(tzinfo=None) if timezone.is_aware(value) else value
    if kind == THOUSANDS and isinstance(value, int):
        return value / 1000
    return value


def _cell(sheet, value, kind, font=None):
    """A cell object where one is needed (a number format, a font, text that openpyxl would
    take for a formula); the plain value otherwise, which is much faster to write."""
    if kind == PLACE:
        return _place(sheet, value)
    value = _value(value, kind)
    plain = font is None and value is not None and kind not in FORMATTED
    if plain and not (isinstance(value, str) and value.startswith("=")):
        return value
    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        cell.data_type = "s"  # never a formula, whatever the text starts with
    elif kind in FORMATTED and value is not None:
        cell.number_format = NUMBER_FORMATS[kind]
    if font is not None:
        cell.font = font
    return cell


def _place(sheet, place):
    if place is None or not place.shared:
        return None if place is None else place.number
    cell = WriteOnlyCell(sheet, value=place.number)
    cell.number_format = SHARED_PLACE_FORMAT
    return cell


def _width(values):
    longest = max((len(str(v)) for v in values if v is not None), default=4)
    return min(max(longest + 2, 6), MAX_WIDTH)


def render_workbook(sheets):
    """The workbook of `sheets`, as bytes.

    Writing creates hundreds of thousands of short-lived cell objects and no reference cycle;
    the cycle collector is paused meanwhile, or it would walk the whole process's objects
    again and again (a third of the time for a 400-player tournament).
    """
    with paused_garbage_collection():
        return _render(sheets)


@contextlib.contextmanager
def paused_garbage_collection():
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _render(sheets):
    workbook = Workbook(write_only=True)
    bold = Font(bold=True)
    for sheet in sheets:
        worksheet = workbook.create_sheet(sheet.title.translate(INVALID_TITLE)[:31])
        sample = sheet.rows[:300]
        widths = []
        for index, column in enumerate(sheet.columns):
            values = [column.label, *(row[index] for row in sample)]
            letter = get_column_letter(index + 1)
            widths.append(_width(v if not isinstance(v, Fraction) else "0000.00" for v in values))
            worksheet.column_dimensions[letter].width = widths[-1]
        worksheet.freeze_panes = "A2"
        _print_setup(worksheet, widths, len(sheet.rows))
        header = []
        for column in sheet.columns:
            cell = _cell(worksheet, column.label, "text", bold)
            cell.alignment = Alignment(wrap_text=False)
            header.append(cell)
        worksheet.append(header)
        # Whole numbers need no cell object; everything else goes through _cell().
        special = [index for index, column in enumerate(sheet.columns) if column.kind != INT]
        kinds = [column.kind for column in sheet.columns]
        for row in sheet.rows:
            row = list(row)
            for index in special:
                row[index] = _cell(worksheet, row[index], kinds[index])
            worksheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _print_setup(worksheet, widths, rows):
    """An autofilter on the header row (over every row), and the page: A4, landscape when the
    columns are wider than a portrait page, fit to one page wide (as many pages long as it
    takes), the header row printed again on top of every page. Set before the first row is
    written: the write-only sheet writes its properties with the first row."""
    last = get_column_letter(max(len(widths), 1))
    worksheet.auto_filter.ref = f"A1:{last}{rows + 1}"
    setup = worksheet.page_setup
    setup.paperSize = Worksheet.PAPERSIZE_A4
    setup.orientation = "landscape" if sum(widths) > PORTRAIT_WIDTH else "portrait"
    setup.fitToWidth = 1
    setup.fitToHeight = 0  # as many pages long as the rows need
    worksheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    worksheet.print_title_rows = "1:1"


def safe_cell(sheet, value, kind, font=None):
    """For the other workbooks (the EMA results file): what `render_workbook` writes for a value
    of `kind` in the write-only `sheet`, text never taken for a formula."""
    return _cell(sheet, value, kind, font)
