"""The seating list of a session, for the notice board (A4 landscape, large type).

First by table: the table number, then East, South, West and North with each player's number
and name. Then, on new pages, every seated player alphabetically (two lists side by side): name,
number, table and seat wind, so a player finds their table without knowing its number.
"""

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Table, TableStyle

from common.text import sort_key
from exports.pdf.base import (
    FONT,
    FONT_BOLD,
    LIGHT,
    PdfDocument,
    markup,
    player_name,
    seated_tables,
    session_start,
)
from exports.pdf.names import LEADING, NameFlowable, fit_name
from exports.sources import drawn_session
from tournament.models import WIND_NAMES

if TYPE_CHECKING:
    from exports.pdf.base import TableCommand

BOARD = 12  # font size of the alphabetical list
BOARD_MIN = 9  # the smallest a name shrinks to before it wraps (both lists)
ROW = 7 * mm  # the alphabetical list's row height (a name on two lines takes more)
CELL_PADDING = 6  # reportlab's default left and right padding of a cell
NAME_PADDING = 2  # above and below a name (the alphabetical list's cell padding)
HEADING = 12 * mm  # the space of a section heading


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
        header: list[str | Flowable] = [_("Table")]
        for name in WIND_NAMES:
            header += [str(name), ""]
        data = [header]
        for table in self.tables:
            seats = {seat.wind: seat for seat in table.seats.all()}
            row: list[str | Flowable] = [Paragraph(str(table.number), number_style)]
            for wind in range(4):
                seat = seats.get(wind)
                row += (
                    [
                        str(seat.registration.number),
                        NameFlowable(
                            player_name(seat.registration.player),
                            cell.fontName,
                            size=cell.fontSize,
                            min_size=BOARD_MIN,
                            max_lines=3,
                        ),
                    ]
                    if seat
                    else ["", ""]
                )
            data.append(row)
        name_width = (self.frame_width - 20 * mm) / 4 - 13 * mm
        table = Table(data, colWidths=[20 * mm] + [13 * mm, name_width] * 4, repeatRows=1)
        style: list[TableCommand] = [
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

    def row_height(self, item, width):
        """The height of an entry's row: `ROW`, or more when its name takes two lines."""
        if item is None:
            return ROW
        size, lines = fit_name(
            player_name(item[1].registration.player),
            FONT,
            width - 2 * CELL_PADDING,
            size=BOARD,
            min_size=BOARD_MIN,
        )
        return max(ROW, len(lines) * size * LEADING + 2 * NAME_PADDING)

    def split_pages(self, entries, width, room):
        """The entries page by page: (left list, right list, row heights), each page as many
        as fit `room` points, the left list filled first."""
        heights = [self.row_height(item, width) for item in entries]
        pages, start = [], 0
        while start < len(entries):
            count = 1  # rows on the page (left list); the right list has as many or fewer
            while start + count < len(entries):
                bigger = count + 1
                total = sum(
                    max(
                        heights[start + index],
                        heights[start + bigger + index]
                        if start + bigger + index < len(entries)
                        else 0,
                    )
                    for index in range(bigger)
                )
                if total > room + 1e-6:  # ten rows of ROW make room exactly
                    break
                count = bigger
            left = entries[start : start + count]
            right = entries[start + count : start + 2 * count]
            rows = [
                max(
                    heights[start + index],
                    heights[start + count + index] if index < len(right) else 0,
                )
                for index in range(count)
            ]
            pages.append((left, right, rows))
            start += len(left) + len(right)
        return pages

    def alphabetical_pages(self):
        """One table per page: two lists side by side, each filled top to bottom."""
        widths = [76 * mm, 14 * mm, 22 * mm, 22 * mm]
        gap = self.frame_width - 2 * sum(widths)
        room = self.frame_height - HEADING - ROW - ROW
        header = [_("Player"), _("No."), _("Table"), _("Wind")]
        tables = []
        for left, right, heights in self.split_pages(self.entries(), widths[0], room):
            data = [header + [""] + (header if right else [""] * 4)]
            for index, item in enumerate(left):
                other = right[index] if index < len(right) else None
                data.append(self.entry(item) + [""] + (self.entry(other) if other else [""] * 4))
            table = Table(data, colWidths=[*widths, gap, *widths], rowHeights=[ROW, *heights])
            commands: list[TableCommand] = [
                ("FONT", (0, 0), (-1, -1), FONT, BOARD),
                ("FONT", (0, 0), (-1, 0), FONT_BOLD, BOARD),
                ("FONT", (2, 1), (2, -1), FONT_BOLD, BOARD),
                ("FONT", (7, 1), (7, -1), FONT_BOLD, BOARD),
                ("ALIGN", (1, 0), (2, -1), "RIGHT"),
                ("ALIGN", (6, 0), (7, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), NAME_PADDING),
                ("BOTTOMPADDING", (0, 0), (-1, -1), NAME_PADDING),
                ("LINEBELOW", (0, 0), (3, 0), 1, colors.black),
                ("LINEBELOW", (5, 0), (8, 0), 1, colors.black if right else colors.white),
                ("ROWBACKGROUNDS", (0, 1), (3, -1), [colors.white, LIGHT]),
            ]
            if right:
                commands.append(("ROWBACKGROUNDS", (5, 1), (8, len(right)), [colors.white, LIGHT]))
            table.setStyle(TableStyle(commands))
            tables.append(table)
        return tables

    def entry(self, item):
        table, seat = item
        name = NameFlowable(
            player_name(seat.registration.player), FONT, size=BOARD, min_size=BOARD_MIN
        )
        return [name, str(seat.registration.number), str(table.number), str(WIND_NAMES[seat.wind])]


def render_seating(tournament, *, session_number):
    """The seating list of session `session_number` (see the module docstring)."""
    session = drawn_session(tournament, session_number)
    return SeatingDocument(tournament, session).render()
