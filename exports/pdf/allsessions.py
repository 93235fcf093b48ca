"""The all-sessions schedule: who sits at which table in every drawn session, on one sheet.

A4 landscape; one row per player seated in any drawn session (substitutes too, marked),
alphabetical by last name then first name; one column per drawn session, each cell the table
number and the seat wind's letter ("12 E"; Italian "12 O" for West). The rows are laid out in as
many blocks side by side as the page's width holds (two for up to about ten sessions), each
block with its column titles, so 400 players take a few pages. Names print whole
(`exports.pdf.names`: they shrink, then wrap at spaces and hyphens).
"""

from collections import defaultdict

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from common.text import person_name, sort_key
from exports import ExportError
from exports.pdf.base import (
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    GREY,
    LIGHT,
    PdfDocument,
    WholePage,
    page_by_page,
)
from exports.pdf.names import LEADING, fit_name
from tournament.models import WIND_LETTERS, Seat

SIZE = 7.5  # a row's text
NAME_MIN = 6  # the least a name shrinks to before it wraps
PAD = 2  # a cell's left and right padding
ROW_PAD = 1.2  # a row's top and bottom padding
NAME_WIDTH = 48 * mm
NUMBER_WIDTH = 7 * mm
SESSION_WIDTH = 11 * mm
SESSION_MIN = 6 * mm  # one block: the least a session column takes (30 sessions)
SESSION_BLOCKS = 7.5 * mm  # several blocks: the least a session column takes
GAP = 6 * mm  # between two blocks


#: A player's row: (height, (size, lines) of the name, number, {session number: "12 E"}).
Row = tuple[float, tuple[float, list[str]], int, dict[int, str]]


class AllSessionsDocument(PdfDocument):
    def __init__(self, tournament, sessions):
        super().__init__(tournament)
        self.sessions = sessions
        numbers = {session.pk: session.number for session in sessions}
        #: registration pk -> {session number: "12 E"}
        self.cells: defaultdict[int, dict[int, str]] = defaultdict(dict)
        people = {}
        letters = [str(letter) for letter in WIND_LETTERS]
        for (
            registration_id,
            session_id,
            table,
            wind,
            number,
            first,
            last,
            substitute,
        ) in Seat.objects.filter(session__in=sessions).values_list(
            "registration_id",
            "session_id",
            "table__number",
            "wind",
            "registration__number",
            "registration__player__first_name",
            "registration__player__last_name",
            "registration__is_substitute",
        ):
            people[registration_id] = (first, last, number, substitute)
            self.cells[registration_id][numbers[session_id]] = f"{table} {letters[wind]}"
        self.people = sorted(
            people.items(),
            key=lambda item: (sort_key(item[1][1]), sort_key(item[1][0]), item[1][2]),
        )

    def title(self):
        return _("All sessions: who sits where")

    def is_landscape(self):
        return True

    # -- layout -----------------------------------------------------------------------------

    def layout(self):
        """(session column width, number of blocks side by side): as many blocks as fit with
        session columns at least `SESSION_BLOCKS` wide (two for up to ten sessions)."""
        count = max(1, len(self.sessions))
        for blocks in (3, 2, 1):
            room = (self.frame_width - (blocks - 1) * GAP) / blocks - NAME_WIDTH - NUMBER_WIDTH
            session_width = min(SESSION_WIDTH, room / count)
            if session_width >= SESSION_BLOCKS:
                return session_width, blocks
        return max(SESSION_MIN, session_width), 1

    def rows(self) -> list[Row]:
        """[(height, (size, lines) of the name, number, {session number: cell})]."""
        substitute_mark = _("substitute")
        rows: list[Row] = []
        for registration_id, (first, last, number, substitute) in self.people:
            name = person_name(first, last)
            if substitute:
                name = f"{name} ({substitute_mark})"
            size, lines = fit_name(
                name, FONT_CONDENSED, NAME_WIDTH - 2 * PAD, size=SIZE, min_size=NAME_MIN
            )
            height = max(SIZE * LEADING, len(lines) * size * LEADING) + 2 * ROW_PAD
            rows.append((height, (size, lines), number, self.cells[registration_id]))
        return rows

    def story(self):
        session_width, blocks = self.layout()
        head = self.head_height(session_width)
        rows = self.rows()
        pages: list[list[list[Row]]] = []
        page: list[list[Row]] = []
        block: list[Row] = []
        used = head
        for row in rows:
            if used + row[0] > self.frame_height and block:
                page.append(block)
                block, used = [], head
                if len(page) == blocks:
                    pages.append(page)
                    page = []
            block.append(row)
            used += row[0]
        if block:
            page.append(block)
        if page:
            pages.append(page)
        return page_by_page([[SchedulePage(self, page, session_width)] for page in pages])

    def titles(self):
        return [_("Player"), _("No."), *(str(session.number) for session in self.sessions)]

    def head_height(self, session_width):
        return SIZE * LEADING * 2 + 2 * ROW_PAD


