"""MCR (Mahjong Competition Rules) under the MERS tournament rules.

Owns everything MCR-specific (docs/rules.md §2, after MCR §3.5-3.9, §6, App. B, D, E):

- hand settlement (:func:`settle_hand`): a win on a discard with H fan costs the discarder H+8
  and each other loser 8; a self-drawn win costs each loser H+8; a washout costs nothing. H
  includes flowers, but H minus flowers must be at least 8 (section 3.1);
- the false Hu transfers (:func:`false_hu`), late arrival and the infraction ladder;
- table points 4-2-1-0 with ties sharing their places' points (:func:`table_points`);
- the 16-hand session: seat changes after each round (section 3.7, App. B "CAMBIO POSTI") and the
  wind rotation after each hand (section 3.5) (:func:`winds_for_hand`, :func:`prevalent_wind`);
- :class:`McrRuleSet`, the rule set the desk uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules import families
from rules import hand_facts as facts
from rules import penalties as pen
from rules.base import INT, OUTCOME, SCORE_SHEET_FIMJ_MCR, SEAT, EntryField, RuleSet
from rules.checks import SEATS, check_four_ints, check_int, check_seat
from rules.errors import RuleError
from rules.i18n import WIND_NAMES, Message, _, message
from rules.options import BOOL, INT_TUPLE, TEXT, option
from rules.ranking import share
from rules.state import NO_POINTS, Four, HandSettlement, TableState

if TYPE_CHECKING:
    from rules.tile_count import TileCounter

MIN_FAN = 8  #: minimum fan of a win, flowers not counted (section 3.1)
WIN_BONUS = 8  #: paid to the winner by every loser (section 3.8)
MAX_FLOWERS = 8
#: a ceiling that catches typing slips: no MCR hand reaches it (the richest possible is
#: about 340 fan with every flower)
MAX_FAN = 500
HANDS_PER_ROUND = 4
ROUNDS = 4
SESSION_HANDS = HANDS_PER_ROUND * ROUNDS
TABLE_POINTS = (4, 2, 1, 0)

#: Starting seats holding the physical East, South, West, North places in each round
#: (docs/rules.md §2.1, from MCR §3.7 and App. B).
ROUND_SEATING = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))

DISCARD = "discard"
SELF_DRAWN = "self_drawn"
WASHOUT = "washout"


def _check_hand_number(hand_number: Any) -> int:
    return check_int(hand_number, _("Hand number"), minimum=1, maximum=SESSION_HANDS)


def prevalent_wind(hand_number: int) -> int:
    """The prevalent wind (0..3) of hand ``hand_number`` (1..16): the wind of its round."""
    return (_check_hand_number(hand_number) - 1) // HANDS_PER_ROUND


def winds_for_hand(hand_number: int) -> Four:
    """The seat wind (0..3) of each starting seat in hand ``hand_number`` (1..16).

    Within a round nobody moves but the winds rotate after each hand (East becomes North, South
    becomes East): in the k-th hand of a round (k = 0..3) the player in physical place p has
    wind (p - k) mod 4. Between rounds the players move as in :data:`ROUND_SEATING`.
    """
    index = _check_hand_number(hand_number) - 1
    seating = ROUND_SEATING[index // HANDS_PER_ROUND]
    k = index % HANDS_PER_ROUND
    winds = [0, 0, 0, 0]
    for place, seat in enumerate(seating):
        winds[seat] = (place - k) % 4
    return tuple(winds)  # type: ignore[return-value]


def check_win(fan: Any, flowers: Any) -> tuple[int, int]:
    """Check the fan of a win; return ``(fan, flowers)``."""
    flowers = check_int(flowers, _("Flowers"), minimum=0, maximum=MAX_FLOWERS)
    fan = check_int(fan, _("Fan"), maximum=MAX_FAN)
    if fan - flowers < MIN_FAN:
        raise RuleError(
            _("An MCR win needs at least {minimum} fan not counting flowers; got {got}"),
            minimum=MIN_FAN,
            got=fan - flowers,
        )
    return fan, flowers


def settle_hand(
    fan: int, winner: int | None, discarder: int | None = None, *, flowers: int = 0
) -> Four:
    """Settle one MCR hand; return the four deltas in starting-seat order.

    ``fan`` is the total the winner writes, flowers included; ``winner=None`` is a washout (all
    zero); ``discarder=None`` is a self-drawn win. Robbing a kong is a win on a discard by the
    kong's owner.

    >>> settle_hand(8, 0)  # docs/rules.md §2.2 (MCR §6): 8 fan self-drawn
    (48, -16, -16, -16)
    >>> settle_hand(9, 2, 1)  # 9 fan on a discard
    (-8, -17, 33, -8)
    """
    if winner is None:
        if discarder is not None:
            raise RuleError(_("A washout has no discarder"))
        return NO_POINTS
    winner = check_seat(winner, _("Winner"))
    fan, _flowers = check_win(fan, flowers)
    deltas = [0, 0, 0, 0]
    if discarder is None:
        for seat in SEATS:
            if seat != winner:
                deltas[seat] = -(fan + WIN_BONUS)
    else:
        discarder = check_seat(discarder, _("Discarder"))
        if discarder == winner:
            raise RuleError(
                _(
                    "The discarder cannot be the winner (seat {seat}); a self-drawn win has no "
                    "discarder"
                ),
                seat=winner,
            )
        for seat in SEATS:
            if seat != winner:
                deltas[seat] = -WIN_BONUS
        deltas[discarder] -= fan
    deltas[winner] = -sum(deltas)
    return tuple(deltas)  # type: ignore[return-value]


def false_hu(offender: int, *, valid_shape: bool, revealed: bool = True) -> Four:
    """Transfers for a false Hu (docs/rules.md §2.3; MCR App. E 2.10, App. D).

    Only when the tiles were revealed: with four sets and a pair but under 8 fan
    (``valid_shape=True``) the offender pays 10 to each other player; with an invalid hand, 20 to
    each. Not revealed: a dead hand, no points.
    """
    check_seat(offender, _("Offender"))
    each = pen.false_hu_each(valid_shape, revealed)
    return tuple(-3 * each if seat == offender else each for seat in SEATS)  # type: ignore[return-value]


def table_points(scores: Any) -> tuple[Fraction, ...]:
    """Table points 4-2-1-0 by session score; tied players share their places' points.

    >>> [str(p) for p in table_points((10, 10, -5, -15))]
    ['3', '3', '1', '0']
    """
    scores = check_four_ints(scores, _("Session scores"))
    return share(TABLE_POINTS, scores)


@dataclass(frozen=True)
class McrOptions:
    """The MCR preset and its settings."""

    name: str = option(_("MCR (MERS tournament rules)"), label=_("Name"), kind=TEXT, settable=False)
    starting_points: int = option(0, label=_("Starting points"), kind=INT, settable=False)
    rank_before_penalties: bool = option(
        False,
        label=_("Rank on the score before penalties"),
        kind=BOOL,
        help_text=_(
            "Table points follow the session score without the penalties paid to nobody "
            "(false Hu transfers still count)."
        ),
    )
    table_points: tuple[int, ...] = option(
        TABLE_POINTS, label=_("Table points"), kind=INT_TUPLE, length=4, settable=False
    )
    use_table_points: bool = option(True, label=_("Table points"), kind=BOOL, settable=False)
    min_fan: int = option(MIN_FAN, label=_("Minimum fan"), kind=INT, settable=False)
    penalty_unit: int = option(1, label=_("Penalty unit"), kind=INT, settable=False)


class McrRuleSet(RuleSet):
    """MCR under MERS: 16 hands, 4-2-1-0 table points, the MERS penalties."""

    code = "mcr"
    ranking_fields = ("table_points", "score")
    max_hands = SESSION_HANDS
    hand_value_fields = ("fan",)
    score_sheet = SCORE_SHEET_FIMJ_MCR
    ema_table_points = True
    ema_rules = "MCR"
    family = families.MCR
    #: no chombo: a false Hu is a penalty (docs/rules.md §12)
    statistics = (*(f for f in facts.COMMON if f != facts.CHOMBO), facts.FREQUENT_PATTERN)
    value_unit = _("fan")
    pattern_label = _("Most frequent fan")

    def initial_state(self) -> TableState:
        return self._state(1)

    @staticmethod
    def _state(hand_number: int) -> TableState:
        winds = winds_for_hand(hand_number)
        return TableState(
            hand_number=hand_number,
            prevalent_wind=prevalent_wind(hand_number),
            seat_winds=winds,
            dealer=winds.index(0),
            deals=hand_number - 1,
        )

    def _describe_state(self, state: TableState) -> Message:
        return message(
            _("Hand {hand} of {total}, {wind} round"),
            hand=state.hand_number,
            total=SESSION_HANDS,
            wind=WIND_NAMES[state.prevalent_wind],
        )

    def winning_value(
        self, entry: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], dict[str, int]] | None:
        if entry.get("outcome") not in (DISCARD, SELF_DRAWN) or not entry.get("fan"):
            return None
        fan, flowers = int(entry["fan"]), int(entry.get("flowers") or 0)
        return (fan,), {"fan": fan, "flowers": flowers}

    def hand_facts(self, entry: Mapping[str, Any], changes: Any) -> facts.HandFacts:
        """A win, its winner, fan and (on a discard) discarder; a washout is a draw (§12)."""
        outcome = entry.get("outcome")
        if outcome not in (DISCARD, SELF_DRAWN):
            return facts.HandFacts(draw=True)
        winner, fan = int(entry["winner"]), int(entry.get("fan") or 0)
        return facts.HandFacts(
            winners=(winner,),
            self_drawn=outcome == SELF_DRAWN,
            discarder=None if outcome == SELF_DRAWN else int(entry["discarder"]),
            values=facts.winner_values((winner,), lambda _seat: fan),
        )

    def hand_patterns(self, count: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """The fans of the count (their Green Book names), the flowers left out (§12)."""
        return tuple(
            (str(item.get("name")), str(item.get("italian") or item.get("name")))
            for item in count.get("items") or ()
            if isinstance(item, dict) and item.get("name") and item.get("number") != FLOWER_TILES
        )

    def tile_counter(self) -> TileCounter:
        from rules.tile_count import McrTileCounter

        return McrTileCounter((DISCARD, SELF_DRAWN), SELF_DRAWN)

    def hand_fields(self, state: TableState | None = None) -> tuple[EntryField, ...]:
        wins = (DISCARD, SELF_DRAWN)
        return (
            EntryField(
                "outcome",
                OUTCOME,
                _("Outcome"),
                choices=(
                    (DISCARD, _("Win on a discard")),
                    (SELF_DRAWN, _("Self-drawn win")),
                    (WASHOUT, _("Washout (no winner)")),
                ),
            ),
            EntryField("winner", SEAT, _("Winner"), outcomes=wins),
            EntryField(
                "discarder",
                SEAT,
                _("Discarder"),
                _("Who discarded the winning tile (robbing a kong: the kong's owner)."),
                outcomes=(DISCARD,),
            ),
            EntryField(
                "fan",
                INT,
                _("Fan"),
                _("Total fan written by the winner, flowers included."),
                min_value=MIN_FAN,
                max_value=MAX_FAN,
                outcomes=wins,
            ),
            EntryField(
                "flowers",
                INT,
                _("Flowers"),
                _("Flower fan included in the total."),
                required=False,
                min_value=0,
                max_value=MAX_FLOWERS,
                outcomes=wins,
                default=0,
            ),
        )

    def _settle(self, entry: dict[str, Any], state: TableState) -> HandSettlement:
        outcome = entry["outcome"]
        if outcome == WASHOUT:
            deltas = NO_POINTS
            summary = message(_("Washout"))
        else:
            discarder = entry["discarder"] if outcome == DISCARD else None
            deltas = settle_hand(entry["fan"], entry["winner"], discarder, flowers=entry["flowers"])
            if discarder is None:
                summary = message(
                    _("Seat {winner} wins {fan} fan self-drawn"),
                    winner=entry["winner"],
                    fan=entry["fan"],
                )
            else:
                summary = message(
                    _("Seat {winner} wins {fan} fan on the discard of seat {discarder}"),
                    winner=entry["winner"],
                    fan=entry["fan"],
                    discarder=discarder,
                )
        if state.hand_number >= SESSION_HANDS:
            next_state = TableState(
                hand_number=state.hand_number + 1,
                prevalent_wind=state.prevalent_wind,
                seat_winds=state.seat_winds,
                dealer=state.dealer,
                finished=True,
                deals=state.deals + 1,
            )
        else:
            next_state = self._state(state.hand_number + 1)
        return HandSettlement(deltas=deltas, next_state=next_state, summary=summary)

    @property
    def penalty_catalogue(self) -> tuple[pen.PenaltyKind, ...]:
        return pen.mers_kinds()


# Counting the fan from tiles lives in rules.mcr_count (PyMahjongGB); re-exported here.
from rules.mcr_count import FAN, FLOWER_TILES, FanCount, FanItem, count_fan  # noqa: E402, F401
