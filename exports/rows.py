"""The rows of the tabular exports (Excel sheets, CSV; the EMA results file is `ema.py`).

A `Sheet` is a title, typed columns and rows of plain values; the renderers (`xlsx.py`,
`csv.py`) only format them. The standings rows come from `scoring.standings.lists.standings_rows`, the
very data the standings page shows.
"""

from dataclasses import dataclass, field
from fractions import Fraction
from types import SimpleNamespace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from common.i18n import translate_text
from common.text import person_name
from scoring.models import SEAT_RESULT_FIGURES, Hand, Outcome, Penalty, SeatResult
from scoring.presentation import describe_hand
from scoring.standings.lists import standings_rows
from scoring.tiles.reading import count_summary
from tournament.models import WIND_NAMES, Registration, Seat
from tournament.rulesets import ruleset_for

TEXT, INT, POINTS, THOUSANDS, DATETIME = "text", "int", "points", "thousands", "datetime"
#: A place in the standings (a `Place`): a number in the workbook, a shared one shown "=3" by
#: its number format; in the CSV the number, and the tie in a column of its own.
PLACE = "place"


@dataclass
class Column:
    label: str
    kind: str = TEXT


@dataclass(frozen=True)
class Place:
    """A place and whether other players share it."""

    number: int
    shared: bool = False

    def __str__(self):
        return f"={self.number}" if self.shared else str(self.number)


@dataclass
class Sheet:
    title: str
    columns: list
    rows: list = field(default_factory=list)

    @property
    def headers(self):
        return [str(column.label) for column in self.columns]


def _whole(value):
    """A Fraction that is a whole number as an int (Excel and CSV then show no decimals)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def account_name(user):
    """Who entered something with an account: the account's name, else its user name."""
    return user.get_full_name() or user.get_username()


def _entered_by(username, first_name, last_name, via):
    """The "Entered by" of a hand: the account's name, else how it came (the table link)."""
    if username:
        return f"{first_name or ''} {last_name or ''}".strip() or username
    return _(via) if via else ""  # "table link" was stored in the language of the moment


#: The labels of the value columns of a hand (`RuleSet.hand_value_fields`).
HAND_VALUE_LABELS = {"fan": _lazy("Fan"), "han": _lazy("Han"), "fu": _lazy("Fu")}


def standings_sheet(standings):
    tournament = standings.tournament
    uses_tp = "table_points" in standings.ranking_fields
    ruleset = ruleset_for(tournament)
    shows_final = ruleset.shows_final_score
    columns = [
        Column(_("Place"), PLACE),
        Column(_("Last name")),
        Column(_("First name")),
        Column(_("No."), INT),
        Column(_("Country")),
        Column(_("Club")),
        Column(_("EMA id")),
    ]
    if uses_tp:
        columns.append(Column(_("Table points"), POINTS))
    data_rows = standings_rows(standings)
    halves = any(not isinstance(d["score"], int) for d in data_rows)  # halved at the cut, §9.2
    total_kind = THOUSANDS if shows_final else POINTS if halves else INT
    columns.append(Column(translate_text(ruleset.total_label), total_kind))
    # Transfers and penalties in the unit of the total beside them (RuleSet.figure_format:
    # riichi in thousands), as on the page.
    figure_kind = THOUSANDS if shows_final else INT
    columns += [
        Column(_("Transfers"), figure_kind),
        Column(_("Penalties"), figure_kind),
        Column(_("Status")),
    ]
    staged = tournament.has_stages
    if staged:
        columns.append(Column(_("Stage")))  # docs/rules.md §9
    for number in standings.session_numbers:
        if uses_tp:
            columns.append(Column(_("S%(n)s table points") % {"n": number}, POINTS))
        columns.append(
            Column(_("S%(n)s final score") % {"n": number}, THOUSANDS)
            if shows_final
            else Column(_("S%(n)s score") % {"n": number}, INT)
        )
    rows = []
    for line, data in zip(standings.rows, data_rows, strict=True):
        place = None if line.place is None else Place(line.place, line.place_label[:1] == "=")
        row = [
            place,
            data["last_name"],
            data["first_name"],
            data["number"],
            data["country"],
            data["club"],
            data["ema_id"],
        ]
        if uses_tp:
            row.append(data["table_points"])
        row.append(data["final_score"] if shows_final else data["score"])
        row += [data["transfers"], data["penalties"], data["status_label"]]
        if staged:
            row.append(data["stage_label"])
        for number in standings.session_numbers:
            if uses_tp:
                row.append(data[f"s{number}_tp"])
            row.append(data[f"s{number}_final"] if shows_final else data[f"s{number}_score"])
        rows.append(row)
    return Sheet(_("Standings"), columns, rows)


