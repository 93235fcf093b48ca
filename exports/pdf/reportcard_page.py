"""One report card drawn straight on the canvas (`CardPage`): the header, the table of sessions
and the running rank's chart, a card with very many sessions drawn smaller to fit its page."""

from functools import lru_cache

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from common import formatting
from common.i18n import translate_text
from exports.pdf.base import (
    FONT,
    FONT_BOLD,
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    GREY,
    LIGHT,
    RULE,
    WholePage,
    player_name,
)
from exports.pdf.names import LEADING, fit_name

SIZE = 8  # the table's cells


HEAD = 7  # the table's column titles


NAME_SIZE, NAME_MIN = 18, 12  # the player's name at the top


OPPONENT, OPPONENT_MIN = 7.5, 6  # an opponent's name in the table


PAD = 2  # a cell's left and right padding


ROW_PAD = 2.5  # a row's top and bottom padding


CHART_HEIGHT = 48 * mm


CHART_MIN = 30 * mm


LINE = colors.HexColor("#1f4e9a")


@lru_cache(maxsize=8192)
def text_width(text, font, size):
    """`stringWidth`, remembered: the cards repeat the same few texts thousands of times."""
    return stringWidth(text, font, size)


class TextWriter:
    """Texts written into one text object (much faster than a drawString each)."""

    def __init__(self, canvas):
        self.canvas, self.text = canvas, canvas.beginText()
        self.current: tuple[str, float] | None = None  # the font set last (name, size)
        self.text.setFillColor(colors.black)

    def font(self, name, size):
        if (name, size) != self.current:
            self.text.setFont(name, size)
            self.current = (name, size)

    def color(self, color):
        self.text.setFillColor(color)

    def at(self, x, y, line):
        self.text.setTextOrigin(x, y)
        self.text.textOut(line)

    def cell(self, column, x, y, line):
        """`line` in `column` (starting at `x`), aligned as the column says."""
        if column.align == "LEFT":
            self.at(x + PAD, y, line)
            return
        assert self.current is not None, "font() comes first"
        width = text_width(line, *self.current)
        if column.align == "RIGHT":
            self.at(x + column.width - PAD - width, y, line)
        else:
            self.at(x + (column.width - width) / 2, y, line)

    def end(self):
        self.canvas.drawText(self.text)


class Column:
    def __init__(self, title, width, value, *, align="CENTER", bold=False):
        self.title, self.width, self.value = title, width, value
        self.align, self.bold = align, bold


