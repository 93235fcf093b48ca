"""Importing a player list (CSV or Excel) into a tournament.

The list has a header row in English or Italian and one player per row: first name, last name,
EMA id, country, club (only the two names are required; columns may come in any order; other
columns are ignored). The import is all or nothing: every row is checked first, every bad row is
reported with its line number and what is wrong, and nothing is written while any row is bad.
Importing the same list again updates the players (matched by EMA id, else by name) instead of
duplicating them.
"""

import csv
import io
import re
import unicodedata
import zipfile
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.countries import normalize_country
from tournament.services.registrations import (
    RegistrationError,
    find_player,
    lock_tournament,
    register,
    upsert_player,
)

#: Recognised header words per column, compared without case, accents or punctuation.
COLUMNS = {
    "first_name": {"first name", "firstname", "first", "given name", "forename", "nome"},
    "last_name": {"last name", "lastname", "surname", "family name", "cognome"},
    "ema_id": {
        "ema id",
        "ema",
        "ema number",
        "ema no",
        "ema nr",
        "ema code",
        "id ema",
        "numero ema",
        "n ema",
        "nr ema",
        "codice ema",
        "matricola ema",
        "tessera ema",
    },
    "country": {"country", "nation", "nationality", "nazione", "paese", "nazionalita", "stato"},
    "club": {"club", "association", "associazione", "circolo", "societa", "team", "squadra"},
}
COLUMN_LABELS = {
    "first_name": gettext_lazy("first name (Nome)"),
    "last_name": gettext_lazy("last name (Cognome)"),
}
REQUIRED = ("first_name", "last_name")
MAX_ROWS = 5000
NAME_MAX = 100
CLUB_MAX = 120


class PlayerListError(ValueError):
    """The file as a whole cannot be read (wrong type, too large, no header)."""


@dataclass
class RowError:
    line: int | None
    message: str

    def __str__(self):
        if self.line is None:
            return self.message
        return _("Line %(line)s: %(message)s") % {"line": self.line, "message": self.message}


@dataclass
class PlayerRow:
    line: int
    first_name: str
    last_name: str
    ema_id: str | None
    country: str
    club: str


@dataclass
class ImportResult:
    rows: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    created: int = 0
    updated: int = 0
    registered: int = 0
    already_registered: int = 0

    @property
    def ok(self):
        return not self.errors

    def summary(self):
        return _(
            "%(rows)s players read: %(created)s new, %(updated)s updated; %(registered)s newly "
            "registered, %(already)s already registered."
        ) % {
            "rows": len(self.rows),
            "created": self.created,
            "updated": self.updated,
            "registered": self.registered,
            "already": self.already_registered,
        }