def registration_names(tournament):
    """Every registration's player's name (in the active language's order), by registration id:
    made once for the big sheets, not once per row."""
    return {
        pk: person_name(first, last)
        for pk, first, last in Registration.objects.filter(tournament=tournament).values_list(
            "pk", "player__first_name", "player__last_name"
        )
    }


def session_sheet(tournament, number, names=None):
    shows_final = ruleset_for(tournament).shows_final_score
    columns = [
        Column(_("Table"), INT),
        Column(_("Seat wind")),
        Column(_("No."), INT),
        Column(_("Player")),
        Column(_("Hand points"), INT),
        Column(_("Transfers"), INT),
        Column(_("Penalties"), INT),
        Column(_("Score"), INT),
        Column(_("Place"), INT),
        Column(_("Table points"), POINTS),
        # Where the rule set has no final score apart from the score, the column would repeat it.
        *([Column(_("Final score"), THOUSANDS)] if shows_final else []),
        Column(_("Hands won"), INT),
        Column(_("Biggest hand"), INT),
    ]
    results = (
        SeatResult.objects.filter(session__tournament=tournament, session__number=number)
        .order_by("table__number", "wind")
        .values_list(
            "table__number",
            "wind",
            "registration__number",
            "registration_id",
            *SEAT_RESULT_FIGURES,
        )
    )
    names = names or registration_names(tournament)
    winds = [str(label) for label in WIND_NAMES]
    rows = [
        [
            table,
            winds[wind],
            number_,
            names[registration],
            *figures,
            *([_whole(final_score)] if shows_final else []),
            hands_won,
            biggest_hand,
        ]
        for (
            table,
            wind,
            number_,
            registration,
            *figures,
            final_score,
            hands_won,
            biggest_hand,
        ) in (results)
    ]
    return Sheet(_("Session %(n)s") % {"n": number}, columns, rows)


def penalties_sheet(tournament, sessions):
    columns = [
        Column(_("Session"), INT),
        Column(_("Table"), INT),
        Column(_("No."), INT),
        Column(_("Player")),
        Column(_("Penalty")),
        Column(_("Infraction")),
        Column(_("Occurrence"), INT),
        Column(_("Minutes late"), INT),
        Column(_("Points"), INT),
        Column(_("Paid to each other player"), INT),
        Column(_("Reason")),
        Column(_("Given by")),
        Column(_("Given at"), DATETIME),
        Column(_("Cancelled at"), DATETIME),
        Column(_("Reason for cancelling")),
    ]
    penalties = (
        Penalty.objects.filter(session__tournament=tournament, session__number__in=sessions)
        .select_related("session", "table", "registration__player", "given_by")
        .order_by("session__number", "given_at", "id")
    )
    rows = [
        [
            p.session.number,
            p.table.number if p.table else None,
            p.registration.number,
            p.registration.player.full_name,
            p.get_kind_display(),
            str(p.infraction_label),
            p.occurrence,
            p.minutes_late,
            p.points,
            p.transfer,
            p.reason,
            account_name(p.given_by) if p.given_by else _("table link"),
            p.given_at,
            p.cancelled_at,
            p.cancel_reason,
        ]
        for p in penalties
    ]
    return Sheet(_("Penalties"), columns, rows)


