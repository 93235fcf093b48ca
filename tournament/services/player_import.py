"""Importing a player list (CSV or Excel) into a tournament.

The list has a header row in English or Italian and one player per row: first name, last name,
EMA id, country, club (only the two names are required; columns may come in any order; other
columns are ignored). The import is all or nothing: every row is checked first, every bad row is
reported with its line number and what is wrong, and nothing is written while any row is bad.

Two people are never merged silently. Each row is planned first (`plan_import`): a *new* player;
the *same person by EMA id* (a known player with that EMA id); or a *name match*: a known player
of the same name (and no other EMA id), who may be the same person or not. A name match counts
as the same person only when the director says so (the preview page's choice, the command's
`--match-by-name`), or when that player is already registered in this very tournament (importing
the same list again updates the players instead of duplicating them). `apply_import` writes the
plan in one transaction after checking that the known players did not change since the plan was
shown, and the result lists who was matched and how.

Reading the file safely (sizes, rows, Excel's traps) is `tournament.services.player_files`.
"""

import re
import unicodedata
from dataclasses import asdict, dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.countries import normalize_country
from tournament.models import Player
from tournament.services.player_files import (
    MAX_ROWS,
    PlayerListError,
    read_table,
)
from tournament.services.registrations import (
    RegistrationError,
    find_player,
    lock_tournament,
    register,
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
NAME_MAX = 100
CLUB_MAX = 120


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

    @property
    def full_name(self):
        return f"{self.first_name} {self.last_name}"

    def as_data(self):
        """A plain dict (for the session between the preview and the confirmation)."""
        return asdict(self)


#: How a row relates to the players the desk knows.
NEW = "new"
SAME_EMA = "ema"
SAME_NAME = "name"


@dataclass
class PlannedRow:
    """One row and the known player it may be (None: nobody known)."""

    row: PlayerRow
    how: str
    player: Player | None = None
    registered_here: bool = False

    @property
    def same_by_default(self):
        return self.how == SAME_EMA or (self.how == SAME_NAME and self.registered_here)

    @property
    def known(self):
        """The known player's club, country and EMA id, as one line for the director."""
        return describe_player(self.player)

    def fingerprint(self):
        """What the director saw of this row's known player (to notice a change meanwhile)."""
        player = self.player
        return [
            self.row.line,
            self.how,
            player.pk if player else None,
            player.updated_at.isoformat() if player else None,
            self.registered_here,
        ]


@dataclass
class Match:
    """A row imported as, or next to, a known player (for the result report)."""

    row: PlayerRow
    how: str
    merged: bool
    known: str
    reason: str = ""

    def __str__(self):
        values = {"line": self.row.line, "name": self.row.full_name, "known": self.known}
        if self.how == SAME_EMA:
            values["ema"] = self.row.ema_id
            return (
                _("Line %(line)s: %(name)s is the known player with EMA id %(ema)s (%(known)s).")
                % values
            )
        if not self.merged:
            return (
                _(
                    "Line %(line)s: %(name)s was imported as a new player; the known player of the "
                    "same name (%(known)s) was left as they were."
                )
                % values
            )
        if self.reason == "registered":
            return (
                _(
                    "Line %(line)s: %(name)s is the player of the same name already registered in "
                    "this tournament (%(known)s)."
                )
                % values
            )
        return (
            _(
                "Line %(line)s: %(name)s is the known player of the same name (%(known)s), as chosen."
            )
            % values
        )


@dataclass
class ImportResult:
    rows: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    plan: list = field(default_factory=list)
    matches: list = field(default_factory=list)
    changed: bool = False
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

    def match_lines(self):
        """One line per row that is, or is next to, a player the desk already knew."""
        return [str(match) for match in self.matches]


def describe_player(player):
    if player is None:
        return ""
    parts = [player.full_name]
    parts.append(player.club or _("no club"))
    parts.append(player.country or _("no country"))
    if player.ema_id:
        parts.append(_("EMA id %(ema)s") % {"ema": player.ema_id})
    else:
        parts.append(_("no EMA id"))
    return ", ".join(parts)


def _fold(text):
    text = unicodedata.normalize("NFKD", str(text).strip().lower())
    text = "".join(char for char in text if not unicodedata.combining(char))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


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


def read_player_list(filename, data):
    """(rows, errors) of a file: every row checked, nothing looked up yet."""
    try:
        table = read_table(filename, data)
    except PlayerListError as exc:
        return [], [RowError(None, str(exc))]
    return parse_rows(table)


def plan_import(tournament, rows):
    """(plan, errors): each row with the known player it is, or may be (see the docstring)."""
    plan, errors = [], []
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    for row in rows:
        try:
            player = find_player(row.first_name, row.last_name, row.ema_id)
        except RegistrationError as exc:
            # Namesakes: in this tournament's own list the name still tells them apart.
            player = _namesake_registered_here(row, registered)
            if player is None:
                errors.append(RowError(row.line, str(exc)))
                continue
        if player is None:
            plan.append(PlannedRow(row, NEW))
            continue
        how = SAME_EMA if row.ema_id and player.ema_id == row.ema_id else SAME_NAME
        plan.append(PlannedRow(row, how, player, registered_here=player.pk in registered))
    return plan, errors


def _namesake_registered_here(row, registered):
    """The one player of the row's name registered in the tournament, or None."""
    candidates = Player.objects.filter(
        first_name__iexact=row.first_name.strip(),
        last_name__iexact=row.last_name.strip(),
        pk__in=registered,
    )
    if row.ema_id:
        candidates = candidates.filter(ema_id__isnull=True)
    candidates = list(candidates[:2])
    return candidates[0] if len(candidates) == 1 else None


def fingerprint(plan):
    return [planned.fingerprint() for planned in plan]


def _write_player(player, row):
    """Bring a known player up to date from the row, or create one (player None).

    Empty country and club in the row keep what the desk already knows.
    """
    created = player is None
    player = player or Player()
    player.first_name = row.first_name.strip()
    player.last_name = row.last_name.strip()
    if row.ema_id:
        player.ema_id = row.ema_id
    if row.country or created:
        player.country = row.country
    if row.club or created:
        player.club = row.club.strip()
    player.full_clean(validate_unique=False, validate_constraints=False)
    player.save()
    return player, created


def apply_import(
    tournament,
    rows,
    *,
    as_substitutes=False,
    same_person=None,
    match_by_name=False,
    expected=None,
):
    """Write the rows in one transaction. Returns ImportResult.

    `same_person` maps a row's line to the director's choice for a name match (True: the same
    person; missing: the default, see `PlannedRow.same_by_default`); `match_by_name` makes every
    name match the same person. `expected` is the fingerprint of the plan the director saw: when
    the known players changed since, nothing is written and the result has `changed` set and
    the new plan.
    """
    same_person = same_person or {}
    result = ImportResult(rows=list(rows))
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        result.plan, result.errors = plan_import(tournament, result.rows)
        if result.errors:
            return result
        if expected is not None and fingerprint(result.plan) != expected:
            result.changed = True
            result.errors.append(
                RowError(
                    None,
                    _(
                        "The players known to the desk changed since this preview was made "
                        "(another import or registration). Nothing was imported: check the "
                        "rows below again and confirm."
                    ),
                )
            )
            return result
        for planned in result.plan:
            same = planned.same_by_default
            if planned.how == SAME_NAME:
                same = match_by_name or same_person.get(planned.row.line, same)
            known = describe_player(planned.player)
            player, created = _write_player(planned.player if same else None, planned.row)
            if planned.how != NEW:
                reason = "registered" if planned.registered_here else ""
                result.matches.append(Match(planned.row, planned.how, same, known, reason))
            result.created += created
            result.updated += not created
            _registration, registered = register(tournament, player, is_substitute=as_substitutes)
            result.registered += registered
            result.already_registered += not registered
    return result


def import_players(
    tournament, filename, data, *, as_substitutes=False, match_by_name=False, same_person=None
):
    """Read, check and (only if every row is good) apply a player list in one go.

    Name matches are new players unless `match_by_name` or `same_person` (see `apply_import`)
    say otherwise. Returns ImportResult.
    """
    rows, errors = read_player_list(filename, data)
    if errors:
        return ImportResult(rows=rows, errors=errors)
    return apply_import(
        tournament,
        rows,
        as_substitutes=as_substitutes,
        same_person=same_person,
        match_by_name=match_by_name,
    )
