"""Report cards: one A4 page per player (issue 15, item 5).

Each card has the player's name (printed whole: `exports.pdf.names`), number, club, country and
final place (or place after the last counted session while the tournament is not over); a table
of every counted session: its number and date, the table, the seat wind, the three opponents, the
score (riichi: the final score too), the table points (where the rule set uses them), the place
at the table, the penalties (empty where there is none) and the running rank after the session;
the totals; and a small line chart of the running rank (rank 1 at the top).

The figures are the standings' own (`scoring.standings.ranking.compute_standings`): the running rank
after session n is the place in the standings after session n (the same rows ranked over the
sessions up to n, with the tournament's tie-breakers). All the players in one file come in
the order of the standings (final place, then player number; disqualified players last), or one
player's card alone. Substitutes, who are not ranked, get no card.

Cards are drawn straight on the canvas (no platypus table per card): 400 cards take a few
seconds. A card with very many sessions is drawn smaller so that it still fits its page.
"""

from dataclasses import dataclass, field
from functools import lru_cache

from django.utils import timezone
from django.utils.translation import gettext as _
from reportlab.graphics import renderPDF
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from common import formatting
from common.i18n import translate_text
from common.text import person_name
from exports import ExportError
from exports.pdf.base import (
    FONT,
    FONT_BOLD,
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    GREY,
    LIGHT,
    RULE,
    PdfDocument,
    WholePage,
    page_by_page,
    player_name,
    print_date,
)
from exports.pdf.names import LEADING, fit_name
from exports.sources import confirmed_standings
from scoring.standings.ranking import StandingRow, rank_rows
from tournament.models import WIND_NAMES, Seat
from tournament.rulesets import ruleset_for

SIZE = 8  # the table's cells
HEAD = 7  # the table's column titles
NAME_SIZE, NAME_MIN = 18, 12  # the player's name at the top
OPPONENT, OPPONENT_MIN = 7.5, 6  # an opponent's name in the table
PAD = 2  # a cell's left and right padding
ROW_PAD = 2.5  # a row's top and bottom padding
CHART_HEIGHT = 48 * mm
CHART_MIN = 30 * mm
LINE = colors.HexColor("#1f4e9a")


@dataclass
class CardLine:
    """One session on a card (`line` is the standings' SessionLine, None when not played)."""

    number: int
    date: str
    line: object
    opponents: list
    rank: str
    rank_value: int | None


@dataclass
class Card:
    row: StandingRow  # of the final standings
    lines: list = field(default_factory=list)

    @property
    def registration(self):
        return self.row.registration


def running_ranks(standings, tournament, ruleset):
    """{session number: {registration pk: (place label, place)}}: the standings after each
    counted session, ranked from the rows already loaded."""
    tie_breaks = tournament.tie_breaks or []
    ranks = {}
    for number in standings.session_numbers:
        rows = [
            StandingRow(row.registration, {n: s for n, s in row.sessions.items() if n <= number})
            for row in standings.rows
        ]
        rank_rows(rows, ruleset.ranking_fields, tie_breaks, tournament.lots_seed)
        ranks[number] = {row.registration.pk: (row.place_label, row.place) for row in rows}
    return ranks


def session_date(session):
    """The session's day (`print_date`): when it was scheduled, else when it was confirmed."""
    moment = session.scheduled_start or session.confirmed_at
    if moment is None:
        return ""
    return print_date(timezone.localtime(moment) if timezone.is_aware(moment) else moment)


