"""Standings: the ranking of the registered players over the confirmed sessions.

Read-only: it adds up the stored seat results of confirmed sessions (a table's results are
computed by the rules when it closes) and orders the players by the rule set's ranking fields
(MCR: table points, then score; riichi: final score), then by the tournament's tie-breakers.
Players still equal share the place ("=3"). Substitutes never appear; disqualified players are
listed after the ranked ones, without a place; withdrawn players keep their place and are marked.

A tournament in stages (docs/rules.md §9) ranks its qualifying sessions the same way until the
cut; once the cut is made and a final session is confirmed, `scoring.standings.stages` orders the
finalists by their final-stage totals, then everyone else by the qualifying standings.
"""

from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

from rules.ranking import shared_places, tie_sizes
from scoring.figures import SeatFigures
from scoring.models import SeatResult
from scoring.standings import stages as stage_standings
from scoring.standings.lots import drawn_lot as _lot
from scoring.standings.versions import standings_version
from tournament.models import Registration, TieBreak, Tournament
from tournament.rulesets import ruleset_for


@dataclass
class SessionLine:
    """One player's result in one session."""

    number: int
    table: int
    wind: int
    score: int
    place: int
    table_points: Fraction | None
    final_score: Fraction
    penalty_points: int
    hands_won: int
    biggest_hand: int | None
    hand_points: int = 0
    transfers: int = 0


@dataclass
class StandingRow:
    registration: Registration
    sessions: dict[int, SessionLine] = field(default_factory=dict)  # by session number
    place: int | None = None
    place_label: str = ""
    previous_place: int | None = None
    #: The sessions the totals count (None: all of them); a finalist's final stage counts only
    #: the final sessions, plus what it carries from the qualifying stage (docs/rules.md §9.2).
    counted: frozenset[int] | None = None
    carried: stage_standings.Carried | None = None
    #: The cut (docs/rules.md §9.1): None before it is made (or without stages), then whether
    #: this player is a finalist; `qualifying_place` is the place in the qualifying standings.
    finalist: bool | None = None
    qualifying_place: int | None = None

    @property
    def counted_lines(self):
        if self.counted is None:
            return list(self.sessions.values())
        return [line for number, line in self.sessions.items() if number in self.counted]

    def _carried(self, name):
        return getattr(self.carried, name) if self.carried is not None else 0

    @property
    def player(self):
        return self.registration.player

    @property
    def figures(self):
        """Hand points, transfers and penalties of every session the row shows
        (scoring/figures.py; docs/rules.md §9.2): one meaning, whatever the stage. A penalty
        given in the qualifying stage stays in a finalist's column after the cut, as it stays in
        that session's column, whatever the stage's totals carry."""
        return sum((SeatFigures.of(line) for line in self.sessions.values()), SeatFigures())

    @property
    def transfers(self):
        return self.figures.transfers

    @property
    def penalties(self):
        """Penalty points paid to nobody in every session of the row (transfers apart)."""
        return self.figures.penalties

    @property
    def table_points(self):
        values = [line.table_points for line in self.counted_lines]
        if self.carried is not None:
            values.append(self.carried.table_points)
        return sum(values, Fraction(0)) if all(v is not None for v in values) else None

    @property
    def score(self):
        return sum(line.score for line in self.counted_lines) + self._carried("score")

    @property
    def final_score(self):
        lines = self.counted_lines
        return sum((line.final_score for line in lines), Fraction(self._carried("final_score")))

    @property
    def movement(self):
        """Places gained since the previous standings (positive = up), None for the first."""
        if self.previous_place is None or self.place is None:
            return None
        return self.previous_place - self.place

    @property
    def is_ranked(self):
        return not self.registration.is_disqualified

    def tie_break_value(self, code):
        lines = self.counted_lines
        if code == TieBreak.BEST_SESSION:
            return max((line.final_score for line in lines), default=Fraction(0))
        if code == TieBreak.MOST_FIRST_PLACES:
            return sum(1 for line in lines if line.place == 1)
        if code == TieBreak.HANDS_WON:
            return sum(line.hands_won for line in lines)
        if code == TieBreak.BIGGEST_HAND:
            return max((line.biggest_hand or 0 for line in lines), default=0)
        if code == TieBreak.SUM_OF_SCORES:
            return self.score
        raise ValueError(f"unknown tie-break {code!r}")

    def met_ahead(self, others):
        """Head-to-head (docs/rules.md §6.3): how many times this player finished ahead of one
        of ``others`` at a table they shared, minus the times behind."""
        balance = 0
        for other in others:
            for line in self.counted_lines:
                theirs = other.sessions.get(line.number)
                if theirs is not None and theirs.table == line.table and theirs is not line:
                    balance += (line.place < theirs.place) - (line.place > theirs.place)
        return balance