class SchedulePage(WholePage):
    """One page: its blocks of rows side by side, each under the column titles."""

    def __init__(self, document, blocks, session_width):
        super().__init__(document)
        self.blocks, self.session_width = blocks, session_width

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        doc, canvas = self.document, self.canv
        numbers = [session.number for session in doc.sessions]
        widths = [NAME_WIDTH, NUMBER_WIDTH] + [self.session_width] * len(numbers)
        block_width = sum(widths)
        cell_size = min(
            SIZE,
            (self.session_width - 2) / max(1, stringWidth("100 W", FONT_CONDENSED, 1)),
        )
        head = doc.head_height(self.session_width)
        for index, block in enumerate(self.blocks):
            left = index * (block_width + GAP)
            xs = [left]
            for width in widths:
                xs.append(xs[-1] + width)
            top = self.height
            canvas.setFillColor(colors.black)
            canvas.setFont(FONT_CONDENSED_BOLD, SIZE)
            canvas.drawString(xs[0] + PAD, top - head + ROW_PAD + 2, _("Player"))
            canvas.drawCentredString(xs[1] + NUMBER_WIDTH / 2, top - head + ROW_PAD + 2, _("No."))
            canvas.setFont(FONT_CONDENSED, 6)
            canvas.setFillColor(GREY)
            canvas.drawCentredString((xs[2] + xs[-1]) / 2, top - SIZE, _("Session: table and wind"))
            canvas.setFillColor(colors.black)
            canvas.setFont(FONT_CONDENSED_BOLD, SIZE)
            for number, x, width in zip(numbers, xs[2:], widths[2:], strict=False):
                canvas.drawCentredString(x + width / 2, top - head + ROW_PAD + 2, str(number))
            y = top - head
            canvas.setLineWidth(0.8)
            canvas.line(left, y, left + block_width, y)
            for row_index, (height, (size, lines), number, cells) in enumerate(block):
                if row_index % 2:
                    canvas.setFillColor(LIGHT)
                    canvas.rect(left, y - height, block_width, height, stroke=0, fill=1)
                    canvas.setFillColor(colors.black)
                canvas.setFont(FONT_CONDENSED, size)
                line_y = y - ROW_PAD
                for text in lines:
                    line_y -= size
                    canvas.drawString(xs[0] + PAD, line_y, text)
                    line_y -= size * (LEADING - 1)
                middle = y - height / 2 - SIZE * 0.35
                canvas.setFont(FONT_CONDENSED, SIZE)
                canvas.drawCentredString(xs[1] + NUMBER_WIDTH / 2, middle, str(number))
                canvas.setFont(FONT_CONDENSED, cell_size)
                for session_number, x, width in zip(numbers, xs[2:], widths[2:], strict=False):
                    text = cells.get(session_number, "—")
                    canvas.drawCentredString(x + width / 2, middle, text)
                y -= height


def render_allsessions(tournament):
    """The all-sessions schedule of every player seated in a drawn session (see the module)."""
    sessions = list(
        tournament.sessions.drawn().filter(tables__isnull=False).distinct().order_by("number")
    )
    if not sessions:
        raise ExportError(
            _(
                "No session of %(tournament)s has been drawn yet: draw the seating "
                "first, then print the schedules."
            )
            % {"tournament": tournament.name}
        )
    return AllSessionsDocument(tournament, sessions).render()
