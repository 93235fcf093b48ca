"""What the classic European, FIMJ and Faentino rule sets share: every player scores its rack.

In these games every player, not only the winner, scores the tiles in front of it at the end of a
hand. The winner collects its score from each other player and the three others settle the
differences of their scores pairwise (docs/rules.md §4.2, §5.3). This module owns:

- :func:`pairwise_settlement`, that settlement, with a per-pair weight (East's doubling in the
  classic games) and optional rounding of each amount paid (FIMJ);
- :class:`RackOptions`, the settings common to these rule sets;
- :class:`RackRuleSet`, the hand entry, dealer rotation and penalties common to them.

Hand entry (keys of the entry mapping given to ``settle``):

- ``outcome``: ``"mahjong"``, ``"washout"`` (nobody scores) or ``"wall_destroyed"``;
- ``winner``: seat (mahjong);
- ``points``: four ints, each player's points before doubles (classic: with every bonus, the
  winner's 20 for Mahjong included; Faentino: the raw rack, the Mahjong bonus is added here);
- ``doubles``: four ints, each player's doubles;
- ``limit_hand``: bool, the winner's hand is a limit hand (scores the limit);
- ``zero_score``: seats whose hand counts 0 (false Mahjong, wrong number of tiles...); they still
  pay the winner and the differences;
- ``offender``: seat that destroyed the wall (wall_destroyed).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules import hand_facts as facts
from rules import penalties as pen
from rules.base import BOOL, OUTCOME, PER_SEAT_INT, SEAT, SEATS_KIND, EntryField, RuleSet
from rules.checks import SEATS, check_four_ints, check_optional_seat, check_seat, round_to_ten
from rules.errors import RuleError
from rules.i18n import WIND_NAMES, Message, _, message
from rules.limits import MAX_LIMIT_VALUE, MAX_PENALTY_UNIT, MAX_STARTING_POINTS
from rules.options import BOOL as OPT_BOOL
from rules.options import INT, INT_TUPLE, TEXT, option
from rules.state import Four, HandSettlement, TableState, dealer_passes, dealer_stays, first_state

MAHJONG = "mahjong"
WASHOUT = "washout"
WALL_DESTROYED = "wall_destroyed"
MAX_DOUBLES = 20
MAX_POINTS = 9999  #: a ceiling for typing slips in a hand's points before doubles
TABLE_POINTS = (4, 2, 1, 0)


def pairwise_settlement(
    scores: Four,
    winner: int | None,
    *,
    weight: Callable[[int, int], int] = lambda _a, _b: 1,
    round_amounts: bool = False,
) -> Four:
    """Settle a hand where everybody scores: four deltas in seat order.

    The winner receives its score from each other player; every other pair settles the difference
    of their scores. Each amount is multiplied by ``weight(a, b)`` and then, with
    ``round_amounts``, rounded to the nearest 10 (an exact 5 going up). ``winner=None``: nobody
    pays.
    """
    if winner is None:
        return (0, 0, 0, 0)
    return settle_pairs(scores, (winner,), weight=weight, round_amounts=round_amounts)


def settle_pairs(
    scores: Four,
    winners: tuple[int, ...],
    *,
    weight: Callable[[int, int], int],
    round_amounts: bool,
    winners_settle: bool = False,
) -> Four:
    """Settle every pair of seats once: four deltas in seat order.

    A winner receives its score from each player who did not win; two players who did not win
    settle the difference of their scores; two winners pay each other nothing, or with
    ``winners_settle`` the lower pays the higher the difference. Every amount is multiplied by
    ``weight(a, b)`` and, with ``round_amounts``, rounded to the nearest 10.
    """
    deltas = [0, 0, 0, 0]
    for a in SEATS:
        for b in SEATS[a + 1 :]:
            both = a in winners and b in winners
            if both and not winners_settle:
                continue
            if not both and (a in winners or b in winners):
                receiver, payer = (a, b) if a in winners else (b, a)
                amount = scores[receiver]
            else:
                receiver, payer = (a, b) if scores[a] >= scores[b] else (b, a)
                amount = scores[receiver] - scores[payer]
            amount *= weight(a, b)
            if round_amounts:
                amount = round_to_ten(amount)
            deltas[receiver] += amount
            deltas[payer] -= amount
    return tuple(deltas)  # type: ignore[return-value]


def check_winner_and_east(winner: Any, east: Any) -> tuple[int | None, int]:
    """Check the ``winner`` (None: washout) and ``east`` seats."""
    return check_optional_seat(winner, _("Winner")), check_seat(east, _("East"))


def check_scores(scores: Any, what: str = _("Scores")) -> Four:
    """Four non-negative ints."""
    return check_four_ints(scores, what, minimum=0)


@dataclass(frozen=True)
class RackOptions:
    """Settings shared by the classic and Faentino rule sets."""

    code: str = option("european", label=_("Code"), kind=TEXT, settable=False)
    name: str = option(_("Classic European"), label=_("Name"), kind=TEXT, settable=False)
    starting_points: int = option(
        1000,
        label=_("Starting points"),
        kind=INT,
        min_value=0,
        max_value=MAX_STARTING_POINTS,
        help_text=_("The stake in front of each player at the start of a session; shown only."),
    )
    limit: int = option(
        500,
        label=_("Limit"),
        kind=INT,
        min_value=10,
        max_value=MAX_LIMIT_VALUE,
        help_text=_("The most one hand can score."),
    )
    rounds: int = option(
        4,
        label=_("Rounds of East"),
        kind=INT,
        min_value=1,
        max_value=4,
        help_text=_("How many times the deal goes round the table in a session."),
    )
    max_dealer_repeats: int | None = option(
        None, label=_("Hands East may keep the deal"), kind=INT, settable=False
    )
    use_table_points: bool = option(
        False,
        label=_("Table points"),
        kind=OPT_BOOL,
        help_text=_("Give 4-2-1-0 table points at the end of a session and rank on them first."),
    )
    table_points: tuple[int, ...] = option(
        TABLE_POINTS, label=_("Table points"), kind=INT_TUPLE, length=4, settable=False
    )
    rank_before_penalties: bool = option(
        False,
        label=_("Rank on the score before penalties"),
        kind=OPT_BOOL,
        help_text=_("Places at the table follow the score without the penalties."),
    )
    penalty_unit: int = option(
        1,
        label=_("Penalty unit"),
        kind=INT,
        min_value=1,
        max_value=MAX_PENALTY_UNIT,
        help_text=_("Multiplier of the MERS penalty amounts (late arrival 10 points)."),
    )


class RackRuleSet(RuleSet):
    """Base of the classic and Faentino rule sets (see the module docstring)."""

    #: the hand form names no discarder and does not say whether a Mahjong was self-drawn
    statistics = tuple(f for f in facts.COMMON if f not in (facts.SELF_DRAWN, facts.DEALT_IN))

    def __init__(self, options: RackOptions) -> None:
        super().__init__(options)
        self.code = options.code  # type: ignore[misc]
        if options.max_dealer_repeats == 0:
            self.max_hands = 4 * options.rounds
        self.ranking_fields = ("table_points", "score") if options.use_table_points else ("score",)

    # -- structure --------------------------------------------------------------------------

    def initial_state(self) -> TableState:
        return first_state()

    def next_state(self, state: TableState, dealer_won: bool) -> TableState:
        """East keeps the deal after winning, at most ``max_dealer_repeats`` hands in a row."""
        limit = self.options.max_dealer_repeats
        if dealer_won and (limit is None or state.repeats < limit):
            return dealer_stays(state)
        return dealer_passes(state, hand_count_finish=4 * self.options.rounds)

    # -- hand entry -------------------------------------------------------------------------

    points_help = _(
        "Each player's points before doubles, every bonus included (the winner's 20 "
        "for Mahjong too)."
    )

    def hand_fields(self, state: TableState | None = None) -> tuple[EntryField, ...]:
        scored = (MAHJONG, WALL_DESTROYED)
        return (
            EntryField(
                "outcome",
                OUTCOME,
                _("Outcome"),
                choices=(
                    (MAHJONG, _("Mahjong")),
                    (WASHOUT, _("Washout (no winner, nobody scores)")),
                    (WALL_DESTROYED, _("Wall destroyed")),
                ),
            ),
            EntryField("winner", SEAT, _("Winner"), outcomes=(MAHJONG,)),
            EntryField(
                "points",
                PER_SEAT_INT,
                _("Points"),
                self.points_help,
                min_value=0,
                max_value=MAX_POINTS,
                outcomes=scored,
            ),
            EntryField(
                "doubles",
                PER_SEAT_INT,
                _("Doubles"),
                required=False,
                min_value=0,
                max_value=MAX_DOUBLES,
                outcomes=scored,
                default=(0, 0, 0, 0),
            ),
            EntryField(
                "limit_hand",
                BOOL,
                _("Limit hand"),
                _("The winner's hand is a limit hand and scores the limit."),
                required=False,
                outcomes=(MAHJONG,),
                default=False,
            ),
            EntryField(
                "zero_score",
                SEATS_KIND,
                _("Hands that count 0"),
                _(
                    "False Mahjong, wrong number of tiles and similar errors: the hand counts 0 "
                    "but still pays."
                ),
                required=False,
                outcomes=scored,
                default=(),
            ),
            EntryField(
                "offender",
                SEAT,
                _("Who destroyed the wall"),
                outcomes=(WALL_DESTROYED,),
            ),
        )

    def _settle(self, entry: dict[str, Any], state: TableState) -> HandSettlement:
        outcome = entry["outcome"]
        if outcome == WASHOUT:
            return HandSettlement(
                deltas=(0, 0, 0, 0),
                next_state=self.next_state(state, dealer_won=False),
                summary=message(_("Washout")),
            )
        zero = entry["zero_score"]
        if outcome == MAHJONG:
            winner = entry["winner"]
            if winner in zero:
                raise RuleError(
                    _("Seat {seat} cannot both win and have a hand that counts 0"), seat=winner
                )
            deltas = self.mahjong_deltas(entry, state)
            summary = message(_("Mahjong by seat {winner}"), winner=winner)
            dealer_won = winner == state.dealer
        else:
            offender = entry["offender"]
            receivers = tuple(seat for seat in SEATS if seat != offender and seat not in zero)
            deltas = self.wall_deltas(entry, state, receivers)
            summary = message(_("Seat {seat} destroyed the wall"), seat=offender)
            dealer_won = False
        return HandSettlement(
            deltas=deltas, next_state=self.next_state(state, dealer_won), summary=summary
        )

    def hand_facts(self, entry: Mapping[str, Any], changes: Any) -> facts.HandFacts:
        """A Mahjong and the points its winner took; a washout is a draw; a hand that counts
        0 (a false Mahjong) and a destroyed wall are the offender's chombo (§12)."""
        outcome = entry.get("outcome")
        zero = tuple(int(seat) for seat in entry.get("zero_score") or ())
        if outcome == WALL_DESTROYED:
            return facts.HandFacts(chombo=tuple({int(entry["offender"]), *zero}))
        winners = self.hand_winners(entry)
        if not winners:
            return facts.HandFacts(draw=True)
        discarder = entry.get("discarder")
        return facts.HandFacts(
            winners=winners,
            discarder=None if discarder is None else int(discarder),
            chombo=zero,
            values=facts.winner_values(winners, lambda seat: int(changes[seat])),
        )

    def hand_winners(self, entry: Mapping[str, Any]) -> tuple[int, ...]:
        """The seats that won the hand ``entry`` (none for a washout)."""
        if entry.get("outcome") == MAHJONG:
            return (int(entry["winner"]),)
        return ()

    @abstractmethod
    def mahjong_deltas(self, entry: dict[str, Any], state: TableState) -> Four:
        """Implemented by each rule set."""

    @abstractmethod
    def wall_deltas(
        self, entry: dict[str, Any], state: TableState, receivers: tuple[int, ...]
    ) -> Four:
        """What each seat pays or receives when ``entry`` says the wall was destroyed."""

    def _describe_state(self, state: TableState) -> Message:
        if self.asks_first_wind:  # the prevalent wind is not always East's first
            return message(
                _("Hand {hand}, {wind} round ({round} of {rounds}), East is seat {dealer}"),
                hand=state.hand_number,
                wind=WIND_NAMES[state.prevalent_wind],
                round=state.deals // 4 + 1,
                rounds=self.options.rounds,
                dealer=state.dealer,
            )
        return message(
            _("Hand {hand}, round {round} of {rounds}, East is seat {dealer}"),
            hand=state.hand_number,
            round=state.deals // 4 + 1,
            rounds=self.options.rounds,
            dealer=state.dealer,
        )

    # -- penalties --------------------------------------------------------------------------

    false_mahjong_help = _("The hand counts 0 and pays the others as in a normal settlement.")
    wall_help = _("The offender pays each player still in the hand.")

    @property
    def penalty_catalogue(self) -> tuple[pen.PenaltyKind, ...]:
        return (
            pen.PenaltyKind(
                pen.FALSE_MAHJONG,
                _("False Mahjong"),
                self.false_mahjong_help,
                hand_entry="zero_score",
            ),
            pen.PenaltyKind(
                pen.WALL_DESTROYED,
                _("Wall destroyed"),
                self.wall_help,
                transfers=True,
                hand_entry=WALL_DESTROYED,
            ),
            *pen.mers_kinds(tile_not_shown=False, false_hu=False),
        )
