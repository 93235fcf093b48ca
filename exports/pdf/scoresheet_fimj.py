"""The score sheet of MCR sessions, one table per A4 page.

MCR tournaments get the FIMJ score sheet (MCR App. B "Tabella segnapunti", docs/rules.md §2.1): the
Italian federation's form, so its words stay Italian (a line of small print explains them in the
active language). A column per player in starting seat order (East, South, West, North), the 16
hands in the four rounds EST / SUD / OVEST / NORD with a running total ("Totale") after each
hand, the seat change at the end of each round, then "Mini Punti" (the session score), "Punti
Tavolo" (table points) and "Firma" (signatures).

- `blank=True`: the names and numbers only, printed before the session for the tables, with
  empty "Trasferimenti" (a false Hu's +10/+20 to each other player) and "Penalità" rows for
  the referee's pen;
- `blank=False`: completed from the desk for the archive: each hand's fan and point changes
  (the winner's bold in a box, the discarder's after a mark; a fan counted from tiles that
  differs from the referee's after "≠"), the running totals, and for
  closed tables the penalties, the score and the table points. Hands not played (time ran out)
  stay empty; an open table has no result rows yet.

The winds are the form's, with the form's letters (EST (E), SUD (S), OVEST (O), NORD (N)), the
letters of the seat changes; the small print under a sheet in another language explains them.

The other rule sets get a generic sheet of the same structure without the MCR rounds
(`scoresheet_generic.py`); both share `scoresheet_base.py`.
"""

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab.lib.units import mm

from common import formatting
from exports.pdf.base import FONT, FONT_BOLD, FONT_CONDENSED_BOLD, LIGHT
from exports.pdf.grid import Grid, VerticalText
from exports.pdf.scoresheet_base import (
    BLACK,
    TOTAL_FILL,
    TOTAL_HEIGHT,
    ScoreSheets,
    blank_figure_rows,
    figure_rows,
    mark_roles,
    marked_value,
    seats_by_wind,
    signed,
    table_facts,
    whole,
)
from rules.mcr import HANDS_PER_ROUND
from tournament.rulesets import ruleset_for

# The fixed words of the FIMJ form (MCR App. B, docs/rules.md §2.1): not translated, on purpose.
ROUNDS = ("ROUND – EST", "ROUND – SUD", "ROUND – OVEST", "ROUND – NORD")
START_WINDS = ("EST", "SUD", "OVEST", "NORD")
#: The form's letters of the winds: those of the seat changes below.
WIND_LETTERS = ("E", "S", "O", "N")
#: The seat change at the end of the rounds EST, SUD and OVEST (as rules.mcr.ROUND_SEATING).
SEAT_CHANGES = ("E<-->S O<-->N", "E-->O S-->N O-->S N-->E", "E<-->S O<-->N", "")


