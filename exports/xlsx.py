"""Excel workbooks from `Sheet`s: bold frozen headers, column widths, number formats, an
autofilter on the header and print setup (fit to the page's width, landscape when the sheet is
wide, the header row repeated on every printed page).

Places are numbers, so that Excel sorts 1, 2, 3, ..., 10; a shared place shows "=3" through its
number format, its value stays 3.

The workbook's XML is written by `xlsx_package` (openpyxl's cell objects took most of the time
of a 400-player workbook); its text cells are inline strings, never formulas (a player called
"=SUM(A1)" stays text). The EMA results file is written by the same package (`ema.py`);
openpyxl only reads the workbooks the desk is given.
"""

import contextlib
import gc
from datetime import datetime
from fractions import Fraction

from django.utils import timezone

from exports import xlsx_package
from exports.rows import INT, PLACE, POINTS, THOUSANDS

MAX_WIDTH = 40
#: Column widths (in characters) that fit across a portrait A4 page at 100%: wider sheets are
#: printed landscape (and every sheet is scaled down to the page's width when it must be).
PORTRAIT_WIDTH = 95
INVALID_TITLE = str.maketrans(dict.fromkeys("[]:*?/\\", " "))


def _value(value, kind):
    if isinstance(value, str):
        return xlsx_package.cell_text(value)
    if isinstance(value, Fraction):
        value = value / 1000 if kind == THOUSANDS else value
        return float(value)  # Excel stores binary doubles; the 0.00 format shows it exactly
    if isinstance(value, datetime):
        return timezone.localtime(value).replace(tzinfo=None) if timezone.is_aware(value) else value
    if kind == THOUSANDS and isinstance(value, int):
        return value / 1000
    return value


def _width(values):
    longest = max((len(str(v)) for v in values if v is not None), default=4)
    return min(max(longest + 2, 6), MAX_WIDTH)


def render_workbook(sheets):
    """The workbook of `sheets`, as bytes.

    Building the rows creates hundreds of thousands of short-lived objects and no reference
    cycle; the cycle collector is paused meanwhile, or it would walk the whole process's
    objects again and again.
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
    written = []
    for sheet in sheets:
        sample = sheet.rows[:300]
        widths = []
        for index, column in enumerate(sheet.columns):
            values = [column.label, *(row[index] for row in sample)]
            widths.append(_width(v if not isinstance(v, Fraction) else "0000.00" for v in values))
        written.append(
            xlsx_package.SheetXml(
                sheet.title.translate(INVALID_TITLE)[:31],
                widths,
                [str(column.label) for column in sheet.columns],
                sheet.rows,
                [_writer(column.kind) for column in sheet.columns],
                landscape=sum(widths) > PORTRAIT_WIDTH,
            )
        )
    return xlsx_package.package(written)


def _writer(kind):
    """The function writing a cell of `kind` (`xlsx_package.SheetXml`): text as text, numbers
    with the kind's number format, dates and times in the desk's time zone."""
    package = xlsx_package
    style = {POINTS: package.POINTS_STYLE, THOUSANDS: package.THOUSANDS_STYLE}.get(kind, 0)
    zone = timezone.get_current_timezone()

    def write(ref, value):
        if isinstance(value, str):
            return package.text_cell(ref, value)
        if kind == PLACE:
            shared = package.SHARED_PLACE_STYLE if value.shared else package.PLAIN
            return package.number_cell(ref, value.number, shared)
        if isinstance(value, datetime):
            if value.tzinfo is not None:  # local time, as the desk shows it
                value = value.astimezone(zone).replace(tzinfo=None)
            return package.number_cell(ref, package.excel_date(value), package.DATETIME_STYLE)
        if isinstance(value, bool):
            return package.number_cell(ref, int(value))
        if isinstance(value, int | float | Fraction):
            return package.number_cell(ref, _value(value, kind), style)
        return package.text_cell(ref, value)  # a lazy translation, for one

    if kind == INT:

        def whole(ref, value):
            if type(value) is int:
                return f'<c r="{ref}"><v>{value}</v></c>'
            return write(ref, value)

        return whole
    return write
