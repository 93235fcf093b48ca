"""What every score sheet of a session shares, whatever its form: one table per A4 page, the
players in starting seat order, the hands and running totals read from the desk, the form's
header with the table and session numbers in boxes.

- `blank=True`: the names and numbers only, printed before the session for the tables;
- `blank=False`: completed from the desk for the archive: each hand's value and point changes
  (the winner's in bold in a box, the discarder's after a small mark, explained at the bottom),
  the running totals, and for closed tables the results. Hands not played (time ran out) stay
  empty; an open table has no result rows yet.

Both have a transfers row (where the rule set has transfers) and a penalty row for the
referee's pen (the completed sheet only when one was given). A hand counted from tiles whose
count differs from the referee's figures is marked after its value (DIFFERS_MARK), as the table
page and the workbook say "differs", and the small print under the sheet says so. The page has no desk header (the form's header names the tournament, its dates, venue
and rule set) and the hand rows share the height the page leaves, so that every table fits one
page with rows as tall as the page allows (`Grid.table(room=...)`).

The forms are subclasses of `ScoreSheets`, each implementing `sheet(table)`: the FIMJ form of
MCR sessions (`scoresheet_fimj.py`) and the generic form of the other rule sets
(`scoresheet_generic.py`); `scoresheet.py` prints the form the tournament's rule set names.
"""

from functools import lru_cache

from django.db.models import Prefetch
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from common import formatting
from common.text import name_parts
from exports.pdf.base import (
    FONT,
    FONT_CONDENSED,
    FONT_CONDENSED_BOLD,
    PdfDocument,
    format_dates,
    markup,
    page_by_page,
    ruleset_name,
    seated_tables,
)
from exports.pdf.grid import SheetName
from scoring.models import Hand, SeatResult
from scoring.tiles.reading import count_brief, count_summary

#: The title of the FIMJ form (MCR App. B, docs/rules.md §2.1): not translated, on purpose.
FEDERATION = "FEDERAZIONE ITALIANA MAH JONG"

BLACK = colors.black
TOTAL_FILL = colors.HexColor("#eeeeee")
#: A hand row is at least HAND_HEIGHT tall (more when the page leaves room, up to HAND_MOST);
#: a running-total row TOTAL_HEIGHT.
HAND_HEIGHT, HAND_MOST, TOTAL_HEIGHT = 6 * mm, 7.5 * mm, 5.2 * mm
#: The form's header (table and session boxes) and the space below it.
HEADER_HEIGHT, HEADER_GAP = 16 * mm, 2 * mm
#: Left free at the bottom of the frame, so rounding never pushes a row onto a second page.
SLACK = 2 * mm
#: The row of the players' names: three lines (a first name, a last name on two) stay clear of
#: the borders.
NAME_HEIGHT = 12 * mm
#: The mark before the points of the player who discarded the winning tile (completed sheets).
DISCARD_MARK = "▾"
#: The mark after the value of a hand counted from tiles whose count differs from the
#: referee's figures (docs/rules.md §7), as "differs" on the table page and in the workbook.
DIFFERS_MARK = "≠"


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
            queryset=Hand.objects.current().order_by("number"),
            to_attr="current_hands",
        ),
        Prefetch("results", queryset=SeatResult.objects.order_by("wind"), to_attr="seat_results"),
    )


def seats_by_wind(table):
    """The four seats in starting seat order (None for a seat nobody holds)."""
    seats = {seat.wind: seat for seat in table.seats.all()}
    return [seats.get(wind) for wind in range(4)]


def table_facts(table, *, blank, starting_points=0, ruleset=None):
    """What a completed sheet prints for one table: {hand number: (hand, running totals)} and,
    for a closed table, its four SeatResults (else None).

    With `ruleset`, the running totals are hand points only: a hand's payment that the rule set
    calls a transfer (riichi 2008's chombo, `RuleSet.hand_transfers`) is left out of them, as it
    is printed once, in the Transfers row (scoring/figures.py), so the sheet adds up."""
    if blank:
        return {}, None
    hands, totals = {}, [starting_points] * 4
    for hand in table.current_hands:
        moved = ruleset.hand_transfers(hand.entry, hand.changes) if ruleset else (0, 0, 0, 0)
        totals = [t + c - m for t, c, m in zip(totals, hand.changes, moved, strict=True)]
        hands[hand.number] = (hand, tuple(totals))
    results = table.seat_results if table.is_closed and len(table.seat_results) == 4 else None
    return hands, results


def hand_roles(hand):
    """(the winners' seats, the discarder's seat or None) of a stored hand, as the hands list
    reads them (scoring/presentation.py): a multiple win has several winners."""
    winners = hand.entry.get("winners") or ([hand.winner] if hand.winner is not None else [])
    return tuple(winners), hand.discarder