class FimjScoreSheets(ScoreSheets):
    """The FIMJ form: 16 hands in four rounds with the seat changes, "Mini Punti", "Punti
    Tavolo" and the signatures."""

    WIDTHS = (9 * mm, 7 * mm, 13 * mm, 31 * mm, 31 * mm, 31 * mm, 31 * mm, 41 * mm)

    def hand_cells(self, hands, number):
        """The hand of `number` (or None), its value and changes, and the running totals after
        it."""
        hand, totals = hands.get(number, (None, None))
        if hand is None:
            return None, "", [""] * 4, [""] * 4
        value = marked_value(hand, str(hand.fan) if hand.fan is not None else "—")
        return hand, value, [signed(c) for c in hand.changes], [whole(t) for t in totals]

    def result_values(self, hands, results):
        """The transfers and penalties rows (scoresheet_base.figure_rows; on a blank sheet
        empty ones for the referee's pen), and per seat the score and table points."""
        if results is None:
            figures = blank_figure_rows(ruleset_for(self.tournament)) if self.blank else []
            return figures, [""] * 4, [""] * 4
        scores = [whole(r.score) for r in results]
        points = [formatting.table_points(r.table_points) for r in results]
        return figure_rows(results), scores, points

    # -- the FIMJ sheet ---------------------------------------------------------------------

    def sheet(self, table):
        seats = seats_by_wind(table)
        hands, results = table_facts(table, blank=self.blank)
        grid = Grid(self.WIDTHS)
        self.player_rows(
            grid,
            seats,
            first=3,
            last=6,
            winds=START_WINDS,
            name_word="Nome",
            number_word="PUNTI MAHJONG",
            letters=WIND_LETTERS,
        )
        grid.rows[0][7:] = ["CAMBIO POSTI"]
        grid.style += [("SPAN", (7, 0), (7, 2)), ("FONT", (7, 0), (7, 2), FONT_CONDENSED_BOLD, 8.5)]
        for round_index in range(4):
            first = len(grid.rows)
            for k in range(HANDS_PER_ROUND):
                number = round_index * HANDS_PER_ROUND + k + 1
                hand, value, changes, totals = self.hand_cells(hands, number)
                row = grid.add(["", str(number), value, *changes, ""], None)
                if hand is not None:
                    grid.rows[row][3:7] = mark_roles(grid, row, 3, hand, changes)
                grid.add(
                    ["", "Totale", "", *totals, ""],
                    TOTAL_HEIGHT,
                    ("SPAN", (1, None), (2, None)),
                    ("BACKGROUND", (1, None), (6, None), TOTAL_FILL),
                    ("FONT", (1, None), (6, None), FONT_CONDENSED_BOLD, 8.5),
                )
            last = len(grid.rows) - 1
            grid.rows[first][0] = VerticalText(ROUNDS[round_index])
            grid.rows[first][7] = SEAT_CHANGES[round_index]
            grid.style += [
                ("SPAN", (0, first), (0, last)),
                ("SPAN", (7, first), (7, last)),
                ("VALIGN", (7, first), (7, last), "BOTTOM"),
                ("BOTTOMPADDING", (7, first), (7, last), 3),
                ("FONT", (7, first), (7, last), FONT_CONDENSED_BOLD, 7.5),
                ("LINEBELOW", (0, last), (-1, last), 1.2, BLACK),
            ]
        figures, scores, points = self.result_values(hands, results)
        bold = (
            ("SPAN", (0, None), (2, None)),
            ("FONT", (0, None), (2, None), FONT_CONDENSED_BOLD, 8.5),
            ("FONT", (3, None), (6, None), FONT_BOLD, 10),
        )
        labels = {"transfers": "Trasferimenti", "penalties": "Penalità"}
        for key, values in figures:
            cells = ["" if v is None else signed(v) for v in values]
            grid.add([labels[key], "", "", *cells, ""], 7 * mm, *bold)
        start = grid.add(["Mini Punti", "", "", *scores, self.legend()], 7 * mm, *bold)
        grid.add(["Punti Tavolo", "", "", *points, ""], 7 * mm, *bold)
        end = grid.add(["Firma", "", "", "", "", "", "", ""], 12 * mm, *bold)
        grid.style += [
            ("SPAN", (7, start), (7, end)),
            ("VALIGN", (7, start), (7, end), "TOP"),
            ("ALIGN", (7, start), (7, end), "LEFT"),
            ("LEFTPADDING", (7, start), (7, end), 3),
            ("TOPPADDING", (7, start), (7, end), 2),
            ("FONT", (7, start), (7, end), FONT, 7.5),
            ("BACKGROUND", (7, start), (7, end), LIGHT),
        ]
        words = ""
        if not (get_language() or "").startswith("it"):
            # The form's words are Italian (MCR App. B): explained for everyone else.
            words = _(
                "EST, SUD, OVEST, NORD (E, S, O, N): East, South, West, North · Mini Punti: "
                "score · Punti Tavolo: table points · Trasferimenti: transfers · Penalità: "
                "penalties · CAMBIO POSTI: seat change · Firma: signature."
            )
        return self.page(
            table, grid, notes=(words, self.marks_legend(hands), self.tiles_legend(hands))
        )

    def legend(self):
        """The table points of the form's legend: "1° 4 t.p." ... "4° 0 t.p."."""
        lines = [f"{place}° {value} t.p." for place, value in enumerate((4, 2, 1, 0), start=1)]
        return "Punti Tavolo\n" + "\n".join(lines)