class CardPage(WholePage):
    """One player's card, drawn on the whole frame."""

    def __init__(self, document, card):
        super().__init__(document)
        self.card = card

    def wrap(self, available_width, available_height):
        self.width, self.height = available_width, available_height
        return available_width, available_height

    def draw(self):
        canvas = self.canv
        width, height = self.width, self.height
        rows = [self.row_layout(line) for line in self.card.lines]
        header = self.header_height(width)
        table = self.document.head_height + sum(r[0] for r in rows) + SIZE * 2.2
        chart = CHART_HEIGHT
        needed = header + table + 6 * mm + chart
        if needed > height:  # many sessions: the opponents on one line each, a smaller
            # chart, then the whole card smaller
            rows = [self.row_layout(line, compact=True) for line in self.card.lines]
            table = self.document.head_height + sum(r[0] for r in rows) + SIZE * 2.2
            needed = header + table + 6 * mm + chart
            chart = max(CHART_MIN, chart - (needed - height))
            needed = header + table + 6 * mm + chart
        scale = min(1, height / needed)
        canvas.saveState()
        if scale < 1:
            canvas.translate(width * (1 - scale) / 2, height * (1 - scale))
            canvas.scale(scale, scale)
        top = height
        top = self.draw_header(canvas, width, top)
        top = self.draw_table(canvas, width, top, rows)
        self.draw_chart(canvas, width, top - 6 * mm, chart)
        canvas.restoreState()

    # -- header -----------------------------------------------------------------------------

    def place_text(self):
        row = self.card.row
        if row.registration.is_disqualified:
            return _("Disqualified"), ""
        if self.document.final:
            return _("Final place"), row.place_label
        return (
            _("Place after session %(number)s of %(count)s")
            % {
                "number": self.document.standings.through,
                "count": self.document.tournament.session_count,
            },
            row.place_label,
        )

    def name_fit(self, width):
        return fit_name(
            player_name(self.card.registration.player),
            FONT_BOLD,
            width - 45 * mm,
            size=NAME_SIZE,
            min_size=NAME_MIN,
        )

    def details(self):
        registration = self.card.registration
        player = registration.player
        parts = [_("no. %(number)s") % {"number": registration.number}]
        if player.country:
            parts.append(str(player.country_name))
        if not registration.is_active:
            parts.append(str(registration.get_status_display()))
        return " · ".join(parts), player.club or ""

    def header_height(self, width):
        size, lines = self.name_fit(width)
        club = self.details()[1]
        club_lines = (
            len(fit_name(club, FONT, width - 45 * mm, size=9, min_size=7)[1]) if club else 0
        )
        return len(lines) * size * LEADING + (1 + club_lines) * 9 * LEADING + 5 * mm

    def draw_header(self, canvas, width, top):
        size, lines = self.name_fit(width)
        canvas.setFillColor(colors.black)
        canvas.setFont(FONT_BOLD, size)
        y = top - size
        for text in lines:
            canvas.drawString(0, y, text)
            y -= size * LEADING
        y += size * LEADING - 9 * LEADING - 2
        first, club = self.details()
        canvas.setFont(FONT, 9)
        canvas.setFillColor(GREY)
        canvas.drawString(0, y, first)
        if club:
            club_size, club_lines = fit_name(club, FONT, width - 45 * mm, size=9, min_size=7)
            canvas.setFont(FONT, club_size)
            for text in club_lines:
                y -= 9 * LEADING
                canvas.drawString(0, y, text)
        label, place = self.place_text()
        canvas.setFont(FONT, 8)
        label_size = fit_name(label, FONT, 44 * mm, size=8, min_size=5, max_lines=1)[0]
        canvas.setFont(FONT, label_size)
        canvas.drawRightString(width, top - 7, label)
        canvas.setFillColor(colors.black)
        if place:
            canvas.setFont(FONT_BOLD, 26)
            canvas.drawRightString(width, top - 33, place)
        bottom = min(y - 3 * mm, top - 38)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(0, bottom, width, bottom)
        return bottom - 2 * mm

    # -- table ------------------------------------------------------------------------------

    def row_layout(self, card_line, *, compact=False):
        """(height, [(size, lines) per opponent]) of a session's row; `compact`: the three
        opponents in one text ("A · B · C"), on one line where it fits."""
        column = next(c for c in self.document.columns if c.value is None)
        if compact:
            names = [
                fit_name(
                    " · ".join(card_line.opponents),
                    FONT_CONDENSED,
                    column.width - 2 * PAD,
                    size=OPPONENT,
                    min_size=OPPONENT_MIN,
                    max_lines=3,
                )
            ]
            text = sum(len(lines) * size * LEADING for size, lines in names)
            return max(text, SIZE * LEADING) + 2 * ROW_PAD, names
        names = [
            fit_name(
                name,
                FONT_CONDENSED,
                column.width - 2 * PAD,
                size=OPPONENT,
                min_size=OPPONENT_MIN,
            )
            for name in card_line.opponents
        ]
        text = sum(len(lines) * size * LEADING for size, lines in names)
        return max(text, SIZE * LEADING) + 2 * ROW_PAD, names

    def draw_table(self, canvas, width, top, rows):
        doc = self.document
        columns = doc.columns
        xs = [0]
        for column in columns:
            xs.append(xs[-1] + column.width)
        head_height = doc.head_height
        canvas.saveState()
        canvas.translate(0, top - head_height)
        canvas.doForm(doc.titles_form(canvas, width))
        canvas.restoreState()
        y = top - head_height
        text = TextWriter(canvas)  # every text of the table in one text object: faster
        canvas.setFillColor(LIGHT)
        for index, (card_line, (row_height, names)) in enumerate(
            zip(self.card.lines, rows, strict=True)
        ):
            if index % 2:
                canvas.rect(0, y - row_height, width, row_height, stroke=0, fill=1)
            middle = y - row_height / 2 - SIZE * 0.35
            for column_index, (column, x) in enumerate(zip(columns, xs, strict=False)):
                if column.value is None:
                    name_y = y - ROW_PAD
                    for size, lines in names:
                        text.font(FONT_CONDENSED, size)
                        for line in lines:
                            name_y -= size
                            text.at(x + PAD, name_y, line)
                            name_y -= size * (LEADING - 1)
                    continue
                if card_line.line is None and column_index > 1:
                    if column_index == 2:
                        text.font(FONT_CONDENSED, SIZE)
                        text.color(GREY)
                        text.at(x + PAD, middle, _("did not play"))
                        text.color(colors.black)
                    continue
                if column_index == 1:
                    text.font(FONT_CONDENSED, doc.date_size)
                else:
                    text.font(FONT_CONDENSED_BOLD if column.bold else FONT_CONDENSED, SIZE)
                text.cell(column, x, middle, column.value(card_line))
            y -= row_height
        # totals
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.8)
        canvas.line(0, y, width, y)
        total_height = SIZE * 2.2
        middle = y - total_height / 2 - SIZE * 0.35
        totals = self.totals()
        text.font(FONT_CONDENSED_BOLD, SIZE)
        for column, x in zip(columns, xs, strict=False):
            if totals.get(column.title):
                text.cell(column, x, middle, totals[column.title])
        text.end()
        return y - total_height

    def totals(self):
        row, doc = self.card.row, self.document
        texts = {_("Session"): _("Total")}
        texts[_("Score")] = formatting.whole(row.score)
        if doc.shows_final:
            texts[translate_text(doc.ruleset.total_label)] = formatting.final_score(
                row.final_score, doc.ruleset
            )
        if doc.uses_table_points and row.table_points is not None:
            texts[_("Table points")] = formatting.table_points(row.table_points)
        if row.penalties:
            texts[_("Penalties")] = formatting.figure(row.penalties, doc.ruleset)
        texts[_("Rank after")] = row.place_label
        return texts

    # -- chart ------------------------------------------------------------------------------

    def draw_chart(self, canvas, width, top, height):
        points = [
            (line.number, line.rank_value)
            for line in self.card.lines
            if line.rank_value is not None
        ]
        canvas.setFont(FONT_BOLD, 9)
        canvas.setFillColor(colors.black)
        canvas.drawString(0, top - 9, _("Rank after each session"))
        if not points:
            return
        bottom = top - height
        form, x_scale, y_scale = self.document.chart_axes(canvas, width, height - 14)
        canvas.saveState()
        canvas.translate(0, bottom)
        canvas.doForm(form)
        coordinates = [(x_scale(x), y_scale(y)) for x, y in points]
        canvas.setStrokeColor(LINE)
        canvas.setFillColor(LINE)
        canvas.setLineWidth(1.5)
        path = canvas.beginPath()
        path.moveTo(*coordinates[0])
        for x, y in coordinates[1:]:
            path.lineTo(x, y)
        canvas.drawPath(path, stroke=1, fill=0)
        dots = canvas.beginPath()  # a round-capped line of no length is a dot (fast)
        for x, y in coordinates:
            dots.moveTo(x, y)
            dots.lineTo(x, y)
        canvas.setLineWidth(4.5)
        canvas.setLineCap(1)
        canvas.drawPath(dots, stroke=1, fill=0)
        canvas.restoreState()


def nice_step(players):
    """A step for the rank axis: about five labels (1, 5, 10, 20, 50, 100 ...)."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if players / step <= 6:
            return step
    return 1000
