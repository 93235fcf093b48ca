"""The best hands of a session and of the tournament, and the counts a director publishes beside
them (docs/rules.md §7): hands won, self-drawn wins, hands by value, chicken hands and how many
hands counted from tiles matched the referee's figures.

Read-only. A hand is ranked by the referee's figures (what counts), by the rule set's
`winning_value` (MCR: fan; riichi: yakuman, then han, then fu); only sessions whose results the
viewer may see take part. Rule sets that rank no hands (classic European, FIMJ, Faentino) give
no rows.
"""

from collections import Counter
from dataclasses import dataclass, field

from rules.ranking import shared_places
from scoring.models import Hand
from scoring.tiles.reading import count_summary
from tournament.models import Seat
from tournament.rulesets import ruleset_for
from tournament.visibility import results_visible

CHICKEN_HAND = 38  #: Green Book number of Chicken Hand
MAX_ROWS = 50


@dataclass
class BestHand:
    place: int
    shared: bool
    player: object
    session: int
    table: int
    number: int
    value: str
    hand: Hand


@dataclass
class BestHands:
    ranks: bool  #: False when the rule set ranks no hands
    rows: list = field(default_factory=list)
    sessions: list = field(default_factory=list)  #: the session numbers the viewer may see
    won: int = 0
    self_drawn: int = 0
    by_value: list = field(default_factory=list)  #: [(value text, number of hands)]
    counted: int = 0
    matched: int = 0
    chicken: int = 0


def best_hands(tournament, user, session_number=None, limit=MAX_ROWS):
    """The best hands the viewer may see, of session `session_number` (None: every session)."""
    ruleset = ruleset_for(tournament)
    counter = ruleset.tile_counter()
    sessions = [s for s in tournament.sessions.order_by("number") if results_visible(user, s)]
    result = BestHands(ranks=bool(ruleset.hand_value_fields))
    result.sessions = [s.number for s in sessions]
    chosen = [s for s in sessions if session_number in (None, s.number)]
    hands = (
        Hand.objects.current()
        .filter(table__session__in=chosen)
        .select_related("table__session")
        .order_by("table__session__number", "table__number", "number")
    )
    ranked = []
    values: Counter[tuple[tuple[int, ...], str]] = Counter()
    for hand in hands:
        value = ruleset.winning_value(hand.entry)
        if value is None:
            continue
        key, figures = value
        ranked.append((key, figures, hand))
        values[(key, count_summary({"fills": figures}))] += 1
        result.won += 1
        if counter is not None and counter.self_drawn(hand.entry):
            result.self_drawn += 1
        if hand.tiles:
            result.counted += 1
            result.matched += bool(hand.tiles_matched)
            items = (hand.tile_count or {}).get("items") or []
            if any(isinstance(i, dict) and i.get("number") == CHICKEN_HAND for i in items):
                result.chicken += 1
    result.by_value = [(text, n) for (_key, text), n in sorted(values.items(), reverse=True)]
    ranked.sort(key=lambda item: item[0], reverse=True)
    ranked = ranked[:limit]
    places = shared_places([key for key, _f, _h in ranked])
    players = _winners(h for _k, _f, h in ranked)
    for (key, figures, hand), place in zip(ranked, places, strict=True):
        result.rows.append(
            BestHand(
                place=place,
                shared=sum(1 for other, _f, _h in ranked if other == key) > 1,
                player=players.get((hand.table_id, hand.winner)),
                session=hand.table.session.number,
                table=hand.table.number,
                number=hand.number,
                value=count_summary({"fills": figures}),
                hand=hand,
            )
        )
    return result


def hand_of_session(tournament, user, session_number):
    """The best hand of one session whose results this viewer may see (None without one), as
    the projector shows it. Kept in the shared cache per standings version: the projector of a
    hall full of phones would otherwise rank every hand of the session for each of them. Any
    change of the session's hands (a correction is a new row) or of the players changes the
    key."""
    from django.core.cache import cache
    from django.db.models import Count, Max

    from scoring.standings.ranking import CACHE_SECONDS, standings_version

    # A correction on a reopened table is a new version of the hand (a new row) at once.
    hands = Hand.objects.filter(
        table__session__tournament=tournament, table__session__number=session_number
    ).aggregate(count=Count("pk"), last=Max("pk"))
    version = standings_version(tournament)
    key = (
        f"hand-of-session:{tournament.pk}:{session_number}:{hands['count']}:{hands['last']}:"
        f"{version}"
    )
    found = cache.get(key)
    if found is None:
        best = best_hands(tournament, user, session_number, limit=1)
        found = best.rows[0] if best.rows else False
        cache.set(key, found, CACHE_SECONDS)
    return found or None


def _winners(hands):
    """{(table id, starting seat): player} of the winners of `hands`, in one query."""
    hands = list(hands)
    seats = Seat.objects.filter(table_id__in={hand.table_id for hand in hands}).select_related(
        "registration__player"
    )
    return {(seat.table_id, seat.wind): seat.registration.player for seat in seats}
