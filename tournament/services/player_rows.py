"""Reading a player list's rows: the header, every row checked, nothing looked up yet.

The header row may be in English or Italian (`COLUMNS`); the first and last names are required,
the EMA id, country, club, team and categories are optional (several categories in one cell are
separated by ";" or ","). `parse_rows` reports every bad row with its line
number and what is wrong. Reading the file itself (sizes, rows, Excel's traps) is
`tournament.services.player_files`; matching the rows with known players is
`tournament.services.player_matching`.
"""

import re
import unicodedata
from dataclasses import asdict, dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.text import person_name
from tournament.countries import normalize_country
from tournament.models.groups import CATEGORY_NAME_MAX, TEAM_NAME_MAX
from tournament.services.player_files import (
    MAX_ROWS,
    PlayerListError,
    read_table,
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
    "club": {"club", "association", "associazione", "circolo", "societa"},
    "team": {"team", "squadra", "team name", "nome squadra"},
    "categories": {"categories", "category", "categorie", "categoria"},
}
COLUMN_LABELS = {
    "first_name": gettext_lazy("first name (Nome)"),
    "last_name": gettext_lazy("last name (Cognome)"),
}
REQUIRED = ("first_name", "last_name")
NAME_MAX = 100
CLUB_MAX = 120
#: The longest team and category names (the models' columns).
TEAM_MAX = TEAM_NAME_MAX
CATEGORY_MAX = CATEGORY_NAME_MAX


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
    team: str = ""
    categories: list = field(default_factory=list)

    @property
    def full_name(self):
        return person_name(self.first_name, self.last_name)

    def as_data(self):
        """A plain dict (for the session between the preview and the confirmation)."""
        return asdict(self)


def _fold(text):
    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def split_categories(text):
    """The labels of a categories cell ("Ladies; Juniors" or "Ladies, Juniors"), each once."""
    labels = [" ".join(part.split()) for part in re.split(r"[;,]", text)]
    seen, unique = set(), []
    for label in labels:
        if label and label.casefold() not in seen:
            seen.add(label.casefold())
            unique.append(label)
    return unique


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
    plain = digits.isascii() and digits.isdigit()  # "²" and "١" pass isdigit(), not an EMA id
    if kind == "number" and plain and len(digits) < 8:
        digits = digits.zfill(8)  # a numeric Excel cell drops leading zeros
    if plain and len(digits) == 8:
        return digits, None
    if plain and len(digits) < 8:
        return None, _(
            "EMA id '%(value)s' has %(count)s digits; an EMA id has 8 (a lost leading zero? "
            "write it as %(padded)s)"
        ) % {"value": text, "count": len(digits), "padded": digits.zfill(8)}
    return None, _("EMA id '%(value)s' is not 8 digits") % {"value": text}


def parse_rows(table):
    """Check every row; return (rows, errors). Empty rows are skipped."""
    rows: list[PlayerRow] = []
    errors: list[RowError] = []
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
    seen_ema: dict[str, int] = {}
    seen_names: dict[tuple[str, str], tuple[int, str]] = {}
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
        team = " ".join(cell("team")[1].split())
        if len(team) > TEAM_MAX:
            problems.append(
                _("the team name is longer than %(max)s characters") % {"max": TEAM_MAX}
            )
        categories = split_categories(cell("categories")[1])
        for label in categories:
            if len(label) > CATEGORY_MAX:
                problems.append(
                    _("the category “%(label)s” is longer than %(max)s characters")
                    % {"label": label[:20] + "…", "max": CATEGORY_MAX}
                )
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
        rows.append(PlayerRow(line, first, last, ema_id, country or "", club, team, categories))
    return rows, errors


def read_player_list(filename, data):
    """(rows, errors) of a file: every row checked, nothing looked up yet."""
    try:
        table = read_table(filename, data)
    except PlayerListError as exc:
        return [], [RowError(None, str(exc))]
    return parse_rows(table)
