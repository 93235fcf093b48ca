"""The seating list of a session, for the notice board (A4 landscape, large type).

First by table: the table number, then East, South, West and North with each player's number
and name. Then, on new pages, every seated player alphabetically (two lists side by side): name,
number, table and seat wind, so a player finds their table without knowing its number.
"""

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Table, TableStyle

from common.text import sort_key
from exports.pdf.base import (
    FONT,
    FONT_BOLD,
    LIGHT,
    PdfDocument,
    drawn_session,
    fit_text,
    markup,
    player_name,
    seated_tables,
)
from tournament.models import WIND_NAMES

BOARD = 12  # font size of the alphabetical list
ROW = 7 * mm  # its row height
HEADING = 12 * mm  # the space of a section heading


def session_start(session, pattern="l j F, H:i"):
    """ "Saturday 2 May, 13:30" (or the date `pattern`) in the active language, or "" when
    not scheduled."""
    if session.scheduled_start is None:
        return ""
    return formats.date_format(timezone.localtime(session.scheduled_start), pattern)


class SeatingDocument(PdfDocument):
    def __init__(self, tournament, session):
        super().__init__(tournament)
        self.session = session
        self.tables = seated_tables(session)

    def title(self):
        return _("Seating, session %(number)s") % {"number": self.session.number}

    def is_landscape(self):
        return True

    def heading(self, text):
        text, start = markup(text), session_start(self.session)
        if start:
            text = f"{text} <font name={FONT} size=11>· {markup(start)}</font>"
        return Paragraph(text, self.styles["heading"])

    def story(self):
        story = [self.heading(_("Session %(number)s by table") % {"number": self.session.number})]
        story.append(self.by_table())
        for index, page in enumerate(self.alphabetical_pages()):
            story += [
                PageBreak(),
                self.heading(
                    _("Session %(number)s by player (alphabetical)")
                    % {"number": self.session.number}
                    + (f" ({index + 1})" if index else "")
                ),
                page,
            ]
        return story

    # -- by table ---------------------------------------------------------------------------

    def by_table(self):
        number_style = self.styles["title"].clone(
            "table_number", fontSize=18, leading=21, alignment=1, spaceAfter=0
        )
        cell = self.styles["board"]
        header = [_("Table")]
        for wind in WIND_NAMES:
            header += [str(wind), ""]
        data = [header]
        for table in self.tables:
            seats = {seat.wind: seat for seat in table.seats.all()}
            row = [Paragraph(str(table.number), number_style)]
            for wind in range(4):
                seat = seats.get(wind)
                row += (
                    [
                        str(seat.registration.number),
                        Paragraph(markup(player_name(seat.registration.player)), cell),
                    ]
                    if seat
                    else ["", ""]
                )
            data.append(row)
        name_width = (self.frame_width - 20 * mm) / 4 - 13 * mm
        table = Table(data, colWidths=[20 * mm] + [13 * mm, name_width] * 4, repeatRows=1)
        style = [
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, 12),
            ("ALIGN", (0, 0), (0, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
            ("LINEBELOW", (0, 1), (-1, -1), 0.5, colors.grey),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
            ("TOPPADDING", (0, 0), (-1, -1), 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        ]
        for wind in range(4):
            column = 1 + 2 * wind
            style += [
                ("SPAN", (column, 0), (column + 1, 0)),
                ("FONT", (column, 1), (column, -1), FONT_BOLD, 13),
                ("ALIGN", (column, 1), (column, -1), "RIGHT"),
                ("LEFTPADDING", (column + 1, 0), (column + 1, -1), 5),
            ]
        table.setStyle(TableStyle(style))
        return table

    # -- alphabetical -----------------------------------------------------------------------

    def entries(self):
        seats = [(table, seat) for table in self.tables for seat in table.seats.all()]
        seats.sort(
            key=lambda item: (
                sort_key(item[1].registration.player.last_name),
                sort_key(item[1].registration.player.first_name),
                item[1].registration.number,
            )
        )
        return seats

    def alphabetical_pages(self):
        """One table per page: two lists side by side, each filled top to bottom."""
        widths = [80 * mm, 14 * mm, 16 * mm, 24 * mm]
        gap = self.frame_width - 2 * sum(widths)
        per_column = int((self.frame_height - HEADING - ROW) // ROW) - 1
        entries = self.entries()
        header = [_("Player"), _("No."), _("Table"), _("Wind")]
        pages = []
        for start in range(0, len(entries), 2 * per_column):
            chunk = entries[start : start + 2 * per_column]
            left, right = chunk[:per_column], chunk[per_column:]
            data = [header + [""] + (header if right else [""] * 4)]
            for index, item in enumerate(left):
                other = right[index] if index < len(right) else None
                data.append(
                    self.entry(item, widths[0])
                    + [""]
                    + (self.entry(other, widths[0]) if other else [""] * 4)
                )
            table = Table(data, colWidths=[*widths, gap, *widths], rowHeights=ROW)
            table.setStyle(
                TableStyle(
                    [
                        ("FONT", (0, 0), (-1, -1), FONT, BOARD),
                        ("FONT", (0, 0), (-1, 0), FONT_BOLD, BOARD),
                        ("FONT", (2, 1), (2, -1), FONT_BOLD, BOARD),
                        ("FONT", (7, 1), (7, -1), FONT_BOLD, BOARD),
                        ("ALIGN", (1, 0), (2, -1), "RIGHT"),
                        ("ALIGN", (6, 0), (7, -1), "RIGHT"),
                        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                        ("LINEBELOW", (0, 0), (3, 0), 1, colors.black),
                        ("LINEBELOW", (5, 0), (8, 0), 1, colors.black if right else colors.white),
                        ("ROWBACKGROUNDS", (0, 1), (3, -1), [colors.white, LIGHT]),
                    ]
                    + (
                        [("ROWBACKGROUNDS", (5, 1), (8, len(right)), [colors.white, LIGHT])]
                        if right
                        else []
                    )
                )
            )
            pages.append(table)
        return pages

    def entry(self, item, width):
        table, seat = item
        name = fit_text(player_name(seat.registration.player), FONT, BOARD, width - 6)
        return [name, str(seat.registration.number), str(table.number), str(WIND_NAMES[seat.wind])]


def render_seating(tournament, *, session_number):
    """The seating list of session `session_number` (see the module docstring)."""
    session = drawn_session(tournament, session_number)
    return SeatingDocument(tournament, session).render()
