"""The EMA results file: the workbook a tournament sends to the EMA for the ranking (MERS).

Layout, sources and the choices made (disqualified, withdrawn and substitute players, provisional
results, the member flag): docs/ema-results.md. In short, one sheet laid out as the EMA's
results template, which the EMA's tools read by position:

- row 1: the players' headers in C..K (place, first name, last name, EMA number, table points,
  score, EMA member, country, note); from row 2, one row per player;
- beside them the tournament block: its labels on row 2 and each value under its label on
  row 3, in A..B (tournament, number of players) and L..S (country, city, MERS weight, status,
  rules, first day, number of days, substitutes).

The file is in English whatever the desk's language: it is read by the EMA.
"""

import bisect
import math
from dataclasses import dataclass
from fractions import Fraction

from django.utils import translation
from django.utils.translation import gettext as _

from exports import ExportError, xlsx, xlsx_package
from exports.rows import INT, POINTS, TEXT
from scoring.models import SeatResult
from scoring.standings.lists import standings_rows
from tournament.models import RegistrationStatus
from tournament.rulesets import ruleset_for

SHEET_TITLE = "Results"
#: The players' columns, from column C (the third).
PLAYER_COLUMNS = (
    ("Place", INT),
    ("First name", TEXT),
    ("Last name", TEXT),
    ("EMA number", TEXT),
    ("Table points", POINTS),
    ("Score", INT),
    ("EMA member", TEXT),
    ("Country", TEXT),
    ("Note", TEXT),
)
FIRST_PLAYER_COLUMN = 3
#: The tournament block: (column, label), the value under the label on row 3.
BLOCK = (
    (1, "Tournament"),
    (2, "Number of players"),
    (12, "Tournament country"),
    (13, "City"),
    (14, "MERS weight"),
    (15, "Status"),
    (16, "Rules"),
    (17, "First day"),
    (18, "Number of days"),
    (19, "Substitutes"),
)
BLOCK_HEADING = "Tournament data"
HEADER_ROW, LABEL_ROW, VALUE_ROW = 1, 2, 3
FINAL = "Final"
MEMBER = "Y"


@dataclass(frozen=True)
class Progress:
    """How far the tournament is: its last confirmed session and its number of sessions."""

    last_confirmed: int
    sessions: int
    confirmed: int

    @property
    def final(self):
        return self.confirmed >= self.sessions

    @property
    def status(self):
        """The block's status: "Final", or what the results are provisional after."""
        if self.final:
            return FINAL
        return f"PROVISIONAL after session {self.last_confirmed} of {self.sessions}"

    @property
    def file_suffix(self):
        """What the file name adds to "-ema" for provisional results ("" when final)."""
        if self.final:
            return ""
        return f"-provisional-after-session{self.last_confirmed}-of-{self.sessions}"


def progress(tournament):
    numbers = list(tournament.sessions.confirmed().values_list("number", flat=True))
    return Progress(max(numbers, default=0), tournament.session_count, len(numbers))


@dataclass
class EmaResults:
    """The block's values (label -> value, in BLOCK's order) and the players' rows (values in
    PLAYER_COLUMNS' order)."""

    block: dict
    players: list


def ema_results(standings, *, provisional=False):
    """The EMA results of `standings` (all confirmed sessions).

    Refused (ExportError) before the last session is confirmed, unless `provisional`: then the
    block's status says "PROVISIONAL after session k of n".
    """
    tournament = standings.tournament
    now = progress(tournament)
    if not now.final and not provisional:
        raise ExportError(
            _(
                "Only %(confirmed)s of the %(sessions)s sessions are confirmed: the EMA results "
                "are not final. Confirm the last session, or ask for provisional results "
                "(--provisional, or “EMA results (provisional …)” on the standings page)."
            )
            % {"confirmed": now.confirmed, "sessions": now.sessions}
        )
    ruleset = ruleset_for(tournament)
    # Who took part: played at least one counted session. Substitutes are not in the
    # standings; players who never played (withdrawn before the start) are not listed.
    rows = [data for data in standings_rows(standings) if data["sessions_played"]]
    disqualified = [data for data in rows if data["status"] == RegistrationStatus.DISQUALIFIED]
    ranked = [data for data in rows if data["status"] != RegistrationStatus.DISQUALIFIED]
    players = []
    for data, place in zip(ranked, listed_places([data["place"] for data in ranked]), strict=True):
        note = ""
        if data["status"] == RegistrationStatus.WITHDRAWN:
            note = (
                f"Withdrawn (played {data['sessions_played']} of "
                f"{len(standings.session_numbers)} sessions)"
            )
        players.append(_player_row(data, place, ruleset, note))
    for data in disqualified:
        players.append(_player_row(data, len(ranked) + 1, ruleset, "Disqualified"))
    substitutes = (
        SeatResult.objects.filter(
            session__tournament=tournament,
            session__number__in=standings.session_numbers,
            registration__is_substitute=True,
        )
        .values("registration")
        .distinct()
        .count()
    )
    with translation.override("en"):
        rules = ruleset.ema_rules or str(ruleset.name)
    values = (
        tournament.name,
        len(players),
        tournament.country or None,
        tournament.city or None,
        tournament.mers_weight,
        now.status,
        rules,
        tournament.start_date,
        (tournament.end_date - tournament.start_date).days + 1,
        substitutes,
    )
    block = {label: value for (_column, label), value in zip(BLOCK, values, strict=True)}
    return EmaResults(block=block, players=players)