@dataclass
class Standings:
    tournament: Tournament
    through: int | None  # the last confirmed session counted
    rows: list[StandingRow]
    session_numbers: list[int]
    ranking_fields: tuple[str, ...]
    #: "" for a tournament in one stage; else "qualifying" (the qualifying standings, before or
    #: at the cut) or "final" (the final ranking, docs/rules.md §9.4).
    stage: str = ""

    @property
    def is_final(self):
        return self.stage == "final"

    @property
    def uses_table_points(self):
        return "table_points" in self.ranking_fields or any(
            row.table_points is not None and row.sessions for row in self.rows[:1]
        )


def confirmed_sessions(tournament):
    return list(tournament.sessions.confirmed().order_by("number").values_list("number", flat=True))


def rank_rows(rows, fields, tie_breaks, lots_seed=None):
    """Give the ranked rows their places: the rule set's ranking ``fields``, then the
    ``tie_breaks`` in order (docs/rules.md §6.3); players still equal share the place.

    Head-to-head compares only the players still tied at that point; drawing lots orders them
    by a hash of ``lots_seed`` and the player number, so the same seed gives the same order."""
    ranked = [row for row in rows if row.is_ranked]
    keys = [tuple(getattr(row, name) or 0 for name in fields) for row in ranked]
    for code in tie_breaks:
        if code not in TieBreak.values:
            continue  # an unknown code (an old archive, an admin edit) breaks no tie
        if code == TieBreak.HEAD_TO_HEAD:
            tied: dict[tuple, list] = {}
            for row, key in zip(ranked, keys, strict=True):
                tied.setdefault(key, []).append(row)
            values = [
                row.met_ahead([other for other in tied[key] if other is not row])
                for row, key in zip(ranked, keys, strict=True)
            ]
        elif code == TieBreak.DRAWING_LOTS:
            values = [_lot(lots_seed, row.registration) for row in ranked]
        else:
            values = [row.tie_break_value(code) for row in ranked]
        keys = [(*key, value) for key, value in zip(keys, values, strict=True)]
    places = shared_places(keys)
    sizes = tie_sizes(keys)
    for row, place, size in zip(ranked, places, sizes, strict=True):
        row.place = place
        row.place_label = f"={place}" if size > 1 else str(place)
    return places


def compute_standings(tournament, *, through=None, with_movement=True, stages=True):
    """The standings after confirmed session `through` (default: the last confirmed one).

    With `with_movement`, each row also knows its place after the previous confirmed session.
    With `stages` False, a tournament in stages is ranked as if in one stage, every session
    counting in full (what the team standings add up, docs/rules.md §10.2).
    """
    ruleset = ruleset_for(tournament)
    numbers = confirmed_sessions(tournament)
    if through is not None:
        numbers = [number for number in numbers if number <= through]
    registrations = tournament.registrations.filter(is_substitute=False).select_related("player")
    rows = {registration.pk: StandingRow(registration) for registration in registrations}
    results = SeatResult.objects.filter(
        session__tournament=tournament, session__number__in=numbers, registration_id__in=rows.keys()
    ).values_list(
        "registration_id",
        "session__number",
        "table__number",
        "wind",
        "score",
        "place",
        "table_points",
        "final_score",
        "penalty_points",
        "hands_won",
        "biggest_hand",
        "hand_points",
        "transfers",
    )
    lines: dict[int, dict[int, SessionLine]] = {pk: {} for pk in rows}
    for (
        registration_id,
        number,
        table,
        wind,
        score,
        place,
        table_points,
        final_score,
        penalty_points,
        hands_won,
        biggest_hand,
        hand_points,
        transfers,
    ) in results:
        lines[registration_id][number] = SessionLine(
            number,
            table,
            wind,
            score=score,
            place=place,
            table_points=table_points,
            final_score=final_score,
            penalty_points=penalty_points,
            hands_won=hands_won,
            biggest_hand=biggest_hand,
            hand_points=hand_points,
            transfers=transfers,
        )
    registrations = [row.registration for row in rows.values()]
    ordered = rank_standings(
        tournament, registrations, lines, numbers, ruleset.ranking_fields, stages
    )
    if with_movement and len(numbers) > 1:
        # The standings after the previous session, from the results already loaded.
        previous = rank_standings(
            tournament, registrations, lines, numbers[:-1], ruleset.ranking_fields, stages
        )
        before = {row.registration.pk: row.place for row in previous}
        for row in ordered:
            row.previous_place = before[row.registration.pk]
    ordered.sort(key=lambda row: (row.place is None, row.place or 0, row.registration.number))
    return Standings(
        tournament,
        numbers[-1] if numbers else None,
        ordered,
        numbers,
        ruleset.ranking_fields,
        stage=stage_standings.stage_of(tournament, numbers, registrations) if stages else "",
    )


