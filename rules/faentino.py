"""The Faentino regulation (docs/rules.md §5).

- A table lasts 3 rotations of East, starting from 2000 points each; East keeps the deal only
  once (if East wins again, the deal passes anyway); the deal passes whenever East does not win.
- :func:`player_score`: the winner adds 20 for Mahjong to its rack, or scores 30 with an empty
  rack; the total is doubled once per double, East's own score once more, rounded to the nearest
  10 (an exact 5 going up) and capped at the limit of 200 ("massimo"); a limit hand scores 200.
- :func:`settle`: the winner collects its score from each player, the others settle the
  differences of their scores (no further doubling: East's doubling is already in its score).
- A player who calls Mahjong without having it ends the hand with 0 points (and pays as usual);
  a player who destroys the wall pays each player who made no error as if that player had made
  Mahjong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.checks import SEATS, check_bool, check_int, check_seats, round_to_ten
from rules.errors import RuleError
from rules.faentino_count import count_hand
from rules.i18n import _
from rules.options import BOOL, INT, option
from rules.rack import (
    MAHJONG,
    RackOptions,
    RackRuleSet,
    check_scores,
    check_winner_and_east,
    pairwise_settlement,
)
from rules.rack_count import PointsCount
from rules.state import Four, TableState
from rules.tiles import Hand

MAHJONG_BONUS = 20
EMPTY_RACK_MAHJONG = 30
LIMIT = 200


def player_score(
    points: int,
    doubles: int,
    *,
    winner: bool,
    east: bool,
    limit_hand: bool = False,
    limit: int = LIMIT,
    mahjong_bonus: int = MAHJONG_BONUS,
    empty_rack_mahjong: int = EMPTY_RACK_MAHJONG,
) -> int:
    """One player's Faentino score from its raw rack ``points`` and ``doubles``.

    >>> player_score(16, 1, winner=True, east=True)  # (16 + 20) x 2 x 2 = 144 -> 140
    140
    >>> player_score(8, 0, winner=False, east=False)  # 8 -> 10
    10
    """
    points = check_int(points, _("Points"), minimum=0)
    doubles = check_int(doubles, _("Doubles"), minimum=0)
    winner = check_bool(winner, _("Winner"))
    east = check_bool(east, _("East"))
    if check_bool(limit_hand, _("Limit hand")):
        if not winner:
            raise RuleError(_("Only the winner can have a limit hand"))
        return limit
    if winner:
        points = points + mahjong_bonus if points else empty_rack_mahjong
    score = points * 2 ** (doubles + (1 if east else 0))
    return min(round_to_ten(score), limit)


def settle(
    points: Any,
    doubles: Any,
    *,
    winner: int | None,
    east: int,
    limit_hand: bool = False,
    zero_score: Any = (),
    limit: int = LIMIT,
) -> Four:
    """Settle a Faentino hand from the raw rack points and doubles of the four seats.

    ``winner=None`` is a washout (the hand "goes to the mountain": nobody pays). ``east`` is the
    seat that is East this hand. ``limit_hand``: the winner's hand is a "massimo".
    ``zero_score``: seats whose hand counts 0 (false Mahjong and the other errors of
    docs/rules.md §5.4).

    >>> settle((16, 32, 8, 40), (1, 1, 0, 0), winner=0, east=0)  # docs/rules.md §5.3
    (420, -70, -220, -130)
    """
    points = check_scores(points, _("Points"))
    doubles = check_scores(doubles, _("Doubles"))
    winner, east = check_winner_and_east(winner, east)
    zero_score = check_seats(zero_score, _("Hands that count 0"))
    if winner is None:
        return (0, 0, 0, 0)
    if winner in zero_score:
        raise RuleError(_("Seat {seat} cannot both win and have a hand that counts 0"), seat=winner)
    scores = tuple(
        0
        if seat in zero_score
        else player_score(
            points[seat],
            doubles[seat],
            winner=seat == winner,
            east=seat == east,
            limit_hand=limit_hand and seat == winner,
            limit=limit,
        )
        for seat in SEATS
    )
    return pairwise_settlement(scores, winner)  # type: ignore[arg-type]


@dataclass(frozen=True)
class FaentinoOptions(RackOptions):
    """The Faentino preset and its settings. The values of sets, pairs and bonus tiles, which the
    Faentino text does not give, are the European ones by default (docs/rules.md §7.3)."""

    mahjong_bonus: int = option(MAHJONG_BONUS, label=_("Mahjong bonus"), kind=INT, settable=False)
    empty_rack_mahjong: int = option(
        EMPTY_RACK_MAHJONG, label=_("Mahjong with an empty rack"), kind=INT, settable=False
    )
    pung_points: int = option(
        2,
        label=_("Points of an exposed pung"),
        kind=INT,
        min_value=1,
        max_value=10,
        help_text=_(
            "Count from tiles: an exposed pung of simples; twice that concealed, twice again of "
            "terminals or honours, four times for a kong (the European table: 2). The Faentino "
            "text gives no values."
        ),
    )
    pair_points: int = option(
        2,
        label=_("Points of a pair of dragons or of a valued wind"),
        kind=INT,
        min_value=0,
        max_value=10,
        help_text=_(
            "Count from tiles: a pair of dragons, of the seat wind or of the prevalent wind (the "
            "European value: 2; 0: pairs score nothing)."
        ),
    )
    bonus_points: int = option(
        4,
        label=_("Points of a flower or a season"),
        kind=INT,
        min_value=0,
        max_value=20,
        help_text=_("Count from tiles: each flower or season held (the European value: 4)."),
    )
    wind_pung_doubles: bool = option(
        False,
        label=_("A pung of one's own or the prevalent wind doubles"),
        kind=BOOL,
        help_text=_(
            "Count from tiles: the European rule. Off: the Faentino text names only the "
            "dragons' pungs among the doubles."
        ),
    )


FAENTINO = FaentinoOptions(
    code="faentino",
    name=_("Faentino"),
    starting_points=2000,
    limit=LIMIT,
    rounds=3,
    max_dealer_repeats=1,
)


class FaentinoRuleSet(RackRuleSet):
    """The Faentino regulation."""

    points_help = _(
        "Each player's rack points before doubles; the Mahjong bonus is added by the desk."
    )
    wall_help = _(
        "The offender pays each player who made no error as if that player had made Mahjong."
    )
    false_mahjong_help = _(
        "Calling Mahjong without having it: the hand ends with 0 points and pays as usual."
    )

    def _score(
        self,
        entry: dict[str, Any],
        seat: int,
        *,
        winner: bool,
        east: bool,
        limit_hand: bool = False,
    ) -> int:
        return player_score(
            entry["points"][seat],
            entry["doubles"][seat],
            winner=winner,
            east=east,
            limit_hand=limit_hand,
            limit=self.options.limit,
            mahjong_bonus=self.options.mahjong_bonus,
            empty_rack_mahjong=self.options.empty_rack_mahjong,
        )

    def tile_counter(self) -> Any:
        """Count from tiles (docs/rules.md §7.3): each player's rack points and doubles."""
        from functools import partial

        from rules.rack_tile_count import RackTileCounter

        return RackTileCounter(
            partial(count_points, options=self.options),
            (),
            wins=(MAHJONG,),
            multiple=None,
            fills=_fills,
        )

    def mahjong_deltas(self, entry: dict[str, Any], state: TableState) -> Four:
        winner = entry["winner"]
        scores = tuple(
            0
            if seat in entry["zero_score"]
            else self._score(
                entry,
                seat,
                winner=seat == winner,
                east=seat == state.dealer,
                limit_hand=entry["limit_hand"] and seat == winner,
            )
            for seat in SEATS
        )
        return pairwise_settlement(scores, winner)  # type: ignore[arg-type]

    def wall_deltas(
        self, entry: dict[str, Any], state: TableState, receivers: tuple[int, ...]
    ) -> Four:
        offender = entry["offender"]
        deltas = [0, 0, 0, 0]
        for seat in receivers:
            amount = self._score(entry, seat, winner=True, east=seat == state.dealer)
            deltas[seat] += amount
            deltas[offender] -= amount
        return tuple(deltas)  # type: ignore[return-value]


