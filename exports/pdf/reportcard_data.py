"""What a report card shows, from the standings (`scoring.standings.ranking`): one line per
counted session (date, table, seat wind, opponents, figures, running rank) and the totals
(`build_cards`). The drawing is `exports.pdf.reportcards`."""

from dataclasses import dataclass, field

from django.utils import timezone

from common.text import person_name
from exports.pdf.base import (
    print_date,
)
from scoring.standings.ranking import StandingRow, rank_rows
from tournament.models import Seat


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
