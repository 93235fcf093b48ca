"""Player schedule cards: for each player seated in any drawn session (substitutes too), a card
with their name and number and, for every drawn session, its scheduled start, their table and
their seat wind. Several cards to an A4 page (fewer, taller cards when there are many sessions),
with cut lines.
"""

from collections import defaultdict

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Table, TableStyle

from exports import ExportError
from exports.pdf.base import (
    FONT,
    FONT_BOLD,
    FONT_CONDENSED,
    GREY,
    LIGHT,
    PdfDocument,
    fit_text,
    page_by_page,
    player_name,
    session_start,
)
from exports.pdf.cards import CardPage
from exports.pdf.names import LEADING, fit_name
from tournament.models import WIND_NAMES, Seat

COLUMNS = 2
CARD_TOP = 17 * mm  # name, number and tournament above the sessions
CARD_ROW = 5 * mm
NAME_SIZE, NAME_MIN = 13, 10  # the player's name: its size, and the least before it wraps
NAME_HEIGHT = 22  # points: one line at 13 pt, or two smaller ones
CELL = 9  # the sessions' rows
CELL_MIN = 6.5  # the least the start column shrinks to, so the whole date prints
PAD = 2  # left and right padding of the sessions' cells


def drawn_sessions(tournament):
    return list(
        tournament.sessions.drawn().filter(tables__isnull=False).distinct().order_by("number")
    )


class SchedulesDocument(PdfDocument):
    def __init__(self, tournament, sessions):
        super().__init__(tournament)
        self.sessions = sessions
        #: registration -> {session number: seat}
        self.seats: defaultdict[int, dict[int, Seat]] = defaultdict(dict)
        registrations = {}
        for seat in Seat.objects.filter(session__in=sessions).select_related(
            "table", "registration__player"
        ):
            registrations[seat.registration_id] = seat.registration
            self.seats[seat.registration_id][seat.session_id] = seat
        self.registrations = sorted(registrations.values(), key=lambda r: r.number)
        self.starts = {session.pk: session_start(session) for session in sessions}
        self._start_sizes = {}

    def title(self):
        return _("Player schedules")

    def start_size(self, width):
        if width not in self._start_sizes:
            self._start_sizes[width] = _start_size(self.starts.values(), width)
        return self._start_sizes[width]

    def rows_per_page(self):
        needed = CARD_TOP + (len(self.sessions) + 1) * CARD_ROW + 8 * mm
        return max(1, min(4, int(self.frame_height // needed)))

    def story(self):
        rows = self.rows_per_page()
        per_page = COLUMNS * rows
        chunks = [
            self.registrations[start : start + per_page]
            for start in range(0, len(self.registrations), per_page)
        ]
        return page_by_page(
            [
                CardPage(
                    [self.card(registration) for registration in chunk],
                    COLUMNS,
                    rows,
                    self.frame_width,
                    self.frame_height - 4 * mm,
                )
            ]
            for chunk in chunks
        )

    def card(self, registration):
        seats = self.seats[registration.pk]
        timed = any(self.starts.values())  # the start column only when a start is known
        data = [[_("Session"), _("Start"), _("Table"), _("Wind")]]
        for session in self.sessions:
            seat = seats.get(session.pk)
            data.append(
                [
                    str(session.number),
                    self.starts[session.pk],
                    str(seat.table.number) if seat else "—",
                    str(WIND_NAMES[seat.wind]) if seat else _("not seated"),
                ]
            )
        fractions = (0.15, 0.48, 0.14, 0.23) if timed else (0.3, 0, 0.3, 0.4)

        def draw(canvas, width, height):
            top = height
            label = _("player number")  # at the right, under the number: the name keeps off
            room = width - max(22 * mm, stringWidth(label, FONT, 7.5) + 3 * mm)
            size, lines = fit_name(
                player_name(registration.player),
                FONT_BOLD,
                room,
                size=NAME_SIZE,
                min_size=NAME_MIN,
                height=NAME_HEIGHT,
            )
            canvas.setFont(FONT_BOLD, size)
            baseline = top - size
            for text in lines:
                canvas.drawString(0, baseline, text)
                baseline -= size * LEADING
            canvas.setFont(FONT_BOLD, 18)
            canvas.drawRightString(width, top - 15, str(registration.number))
            canvas.setFont(FONT, 7.5)
            canvas.setFillColor(GREY)
            line = self.tournament.name
            if registration.is_substitute:
                line = f"{_('Substitute')} · {line}"
            below = top - max(25, len(lines) * size * LEADING + 8)
            canvas.drawString(0, below, fit_text(line, FONT, 7.5, room))
            canvas.drawRightString(width, top - 25, label)
            canvas.setFillColor(colors.black)
            rows = data if timed else [[row[0], *row[2:]] for row in data]
            widths = [fraction * width for fraction in fractions if fraction]
            start_size = self.start_size(widths[1] - 2 * PAD) if timed else CELL
            header_size = min(  # one size for the titles, so that each fits its column
                fit_name(title, FONT_BOLD, column - 2 * PAD, size=8, min_size=0.1)[0]
                for title, column in zip(rows[0], widths, strict=True)
            )
            table = Table(rows, colWidths=widths, rowHeights=CARD_ROW)
            table_column = 2 if timed else 1
            table.setStyle(
                TableStyle(
                    [
                        ("FONT", (0, 0), (-1, -1), FONT_CONDENSED, CELL),
                        ("FONT", (1, 1), (1, -1), FONT_CONDENSED, start_size)
                        if timed
                        else ("FONT", (0, 0), (0, 0), FONT_BOLD, 8),
                        ("FONT", (0, 0), (-1, 0), FONT_BOLD, header_size),
                        ("FONT", (table_column, 1), (table_column, -1), FONT_BOLD, 11),
                        ("ALIGN", (0, 0), (0, -1), "CENTER"),
                        ("ALIGN", (table_column, 0), (table_column, -1), "CENTER"),
                        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
                        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
                        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
                    ]
                )
            )
            _width, table_height = table.wrapOn(canvas, width, height)
            table.drawOn(canvas, 0, top - CARD_TOP - table_height)

        return draw


def _start_size(starts, width):
    """The one font size of the start column: the largest (up to `CELL`) at which every
    session's start fits `width` points, at least `CELL_MIN`."""
    size = CELL
    for start in starts:
        if start:
            size = min(size, fit_name(start, FONT_CONDENSED, width, size=CELL, min_size=0.1)[0])
    return max(CELL_MIN, size)


def render_schedules(tournament):
    """The schedule cards of every player seated in a drawn session (see the module)."""
    sessions = drawn_sessions(tournament)
    if not sessions:
        raise ExportError(
            _(
                "No session of %(tournament)s has been drawn yet: draw the seating "
                "first, then print the schedules."
            )
            % {"tournament": tournament.name}
        )
    return SchedulesDocument(tournament, sessions).render()
