"""One exporter class per export, and `EXPORTERS`, the registry of them.

An exporter knows its identifier (the `<what>` of the download URL and of `manage.py export`),
the formats it comes in (the first is the command's default), whether it needs a session, its
file name, and how it makes its content in each format: rows (`rows.py`, rendered by `xlsx.py`
or `csv_file.py`) or a PDF document (`pdf/`). The download views and the command both go through
`exports.build.build_export()`, which asks this registry; nothing else lists the exports.

The PDF modules are imported when a document is made: reportlab stays out of every other page.
"""

from typing import TYPE_CHECKING, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from exports import ExportError
from exports.sources import confirmed_standings

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class Exporter:
    """One export. Subclasses set the class attributes and a `render_<format>` method for each
    of their `formats`, taking the tournament and the `ExportRequest` and returning bytes."""

    identifier: ClassVar[str]
    formats: ClassVar[tuple[str, ...]]
    #: The export is of one session (`--session N`): its number is in the file name.
    needs_session: ClassVar[bool] = False
    #: For the web, when no session was chosen: why one is needed (the command says --session N).
    per_session: ClassVar["StrOrPromise"] = ""
    #: The export has a blank variant (`--blank`): "blank" is in its file name.
    has_blank_variant: ClassVar[bool] = False

    def file_name(self, tournament, request):
        """`<slug>-<identifier>[-session<N>][-blank].<format>`."""
        parts = [tournament.slug, self.identifier]
        if self.needs_session and request.session is not None:
            parts.append(f"session{request.session}")
        if self.has_blank_variant and request.blank:
            parts.append("blank")
        return f"{'-'.join(parts)}.{request.fmt}"

    def render(self, tournament, request):
        """The file's content (bytes) in `request.fmt`, one of `formats`. What it is made from
        is checked where it is read (`exports.sources`), once."""
        return getattr(self, f"render_{request.fmt}")(tournament, request)


class StandingsExporter(Exporter):
    """The standings: a workbook (standings, sessions, penalties, hands), a CSV of the
    standings sheet, or the printed standings."""

    identifier = "standings"
    formats = ("xlsx", "pdf", "csv")

    def render_xlsx(self, tournament, request):
        from exports import rows, xlsx
        from exports.group_rows import group_sheets

        standings = confirmed_standings(tournament, request.through)
        with xlsx.paused_garbage_collection():
            sheets = rows.standings_workbook_sheets(standings)
            sheets[1:1] = group_sheets(standings)  # "Teams", "Sub-rankings" after "Standings"
            return xlsx.render_workbook(sheets)

    def render_csv(self, tournament, request):
        from exports import csv_file, rows

        standings = confirmed_standings(tournament, request.through)
        return csv_file.render_csv(rows.standings_sheet(standings))

    def render_pdf(self, tournament, request):
        from exports.pdf.standings import render_standings

        return render_standings(tournament, through=request.through)


class TeamsExporter(Exporter):
    """The team standings (docs/rules.md §10.2): printed (each team, then its members) or a
    CSV of the workbook's "Teams" sheet. Refused for a tournament without teams."""

    identifier = "teams"
    formats = ("pdf", "csv")

    def render_csv(self, tournament, request):
        from exports import csv_file
        from exports.group_rows import team_sheet

        if not tournament.teams.exists():
            raise ExportError(_("%(tournament)s has no teams.") % {"tournament": tournament.name})
        standings = confirmed_standings(tournament, request.through)
        return csv_file.render_csv(team_sheet(standings))

    def render_pdf(self, tournament, request):
        from exports.pdf.team_standings import render_team_standings

        return render_team_standings(tournament, through=request.through)


class SubRankingsExporter(Exporter):
    """Every sub-ranking (docs/rules.md §10.4: each category, country and club with players),
    one after the other, as the workbook's "Sub-rankings" sheet: a CSV; or one of them
    (`group`, as the standings page names it: "country:ITA", "category:3", "club:Faenza")."""

    identifier = "subrankings"
    formats = ("csv",)

    def file_name(self, tournament, request):
        from django.utils.text import slugify

        group = f"-{slugify(request.group.replace(':', ' '))[:60]}" if request.group else ""
        return f"{tournament.slug}-{self.identifier}{group}.{request.fmt}"

    def render_csv(self, tournament, request):
        from exports import csv_file
        from exports.group_rows import sub_rankings_sheet
        from scoring.standings.sub_rankings import find_group

        group = None
        if request.group:
            group = find_group(tournament, request.group)
            if group is None:
                raise ExportError(_("This tournament has no such ranking."))
        standings = confirmed_standings(tournament, request.through)
        return csv_file.render_csv(sub_rankings_sheet(standings, group))


