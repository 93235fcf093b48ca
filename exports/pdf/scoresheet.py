"""Score sheets of a session, one table per A4 page.

MCR tournaments get the FIMJ score sheet (MCR App. B "Tabella segnapunti", docs/rules.md §2.1): the
Italian federation's form, so its words stay Italian (a line of small print explains them in the
active language). A column per player in starting seat order (East, South, West, North), the 16
hands in the four rounds EST / SUD / OVEST / NORD with a running total ("Totale") after each
hand, the seat change at the end of each round, then "Mini Punti" (the session score), "Punti
Tavolo" (table points) and "Firma" (signatures).

- `blank=True`: the names and numbers only, printed before the session for the tables;
- `blank=False`: completed from the desk for the archive: each hand's fan and point changes,
  the running totals, and for closed tables the penalties, the score and the table points.
  Hands not played (time ran out) stay empty; an open table has no result rows yet.

The other rule sets get a generic sheet of the same structure without the MCR rounds
(`scoresheet_generic.py`).
"""

from functools import lru_cache

from django.db.models import Prefetch
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle

from common import formatting
from exports.pdf.base import (
    FONT,
    FONT_BOLD,
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    LIGHT,
    PdfDocument,
    drawn_session,
    markup,
    seated_tables,
)
from exports.pdf.grid import Grid, VerticalText
from rules.mcr import HANDS_PER_ROUND
from scoring.models import Hand, SeatResult

# The fixed words of the FIMJ form (MCR App. B, docs/rules.md §2.1): not translated, on purpose.
FEDERATION = "FEDERAZIONE ITALIANA MAH JONG"
ROUNDS = ("ROUND – EST", "ROUND – SUD", "ROUND – OVEST", "ROUND – NORD")
START_WINDS = ("EST", "SUD", "OVEST", "NORD")
#: The seat change at the end of the rounds EST, SUD and OVEST (as rules.mcr.ROUND_SEATING).
SEAT_CHANGES = ("E<-->S O<-->N", "E-->O S-->N O-->S N-->E", "E<-->S O<-->N", "")

BLACK = colors.black
TOTAL_FILL = colors.HexColor("#eeeeee")
HAND_HEIGHT, TOTAL_HEIGHT = 6 * mm, 5.2 * mm


@lru_cache(maxsize=4096)
def _whole(value, with_sign, language):
    return formatting.exact(value, 0, signed=with_sign)


def signed(value):
    """A point change: "+24", "-8", "0" (in the active language's format)."""
    return _whole(value, True, get_language())


def whole(value):
    return _whole(value, False, get_language())


def load_tables(session, *, blank):
    """The session's tables with seats (and current hands and results): four queries."""
    if blank:
        return seated_tables(session)
    return seated_tables(
        session,
        Prefetch(
            "hands",
            queryset=Hand.objects.filter(is_current=True).order_by("number"),
            to_attr="current_hands",
        ),
        Prefetch("results", queryset=SeatResult.objects.order_by("wind"), to_attr="seat_results"),
    )


def seats_by_wind(table):
    """The four seats in starting seat order (None for a seat nobody holds)."""
    seats = {seat.wind: seat for seat in table.seats.all()}
    return [seats.get(wind) for wind in range(4)]


def table_facts(table, *, blank, starting_points=0):
    """What a completed sheet prints for one table: {hand number: (hand, running totals)} and,
    for a closed table, its four SeatResults (else None)."""
    if blank:
        return {}, None
    hands, totals = {}, [starting_points] * 4
    for hand in table.current_hands:
        totals = [t + c for t, c in zip(totals, hand.changes, strict=True)]
        hands[hand.number] = (hand, tuple(totals))
    results = table.seat_results if table.is_closed and len(table.seat_results) == 4 else None
    return hands, results


def penalty_values(hands, results, starting_points):
    """Per seat: penalties paid to nobody plus false Hu transfers, what the results add to the
    hands' total (None when all zero)."""
    last = hands[max(hands)][1] if hands else (starting_points,) * 4
    values = [
        r.hand_points + r.penalty_points - (t - starting_points)
        for r, t in zip(results, last, strict=True)
    ]
    return values if any(values) else None