def mark_roles(grid, row, first, hand, changes):
    """On a completed sheet, mark the winners and the discarder of `hand` in the row `row` of
    `grid` whose four point changes (`changes`, strings) start at column `first`: a winner's in
    bold in a box, the discarder's after DISCARD_MARK. Returns the four cells."""
    winners, discarder = hand_roles(hand)
    cells = list(changes)
    for seat in winners:
        if 0 <= seat < 4:
            column = first + seat
            grid.style += [
                ("FONT", (column, row), (column, row), FONT_CONDENSED_BOLD, 8.5),
                ("BOX", (column, row), (column, row), 1.2, BLACK),
            ]
    if discarder is not None and 0 <= discarder < 4 and winners:
        cells[discarder] = f"{DISCARD_MARK} {cells[discarder]}"
    return cells


def tiles_differ(hand):
    """Whether `hand` was counted from tiles and the count differs from the referee's figures
    (its `tiles_matched`; None for a hand without tiles)."""
    return bool(getattr(hand, "tiles", "")) and getattr(hand, "tiles_matched", None) is False


def marked_value(hand, text):
    """A hand's value as the sheet prints it: with DIFFERS_MARK after it when its count from
    tiles differs from the referee's figures."""
    return f"{text} {DIFFERS_MARK}".strip() if tiles_differ(hand) else text


def blank_figure_rows(ruleset):
    """The empty figure rows of a blank sheet, for the referee's pen: transfers where the rule
    set has them (a false Hu's +10/+20 to each other player), then penalties."""
    rows = [("transfers", [None] * 4)] if ruleset.has_transfers else []
    return [*rows, ("penalties", [None] * 4)]


def figure_rows(results):
    """[("transfers", four values), ("penalties", four values)] of a closed table, each only when
    not all zero: the stored figures every page shows (scoring/figures.py), so the sheet adds
    up as the screen does."""
    rows = [
        ("transfers", [r.transfers for r in results]),
        ("penalties", [r.penalty_points for r in results]),
    ]
    return [(key, values) for key, values in rows if any(values)]