def listed_places(places):
    """The places the EMA results file gives the ranked players who played, from their
    standings places: shared places stay shared (1, 2, 2, 4) and a player left out leaves no
    gap (3, 5, 5 -> 1, 2, 2). Disqualified players come after them, all at the place after the
    last ranked one. A season's EMA ranking reads the same places (docs/rules.md §11.1)."""
    ordered = sorted(places)
    return [bisect.bisect_left(ordered, place) + 1 for place in places]


def _player_row(data, place, ruleset, note):
    score = data["final_score"] if ruleset.shows_final_score else data["score"]
    if isinstance(score, Fraction):
        score = math.floor(score + Fraction(1, 2))  # halves up, as a table rounds (not to even)
    return [
        place,
        data["first_name"],
        data["last_name"],
        data["ema_id"] or None,
        data["table_points"] if ruleset.ema_table_points else None,
        score,
        MEMBER if data["ema_id"] else None,  # empty, not "N": the EMA reads any text as yes
        data["country"] or None,
        note or None,
    ]


def render_xlsx(results):
    """The workbook of `results` (an EmaResults), as bytes, written as the standings workbook
    is (`xlsx_package`): text is always text, whatever it starts with."""
    width = max(column for column, _label in BLOCK)
    grid: list[list[xlsx_package.GridCell]] = [
        [None] * width for _row in range(max(VALUE_ROW, 1 + len(results.players)))
    ]
    bold = xlsx_package.BOLD
    for offset, (label, _kind) in enumerate(PLAYER_COLUMNS):
        grid[HEADER_ROW - 1][FIRST_PLAYER_COLUMN - 1 + offset] = (label, bold)
    for column in (BLOCK[0][0], BLOCK[2][0]):
        grid[HEADER_ROW - 1][column - 1] = (BLOCK_HEADING, bold)
    for index, row in enumerate(results.players):
        for offset, ((_label, kind), value) in enumerate(zip(PLAYER_COLUMNS, row, strict=True)):
            grid[HEADER_ROW + index][FIRST_PLAYER_COLUMN - 1 + offset] = _cell(value, kind)
    for column, label in BLOCK:
        grid[LABEL_ROW - 1][column - 1] = (label, bold)
        grid[VALUE_ROW - 1][column - 1] = _block_cell(results.block[label])
    widths = [6] * width
    for row in grid:
        for index, item in enumerate(row):
            if item is not None and item[0] is not None:
                widths[index] = max(widths[index], min(_width(*item), xlsx.MAX_WIDTH))
    sheet = xlsx_package.GridXml(SHEET_TITLE, widths, grid)
    return xlsx_package.package([sheet])


def _width(value, style):
    """Characters a cell needs: a bold text is wider, a date or a number takes its format's."""
    if hasattr(value, "isoformat"):
        return len("yyyy-mm-dd") + 2
    if isinstance(value, float):
        return len("0000.00")
    return round(len(str(value)) * (1.2 if style == xlsx_package.BOLD else 1.1)) + 2


def _cell(value, kind):
    """A player's value: table points with two decimals, numbers as numbers, text as text."""
    if value is None:
        return None
    if kind == POINTS:
        return (float(value), xlsx_package.POINTS_STYLE)
    if kind == TEXT:
        return (str(value), xlsx_package.PLAIN)
    return (value, xlsx_package.PLAIN)


def _block_cell(value):
    """A block value, written as its type says: the first day as a date, the MERS weight with
    one decimal, numbers as numbers, the rest as text."""
    if value is None:
        return None
    if hasattr(value, "isoformat"):
        return (value, xlsx_package.DATE_STYLE)
    if isinstance(value, int):
        return (value, xlsx_package.PLAIN)
    if not isinstance(value, str):  # the MERS weight
        return (float(value), xlsx_package.ONE_DECIMAL_STYLE)
    return (value, xlsx_package.PLAIN)
