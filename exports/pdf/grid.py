"""Layout helpers of the score sheets: a table built row by row (drawn fast), vertical labels,
and the players' names fitted to their cells."""

from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Table, TableStyle

from exports.pdf.base import FONT_CONDENSED, FONT_CONDENSED_BOLD
from exports.pdf.names import LEADING, fit_name

if TYPE_CHECKING:
    from reportlab.platypus.tables import CellStyle

    from exports.pdf.base import TableCommand

#: The parts of a name as `fit_parts` fits them: (font, size, lines) each.
Fitted = tuple[tuple[str, float, tuple[str, ...]], ...]

BLACK = colors.black


class VerticalText(Flowable):
    """A label written bottom to top, centred in its (spanned) cell: the round names."""

    def __init__(self, text, font=FONT_CONDENSED_BOLD, size=8):
        super().__init__()
        self.text, self.font, self.size = text, font, size

    def wrap(self, available_width, available_height):
        return 0, 0  # the cell's alignment then puts the origin at its centre

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        canvas.setFont(self.font, self.size)
        canvas.rotate(90)
        canvas.drawCentredString(0, -self.size * 0.35, self.text)
        canvas.restoreState()


@lru_cache(maxsize=4096)
def fit_parts(parts, width, height, size, least) -> Fitted:
    """[(font, size, lines)] of a name's `parts` ((text, font) pairs, printed one under the
    other): the largest size from `size` down to `least`, the same for every part, at which
    each part fits `width` (shrunk, then wrapped at spaces and after hyphens by
    exports.pdf.names.fit_name, never mid-word) and all lines together fit `height`. Below
    `least` nothing is dropped either: the smallest size is used."""
    step = size
    while True:
        fitted: list[tuple[str, float, tuple[str, ...]]] = []
        for text, font in parts:
            at, lines = fit_name(text, font, width, size=step, min_size=step, max_lines=3)
            fitted.append((font, at, tuple(lines)))
        total = sum(len(lines) * at * LEADING for _font, at, lines in fitted)
        if total <= height or step <= least:
            return tuple(fitted)
        step -= 0.25


class SheetName(Flowable):
    """A player's name in a score sheet's cell: its parts (the first name, the last name in
    the language's order, each in its own font) one under the other, centred, at the largest
    size that fits the cell's width and `height` (`fit_parts`): never cut, never split inside
    a word, clear of the cell's borders by `clear` points on every side."""

    def __init__(self, parts, *, height, size=9, least=4, clear=1.5):
        super().__init__()
        self.parts, self.room, self.size, self.least, self.clear = (
            tuple(parts),
            height,
            size,
            least,
            clear,
        )
        self.fitted: Fitted = ()

    def wrap(self, available_width, available_height):
        room = min(self.room, available_height) - 2 * self.clear
        self.fitted = fit_parts(
            self.parts, available_width - 2 * self.clear, room, self.size, self.least
        )
        self.width = available_width
        self.height = sum(len(lines) * at * LEADING for _font, at, lines in self.fitted)
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        top = self.height
        for font, at, lines in self.fitted:
            canvas.setFont(font, at)
            for line in lines:
                top -= at * LEADING
                # the baseline: DejaVu's descent (about a fifth of the size) above the line's
                # bottom, the rest of the leading shared above and below
                canvas.drawCentredString(
                    self.width / 2, top + (at * LEADING - at) / 2 + at * 0.22, line
                )


class SheetTable(Table):
    """A reportlab Table drawn faster, for the hundreds of sheets of a big session: nothing for
    an empty cell (reportlab writes an empty text object for each: most cells of a blank
    sheet), and the one-line texts centred in the middle of their cells (nearly all the
    others) written in one text object after the cells, where reportlab makes one per cell.
    Everything else is drawn by reportlab as usual; the page looks the same."""

    def draw(self):
        self._texts: list[tuple[CellStyle, float, float, str]] = []
        super().draw()
        if self._texts:
            self._draw_texts()

    # reportlab's name; types-reportlab leaves Table's private _drawCell out of its stub
    def _drawCell(self, cellval, cellstyle, pos, size):
        if cellval == "" or cellval is None:
            return
        if (
            isinstance(cellval, str)
            and "\n" not in cellval
            and cellstyle.alignment in ("CENTER", "CENTRE")
            and cellstyle.valign == "MIDDLE"
            and not (cellstyle.href or cellstyle.destination or cellstyle.direction)
        ):
            # Where reportlab's _drawCell would put it (one line, centred, in the middle).
            (x, y), (width, height) = pos, size
            left = x + (width + cellstyle.leftPadding - cellstyle.rightPadding) * 0.5
            base = (
                y
                + (cellstyle.bottomPadding + height - cellstyle.topPadding + cellstyle.leading)
                / 2.0
                - cellstyle.fontsize
            )
            self._texts.append((cellstyle, left, base, cellval))
            return
        super()._drawCell(cellval, cellstyle, pos, size)  # type: ignore[misc]

    def _draw_texts(self):
        canvas = self.canv
        text = canvas.beginText()
        font = color = None
        for style, centre, base, value in self._texts:
            if font != (style.fontname, style.fontsize, style.leading):
                font = (style.fontname, style.fontsize, style.leading)
                text.setFont(*font)
            if color != style.color:
                color = style.color
                # types-reportlab lets a cell's colour be an int, which its setFillColor refuses
                text.setFillColor(color)  # type: ignore[arg-type]
            width = stringWidth(value, style.fontname, style.fontsize)
            text.setTextOrigin(centre - width / 2, base)
            text.textOut(value)
        canvas.drawText(text)
        self._texts = []


class Grid:
    """The rows, row heights and style commands of one sheet, built row by row."""

    def __init__(self, widths):
        self.widths, self.rows, self.heights = widths, [], []
        self.style: list[TableCommand] = [
            ("FONT", (0, 0), (-1, -1), FONT_CONDENSED, 8.5),
            ("GRID", (0, 0), (-1, -1), 0.5, BLACK),
            ("BOX", (0, 0), (-1, -1), 1.2, BLACK),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
            ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
        ]

    def add(self, cells, height, *style):
        """Add a row; `style` commands use the row index None, replaced by the new row's.
        A row of height None shares the room left (see `table`)."""
        index = len(self.rows)
        self.rows.append(list(cells))
        self.heights.append(height)
        for command, start, end, *args in style:
            self.style.append(
                (
                    command,
                    (start[0], index if start[1] is None else start[1]),
                    (end[0], index if end[1] is None else end[1]),
                    *args,
                )
            )
        return index

    def stretched(self, room, least, most):
        """The row heights, the rows of height None sharing what `room` leaves after the others,
        each between `least` and `most`."""
        fixed = sum(height for height in self.heights if height is not None)
        count = sum(1 for height in self.heights if height is None)
        share = (room - fixed) / count if count else 0
        share = max(least, min(most, share))
        return [share if height is None else height for height in self.heights]

    def table(self, repeat_rows=0, *, room=0, least=0, most=0):
        heights = self.stretched(room, least, most)
        grid = SheetTable(
            self.rows, colWidths=self.widths, rowHeights=heights, repeatRows=repeat_rows
        )
        grid.setStyle(TableStyle(self.style))
        return grid
