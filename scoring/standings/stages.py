"""The standings of a tournament in stages (docs/rules.md §9).

Vocabulary: the *qualifying stage* is the first `Tournament.qualifying_sessions` sessions; the
*cut* marks the finalists (`Registration.finalist`); the *final stage* is the last
`final_sessions` sessions. Until a final session is confirmed the standings are the qualifying
standings (with the finalists marked once the cut is made). After that they are the *final
ranking*: the finalists by their final-stage totals (what they carry from the qualifying stage,
§9.2, plus the final sessions), then everyone else by the qualifying standings (§9.4).

Pure functions over `StandingRow`s: `scoring.standings.ranking` loads the results, ranks the
qualifying rows and calls them.
"""

from dataclasses import dataclass
from fractions import Fraction

from rules.ranking import tie_sizes
from scoring.standings.lots import drawn_lot
from tournament.models import StageCarry

QUALIFYING, FINAL = "qualifying", "final"


@dataclass(frozen=True)
class Carried:
    """What a finalist brings into the final stage (docs/rules.md §9.2)."""

    table_points: Fraction | None
    score: int | Fraction
    final_score: Fraction


def cut_made(registrations):
    """Whether the cut is made: a registration is marked finalist or not."""
    return any(r.finalist is not None for r in registrations)


def stage_of(tournament, numbers, registrations):
    """The stage the standings over sessions `numbers` show: "" (one stage), QUALIFYING, or
    FINAL once the cut is made and a final session counts."""
    if not tournament.has_stages:
        return ""
    if cut_made(registrations) and any(tournament.is_final_session(n) for n in numbers):
        return FINAL
    return QUALIFYING


def half(value):
    """Half of a total, exactly (docs/rules.md §9.2): a whole number stays whole when it is even,
    an odd one becomes a half (a Fraction, shown with its decimal)."""
    if value is None:
        return None
    if isinstance(value, int):
        return value // 2 if value % 2 == 0 else Fraction(value, 2)
    return Fraction(value) / 2


def carried(row, carry):
    """What the qualifying row `row` brings to the final under the setting `carry` (§9.2)."""
    if carry == StageCarry.HALF:
        return Carried(half(row.table_points), half(row.score), half(row.final_score))
    if carry == StageCarry.RESET:
        return Carried(None if row.table_points is None else Fraction(0), 0, Fraction(0))
    return Carried(row.table_points, row.score, row.final_score)


def cut_order(rows, lots_seed):
    """The ranked qualifying rows in the order of the cut (docs/rules.md §9.1): by their place
    (ranking, then the tournament's tie-breakers), players still sharing a place by drawing
    lots with the tournament's seed of the lots."""
    ranked = [row for row in rows if row.place is not None]
    return sorted(ranked, key=lambda row: (row.place, -drawn_lot(lots_seed, row.registration)))


def consolation_sessions(tournament, row, final_numbers):
    """The final sessions `row`'s player played at a consolation table, before moving up to
    the final (§9.5): the finalists sit at the first `finalists / 4` tables, so a final
    session played at a later table is not part of their final stage."""
    finalists_tables = tournament.finalists // 4
    return frozenset(
        number
        for number, line in row.sessions.items()
        if number in final_numbers and line.table > finalists_tables
    )


def final_ranking(tournament, rows, qualifying, fields):
    """Give `rows` (over qualifying and final sessions; `qualifying`: the same players' rows
    over the qualifying sessions, ranked) their places in the final ranking
    (docs/rules.md §9.4) and return them: the finalists by their final-stage totals (carried +
    final sessions), equal totals ordered by the cut's order, then the others by their
    qualifying places (shared places stay shared)."""
    position = {
        row.registration.pk: index
        for index, row in enumerate(cut_order(qualifying, tournament.lots_seed))
    }
    by_pk = {row.registration.pk: row for row in qualifying}
    last_qualifying = tournament.qualifying_sessions
    final_numbers = frozenset(range(last_qualifying + 1, tournament.session_count + 1))
    qualifying_numbers = frozenset(range(1, last_qualifying + 1))
    for row in rows:
        before = by_pk[row.registration.pk]
        row.qualifying_place = before.place
        row.finalist = row.registration.finalist
        if row.finalist:
            row.counted = final_numbers - consolation_sessions(tournament, row, final_numbers)
            row.carried = carried(before, tournament.final_carry)
        else:
            row.counted = qualifying_numbers
    finalists = [row for row in rows if row.finalist and row.is_ranked]
    finalists.sort(
        key=lambda row: (
            *(-(getattr(row, name) or 0) for name in fields),
            position[row.registration.pk],
        )
    )
    for place, row in enumerate(finalists, start=1):
        row.place, row.place_label = place, str(place)
    others = [row for row in rows if not row.finalist and row.is_ranked]
    others.sort(key=lambda row: row.qualifying_place)
    sizes = tie_sizes([-row.qualifying_place for row in others])
    previous = None
    for index, (row, size) in enumerate(zip(others, sizes, strict=True)):
        if previous is not None and previous.qualifying_place == row.qualifying_place:
            row.place = previous.place
        else:
            row.place = len(finalists) + index + 1
        row.place_label = f"={row.place}" if size > 1 else str(row.place)
        previous = row
    for row in rows:
        if not row.is_ranked:
            row.place, row.place_label = None, ""
    return rows