def _fills(count: Any) -> dict[str, int]:
    """The hand form's figures: the rack points (the desk adds the Mahjong points itself)."""
    return {
        "points": count.points - count.mahjong_points,
        "doubles": count.doubles,
        "limit_hand": int(bool(count.limit_hand)),
    }


def count_points(
    hand: Hand,
    *,
    mahjong: bool,
    self_drawn: bool,
    seat_wind: int,
    prevalent_wind: int,
    flowers: Any = (),
    seasons: Any = (),
    options: Any = None,
    **conditions: Any,
) -> PointsCount:
    """One player's Faentino hand counted from its tiles (docs/rules.md §7.3; the counting is
    :mod:`rules.faentino_count`); the arguments are those of :func:`rules.classic.count_points`
    without ``variant``. ``.points`` include the Mahjong points, ``.doubles`` leave out East's
    own doubling, ``.score`` (rounded to 10, at most the limit) includes it. The conditions are
    accepted and score nothing: the Faentino text gives them no value.

    >>> from rules.tiles import parse
    >>> east = count_points(parse("123m 456p 789s 55z 12p +3p"), mahjong=True, self_drawn=False,
    ...     seat_wind=0, prevalent_wind=0, flowers=(1,))
    >>> east.points, east.doubles, east.score  # 4 (flower) + 2 (pair) + 20, own flower, East
    (26, 1, 100)
    """
    return count_hand(
        hand,
        options=options if options is not None else FAENTINO,
        score=player_score,
        mahjong=mahjong,
        self_drawn=self_drawn,
        seat_wind=seat_wind,
        prevalent_wind=prevalent_wind,
        flowers=flowers,
        seasons=seasons,
        conditions=conditions,
    )
