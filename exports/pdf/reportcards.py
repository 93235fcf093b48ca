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
seconds. A card with very many sessions is drawn smaller so that it still fits its page."""

from django.utils.translation import gettext as _
from reportlab.graphics import renderPDF
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from common import formatting
from common.i18n import translate_text
from exports import ExportError
from exports.pdf.base import (
    FONT,
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    GREY,
    LIGHT,
    PdfDocument,
    page_by_page,
)
from exports.pdf.names import LEADING, fit_name
from exports.pdf.reportcard_data import build_cards
from exports.pdf.reportcard_page import (
    HEAD,
    PAD,
    ROW_PAD,
    SIZE,
    CardPage,
    Column,
    TextWriter,
    nice_step,
)
from exports.sources import confirmed_standings
from tournament.models import WIND_NAMES
from tournament.rulesets import ruleset_for


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


def render_reportcards(tournament, *, through=None, player_id=None):
    """The report cards of every ranked player (standings order), or of player `player_id`
    (a Player id) alone; the standings after confirmed session `through` (default: the last)."""
    standings = confirmed_standings(tournament, through)
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