def rank_standings(tournament, registrations, lines, numbers, fields, stages=True):
    """Ranked rows of `registrations` over the sessions `numbers` (their `lines`: registration
    pk -> session number -> SessionLine): the qualifying standings, or the final ranking once a
    final session counts (docs/rules.md §9.4)."""
    rows = [
        StandingRow(r, {n: line for n, line in lines[r.pk].items() if n in numbers})
        for r in registrations
    ]
    tie_breaks = tournament.tie_breaks or []
    stage = stage_standings.stage_of(tournament, numbers, registrations) if stages else ""
    if stage == stage_standings.FINAL:
        last = tournament.qualifying_sessions
        # The same players over the qualifying sessions only: their places make the cut's
        # order and rank those who are not finalists (docs/rules.md §9.4).
        qualifying = [
            StandingRow(r, {n: line for n, line in row.sessions.items() if n <= last})
            for r, row in zip(registrations, rows, strict=True)
        ]
        rank_rows(qualifying, fields, tie_breaks, tournament.lots_seed)
        return stage_standings.final_ranking(tournament, rows, qualifying, fields)
    rank_rows(rows, fields, tie_breaks, tournament.lots_seed)
    # The finalists are marked only in standings that count the whole qualifying stage: earlier
    # standings (and the public ones while the last qualifying results are not published) must
    # not reveal the cut.
    whole_stage = stages and tournament.has_stages and tournament.qualifying_sessions in numbers
    for row in rows:
        row.finalist = row.registration.finalist if whole_stage else None
        row.qualifying_place = row.place
    return rows


#: How long a computed standings stays in the shared cache; a new fingerprint replaces it anyway.
CACHE_SECONDS = 3600


def cached_standings(tournament, *, through=None, stages=True):
    """`compute_standings(tournament, through=through)`, computed once per standings version
    and kept in the shared cache (the `desk_cache` table, seen by every server process), so the
    projector and the player pages read it instead of adding up every result again. Any change
    the standings depend on changes `standings_version`, hence the key: nothing stale is read.
    """
    from django.core.cache import cache

    version = standings_version(tournament)
    key = f"standings-data:{tournament.pk}:{through}:{stages}:{version}"
    standings = cache.get(key)
    if standings is None:
        standings = compute_standings(tournament, through=through, stages=stages)
        cache.set(key, standings, CACHE_SECONDS)
    return standings


def tie_break_labels(tournament):
    """The names of the tournament's tie-breakers, in the director's order (docs/rules.md §6.3)."""
    return [TieBreak(code).label for code in tournament.tie_breaks if code in TieBreak.values]


def tie_break_note(tournament):
    """The sentence under the standings that says how equal players are ordered (empty when the
    tournament has no tie-breakers): the page and the printed standings show the same one."""
    labels = tie_break_labels(tournament)
    if not labels:
        return ""
    note = _("Players equal on the ranking are ordered by:") + " " + "; ".join(map(str, labels))
    if TieBreak.DRAWING_LOTS in tournament.tie_breaks and tournament.lots_seed is not None:
        note += "; " + _("seed of the lots: %(seed)s") % {"seed": tournament.lots_seed}
    return note + "."


def ranking_order(tournament, registrations):
    """`registrations` in standings order (for a Swiss draw); those not ranked come last."""
    standings = compute_standings(tournament, with_movement=False)
    position = {row.registration.pk: index for index, row in enumerate(standings.rows)}
    return sorted(registrations, key=lambda r: (position.get(r.pk, len(position)), r.number))
