"""The data a rule set and the desk exchange: the state of a table between hands
(:class:`TableState`), a settled hand (:class:`HandSettlement`), a seat's result of a session
(:class:`SeatResult`), and the steps of play every rule set shares (the dealer passing or
staying, the first state, per-seat sums).

Seats are always the four starting seats 0..3, every per-seat tuple in that order."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.checks import (
    SEATS,
)
from rules.errors import RuleError
from rules.i18n import Message, _

Four = tuple[int, int, int, int]


NO_POINTS: Four = (0, 0, 0, 0)


def winds_from_dealer(dealer: int) -> Four:
    """Seat winds of the four starting seats when ``dealer`` is East and nobody changed seats."""
    return tuple((seat - dealer) % 4 for seat in SEATS)  # type: ignore[return-value]


@dataclass(frozen=True)
class TableState:
    """Where a table stands before a hand: the next hand to play and what it needs to be scored.

    - ``hand_number``: 1-based sequence number of the next hand to enter (repeated deals, and in
      riichi the replay after a chombo, count as new hands);
    - ``prevalent_wind``: 0..3 (East..North);
    - ``seat_winds``: the seat wind of each starting seat for this hand;
    - ``dealer``: the starting seat that is East for this hand;
    - ``honba``: riichi counters on the table (0 elsewhere);
    - ``deposits``: riichi deposit points on the table (0 elsewhere);
    - ``finished``: the session's regular end has been reached (16 hands, South 4 passed...);
    - ``repeats``: how many hands in a row the current dealer has kept the deal;
    - ``deals``: how many times the deal has passed since the start of the session;
    - ``first_wind``: the prevalent wind of the first round (0 but in the FIMJ variant, where it
      is the wind of the player who opened the first breach in the wall).
    """

    hand_number: int
    prevalent_wind: int
    seat_winds: Four
    dealer: int
    honba: int = 0
    deposits: int = 0
    finished: bool = False
    repeats: int = 0
    deals: int = 0
    first_wind: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-friendly data (see :meth:`from_dict`)."""
        data = dataclasses.asdict(self)
        data["seat_winds"] = list(self.seat_winds)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableState:
        """Rebuild a state stored with :meth:`to_dict`."""
        try:
            values = dict(data)
            values["seat_winds"] = tuple(values["seat_winds"])
            return cls(**values)
        except (KeyError, TypeError) as error:
            raise RuleError(_("The stored table state is invalid: {error}"), error=error) from error


@dataclass(frozen=True)
class HandSettlement:
    """The result of settling one hand.

    ``deltas`` are the points each starting seat wins (+) or loses (-) in this hand, riichi
    deposits included: a player declaring riichi has -1000 here, and the winner who collects the
    deposits has them here. So ``sum(deltas) + deposits_change == 0`` always holds, where
    ``deposits_change = next_state.deposits - state.deposits`` is what was added to (or, when
    negative, taken from) the deposits on the table. ``chombo`` counts the chombo of each seat in
    this hand (riichi; the 2016 edition takes 20000 off the final score per chombo).
    """

    deltas: Four
    next_state: TableState
    summary: Message
    deposits_change: int = 0
    chombo: Four = NO_POINTS


@dataclass(frozen=True)
class SeatResult:
    """One seat's result for a session at one table.

    - ``end_points``: starting points plus everything won at the table (hand deltas and penalty
      transfers); riichi: the points in front of the player before leftover deposits;
    - ``score``: the session score: MCR, classic, Faentino: points won plus transfers plus
      penalties; riichi: ``end_points``;
    - ``place``: 1..4 at the table, tied players sharing the best place;
    - ``table_points``: MCR 4-2-1-0 shared (``Fraction``); ``None`` for rule sets without them;
    - ``final_score``: what the standings add up: riichi end points - 30000 + uma + leftover
      deposits (first place) - chombo - penalties; elsewhere the score;
    - ``substitute``: a substitute played this seat; the registered player gets 0 score, 0 table
      points and 0 final score (``place`` is still the seat's place, used for the others).
    """

    seat: int
    end_points: int
    score: int
    place: int
    table_points: Fraction | None
    final_score: Fraction
    substitute: bool = False


def dealer_passes(state: TableState, *, hand_count_finish: int) -> TableState:
    """The next state when the deal passes to the next seat and nobody changes seats.

    The session ends when the deal has passed ``hand_count_finish`` times.
    """
    deals = state.deals + 1
    dealer = deals % 4
    return TableState(
        hand_number=state.hand_number + 1,
        # the winds of the rounds follow East, South, West, North from the first one
        prevalent_wind=(state.first_wind + min(deals // 4, 3)) % 4,
        seat_winds=winds_from_dealer(dealer),
        dealer=dealer,
        honba=state.honba,
        deposits=state.deposits,
        finished=deals >= hand_count_finish,
        repeats=0,
        deals=deals,
        first_wind=state.first_wind,
    )


def dealer_stays(state: TableState) -> TableState:
    """The next state when the dealer keeps the deal."""
    return TableState(
        hand_number=state.hand_number + 1,
        prevalent_wind=state.prevalent_wind,
        seat_winds=state.seat_winds,
        dealer=state.dealer,
        honba=state.honba,
        deposits=state.deposits,
        finished=False,
        repeats=state.repeats + 1,
        deals=state.deals,
        first_wind=state.first_wind,
    )


def first_state() -> TableState:
    """Hand 1: seat 0 is East, East round, nothing on the table."""
    return TableState(hand_number=1, prevalent_wind=0, seat_winds=(0, 1, 2, 3), dealer=0)


def add(*rows: Four) -> Four:
    """Per-seat sum of several 4-tuples."""
    return tuple(sum(column) for column in zip(*rows, strict=True))