def build_cards(tournament, standings, ruleset, registration_ids=None):
    """The cards of the standings' rows (or of `registration_ids` only), in standings order."""
    numbers = standings.session_numbers
    rows = [
        row
        for row in standings.rows
        if registration_ids is None or row.registration.pk in registration_ids
    ]
    ranks = running_ranks(standings, tournament, ruleset)
    sessions = {s.number: s for s in tournament.sessions.filter(number__in=numbers)}
    dates = {number: session_date(session) for number, session in sessions.items()}
    #: (session number, table number) -> [(wind, registration pk, name)]
    tables: dict[tuple[int, int], list[tuple[int, int, str]]] = {}
    seats = Seat.objects.filter(session__tournament=tournament, session__number__in=numbers)
    if registration_ids is not None:
        wanted = {(number, line.table) for row in rows for number, line in row.sessions.items()}
        seats = seats.filter(table__number__in={table for _number, table in wanted})
    for number, table, wind, registration_id, first, last in seats.values_list(
        "session__number",
        "table__number",
        "wind",
        "registration_id",
        "registration__player__first_name",
        "registration__player__last_name",
    ):
        name = person_name(first, last)
        tables.setdefault((number, table), []).append((wind, registration_id, name))
    cards = []
    for row in rows:
        card = Card(row)
        pk = row.registration.pk
        for number in numbers:
            line = row.sessions.get(number)
            opponents = []
            if line is not None:
                opponents = [
                    name
                    for _wind, other, name in sorted(tables.get((number, line.table), []))
                    if other != pk
                ]
            label, place = ranks[number].get(pk, ("", None))
            card.lines.append(
                CardLine(number, dates.get(number, ""), line, opponents, label, place)
            )
        cards.append(card)
    return cards


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


