"""Table cards of a session: one A4 page per table, folded in the middle to stand on the table.

The front (lower half) shows the big table number, the session and its start, and the four
players with their starting winds. The back (upper half, printed upside down so that it reads
upright once folded) shows the same. A card stands where everyone passes, so it carries no
referee link: the links (and PINs) are on the referee slips (`refslips.py`), which go to the
referees' pockets. `table_link` and `draw_qr` are shared with the slips.
"""

import segno
from django.urls import reverse
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Table, TableStyle

from exports import ExportError
from exports.pdf.base import (
    FONT,
    FONT_BOLD,
    GREY,
    RULE,
    PdfDocument,
    WholePage,
    fit_text,
    page_by_page,
    player_name,
    seated_tables,
    session_start,
)
from exports.pdf.names import LEADING, NameFlowable, fit_name
from exports.sources import drawn_session
from tournament.models import WIND_NAMES

QR_SIZE = 66 * mm  # quiet zone included (the referee slips use their own size)
SEAT_SIZE, SEAT_MIN = 15, 12  # a player's name: its size, and the least before it wraps
SEAT_ROW = 9 * mm  # a seat's row (a name on two lines takes more)
NAME_WIDTH = 112 * mm
NAME_PADDING = (8, 6, 3)  # left, right, and above and below a name on two lines


def table_link(link_base, table):
    return link_base.rstrip("/") + reverse("link:table", kwargs={"token": table.token})


def draw_qr(canvas, url, x, y, size=QR_SIZE, border=4):
    """The QR code of `url` (segno; error correction M) as one path of dark runs, `size`
    points square with its quiet zone of `border` modules, lower left corner at (x, y)."""
    matrix = segno.make(url, error="m", micro=False).matrix
    module = size / (len(matrix) + 2 * border)
    path = canvas.beginPath()
    for row, modules in enumerate(matrix):
        top = y + size - (border + row) * module
        column = 0
        while column < len(modules):
            if not modules[column]:
                column += 1
                continue
            start = column
            while column < len(modules) and modules[column]:
                column += 1
            path.rect(
                x + (border + start) * module, top - module, (column - start) * module, module
            )
    canvas.saveState()
    canvas.setFillColor(colors.black)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


class FoldedCard(WholePage):
    """A whole page: the front below the fold, the back above it, upside down."""

    def __init__(self, document, table):
        super().__init__(document)
        self.table = table

    def draw(self):
        canvas, doc = self.canv, self.document
        page_width, page_height = doc.page_size
        canvas.saveState()
        canvas.translate(-doc.margin, -(doc.margin + doc.bottom_space))  # page coordinates
        box = (
            doc.margin,
            doc.margin + doc.bottom_space,
            page_width - 2 * doc.margin,
            page_height / 2 - doc.margin - doc.bottom_space - 6 * mm,
        )
        self.front(canvas, *box)
        canvas.saveState()
        canvas.translate(page_width, page_height)
        canvas.rotate(180)
        self.back(canvas, *box)
        canvas.restoreState()
        canvas.setStrokeColor(RULE)
        canvas.setDash(4, 3)
        canvas.line(doc.margin, page_height / 2, page_width - doc.margin, page_height / 2)
        canvas.setFont(FONT, 7)
        canvas.setFillColor(GREY)
        canvas.drawRightString(page_width - doc.margin, page_height / 2 + 2, _("fold here"))
        canvas.restoreState()

    def heading(self, canvas, x, top, width):
        doc = self.document
        canvas.setFillColor(GREY)
        canvas.setFont(FONT, 10)
        canvas.drawCentredString(
            x + width / 2, top - 10, fit_text(doc.tournament.name, FONT, 10, width)
        )
        canvas.setFillColor(colors.black)
        canvas.setFont(FONT_BOLD, 13)
        canvas.drawCentredString(x + width / 2, top - 27, doc.session_line)

    def front(self, canvas, x, y, width, height):
        top = y + height
        self.heading(canvas, x, top, width)
        center = x + width / 2
        canvas.setFont(FONT, 16)
        canvas.drawCentredString(center, top - 52, _("Table"))
        canvas.setFont(FONT_BOLD, 140)
        canvas.drawCentredString(center, top - 168, str(self.table.number))
        self.seats_grid(canvas, center, y, width, height)

    def seats_grid(self, canvas, center, y, width, height):
        seats = {seat.wind: seat for seat in self.table.seats.all()}
        rows, heights = [], []
        room = NAME_WIDTH - NAME_PADDING[0] - NAME_PADDING[1]
        for wind in range(4):
            seat = seats.get(wind)
            name = player_name(seat.registration.player) if seat else ""
            size, lines = fit_name(name, FONT, room, size=SEAT_SIZE, min_size=SEAT_MIN)
            heights.append(max(SEAT_ROW, len(lines) * size * LEADING + 2 * NAME_PADDING[2]))
            rows.append(
                [
                    str(WIND_NAMES[wind]),
                    str(seat.registration.number) if seat else "",
                    NameFlowable(name, FONT, size=SEAT_SIZE, min_size=SEAT_MIN) if seat else "",
                ]
            )
        grid = Table(rows, colWidths=(32 * mm, 16 * mm, NAME_WIDTH), rowHeights=heights)
        grid.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 15),
                    ("FONT", (1, 0), (1, -1), FONT_BOLD, 15),
                    ("TEXTCOLOR", (0, 0), (0, -1), GREY),
                    ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                    ("LEFTPADDING", (2, 0), (2, -1), NAME_PADDING[0]),
                    ("RIGHTPADDING", (2, 0), (2, -1), NAME_PADDING[1]),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LINEABOVE", (0, 1), (-1, -1), 0.4, RULE),
                ]
            )
        )
        grid_width, _height = grid.wrapOn(canvas, width, height)
        grid.drawOn(canvas, center - grid_width / 2, y + 4 * mm)

    def back(self, canvas, x, y, width, height):
        """The upper half, read upright once folded: the table and its players, no link."""
        top = y + height
        self.heading(canvas, x, top, width)
        center = x + width / 2
        canvas.setFont(FONT_BOLD, 44)
        canvas.drawCentredString(
            center, top - 72, _("Table %(number)s") % {"number": self.table.number}
        )
        self.seats_grid(canvas, center, y, width, height)


class TableCardsDocument(PdfDocument):
    show_header = False

    def __init__(self, tournament, session):
        super().__init__(tournament)
        self.session = session
        self.tables = seated_tables(session)
        start = session_start(session)
        self.session_line = _("Session %(number)s") % {"number": session.number}
        if start:
            self.session_line += f" · {start}"

    def title(self):
        return _("Table cards, session %(number)s") % {"number": self.session.number}

    def story(self):
        return page_by_page([FoldedCard(self, table)] for table in self.tables)


def check_link_base(link_base):
    """The desk's address for the QR codes; ExportError when it is not an http(s) address."""
    if not link_base or not str(link_base).startswith(("http://", "https://")):
        raise ExportError(
            _(
                "The referee slips need the desk's address on the venue network, "
                "e.g. http://192.168.1.20:8000, for their QR codes."
            )
        )
    return str(link_base)


def render_tablecards(tournament, *, session_number):
    """One folding card per table of session `session_number` (see the module docstring)."""
    session = drawn_session(tournament, session_number)
    return TableCardsDocument(tournament, session).render()
