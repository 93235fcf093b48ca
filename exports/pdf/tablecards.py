"""Table cards of a session: one A4 page per table, folded in the middle to stand on the table.

The front (lower half) shows the big table number, the session and its start, and the four
players with their starting winds. The back (upper half, printed upside down so that it reads
upright once folded) repeats the table number and carries the QR code of the table's referee
link, `link_base` + the link's path, with the address in small print under the code.
"""

import segno
from django.urls import reverse
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Table, TableStyle

from exports import ExportError
from exports.pdf.base import (
    FONT,
    FONT_BOLD,
    GREY,
    RULE,
    PdfDocument,
    drawn_session,
    fit_text,
    player_name,
    seated_tables,
)
from exports.pdf.seating import session_start
from tournament.models import WIND_NAMES

QR_SIZE = 66 * mm  # quiet zone included
QR_ABOVE = 12 * mm  # from the bottom of the back face to the bottom of the code


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


class FoldedCard(Flowable):
    """A whole page: the front below the fold, the back above it, upside down."""

    def __init__(self, document, table, url):
        super().__init__()
        self.document, self.table, self.url = document, table, url

    def wrap(self, available_width, available_height):
        return available_width, available_height

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
        seats = {seat.wind: seat for seat in self.table.seats.all()}
        rows = []
        for wind in range(4):
            seat = seats.get(wind)
            rows.append(
                [
                    str(WIND_NAMES[wind]),
                    str(seat.registration.number) if seat else "",
                    fit_text(player_name(seat.registration.player), FONT, 15, 110 * mm)
                    if seat
                    else "",
                ]
            )
        grid = Table(rows, colWidths=(32 * mm, 16 * mm, 112 * mm), rowHeights=9 * mm)
        grid.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 15),
                    ("FONT", (1, 0), (1, -1), FONT_BOLD, 15),
                    ("TEXTCOLOR", (0, 0), (0, -1), GREY),
                    ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                    ("LEFTPADDING", (2, 0), (2, -1), 8),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("LINEABOVE", (0, 1), (-1, -1), 0.4, RULE),
                ]
            )
        )
        grid_width, _height = grid.wrapOn(canvas, width, height)
        grid.drawOn(canvas, center - grid_width / 2, y + 4 * mm)

    def back(self, canvas, x, y, width, height):
        top = y + height
        self.heading(canvas, x, top, width)
        center = x + width / 2
        canvas.setFont(FONT_BOLD, 44)
        canvas.drawCentredString(
            center, top - 72, _("Table %(number)s") % {"number": self.table.number}
        )
        qr_bottom = y + QR_ABOVE
        draw_qr(canvas, self.url, center - QR_SIZE / 2, qr_bottom)
        canvas.setFont(FONT, 9)
        canvas.drawCentredString(
            center, qr_bottom - 1 * mm, _("Referee link: scan to enter this table's hands")
        )
        canvas.setFont(FONT, 7)
        canvas.setFillColor(GREY)
        canvas.drawCentredString(center, qr_bottom - 5.5 * mm, fit_text(self.url, FONT, 7, width))


class TableCardsDocument(PdfDocument):
    show_header = False

    def __init__(self, tournament, session, link_base):
        super().__init__(tournament)
        self.session, self.link_base = session, link_base
        self.tables = seated_tables(session)
        start = session_start(session)
        self.session_line = _("Session %(number)s") % {"number": session.number}
        if start:
            self.session_line += f" · {start}"

    def title(self):
        return _("Table cards, session %(number)s") % {"number": self.session.number}

    def story(self):
        story = []
        for table in self.tables:
            if story:
                story.append(PageBreak())
            story.append(FoldedCard(self, table, table_link(self.link_base, table)))
        return story


def render_tablecards(tournament, *, session_number, link_base):
    """One folding card per table of session `session_number` (see the module docstring)."""
    if not link_base or not str(link_base).startswith(("http://", "https://")):
        raise ExportError(
            _(
                "The table cards need the desk's address on the venue network, "
                "e.g. http://192.168.1.20:8000, for their QR codes."
            )
        )
    session = drawn_session(tournament, session_number)
    return TableCardsDocument(tournament, session, str(link_base)).render()