class ReportCardsDocument(PdfDocument):
    def __init__(self, tournament, standings, cards):
        super().__init__(tournament)
        self.standings = standings
        self.cards = cards
        self.ruleset = ruleset_for(tournament)
        self.uses_table_points = self.ruleset.uses_table_points
        self.shows_final = self.ruleset.shows_final_score
        self.final = standings.through == tournament.session_count
        self.columns = self.make_columns()
        self._chart_axes = {}
        self._titles_form = None
        self.titles = [  # the column titles: up to two lines each
            fit_name(c.title, FONT_CONDENSED_BOLD, c.width - 2 * PAD, size=HEAD, min_size=6.5)
            for c in self.columns
        ]
        self.head_height = (
            max(len(lines) * size * LEADING for size, lines in self.titles) + 2 * ROW_PAD
        )
        self.date_size = self.fitted_size(
            [line.date for card in cards[:1] for line in card.lines], 1
        )

    def title(self):
        return _("Report card")

    # -- the table's columns ----------------------------------------------------------------

    def make_columns(self):
        def score(line):
            return formatting.whole(line.score)

        columns = [
            Column(_("Session"), 13 * mm, lambda cl: str(cl.number)),
            Column(_("Date"), 38 * mm, lambda cl: cl.date, align="LEFT"),
            Column(_("Table"), 10 * mm, lambda cl: str(cl.line.table)),
            Column(_("Wind"), 13 * mm, lambda cl: str(WIND_NAMES[cl.line.wind])),
            Column(_("Opponents"), 0, None, align="LEFT"),
            Column(_("Score"), 14 * mm, lambda cl: score(cl.line), align="RIGHT"),
        ]
        if self.shows_final:
            columns.append(
                Column(
                    translate_text(self.ruleset.total_label),
                    16 * mm,
                    lambda cl: formatting.final_score(cl.line.final_score, self.ruleset),
                    align="RIGHT",
                    bold=True,
                )
            )
        if self.uses_table_points:
            columns.append(
                Column(
                    _("Table points"),
                    14 * mm,
                    lambda cl: formatting.table_points(cl.line.table_points),
                    align="RIGHT",
                    bold=True,
                )
            )
        columns += [
            Column(_("Place at the table"), 13 * mm, lambda cl: str(cl.line.place)),
            Column(
                _("Penalties"),
                14 * mm,
                lambda cl: (
                    formatting.whole(cl.line.penalty_points) if cl.line.penalty_points else ""
                ),
                align="RIGHT",
            ),
            Column(_("Rank after"), 13 * mm, lambda cl: cl.rank, bold=True),
        ]
        for column in columns:  # at least as wide as the longest word of its title
            widest = max(stringWidth(w, FONT_CONDENSED_BOLD, HEAD) for w in column.title.split())
            column.width = max(column.width, widest + 2 * PAD + 1) if column.width else 0
        rest = self.frame_width - sum(column.width for column in columns)
        next(c for c in columns if c.value is None).width = rest
        return columns

    def fitted_size(self, texts, index):
        """The one font size of column `index`: the largest up to `SIZE` at which every text
        fits the column."""
        width = self.columns[index].width - 2 * PAD
        size = SIZE
        for text in texts:
            if text:
                size = min(size, fit_name(text, FONT_CONDENSED, width, size=SIZE, min_size=1)[0])
        return size

    # -- the table's titles -----------------------------------------------------------------

    def titles_form(self, canvas, width):
        """The name of a PDF form with the table's column titles and the rule below them,
        drawn once and reused by every card (its origin at the rule's left end)."""
        if self._titles_form is None:
            self._titles_form = "report-card-titles"
            canvas.beginForm(self._titles_form)
            text = TextWriter(canvas)
            x = 0
            for column, (size, lines) in zip(self.columns, self.titles, strict=True):
                text.font(FONT_CONDENSED_BOLD, size)
                y = self.head_height - ROW_PAD - size
                for line in lines:
                    text.cell(column, x, y, line)
                    y -= size * LEADING
                x += column.width
            text.end()
            canvas.setStrokeColor(colors.black)
            canvas.setLineWidth(0.8)
            canvas.line(0, 0, width, 0)
            canvas.endForm()
        return self._titles_form

    # -- the chart's axes -------------------------------------------------------------------

    def chart_axes(self, canvas, width, height):
        """(form name, x scale, y scale): the rank chart's axes and grid (a reportlab LinePlot
        without its line), drawn once per size into a PDF form that every card reuses; the
        scales map a session number and a rank to the form's coordinates."""
        key = (round(width, 1), round(height, 1))
        if key not in self._chart_axes:
            numbers = self.standings.session_numbers
            players = len(self.standings.rows)
            drawing = Drawing(width, height)
            plot = LinePlot()
            plot.x, plot.y = 28, 16
            plot.width, plot.height = width - 40, height - 24
            plot.data = [[(number, 1) for number in numbers]]
            plot.lines[0].strokeColor = None
            x_axis = plot.xValueAxis
            x_axis.valueMin, x_axis.valueMax = min(numbers) - 0.3, max(numbers) + 0.3
            x_axis.valueSteps = numbers
            x_axis.labelTextFormat = "%d"
            x_axis.labels.fontName, x_axis.labels.fontSize = FONT, 7
            y_axis = plot.yValueAxis
            y_axis.reverseDirection = 1  # rank 1 at the top
            y_axis.valueMin, y_axis.valueMax = 1, max(players, 2)
            step = nice_step(players)
            y_axis.valueSteps = [
                1,
                *(v for v in range(step, players + 1, step) if v > 1 + step / 2),
            ]
            y_axis.labelTextFormat = "%d"
            y_axis.labels.fontName, y_axis.labels.fontSize = FONT, 7
            y_axis.visibleGrid = 1
            y_axis.gridStrokeColor = LIGHT
            drawing.add(plot)
            label = String(28, 2, _("session"), fontName=FONT, fontSize=7, textAnchor="end")
            label.fillColor = GREY
            drawing.add(label)
            name = f"rank-axes-{len(self._chart_axes)}"
            canvas.beginForm(name)
            renderPDF.draw(drawing, canvas, 0, 0)
            canvas.endForm()
            self._chart_axes[key] = (name, x_axis.scale, y_axis.scale)
        return self._chart_axes[key]

    # -- the pages --------------------------------------------------------------------------

    def story(self):
        return page_by_page([[CardPage(self, card)] for card in self.cards])


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


def render_reportcards(tournament, *, through=None, player_id=None):
    """The report cards of every ranked player (standings order), or of player `player_id`
    (a Player id) alone; the standings after confirmed session `through` (default: the last)."""
    standings = confirmed_standings(tournament, through, with_movement=False)
    ruleset = ruleset_for(tournament)
    wanted = None
    if player_id is not None:
        row = next((r for r in standings.rows if r.registration.player_id == player_id), None)
        if row is None:
            raise ExportError(
                _(
                    "Player %(id)s has no report card in %(tournament)s (not registered, or a "
                    "substitute)."
                )
                % {"id": player_id, "tournament": tournament.name}
            )
        wanted = {row.registration.pk}
    cards = build_cards(tournament, standings, ruleset, wanted)
    return ReportCardsDocument(tournament, standings, cards).render()
