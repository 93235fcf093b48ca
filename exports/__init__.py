"""Exports: the files a tournament ends with (standings, the EMA results file, score sheets,
seating lists, player schedules, table cards).

Each export is built in two steps, as in pretix's exporters: a function that yields the rows or
the pages' data (`rows.py`, shared with the screens), and one renderer per format (`xlsx.py`,
`csv.py`, `pdf/`). `build_export()` is the single entry point of the download views and of
`manage.py export`.
"""

from common.errors import UserError


class ExportError(UserError):
    """An export the desk cannot make as asked; the message says why (for the director)."""
