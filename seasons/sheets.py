"""The season's downloads (its ranking, its statistics) and a player's statistics, as sheets
rendered by the exports' renderers (`exports.xlsx`, `exports.csv_file`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from exports import csv_file, xlsx
from exports.rows import INT, PLACE, POINTS, TEXT, Column, Place, Sheet
from exports.statistics_rows import statistics_sheet
from rules.families import FAMILIES
from seasons.history import PlayerHistory
from seasons.models import Season, SeasonMethod
from seasons.ranking import SeasonRanking
from seasons.statistics import SeasonStatistics

FORMATS = ("csv", "xlsx")


def render(sheets: list[Sheet], fmt: str) -> bytes:
    """The file of `sheets` in `fmt`: a workbook, or the CSV of the first sheet."""
    if fmt == "xlsx":
        return xlsx.render_workbook(sheets)
    return csv_file.render_csv(sheets[0])


def _player_columns() -> list[Column]:
    return [
        Column(_("Place"), PLACE),
        Column(_("Last name")),
        Column(_("First name")),
        Column(_("Country")),
        Column(_("Club")),
        Column(_("EMA id")),
    ]


def ranking_sheet(season: Season, ranking: SeasonRanking) -> Sheet:
    """The season's ranking: each player's place, value, and what each tournament gave them
    (the EMA's method: the base rank; the table: the points), empty where they did not play."""
    ema = season.method == SeasonMethod.EMA
    columns = _player_columns()
    columns.append(Column(_("Ranking") if ema else _("Points"), POINTS))
    if ema:
        columns += [Column(_("Part A"), POINTS), Column(_("Part B"), POINTS)]
    columns.append(Column(_("Results counted"), INT))
    columns += [Column(member.name, INT if ema else POINTS) for member in ranking.members]
    sheet = Sheet(_("Season ranking"), columns)
    for row in ranking.rows:
        given = {
            result.member.pk: result.base_rank if ema else result.points for result in row.results
        }
        cells: list[object] = [
            None if row.place is None else Place(row.place, row.shared),
            row.last_name,
            row.first_name,
            row.country,
            row.club,
            row.ema_id,
            row.value,
        ]
        if ema:
            cells += [row.part_a, row.part_b]
        cells.append(sum(1 for result in row.results if result.counted))
        cells += [given.get(member.pk) for member in ranking.members]
        sheet.rows.append(cells)
    return sheet


def season_statistics_sheet(
    season: Season, ranking: SeasonRanking, statistics: SeasonStatistics, figures, pattern_label
) -> Sheet:
    rows = []
    for row in ranking.rows:
        tally = statistics.tallies.get(row.player_id)
        if tally is None:
            continue
        place = None if row.place is None else Place(row.place, row.shared)
        cells = [place, row.last_name, row.first_name, row.country, row.club, row.ema_id]
        rows.append((cells, tally))
    return statistics_sheet(
        _("Statistics"), _player_columns(), rows, figures, pattern_label, statistics.italian
    )


def player_statistics_sheets(history: PlayerHistory) -> list[Sheet]:
    """One sheet per family of rules the player played: a line per tournament, per season and
    the total."""
    sheets = []
    labels = dict(FAMILIES)
    for table in history.statistics:
        heading = [Column(_("Tournament or season"), TEXT), Column(_("Last day"), TEXT)]
        rows = []
        for line in table.lines:
            if line.tournament is not None:
                cells = [line.label, line.tournament.end_date.isoformat()]
            elif line.season is not None:
                cells = [
                    _("Season: %(name)s") % {"name": line.label},
                    line.season.end_date.isoformat(),
                ]
            else:
                cells = [_("All tournaments"), ""]
            rows.append((cells, line.tally))
        title = _("Statistics") if len(history.statistics) == 1 else str(_(labels[table.family]))
        sheets.append(
            statistics_sheet(
                title, heading, rows, table.figures, table.pattern_label, table.italian
            )
        )
    return sheets
