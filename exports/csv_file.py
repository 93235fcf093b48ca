"""CSV (UTF-8, with a byte order mark so that spreadsheet programs read the accents)."""

import csv
import io
from datetime import datetime

from common import formatting
from exports.rows import POINTS, THOUSANDS

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
    if isinstance(value, str) and value.startswith(RISKY_STARTS):
        return "'" + value
    return str(value)


def render_csv(sheet):
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(sheet.headers)
    kinds = [column.kind for column in sheet.columns]
    for row in sheet.rows:
        writer.writerow([_text(value, kind) for value, kind in zip(row, kinds, strict=True)])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")
