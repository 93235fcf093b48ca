"""The standings after a confirmed session, for the notice board and the archive.

The rows are `scoring.standings.lists.standings_rows()`, the very dicts the standings page shows, so the
screen and the paper never differ: place ("=3" when shared), player (last name, first name; a
withdrawn or disqualified player is marked), number, country, club, the rule set's totals
(MCR: table points and score; riichi: final score in thousands; classic: score and table points
when used), transfers and penalties (empty where there is none), then each confirmed session:
where the rule set ranks by table points, its table points and its score, side by side when
they fit the page and else one above the other in one column per session, for any number of
sessions (A4, landscape when the sessions need it). Names and clubs print whole
(`exports.pdf.names`): they shrink, then wrap at spaces and hyphens. The header row is
repeated on every page. Substitutes never appear. Under the table, the tie-breakers in the
director's order and the seed of the lots (`scoring.standings.ranking.tie_break_note`), as on the page.
"""

from collections.abc import Callable
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from common import formatting
from common.i18n import translate_text
from exports.pdf.base import (
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    LIGHT,
    PdfDocument,
    markup,
    register_fonts,
    styles,
)
from exports.pdf.names import NameFlowable
from exports.sources import confirmed_standings
from scoring.standings.lists import standings_rows
from scoring.standings.ranking import tie_break_note
from tournament.rulesets import ruleset_for

if TYPE_CHECKING:
    from exports.pdf.base import TableCommand

SIZE = 8  # font size of the rows
MIN_SIZE = 6.5  # the smallest a name or club shrinks to before it wraps
LINES = 3  # the most lines a name or club wraps onto
PADDING = 2  # left and right padding of a cell
SESSION_WIDTH = 12 * mm  # one per-session value
PORTRAIT_WIDTH = 186 * mm  # the frame of an A4 portrait page
MARK = colors.HexColor("#a00000")


class Column:
    """A column of the standings table, at least as wide as its title in any language."""

    def __init__(self, key, title, width, *, align="LEFT", bold=False, format=str):
        register_fonts()
        title_width = max(
            stringWidth(line, FONT_CONDENSED_BOLD, SIZE) for line in str(title).split("\n")
        )
        title_width += 2 * PADDING + 1
        self.key, self.title, self.width = key, title, max(width, title_width)
        self.align, self.bold, self.format = align, bold, format


def _points(value):
    return formatting.table_points(value)


def _whole(value):
    """A whole number; a total halved at the cut may end in a half (docs/rules.md §9.2)."""
    whole = not isinstance(value, Fraction) or value.denominator == 1
    return formatting.exact(value, 0 if whole else 1)