class ScoreSheets(PdfDocument):
    """The score sheets of one session; a form implements `sheet(table)` (its flowables)."""

    margin = 8 * mm
    show_header = False  # the form's header says it all (form_header)

    def __init__(self, tournament, session, *, blank):
        super().__init__(tournament)
        self.session, self.blank = session, blank
        self._notes, self._made = {}, {}

    def once(self, key, make):
        """What `make()` returns, made once per document: the parts every sheet shares (the
        header's words and title, the winds) are built and measured once, not once a table."""
        if key not in self._made:
            self._made[key] = make()
        return self._made[key]

    def title(self):
        if self.blank:
            return _("Score sheets, session %(number)s (blank)") % {"number": self.session.number}
        return _("Score sheets, session %(number)s") % {"number": self.session.number}

    def story(self):
        return page_by_page(
            self.sheet(table) for table in load_tables(self.session, blank=self.blank)
        )

    # -- the parts of a sheet ---------------------------------------------------------------

    def form_header(self, table, title=FEDERATION, words=None):
        """Table and session numbers in boxes, the title and the tournament between them."""
        small = self.styles["small_center"]
        big = self.once(
            "big",
            lambda: self.styles["title"].clone("big_number", alignment=TA_CENTER, spaceAfter=0),
        )
        if words is None:  # the form's words, explained in small print unless in Italian
            italian = (get_language() or "").startswith("it")
            words = (
                ("Tavolo", "" if italian else _("table")),
                ("Turno", "" if italian else _("session")),
            )

        def label(word):
            text = f"<b>{markup(word[0])}</b>"
            if word[1]:
                text += f" ({markup(word[1])})"
            return Paragraph(text, small)

        def box(word, number):
            return [
                self.once(("label", word), lambda: label(word)),
                Paragraph(str(number), big),
            ]

        def center():
            style = self.styles["heading"].clone(
                "form_title", alignment=TA_CENTER, spaceBefore=0, spaceAfter=1 * mm
            )
            return [Paragraph(f"<b>{markup(title)}</b>", style), *self.form_details()]

        header = Table(
            [
                [
                    box(words[0], table.number),
                    self.once(("center", title), center),
                    self.once(("session", words[1]), lambda: box(words[1], self.session.number)),
                ]
            ],
            colWidths=(30 * mm, self.frame_width - 60 * mm, 30 * mm),
            rowHeights=HEADER_HEIGHT,
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

    def form_details(self):
        """The tournament's name (shrunk to one line when it can be, else two) and, in small
        print, its dates, venue and rule set: what the desk's page header says elsewhere."""
        width = self.frame_width - 60 * mm - 6
        name = str(self.tournament.name)
        size = 10.0
        while size > 7 and stringWidth(name, FONT, size) > width:
            size -= 0.5
        details = " · ".join(
            d
            for d in (
                format_dates(self.tournament),
                self.tournament.venue,
                ruleset_name(self.tournament),
            )
            if d
        )
        return [
            Paragraph(
                markup(name),
                self.styles["body"].clone(
                    "form_name", alignment=TA_CENTER, fontSize=size, leading=size * 1.15
                ),
            ),
            Paragraph(markup(details), self.styles["small_center"]),
        ]

    def notes(self, text):
        """A paragraph of small print under the form (its words, the marks), with its height:
        the same text is wrapped once per document."""
        if text not in self._notes:
            paragraph = Paragraph(markup(text), self.styles["small"])
            height = paragraph.wrap(self.frame_width, 100 * mm)[1]
            self._notes[text] = (paragraph, height + 1.5 * mm)
        return self._notes[text]

    def page(self, table, grid, *, repeat_rows=0, header=None, notes=()):
        """A sheet's flowables: the form's header, the grid with its hand rows as tall as the
        page leaves room for, and the notes (texts) in small print under it."""
        texts = [text for text in notes if text]
        below = [self.notes(text) for text in texts]
        room = (
            self.frame_height
            - HEADER_HEIGHT
            - HEADER_GAP
            - sum(height for _paragraph, height in below)
            - SLACK
        )
        flowables = [
            header or self.form_header(table),
            Spacer(0, HEADER_GAP),
            grid.table(repeat_rows=repeat_rows, room=room, least=HAND_HEIGHT, most=HAND_MOST),
        ]
        for paragraph, _height in below:
            flowables += [Spacer(0, 1.5 * mm), paragraph]
        return flowables

    def tiles_legend(self, hands):
        """The hands of a completed sheet that were counted from tiles (docs/rules.md §7), in
        small print under the form: "Counted from tiles: 3: 123m 456p ... +5p (14 fan)"."""
        if self.blank:
            return ""
        counted = []
        for number, (hand, _totals) in sorted(hands.items()):
            if not getattr(hand, "tiles", ""):
                continue
            if isinstance(hand.tile_count, dict) and "players" in hand.tile_count:
                # the classic games count every player: their scores only, the tiles are in
                # the workbook's Hands sheet
                counted.append(f"{number}: {count_brief(hand.tile_count)}")
                continue
            summary = count_summary(hand.tile_count)
            if tiles_differ(hand):
                summary = _("%(count)s, %(mark)s differs from the referee's figures") % {
                    "count": summary,
                    "mark": DIFFERS_MARK,
                }
            counted.append(f"{number}: {hand.tiles} ({summary})")
        if not counted:
            return ""
        return _("Counted from tiles: %(hands)s") % {"hands": "; ".join(counted)}

    def marks_legend(self, hands):
        """What the marks of a completed sheet mean (nothing on a blank sheet); the
        discarder's mark only where a hand of the sheet (`hands`, as table_facts gives them)
        has one: the rack games record no discarder."""
        if self.blank:
            return ""
        if not any(hand.discarder is not None for hand, _totals in hands.values()):
            text = _("Bold in a box: the winner of the hand.")
        else:
            text = _(
                "Bold in a box: the winner of the hand. %(mark)s before the points: the player "
                "who discarded the winning tile."
            ) % {"mark": DISCARD_MARK}
        if any(tiles_differ(hand) for hand, _totals in hands.values()):
            text += " " + _(
                "%(mark)s after the value: counted from tiles, the count differs from the "
                "referee's figures (below)."
            ) % {"mark": DIFFERS_MARK}
        return text

    def player_rows(self, grid, seats, *, first, last, winds, name_word, number_word, letters=None):
        """The three rows naming the players: starting wind (and its letter: `letters`, else
        the active language's), name, player number."""
        cell = self.styles["cell_center"]
        letters = letters or (_("E"), _("S"), _("W"), _("N"))

        def wind_labels():
            return [
                Paragraph(f"{markup(winds[w])} <font size=6>({markup(letters[w])})</font>", cell)
                for w in range(4)
            ]

        grid.add([""] * first + self.once(("winds", *winds), wind_labels), 5 * mm)
        names = [
            # In the language's name order, the last name bold, the first name condensed;
            # each shrunk, then wrapped at spaces and hyphens, to fit the cell.
            SheetName(
                name_parts(
                    (s.registration.player.first_name, FONT_CONDENSED),
                    (s.registration.player.last_name, FONT_CONDENSED_BOLD),
                ),
                height=NAME_HEIGHT - 1,  # the row less its bottom padding
            )
            if s
            else ""
            for s in seats
        ]
        grid.add(
            [name_word] + [""] * (first - 1) + names,
            NAME_HEIGHT,
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

    def sheet(self, table):
        raise NotImplementedError