def _fold(text):
    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def _cell_text(value):
    """A cell as text; whole numbers from Excel lose their '.0'."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _read_csv(data):
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise PlayerListError(
            _(
                "The file is not readable text (neither UTF-8 nor Windows "
                "encoding). Save it again as “CSV UTF-8” and import that."
            )
        )
    first_line = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first_line.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    for row in reader:
        yield reader.line_num, [cell.strip() for cell in row]


def _read_xlsx(data):
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        message = _("This Excel file cannot be read: %(error)s") % {"error": exc}
        raise PlayerListError(message) from exc
    sheet = workbook.worksheets[0]
    for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
        cells = []
        for value in row:
            if isinstance(value, int | float) and not isinstance(value, bool):
                cells.append(("number", _cell_text(value)))
            else:
                cells.append(("text", _cell_text(value)))
        yield number, cells
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
    """Yield (line number, cells) from a CSV or XLSX file, refusing anything else."""
    check_size(len(data))
    name = (filename or "").lower()
    is_zip = data[:4] == b"PK\x03\x04"
    if name.endswith(".xlsx") and is_zip:
        return list(_read_xlsx(data))
    if name.endswith((".csv", ".txt")) and not is_zip and b"\x00" not in data[:4096]:
        return [(line, [("text", cell) for cell in cells]) for line, cells in _read_csv(data)]
    raise PlayerListError(
        _("Upload a .csv file or an Excel .xlsx file (older .xls files: save them as .xlsx).")
    )


def _map_header(cells):
    mapping = {}
    for index, (_kind, text) in enumerate(cells):
        folded = _fold(text)
        for column, words in COLUMNS.items():
            if folded in words and column not in mapping:
                mapping[column] = index
    return mapping


def _check_ema_id(kind, text):
    """(ema_id or None, error message or None)."""
    digits = text.replace(" ", "")
    if not digits:
        return None, None
    if kind == "number" and digits.isdigit() and len(digits) < 8:
        digits = digits.zfill(8)  # a numeric Excel cell drops leading zeros
    if digits.isdigit() and len(digits) == 8:
        return digits, None
    if digits.isdigit() and len(digits) < 8:
        return None, _(
            "EMA id '%(value)s' has %(count)s digits; an EMA id has 8 (a lost leading zero? "
            "write it as %(padded)s)"
        ) % {"value": text, "count": len(digits), "padded": digits.zfill(8)}
    return None, _("EMA id '%(value)s' is not 8 digits") % {"value": text}


def parse_rows(table):
    """Check every row; return (rows, errors). Empty rows are skipped."""
    rows, errors = [], []
    table = [(line, cells) for line, cells in table if any(text for _k, text in cells)]
    if not table:
        return rows, [RowError(None, _("The file has no rows."))]
    header_line, header = table[0]
    mapping = _map_header(header)
    missing = [column for column in REQUIRED if column not in mapping]
    if missing:
        names = ", ".join(str(COLUMN_LABELS[column]) for column in missing)
        return rows, [
            RowError(
                header_line,
                _(
                    "the header row has no column for %(names)s. The first row must name the columns, "
                    "e.g. First name, Last name, EMA id, Country, Club (or Nome, Cognome, ID EMA, "
                    "Nazione, Club)."
                )
                % {"names": names},
            )
        ]
    if len(table) - 1 > MAX_ROWS:
        return rows, [
            RowError(header_line, _("more than %(max)s players in one file") % {"max": MAX_ROWS})
        ]
    seen_ema, seen_names = {}, {}
    for line, cells in table[1:]:

        def cell(column, cells=cells):
            index = mapping.get(column)
            return cells[index] if index is not None and index < len(cells) else ("text", "")

        problems = []
        first, last = cell("first_name")[1], cell("last_name")[1]
        for label, value in ((_("first name"), first), (_("last name"), last)):
            if not value:
                problems.append(_("the %(field)s is empty") % {"field": label})
            elif len(value) > NAME_MAX:
                problems.append(
                    _("the %(field)s is longer than %(max)s characters")
                    % {"field": label, "max": NAME_MAX}
                )
        ema_id, problem = _check_ema_id(*cell("ema_id"))
        if problem:
            problems.append(problem)
        country_text = cell("country")[1]
        country = normalize_country(country_text)
        if country is None:
            problems.append(
                _(
                    "country '%(value)s' is not recognised; write its three-letter code (ITA, DEU, "
                    "NLD, ...) or its name"
                )
                % {"value": country_text}
            )
        club = cell("club")[1]
        if len(club) > CLUB_MAX:
            problems.append(_("the club is longer than %(max)s characters") % {"max": CLUB_MAX})
        if ema_id and ema_id in seen_ema:
            problems.append(
                _("EMA id %(ema)s is already on line %(line)s")
                % {"ema": ema_id, "line": seen_ema[ema_id]}
            )
        name_key = (_fold(first), _fold(last))
        earlier = seen_names.get(name_key)
        # Two rows of one name are one player twice, unless both have their own EMA id.
        if first and last and earlier and not (ema_id and earlier[1]):
            problems.append(
                _("%(name)s is already on line %(line)s")
                % {"name": f"{first} {last}", "line": earlier[0]}
            )
        if problems:
            errors.extend(RowError(line, problem) for problem in problems)
            continue
        if ema_id:
            seen_ema[ema_id] = line
        seen_names.setdefault(name_key, (line, ema_id))
        rows.append(PlayerRow(line, first, last, ema_id, country or "", club))
    return rows, errors


def import_players(tournament, filename, data, *, as_substitutes=False):
    """Read, check and (only if every row is good) apply a player list. Returns ImportResult."""
    result = ImportResult()
    try:
        table = read_table(filename, data)
    except PlayerListError as exc:
        result.errors.append(RowError(None, str(exc)))
        return result
    result.rows, result.errors = parse_rows(table)
    if result.errors:
        return result
    with transaction.atomic():
        for row in result.rows:
            try:
                find_player(row.first_name, row.last_name, row.ema_id)
            except RegistrationError as exc:
                result.errors.append(RowError(row.line, str(exc)))
        if result.errors:
            return result
        tournament = lock_tournament(tournament)
        for row in result.rows:
            player, created = upsert_player(
                row.first_name, row.last_name, row.ema_id, row.country, row.club
            )
            result.created += created
            result.updated += not created
            _registration, registered = register(tournament, player, is_substitute=as_substitutes)
            result.registered += registered
            result.already_registered += not registered
    return result
