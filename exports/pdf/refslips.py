"""Referee slips of a session: one small slip per table, for the referee's pocket.

A slip carries what the table card must not show where everyone passes: the QR code of the
table's referee link (`link_base` + the link's path), the address in small print, and the
table's PIN when the tournament's referees need one. Eight slips to an A4 page (two columns of
four), each framed by a dashed cutting line; the QR code stands upright at the slip's left.
"""

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

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
)
from exports.pdf.names import LEADING, fit_name
from exports.pdf.tablecards import check_link_base, draw_qr, table_link
from exports.sources import drawn_session
from tournament.models import WIND_NAMES

COLUMNS, ROWS = 2, 4
SLIPS_PER_PAGE = COLUMNS * ROWS
SLIP_QR = 42 * mm  # quiet zone included
QR_LEFT = 3 * mm  # from the slip's left edge
QR_BOTTOM = 9 * mm  # from the slip's bottom edge


def slip_box(document, index):
    """(x, y, width, height) of slip `index` (0..7) of a page, in page coordinates, y up."""
    page_width, page_height = document.page_size
    width = (page_width - 2 * document.margin) / COLUMNS
    height = (page_height - 2 * document.margin) / ROWS
    row, column = divmod(index, COLUMNS)
    x = document.margin + column * width
    y = page_height - document.margin - (row + 1) * height
    return x, y, width, height


class SlipPage(WholePage):
    """A whole page of up to eight slips: `slips` holds (table, url) pairs."""

    def __init__(self, document, slips):
        super().__init__(document)
        self.slips = slips

    def draw(self):
        canvas, doc = self.canv, self.document
        canvas.saveState()
        canvas.translate(-doc.margin, -doc.margin)  # page coordinates
        for index, (table, url) in enumerate(self.slips):
            self.slip(canvas, table, url, *slip_box(doc, index))
        canvas.restoreState()

    def slip(self, canvas, table, url, x, y, width, height):
        doc = self.document
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setDash(3, 3)
        canvas.rect(x, y, width, height, stroke=1, fill=0)
        canvas.restoreState()
        draw_qr(canvas, url, x + QR_LEFT, y + QR_BOTTOM, size=SLIP_QR)
        canvas.setFont(FONT, 6)
        canvas.setFillColor(GREY)
        draw_whole_link(canvas, url, x + QR_LEFT, y + 4 * mm, width - 2 * QR_LEFT)
        left = x + QR_LEFT + SLIP_QR + 2 * mm
        room = x + width - 3 * mm - left
        top = y + height - 6 * mm
        canvas.drawString(left, top, fit_text(doc.tournament.name, FONT, 7, room))
        canvas.setFillColor(colors.black)
        canvas.setFont(FONT_BOLD, 16)
        canvas.drawString(left, top - 8 * mm, _("Table %(number)s") % {"number": table.number})
        canvas.setFont(FONT, 9)
        canvas.drawString(left, top - 13 * mm, doc.session_line)
        line = top - 19 * mm
        if doc.tournament.referee_pin:
            canvas.setFont(FONT_BOLD, 12)
            canvas.drawString(left, line, _("PIN %(pin)s") % {"pin": table.pin})
            line -= 6 * mm
        seats = {seat.wind: seat for seat in table.seats.all()}
        for wind in range(4):
            seat = seats.get(wind)
            if seat is None:
                continue
            text = f"{WIND_NAMES[wind]} {seat.registration.number} "
            text += player_name(seat.registration.player)
            size, lines = fit_name(text, FONT, room, size=7, min_size=6)
            canvas.setFont(FONT, size)
            for text_line in lines:  # a long name wraps (never cut): the next seat moves down
                canvas.drawString(left, line, text_line)
                line -= size * LEADING
            line -= 3.6 * mm - size * LEADING
        canvas.setFillColor(GREY)
        # above the link (which takes the slip's whole width), level with the QR code's foot
        size, lines = fit_name(
            _("Referee only: keep this slip out of sight."), FONT, room, size=6, min_size=5
        )
        canvas.setFont(FONT, size)
        baseline = y + QR_BOTTOM + 1 + (len(lines) - 1) * size * LEADING
        for text_line in lines:
            canvas.drawString(left, baseline, text_line)
            baseline -= size * LEADING


class RefereeSlipsDocument(PdfDocument):
    show_header = False
    show_footer = False

    def __init__(self, tournament, session, link_base):
        super().__init__(tournament)
        self.session, self.link_base = session, link_base
        self.tables = seated_tables(session)
        self.session_line = _("Session %(number)s") % {"number": session.number}

    def title(self):
        return _("Referee slips, session %(number)s") % {"number": self.session.number}

    def story(self):
        slips = [(table, table_link(self.link_base, table)) for table in self.tables]
        return page_by_page(
            [SlipPage(self, slips[start : start + SLIPS_PER_PAGE])]
            for start in range(0, len(slips), SLIPS_PER_PAGE)
        )


def render_refslips(tournament, *, session_number, link_base):
    """The referee slips of session `session_number` (see the module docstring)."""
    link_base = check_link_base(link_base)
    session = drawn_session(tournament, session_number)
    return RefereeSlipsDocument(tournament, session, link_base).render()


def draw_whole_link(canvas, url, x, y, room):
    """The referee link in full, never cut: the font shrinks to fit (down to 4.5 pt), and a
    link still too long goes on two lines. A shortened link could not be typed in."""
    size = 6.0
    while size > 4.5 and stringWidth(url, FONT, size) > room:
        size -= 0.25
    canvas.setFont(FONT, size)
    if stringWidth(url, FONT, size) <= room:
        canvas.drawString(x, y, url)
        return
    cut = len(url) // 2
    canvas.drawString(x, y + size + 1, url[:cut])
    canvas.drawString(x, y, url[cut:])