class StandingsDocument(PdfDocument):
    def __init__(self, tournament, standings):
        super().__init__(tournament)
        self.standings = standings
        self.ruleset = ruleset_for(tournament)
        self.shows_final = self.ruleset.shows_final_score
        self.uses_table_points = "table_points" in standings.ranking_fields

    def final(self, value):
        """A final score as the rule set shows it (riichi: in thousands)."""
        return formatting.final_score(value, self.ruleset)

    def figure(self, value):
        """Transfers in the unit of the total (`RuleSet.figure_format`: riichi in thousands)."""
        return formatting.figure(value, self.ruleset)

    def penalty(self, value):
        """A penalty total as `figure`; nothing where there is none (no column of zeros)."""
        return self.figure(value) if value else ""

    def title(self):
        through = self.standings.through
        if through == self.tournament.session_count:
            return _("Final standings")
        if self.standings.stage == "qualifying":  # a tournament in stages (docs/rules.md §9)
            return _("Qualifying stage: standings after session %(number)s of %(count)s") % {
                "number": through,
                "count": self.tournament.qualifying_sessions,
            }
        if self.standings.stage == "final":
            return _("Final: ranking after session %(number)s of %(count)s") % {
                "number": through,
                "count": self.tournament.session_count,
            }
        return _("Standings after session %(number)s of %(count)s") % {
            "number": through,
            "count": self.tournament.session_count,
        }

    # -- columns ----------------------------------------------------------------------------

    def total_columns(self):
        columns = []
        if self.uses_table_points:
            columns.append(
                Column("table_points", _("TP"), 12 * mm, align="RIGHT", bold=True, format=_points)
            )
        if self.shows_final:
            columns.append(
                Column(
                    "final_score",
                    translate_text(self.ruleset.total_label),
                    17 * mm,
                    align="RIGHT",
                    bold=True,
                    format=self.final,
                )
            )
        else:
            columns.append(
                Column(
                    "score",
                    translate_text(self.ruleset.total_label),
                    12 * mm,
                    align="RIGHT",
                    bold=not self.uses_table_points,
                    format=_whole,
                )
            )
        # In the unit of the total beside them (riichi: thousands), as on the page.
        columns.append(
            Column("transfers", _("Transfers"), 10 * mm, align="RIGHT", format=self.figure)
        )
        columns.append(
            Column("penalties", _("Penalties"), 10 * mm, align="RIGHT", format=self.penalty)
        )
        return columns

    def stacked(self):
        """True when each session's table points and score share one column, one above the
        other: the rule set ranks by table points and the two columns a session would not fit."""
        if self.shows_final or not self.uses_table_points:
            return False
        room = self.frame_width - sum(column.width for column in self.fixed_columns())
        return len(self.standings.session_numbers) * 2 * SESSION_WIDTH > room

    def session_columns(self, width):
        """Per session: the final score (riichi), or table points and score (side by side, or
        one above the other: `stacked`), or the score."""
        numbers = self.standings.session_numbers
        kinds: list[tuple[str, str, Callable[[Any], str] | None]]
        if self.shows_final:
            kinds = [("final", "", self.final)]
        elif self.uses_table_points and self.stacked():
            kinds = [("both", f"{_('TP')}\n{_('pts')}", None)]  # "S10 TP" over "pts"
        elif self.uses_table_points:
            kinds = [("tp", _("TP"), _points), ("score", _("pts"), _whole)]
        else:
            kinds = [("score", "", _whole)]
        each = min(13 * mm, width / max(1, len(numbers) * len(kinds)))
        columns = []
        for number in numbers:
            for key, suffix, format in kinds:
                title = _("S%(number)s") % {"number": number}
                title = f"{title} {suffix}".strip()
                columns.append(
                    Column(
                        f"s{number}_{key}",
                        title,
                        each,
                        align="RIGHT",
                        format=format,
                    )
                )
        return columns

    def fixed_columns(self):
        return [
            Column("place_label", _("Place"), 10 * mm, align="RIGHT", bold=True),
            Column("name", _("Player"), 44 * mm),
            Column("number", _("No."), 9 * mm, align="RIGHT"),
            Column("country", _("Country"), 12 * mm, align="CENTER"),
            Column("club", _("Club"), 22 * mm),
            *self.total_columns(),
        ]

    def columns(self):
        fixed = self.fixed_columns()
        used = sum(column.width for column in fixed)
        sessions = self.session_columns(self.frame_width - used)
        # The name and club columns share what is left with their own widths: each as wide
        # as its longest text needs when both fit, else in proportion to those needs (a long
        # club gets the room a short name does not use); the rest evenly.
        spare = max(0, self.frame_width - used - sum(column.width for column in sessions))
        name, club = fixed[1], fixed[4]
        total = name.width + club.width + spare
        needs = [self.longest(column) for column in (name, club)]
        if sum(needs) <= total:
            rest = total - sum(needs)
            name.width, club.width = needs[0] + rest / 2, needs[1] + rest / 2
        else:
            share = min(0.65, max(0.35, needs[0] / sum(needs)))
            name.width, club.width = total * share, total * (1 - share)
        return fixed + sessions

    def longest(self, column):
        """The width a name or club column needs for its longest text on one line."""
        font = FONT_CONDENSED_BOLD if column.bold else FONT_CONDENSED
        texts = [""] + [
            self.name_text(row) if column.key == "name" else row["club"] for row in self.rows
        ]
        return max(stringWidth(text, font, SIZE) for text in texts) + 2 * PADDING + 1

    @cached_property
    def rows(self):
        return standings_rows(self.standings)

    @staticmethod
    def name_text(row):
        if row["status_label"]:
            return f"{row['name']} ({row['status_label']})"
        if row["stage"] == "final":  # a finalist (docs/rules.md §9)
            return f"{row['name']} ({row['stage_label']})"
        return row["name"]

    def is_landscape(self):
        """Landscape when the sessions' columns (both values) do not fit a portrait page."""
        values = 2 if self.uses_table_points and not self.shows_final else 1
        needed = sum(column.width for column in self.fixed_columns())
        needed += len(self.standings.session_numbers) * values * SESSION_WIDTH
        return needed > PORTRAIT_WIDTH

    # -- the table --------------------------------------------------------------------------

    def cell(self, column, row):
        if column.key == "name":
            name = self.name_text(row)
            font = FONT_CONDENSED_BOLD if column.bold else FONT_CONDENSED
            color = MARK if row["status_label"] else None
            return NameFlowable(
                name, font, size=SIZE, min_size=MIN_SIZE, max_lines=LINES, color=color
            )
        if column.key == "club":
            if not row["club"]:
                return ""
            return NameFlowable(
                row["club"], FONT_CONDENSED, size=SIZE, min_size=MIN_SIZE, max_lines=LINES
            )
        if column.key.endswith("_both"):
            number = column.key[1:-5]
            points, score = row.get(f"s{number}_tp"), row.get(f"s{number}_score")
            if points is None and score is None:
                return ""
            return "\n".join(
                ("" if value is None else format(value))
                for value, format in ((points, _points), (score, _whole))
            )
        value = row[column.key]
        if value is None:
            return ""
        return column.format(value)

    def story(self):
        columns = self.columns()
        rows = self.rows
        data = [[column.title for column in columns]]
        data += [[self.cell(column, row) for column in columns] for row in rows]
        style: list[TableCommand] = [
            ("FONT", (0, 0), (-1, -1), FONT_CONDENSED, SIZE),
            ("FONT", (0, 0), (-1, 0), FONT_CONDENSED_BOLD, SIZE),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
            ("TOPPADDING", (0, 0), (-1, -1), 1.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
            ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]
        for index, column in enumerate(columns):
            style.append(("ALIGN", (index, 0), (index, -1), column.align))
            if column.bold:
                style.append(("FONT", (index, 1), (index, -1), FONT_CONDENSED_BOLD, SIZE))
        first_session = next(
            (i for i, c in enumerate(columns) if c.key.startswith("s") and c.key[1:2].isdigit()),
            None,
        )
        if first_session is not None:
            style.append(("LINEBEFORE", (first_session, 0), (first_session, -1), 0.5, colors.grey))
        for index, row in enumerate(rows, start=1):
            if row["status_label"]:
                style.append(("TEXTCOLOR", (1, index), (1, index), MARK))
        table = Table(data, colWidths=[column.width for column in columns], repeatRows=1)
        table.setStyle(TableStyle(style))
        note = tie_break_note(self.tournament)
        if not note:
            return [table]
        return [table, Spacer(1, 3 * mm), Paragraph(markup(note), styles()["small"])]


def render_standings(tournament, *, through=None):
    """The standings after the last confirmed session (or confirmed session `through`)."""
    return StandingsDocument(tournament, confirmed_standings(tournament, through)).render()