class EmaExporter(Exporter):
    """The EMA results file (`ema.py`, docs/ema-results.md): refused before the last session
    is confirmed unless asked for as provisional, which its block and file name then say."""

    identifier = "ema"
    formats = ("xlsx",)

    def file_name(self, tournament, request):
        from exports import ema

        suffix = ema.progress(tournament).file_suffix if request.provisional else ""
        return f"{tournament.slug}-{self.identifier}{suffix}.{request.fmt}"

    def render_xlsx(self, tournament, request):
        from exports import ema

        standings = confirmed_standings(tournament)
        results = ema.ema_results(standings, provisional=request.provisional)
        return ema.render_xlsx(results)


class StatisticsExporter(Exporter):
    """Every player's statistics from the hands of the confirmed sessions (docs/rules.md §12),
    in the standings' order: a workbook or a CSV."""

    identifier = "statistics"
    formats = ("xlsx", "csv")

    def sheet(self, tournament, request):
        from exports.statistics_rows import tournament_statistics_sheet
        from scoring.statistics.tallies import tournament_statistics

        standings = confirmed_standings(tournament, request.through)
        statistics = tournament_statistics(tournament, standings.session_numbers)
        return tournament_statistics_sheet(standings, statistics)

    def render_xlsx(self, tournament, request):
        from exports import xlsx

        return xlsx.render_workbook([self.sheet(tournament, request)])

    def render_csv(self, tournament, request):
        from exports import csv_file

        return csv_file.render_csv(self.sheet(tournament, request))


class ScoreSheetsExporter(Exporter):
    """The score sheets of a session, blank or completed, in the rule set's form."""

    identifier = "scoresheets"
    formats = ("pdf",)
    needs_session = True
    per_session = gettext_lazy("The score sheets are printed per session.")
    has_blank_variant = True

    def render_pdf(self, tournament, request):
        from exports.pdf.scoresheet import render_scoresheets

        return render_scoresheets(tournament, session_number=request.session, blank=request.blank)


class SeatingExporter(Exporter):
    """The seating list of a session."""

    identifier = "seating"
    formats = ("pdf",)
    needs_session = True
    per_session = gettext_lazy("The seating list is printed per session.")

    def render_pdf(self, tournament, request):
        from exports.pdf.seating import render_seating

        return render_seating(tournament, session_number=request.session)


class SchedulesExporter(Exporter):
    """Every player's schedule card: table and wind in every drawn session."""

    identifier = "schedules"
    formats = ("pdf",)

    def render_pdf(self, tournament, request):
        from exports.pdf.schedules import render_schedules

        return render_schedules(tournament)


class TableCardsExporter(Exporter):
    """The table cards of a session: table number, session and players, and no referee link
    (a card stands where everyone passes)."""

    identifier = "tablecards"
    formats = ("pdf",)
    needs_session = True
    per_session = gettext_lazy("The table cards are printed per session.")

    def render_pdf(self, tournament, request):
        from exports.pdf.tablecards import render_tablecards

        return render_tablecards(tournament, session_number=request.session)


class RefereeSlipsExporter(Exporter):
    """The referee slips of a session: each table's link as a QR code, and its PIN if set."""

    identifier = "refslips"
    formats = ("pdf",)
    needs_session = True
    per_session = gettext_lazy("The referee slips are printed per session.")

    def render_pdf(self, tournament, request):
        from exports.pdf.refslips import render_refslips

        return render_refslips(
            tournament, session_number=request.session, link_base=request.link_base.rstrip("/")
        )


class ReportCardsExporter(Exporter):
    """A report card per player (one A4 page each, in the order of the standings), or one
    player's card (`player` = the player's id)."""

    identifier = "reportcards"
    formats = ("pdf",)

    def file_name(self, tournament, request):
        player = f"-player{request.player}" if request.player is not None else ""
        return f"{tournament.slug}-{self.identifier}{player}.{request.fmt}"

    def render_pdf(self, tournament, request):
        from exports.pdf.reportcards import render_reportcards

        return render_reportcards(tournament, through=request.through, player_id=request.player)


class AllSessionsExporter(Exporter):
    """Who sits at which table, and in which seat wind, in every drawn session, on one sheet."""

    identifier = "allsessions"
    formats = ("pdf",)

    def render_pdf(self, tournament, request):
        from exports.pdf.allsessions import render_allsessions

        return render_allsessions(tournament)


#: identifier -> exporter, in the order the desk lists them.
EXPORTERS = {
    exporter.identifier: exporter
    for exporter in (
        StandingsExporter(),
        TeamsExporter(),
        SubRankingsExporter(),
        EmaExporter(),
        StatisticsExporter(),
        ScoreSheetsExporter(),
        SeatingExporter(),
        SchedulesExporter(),
        TableCardsExporter(),
        RefereeSlipsExporter(),
        ReportCardsExporter(),
        AllSessionsExporter(),
    )
}
