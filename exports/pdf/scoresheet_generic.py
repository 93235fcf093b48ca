"""The generic score-sheet form, for the rule sets that name it (`RuleSet.score_sheet`: riichi,
classic European, FIMJ classic, Faentino): the structure of the FIMJ form (a column per player in starting seat order, each hand
followed by the running total, then the results and the signatures) without the MCR rounds and
seat changes, in the active language.

A full session has `ruleset.max_hands` hands where the rule set fixes it, else (riichi: repeated
deals) the blank sheet has 16 hand rows and the completed one as many as were played; a sheet
longer than a page continues on the next page with the players repeated. The blank sheet has
empty "Transfers" (where the rule set has them) and "Penalties" rows for the referee's pen; a
completed one marks each hand's winners (bold, in a box) and discarder (after a mark), and a
hand counted from tiles whose count differs from the referee's figures (after its value).
"""

from django.utils.translation import gettext as _
from reportlab.lib.units import mm

from common import formatting
from common.i18n import translate_text
from exports.pdf.base import FONT, FONT_BOLD, FONT_CONDENSED, FONT_CONDENSED_BOLD, LIGHT
from exports.pdf.grid import Grid
from exports.pdf.scoresheet_base import (
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
from tournament.rulesets import ruleset_for

BLANK_HANDS = 16


def hand_value(ruleset, hand):
    """The value of a hand as its rule set reads it (han/fu in riichi), the outcome's name
    ("Chombo") for a hand whose payment is a transfer, a dash for a hand that changed nothing,
    else nothing."""
    if any(ruleset.hand_transfers(hand.entry, hand.changes)):
        outcome = hand.entry.get("outcome")
        return translate_text(dict(ruleset.outcomes()).get(outcome, "")) or _("Transfer")
    text = ruleset.hand_value_text(
        {name: getattr(hand, name) for name in ruleset.hand_value_fields}
    )
    if text:
        return text
    return "—" if not any(hand.changes) else ""


class GenericScoreSheets(ScoreSheets):
    WIDTHS = (12 * mm, 16 * mm, 36 * mm, 36 * mm, 36 * mm, 36 * mm, 22 * mm)

    def __init__(self, tournament, session, *, blank):
        super().__init__(tournament, session, blank=blank)
        self.ruleset = ruleset_for(tournament)
        self.uses_table_points = "table_points" in self.ruleset.ranking_fields

    def sheet(self, table):
        seats = seats_by_wind(table)
        start_points = self.ruleset.starting_points
        hands, results = table_facts(
            table, blank=self.blank, starting_points=start_points, ruleset=self.ruleset
        )
        grid = Grid(self.WIDTHS)
        winds = (_("East"), _("South"), _("West"), _("North"))
        self.player_rows(
            grid,
            seats,
            first=2,
            last=5,
            winds=[w.upper() for w in winds],
            name_word=_("Name"),
            number_word=_("Hand · value"),
        )
        grid.rows[0][6:] = [_("Notes")]
        # The table's number in the rows repeated on a continuation page (a long riichi
        # session), which has no form header.
        grid.rows[0][0] = _("Table %(number)s") % {"number": table.number}
        grid.style += [
            ("SPAN", (6, 0), (6, 2)),
            ("FONT", (6, 0), (6, 2), FONT_CONDENSED_BOLD, 8.5),
            ("FONT", (0, 0), (0, 0), FONT_CONDENSED_BOLD, 8.5),
        ]
        if start_points:
            grid.add(
                [_("Start"), "", *([whole(start_points)] * 4), ""],
                TOTAL_HEIGHT,
                ("SPAN", (0, None), (1, None)),
                ("BACKGROUND", (0, None), (5, None), TOTAL_FILL),
            )
        count = max([self.ruleset.max_hands or 0, *hands.keys()]) or BLANK_HANDS
        for number in range(1, count + 1):
            hand, totals = hands.get(number, (None, None))
            value = marked_value(hand, hand_value(self.ruleset, hand)) if hand else ""
            changes = [signed(c) for c in hand.changes] if hand else [""] * 4
            running = [whole(t) for t in totals] if hand else [""] * 4
            note = ""
            if hand and any(self.ruleset.hand_transfers(hand.entry, hand.changes)):
                # Printed once: in brackets here, counted in the Transfers row below, not in
                # the running total.
                changes = [f"({c})" for c in changes]
                note = _("In Transfers")
            row = grid.add(
                [str(number), value, *changes, note],
                None,
                ("FONT", (6, None), (6, None), FONT_CONDENSED, 7),
            )
            if hand:
                grid.rows[row][2:6] = mark_roles(grid, row, 2, hand, changes)
            grid.add(
                [_("Total"), "", *running, ""],
                TOTAL_HEIGHT,
                ("SPAN", (0, None), (1, None)),
                ("BACKGROUND", (0, None), (5, None), TOTAL_FILL),
                ("FONT", (0, None), (5, None), FONT_CONDENSED_BOLD, 8.5),
            )
        self.result_rows(grid, hands, results)
        header = self.form_header(
            table, title=_("Score sheet"), words=((_("Table"), ""), (_("Session"), ""))
        )
        return self.page(
            table,
            grid,
            repeat_rows=3,
            header=header,
            notes=(self.marks_legend(hands), self.tiles_legend(hands)),
        )

    def result_rows(self, grid, hands, results):
        bold = (
            ("SPAN", (0, None), (1, None)),
            ("FONT", (0, None), (1, None), FONT_CONDENSED_BOLD, 8.5),
            ("FONT", (2, None), (5, None), FONT_BOLD, 10),
        )
        empty = [""] * 4
        figures, scores, points, finals = [], empty, empty, empty
        if results is None and self.blank:
            figures = blank_figure_rows(self.ruleset)  # for the referee's pen
        if results is not None:
            figures = figure_rows(results)
            scores = [whole(r.score) for r in results]
            points = [formatting.table_points(r.table_points) for r in results]
            finals = [formatting.final_score(r.final_score, self.ruleset) for r in results]
        labels = {"transfers": _("Transfers"), "penalties": _("Penalties")}
        # The score is the last running total + transfers (+ penalties where the rule set has no
        # final score); where it has one (riichi), the penalties come off the final score, so
        # their row stands just above it (scoring/figures.py).
        later = {"penalties"} if self.ruleset.shows_final_score else set()

        def cells(values):
            return ["" if v is None else signed(v) for v in values]

        for key, values in figures:
            if key not in later:
                grid.add([labels[key], "", *cells(values), ""], 7 * mm, *bold)
        start = grid.add([_("Score"), "", *scores, ""], 7 * mm, *bold)
        if self.uses_table_points:
            grid.add([_("Table points"), "", *points, ""], 7 * mm, *bold)
        for key, values in figures:
            if key in later:
                grid.add([labels[key], "", *cells(values), ""], 7 * mm, *bold)
        if self.ruleset.shows_final_score:
            grid.add([_("Final score"), "", *finals, ""], 7 * mm, *bold)
        end = grid.add([_("Signature"), "", "", "", "", "", ""], 12 * mm, *bold)
        grid.style += [
            ("SPAN", (6, start), (6, end)),
            ("BACKGROUND", (6, start), (6, end), LIGHT),
            ("FONT", (6, start), (6, end), FONT, 7.5),
        ]
