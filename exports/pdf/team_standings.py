"""The team standings after a confirmed session (docs/rules.md §10.2), for the notice board.

One table: each team on a bold row (place, "=2" when shared; name; country; the team's totals:
table points where the rule set ranks by them, and the score or final score), and under it its
members in the order of the player ranking, with their place in that ranking and their own
figures; the members the team does not count (best N) are grey and marked. Names print whole
(`exports.pdf.names`). A4 portrait; the header row is repeated on every page.
"""

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from common.i18n import translate_text
from exports import ExportError
from exports.pdf.base import FONT_CONDENSED, FONT_CONDENSED_BOLD, LIGHT, PdfDocument
from exports.pdf.names import NameFlowable
from exports.sources import confirmed_standings
from scoring.standings.rows import team_rows, total_name
from scoring.standings.teams import team_standings
from tournament.rulesets import ruleset_for

if TYPE_CHECKING:
    from exports.pdf.base import TableCommand

SIZE = 9  # a team's row
MEMBER_SIZE = 8  # a member's row
MIN_SIZE = 6.5
PADDING = 2
INDENT = PADDING + 5 * mm  # a member's name, under the team's
GREY = colors.HexColor("#777777")


class TeamStandingsDocument(PdfDocument):
    def __init__(self, tournament, result):
        super().__init__(tournament)
        self.result = result
        self.total_key = total_name(tournament)
        self.total_label = translate_text(ruleset_for(tournament).total_label)

    def title(self):
        through = self.result.through
        if through == self.tournament.session_count:
            return _("Final team standings")
        return _("Team standings after session %(number)s of %(count)s") % {
            "number": through,
            "count": self.tournament.session_count,
        }

    def widths(self, headers):
        """Place, name, country, [table points], total, counted: each at least as wide as its
        title in the active language; the name takes the rest."""
        least = [12 * mm, 0, 16 * mm, *([20 * mm] if self.result.uses_table_points else [])]
        least += [22 * mm, 18 * mm]
        widths = [
            max(width, stringWidth(str(title), FONT_CONDENSED_BOLD, SIZE) + 2 * PADDING + 4)
            for width, title in zip(least, headers, strict=True)
        ]
        widths[1] = self.frame_width - sum(widths) + widths[1]
        return widths

    def member_total(self, member):
        return (
            member["final_score_text"] if self.total_key == "final_score" else member["score_text"]
        )

    def story(self):
        uses_tp = self.result.uses_table_points
        headers = [_("Place"), _("Team / player"), _("Country")]
        headers += [_("Table points")] if uses_tp else []
        headers += [self.total_label, _("In the total")]
        data = [headers]
        style: list[TableCommand] = [
            ("FONT", (0, 0), (-1, -1), FONT_CONDENSED, MEMBER_SIZE),
            ("FONT", (0, 0), (-1, 0), FONT_CONDENSED_BOLD, SIZE),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
            ("TOPPADDING", (0, 0), (-1, -1), 1.2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
            ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("ALIGN", (2, 0), (2, -1), "CENTER"),
            ("ALIGN", (3, 0), (-2, -1), "RIGHT"),
            ("ALIGN", (-1, 0), (-1, -1), "CENTER"),
        ]
        for team in team_rows(self.result):
            index = len(data)
            row = [team["place_label"], self._name(team["name"], SIZE, bold=True), team["country"]]
            row += [team["table_points_text"]] if uses_tp else []
            row += [team["total_text"], f"{team['counted_count']}/{team['members_count']}"]
            data.append(row)
            style += [
                ("FONT", (0, index), (-1, index), FONT_CONDENSED_BOLD, SIZE),
                ("BACKGROUND", (0, index), (-1, index), LIGHT),
                ("LINEABOVE", (0, index), (-1, index), 0.5, colors.grey),
            ]
            for member in team["members"]:
                name = member["name"]
                if member["status_label"]:
                    name = f"{name} ({member['status_label']})"
                color = None if member["counted"] else GREY
                row = [member["place_label"], self._name(name, MEMBER_SIZE, color=color)]
                row += [member["country"]]
                row += [member["table_points_text"]] if uses_tp else []
                row += [self.member_total(member), _("yes") if member["counted"] else _("no")]
                data.append(row)
                style.append(("LEFTPADDING", (1, len(data) - 1), (1, len(data) - 1), INDENT))
                if not member["counted"]:
                    style.append(("TEXTCOLOR", (0, len(data) - 1), (-1, len(data) - 1), GREY))
        table = Table(data, colWidths=self.widths(headers), repeatRows=1)
        table.setStyle(TableStyle(style))
        return [self._lead(), Spacer(1, 3 * mm), table]

    def _lead(self):
        counted = self.result.counted
        if counted:
            text = _("Each team counts its best %(n)s members by the player ranking.") % {
                "n": counted
            }
        else:
            text = _("Each team counts all its members.")
        return Paragraph(f"{text} {_('Substitutes count for no team.')}", self.styles["body"])

    @staticmethod
    def _name(text, size, *, bold=False, color=None):
        font = FONT_CONDENSED_BOLD if bold else FONT_CONDENSED
        return NameFlowable(text, font, size=size, min_size=MIN_SIZE, max_lines=3, color=color)


def render_team_standings(tournament, *, through=None):
    """The team standings after the last confirmed session (or confirmed session `through`)."""
    if not tournament.teams.exists():
        raise ExportError(_("%(tournament)s has no teams.") % {"tournament": tournament.name})
    standings = confirmed_standings(tournament, through)
    result = team_standings(tournament, standings=standings)
    return TeamStandingsDocument(tournament, result).render()