def hands_sheet(tournament, sessions, *, current=True, names=None):
    """The hands in order of play: their current versions, or (`current=False`) the versions
    that corrections replaced, with who entered them. Together: the complete record of play.

    The sheet of current hands is the big one (16,000 rows for 400 players x 10 sessions), so
    it keeps to what a reader needs: where, what happened in words, the value, the changes.
    """
    ruleset = ruleset_for(tournament)
    value_fields = ruleset.hand_value_fields
    value_columns = [Column(str(HAND_VALUE_LABELS[name]), INT) for name in value_fields]
    entered = [] if current else [Column(_("Outcome")), Column(_("Entered by"))]
    # Count from tiles (docs/rules.md §7): the tiles, the calculation, whether they matched.
    counts = ruleset.tile_counter() is not None
    tile_columns = (
        [Column(_("Tiles")), Column(_("Counted")), Column(_("Matched"))] if counts else []
    )
    columns = [
        Column(_("Session"), INT),
        Column(_("Table"), INT),
        Column(_("Hand"), INT),
        Column(_("Version"), INT),
        Column(_("Description")),
        *value_columns,
        Column(_("East"), INT),
        Column(_("South"), INT),
        Column(_("West"), INT),
        Column(_("North"), INT),
        *tile_columns,
        *entered,
        Column(_("Entered at"), DATETIME),
    ]
    # describe_hand() reads seat.wind and seat.registration.player.full_name: the names are
    # made once per registration here, not once per hand.
    names = names or registration_names(tournament)
    seats: dict[int, list[SimpleNamespace]] = {}
    for table_id, wind, registration in Seat.objects.filter(
        session__tournament=tournament
    ).values_list("table_id", "wind", "registration_id"):
        player = SimpleNamespace(full_name=names[registration])
        seat = SimpleNamespace(wind=wind, registration=SimpleNamespace(player=player))
        seats.setdefault(table_id, []).append(seat)
    fields = (
        "table_id",
        "table__session__number",
        "table__number",
        "number",
        "version",
        "is_current",
        "outcome",
        "winner",
        "discarder",
        "fan",
        "han",
        "fu",
        "entry",
        "change_east",
        "change_south",
        "change_west",
        "change_north",
        "entered_by__username",
        "entered_by__first_name",
        "entered_by__last_name",
        "entered_via",
        "entered_at",
        "tiles",
        "tile_count",
        "tiles_matched",
    )
    hands = (
        Hand.objects.filter(
            table__session__tournament=tournament,
            table__session__number__in=sessions,
            is_current=current,
        )
        .order_by("table__session__number", "table__number", "number", "version")
        .values_list(*fields, named=True)  # rows with the fields as attributes
    )
    outcomes = {code: str(label) for code, label in Outcome.choices}
    rows = []
    for hand in hands.iterator(chunk_size=4000):
        value_cells = [getattr(hand, name) for name in value_fields]
        extra = (
            []
            if current
            else [
                outcomes.get(hand.outcome, hand.outcome),
                _entered_by(
                    hand.entered_by__username,
                    hand.entered_by__first_name,
                    hand.entered_by__last_name,
                    hand.entered_via,
                ),
            ]
        )
        rows.append(
            [
                hand.table__session__number,
                hand.table__number,
                hand.number,
                hand.version,
                describe_hand(hand, seats.get(hand.table_id, [])),
                *value_cells,
                hand.change_east,
                hand.change_south,
                hand.change_west,
                hand.change_north,
                *(_tile_cells(hand) if counts else ()),
                *extra,
                hand.entered_at,
            ]
        )
    return Sheet(_("Hands") if current else _("Replaced versions"), columns, rows)


def _tile_cells(hand):
    if not hand.tiles:
        return ["", "", ""]
    return [hand.tiles, count_summary(hand.tile_count), _("yes") if hand.tiles_matched else _("no")]


def standings_workbook_sheets(standings):
    """The sheets of the standings workbook: standings, one per session, penalties, hands and
    the versions of hands that corrections replaced; all of the sessions the standings count
    (the confirmed ones, up to the session they are after)."""
    tournament = standings.tournament
    numbers = list(standings.session_numbers)
    names = registration_names(tournament)
    return [
        standings_sheet(standings),
        *(session_sheet(tournament, n, names) for n in numbers),
        penalties_sheet(tournament, numbers),
        hands_sheet(tournament, numbers, names=names),
        hands_sheet(tournament, numbers, current=False, names=names),
    ]