class ScoreSheets(PdfDocument):
    margin = 10 * mm
    WIDTHS = (9 * mm, 7 * mm, 13 * mm, 30 * mm, 30 * mm, 30 * mm, 30 * mm, 41 * mm)

    def __init__(self, tournament, session, *, blank):
        super().__init__(tournament)
        self.session, self.blank = session, blank

    def title(self):
        if self.blank:
            return _("Score sheets, session %(number)s (blank)") % {"number": self.session.number}
        return _("Score sheets, session %(number)s") % {"number": self.session.number}

    def story(self):
        story = []
        for table in load_tables(self.session, blank=self.blank):
            if story:
                story.append(PageBreak())
            story += self.sheet(table)
        return story

    # -- the parts of a sheet ---------------------------------------------------------------

    def form_header(self, table, title=FEDERATION, words=None):
        """Table and session numbers in boxes, the title and the tournament between them."""
        small = self.styles["small_center"]
        big = self.styles["title"].clone("big_number", alignment=TA_CENTER, spaceAfter=0)
        if words is None:  # the form's words, explained in small print unless in Italian
            italian = (get_language() or "").startswith("it")
            words = (
                ("Tavolo", "" if italian else _("table")),
                ("Turno", "" if italian else _("session")),
            )

        def box(word, number):
            text = f"<b>{markup(word[0])}</b>"
            if word[1]:
                text += f" ({markup(word[1])})"
            return [Paragraph(text, small), Paragraph(str(number), big)]

        center = [
            Paragraph(
                f"<b>{markup(title)}</b>",
                self.styles["heading"].clone("form_title", alignment=TA_CENTER, spaceBefore=0),
            ),
            Paragraph(
                markup(self.tournament.name),
                self.styles["body"].clone("form_name", alignment=TA_CENTER),
            ),
        ]
        header = Table(
            [[box(words[0], table.number), center, box(words[1], self.session.number)]],
            colWidths=(30 * mm, self.frame_width - 60 * mm, 30 * mm),
            rowHeights=16 * mm,
        )
        header.setStyle(
            TableStyle(
                [
                    ("BOX", (0, 0), (0, 0), 1.2, BLACK),
                    ("BOX", (2, 0), (2, 0), 1.2, BLACK),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ]
            )
        )
        return header

    def player_rows(self, grid, seats, *, first, last, winds, name_word, number_word):
        """The three rows naming the players: starting wind, name, player number."""
        cell = self.styles["cell_center"]
        bold = self.styles["cell_bold"].clone("sheet_name", alignment=TA_CENTER)
        letters = (_("E"), _("S"), _("W"), _("N"))
        grid.add(
            [""] * first
            + [
                Paragraph(f"{markup(winds[w])} <font size=6>({markup(letters[w])})</font>", cell)
                for w in range(4)
            ],
            5 * mm,
        )
        names = [
            Paragraph(
                f"{markup(s.registration.player.last_name)}<br/>"
                f"<font name={FONT_CONDENSED}>{markup(s.registration.player.first_name)}"
                "</font>",
                bold,
            )
            if s
            else ""
            for s in seats
        ]
        grid.add(
            [name_word] + [""] * (first - 1) + names,
            10 * mm,
            ("SPAN", (0, None), (first - 1, None)),
            ("FONT", (0, None), (first - 1, None), FONT_CONDENSED_BOLD, 8.5),
        )
        numbers = [f"N° {s.registration.number}" if s else "N°" for s in seats]
        grid.add(
            [number_word] + [""] * (first - 1) + numbers,
            6 * mm,
            ("SPAN", (0, None), (first - 1, None)),
            ("FONT", (0, None), (last, None), FONT_CONDENSED_BOLD, 8.5),
        )
        grid.style.append(("SPAN", (0, 0), (first - 1, 0)))

    def hand_cells(self, hands, number):
        """The value and changes of hand `number`, and the running totals after it."""
        hand, totals = hands.get(number, (None, None))
        if hand is None:
            return "", [""] * 4, [""] * 4
        value = str(hand.fan) if hand.fan is not None else "—"
        return value, [signed(c) for c in hand.changes], [whole(t) for t in totals]

    def result_values(self, hands, results):
        """Per seat: penalties (None when all zero), score and table points."""
        if results is None:
            return None, [""] * 4, [""] * 4
        scores = [whole(r.score) for r in results]
        points = [formatting.table_points(r.table_points) for r in results]
        return penalty_values(hands, results, 0), scores, points

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
        )
        grid.rows[0][7:] = ["CAMBIO POSTI"]
        grid.style += [("SPAN", (7, 0), (7, 2)), ("FONT", (7, 0), (7, 2), FONT_CONDENSED_BOLD, 8.5)]
        for round_index in range(4):
            first = len(grid.rows)
            for k in range(HANDS_PER_ROUND):
                number = round_index * HANDS_PER_ROUND + k + 1
                value, changes, totals = self.hand_cells(hands, number)
                grid.add(["", str(number), value, *changes, ""], HAND_HEIGHT)
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
        penalties, scores, points = self.result_values(hands, results)
        bold = (
            ("SPAN", (0, None), (2, None)),
            ("FONT", (0, None), (2, None), FONT_CONDENSED_BOLD, 8.5),
            ("FONT", (3, None), (6, None), FONT_BOLD, 10),
        )
        if penalties:
            grid.add(["Penalità", "", "", *(signed(p) for p in penalties), ""], 6 * mm, *bold)
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
        page = [self.form_header(table), Spacer(0, 3 * mm), grid.table()]
        if not (get_language() or "").startswith("it"):
            # The form's words are Italian (MCR App. B): explained for everyone else.
            page += [
                Spacer(0, 1.5 * mm),
                Paragraph(
                    markup(
                        _(
                            "Mini Punti: session score · Punti Tavolo: table points · Penalità: penalties "
                            "· CAMBIO POSTI: seat change at the end of the round · Firma: signature."
                        )
                    ),
                    self.styles["small"],
                ),
            ]
        return page

    def legend(self):
        """The table points of the form's legend: "1° 4 t.p." ... "4° 0 t.p."."""
        lines = [f"{place}° {value} t.p." for place, value in enumerate((4, 2, 1, 0), start=1)]
        return "Punti Tavolo\n" + "\n".join(lines)


def render_scoresheets(tournament, *, session_number, blank=False):
    """The score sheets of session `session_number`, one table per page (see the module)."""
    session = drawn_session(tournament, session_number)
    if tournament.ruleset != "mcr":
        from exports.pdf.scoresheet_generic import GenericScoreSheets

        return GenericScoreSheets(tournament, session, blank=blank).render()
    return ScoreSheets(tournament, session, blank=blank).render()
