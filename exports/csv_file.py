"""CSV (UTF-8, with a byte order mark so that spreadsheet programs read the accents).

The field separator follows the active language: ';' where its decimal separator is ','
(Italian), as spreadsheet programs in that language expect, ',' otherwise.

No cell starts a formula: text starting with = + - @ gets a leading apostrophe (a name such as
"=SUM(A1)"). Places are plain numbers (spreadsheet programs sort them as numbers) and a shared
place says so in a column of its own at the end, so no place is written "=3" (which would need
the apostrophe).
"""

import csv
import io
from datetime import datetime

from django.utils.formats import get_format
from django.utils.translation import gettext as _

from common import formatting
from exports.rows import PLACE, POINTS, THOUSANDS

#: Text starting with these could run as a formula once opened in a spreadsheet program.
RISKY_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value, kind):
    if value is None:
        return ""
    if kind == POINTS:
        return formatting.exact(value, 2, ascii_minus=True)
    if kind == THOUSANDS:
        return formatting.exact(value, 1, scale=1000, signed=True, ascii_minus=True)
    if isinstance(value, datetime):
        return value.isoformat(timespec="seconds")
    if kind == PLACE:
        return str(value.number)
    if isinstance(value, str) and value.startswith(RISKY_STARTS):
        return "'" + value
    return str(value)


def delimiter():
    """The field separator for the active language: ';' where numbers are written "1,50"."""
    return ";" if get_format("DECIMAL_SEPARATOR") == "," else ","


def render_csv(sheet):
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter(), lineterminator="\r\n")
    kinds = [column.kind for column in sheet.columns]
    places = [index for index, kind in enumerate(kinds) if kind == PLACE]
    writer.writerow([*sheet.headers, *([_("Shared place")] if places else [])])
    for row in sheet.rows:
        cells = [_text(value, kind) for value, kind in zip(row, kinds, strict=True)]
        if places:
            shared = any(row[index] is not None and row[index].shared for index in places)
            cells.append(_("Yes") if shared else "")
        writer.writerow(cells)
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")
