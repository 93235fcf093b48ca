"""The statistics from the hands as rows (docs/rules.md §12): a tournament's (its exporter) and a
season's or a player's (the `seasons` app's downloads), one column per figure the rule set
records, rendered by `xlsx.py` and `csv_file.py` like every other sheet."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from common.i18n import translate_text
from exports.rows import INT, PLACE, POINTS, Column, Place, Sheet
from rules import hand_facts as facts
from rules.hand_facts import Tally
from scoring.statistics.labels import LABELS

#: Figures that are averages (two decimals); the others are whole numbers.
AVERAGES = (facts.AVERAGE_VALUE, facts.AVERAGE_HAN)


def figure_columns(figures: Sequence[str], pattern_label: str) -> list[Column]:
    columns = []
    for figure in figures:
        if figure == facts.FREQUENT_PATTERN:
            columns.append(Column(translate_text(pattern_label)))
        else:
            columns.append(Column(str(LABELS[figure]), POINTS if figure in AVERAGES else INT))
    return columns


def pattern_text(tally: Tally, italian: dict[str, str] | None = None) -> str:
    """ "All Chows (5 of 12 counted wins)", in the page's language, or "" without one."""
    found = tally.frequent_pattern
    if found is None:
        return ""
    name, count = found
    if italian and (get_language() or "").startswith("it"):
        name = italian.get(name, name)
    return _("%(pattern)s (%(count)s of %(counted)s counted wins)") % {
        "pattern": name,
        "count": count,
        "counted": tally.counted_wins,
    }


def figure_values(
    tally: Tally, figures: Sequence[str], italian: dict[str, str] | None = None
) -> list[Any]:
    values: list[Any] = []
    for figure in figures:
        if figure == facts.FREQUENT_PATTERN:
            values.append(pattern_text(tally, italian))
        else:
            values.append(getattr(tally, figure))
    return values


def statistics_sheet(
    title: str,
    heading: Sequence[Column],
    rows: Iterable[tuple[Sequence[Any], Tally]],
    figures: Sequence[str],
    pattern_label: str,
    italian: dict[str, str] | None = None,
) -> Sheet:
    """A sheet of `heading` columns (who or what each row is) and the `figures` of each row's
    tally."""
    sheet = Sheet(title, [*heading, *figure_columns(figures, pattern_label)])
    for cells, tally in rows:
        sheet.rows.append([*cells, *figure_values(tally, figures, italian)])
    return sheet


def tournament_statistics_sheet(standings, statistics) -> Sheet:
    """Every ranked player's statistics in a tournament, in the standings' order."""
    from tournament.rulesets import ruleset_for

    ruleset = ruleset_for(standings.tournament)
    heading = [
        Column(_("Place"), PLACE),
        Column(_("Last name")),
        Column(_("First name")),
        Column(_("No."), INT),
        Column(_("Country")),
    ]
    rows = []
    for row in standings.rows:
        registration = row.registration
        tally = statistics.tallies.get(registration.pk) or Tally()
        place = None if row.place is None else Place(row.place, row.place_label[:1] == "=")
        cells = [
            place,
            registration.player.last_name,
            registration.player.first_name,
            registration.number,
            registration.player.country,
        ]
        rows.append((cells, tally))
    return statistics_sheet(
        _("Statistics"),
        heading,
        rows,
        ruleset.statistics,
        ruleset.pattern_label,
        statistics.italian,
    )
