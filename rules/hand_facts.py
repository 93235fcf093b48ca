"""What a stored hand says about each player, and a player's statistics from their hands
(docs/rules.md §12).

The rule set owns what a hand's fields mean: :meth:`rules.base.RuleSet.hand_facts` reads one
hand (the entry the referee made and the four point changes the rules settled) into a
:class:`HandFacts`; :class:`Tally` adds up the facts of the hands one player played into the
figures of §12, each defined once there. :attr:`rules.base.RuleSet.statistics` names the figures
a rule set's hands record (the classic games' hand form names no discarder and does not say
whether a Mahjong was self-drawn, so those two figures are not theirs).

Pure Python: whole numbers and exact fractions, no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from rules.checks import SEATS

#: The figures of docs/rules.md §12, in the order pages and downloads show them.
HANDS = "hands"
WON = "won"
SELF_DRAWN = "self_drawn"
DEALT_IN = "dealt_in"
AVERAGE_VALUE = "average_value"
LARGEST_VALUE = "largest_value"
DRAWS = "draws"
PENALTIES = "penalties"
PENALTY_POINTS = "penalty_points"
CHOMBO = "chombo"
RIICHI = "riichi"
RIICHI_WON = "riichi_won"
RIICHI_DEALT_IN = "riichi_dealt_in"
AVERAGE_HAN = "average_han"
FREQUENT_PATTERN = "frequent_pattern"

#: Every rule set's figures; riichi adds its four, MCR and riichi the most frequent pattern.
COMMON = (
    HANDS,
    WON,
    SELF_DRAWN,
    DEALT_IN,
    AVERAGE_VALUE,
    LARGEST_VALUE,
    DRAWS,
    PENALTIES,
    PENALTY_POINTS,
    CHOMBO,
)
RIICHI_FIGURES = (RIICHI, RIICHI_WON, RIICHI_DEALT_IN, AVERAGE_HAN)
ALL_FIGURES = (*COMMON, *RIICHI_FIGURES, FREQUENT_PATTERN)

NOBODY: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)


@dataclass(frozen=True)
class HandFacts:
    """One hand as the statistics read it; seats are the starting seats 0..3.

    - ``played``: False for a hand that records nothing and is played again (the classic
      games' replayed hand): it is no hand played;
    - ``winners``: the seats that won (one, or several in a multiple win);
    - ``self_drawn``: the win was self-drawn;
    - ``discarder``: the seat whose discard was won on (None: self-drawn, no winner, or a rule
      set whose hand form does not name the discarder);
    - ``draw``: the hand ended without a winner (a washout, an exhaustive or abortive draw);
    - ``chombo``: the seats that committed the rule set's chombo in this hand (riichi's chombo,
      the classic games' false Mahjong or destroyed wall);
    - ``riichi``: the seats that declared riichi in this hand;
    - ``values``: per seat, the winning value of a winner (the rule set's, §12), else None;
    - ``han``: per seat, a riichi winner's han (None for a yakuman hand and for non-winners).
    """

    played: bool = True
    winners: tuple[int, ...] = ()
    self_drawn: bool = False
    discarder: int | None = None
    draw: bool = False
    chombo: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    values: tuple[int | None, ...] = NOBODY
    han: tuple[int | None, ...] = NOBODY


@dataclass
class Tally:
    """One player's figures (docs/rules.md §12), added up hand by hand with :meth:`add`;
    two tallies (two tournaments of a season) add up with ``+``."""

    hands: int = 0
    won: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    value_total: int = 0
    value_hands: int = 0
    largest_value: int | None = None
    draws: int = 0
    penalties: int = 0
    penalty_points: int = 0
    chombo: int = 0
    riichi: int = 0
    riichi_won: int = 0
    riichi_dealt_in: int = 0
    han_total: int = 0
    han_hands: int = 0
    #: pattern (its English name) -> in how many of the player's counted wins it scored
    patterns: dict[str, int] = field(default_factory=dict)
    #: how many of the player's wins were counted from tiles with the figures matching
    counted_wins: int = 0

    def add(self, facts: HandFacts, seat: int, patterns: Iterable[str] | None = None) -> None:
        """Count one hand the player played in starting seat ``seat``; ``patterns`` are the
        patterns of the player's win when it was counted from tiles and matched (None
        otherwise)."""
        if seat not in SEATS:
            raise ValueError(f"seat {seat!r} is not 0..3")
        if not facts.played:
            return
        self.hands += 1
        self.draws += facts.draw
        self.chombo += seat in facts.chombo
        declared = seat in facts.riichi
        self.riichi += declared
        if seat in facts.winners:
            self.won += 1
            self.self_drawn += facts.self_drawn
            self.riichi_won += declared
            value = facts.values[seat]
            if value is not None:
                self.value_total += value
                self.value_hands += 1
                self.largest_value = (
                    value if self.largest_value is None else max(self.largest_value, value)
                )
            han = facts.han[seat]
            if han is not None:
                self.han_total += han
                self.han_hands += 1
            if patterns is not None:
                self.counted_wins += 1
                for name in set(patterns):
                    self.patterns[name] = self.patterns.get(name, 0) + 1
        elif facts.discarder == seat and facts.winners:
            self.dealt_in += 1
            self.riichi_dealt_in += declared

    def add_penalties(self, count: int, points: int) -> None:
        """The penalties the player was given (``count``) and the points they cost (``points``,
        zero or negative: the Penalties figure of docs/rules.md §6.13)."""
        self.penalties += count
        self.penalty_points += points

    def __add__(self, other: Tally) -> Tally:
        total = Tally()
        for name in (
            "hands",
            "won",
            "self_drawn",
            "dealt_in",
            "value_total",
            "value_hands",
            "draws",
            "penalties",
            "penalty_points",
            "chombo",
            "riichi",
            "riichi_won",
            "riichi_dealt_in",
            "han_total",
            "han_hands",
            "counted_wins",
        ):
            setattr(total, name, getattr(self, name) + getattr(other, name))
        largest = [v for v in (self.largest_value, other.largest_value) if v is not None]
        total.largest_value = max(largest) if largest else None
        total.patterns = dict(self.patterns)
        for name, count in other.patterns.items():
            total.patterns[name] = total.patterns.get(name, 0) + count
        return total

    @property
    def average_value(self) -> Fraction | None:
        """The winning values' average over the wins that have one (None without a win)."""
        return Fraction(self.value_total, self.value_hands) if self.value_hands else None

    @property
    def average_han(self) -> Fraction | None:
        """The han's average over the wins that are not yakuman (None without one)."""
        return Fraction(self.han_total, self.han_hands) if self.han_hands else None

    @property
    def frequent_pattern(self) -> tuple[str, int] | None:
        """The pattern scored in the most counted wins and in how many (None without a counted
        win); among patterns scored equally often, the first in alphabetical order."""
        if not self.patterns:
            return None
        name = min(self.patterns, key=lambda key: (-self.patterns[key], key))
        return name, self.patterns[name]


def winner_values(
    winners: Iterable[int], value: Callable[[int], int | None]
) -> tuple[int | None, ...]:
    """Per seat, ``value(seat)`` for the winners and None for the others."""
    chosen = set(winners)
    return tuple(value(seat) if seat in chosen else None for seat in SEATS)
