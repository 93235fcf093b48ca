"""What every rule set offers the desk, and the data it exchanges with it.

The desk (the Django side) never knows which rule set it is scoring. It asks a :class:`RuleSet`
(from :func:`rules.get_ruleset`) for:

- the structure of a session: :meth:`RuleSet.initial_state` and the :class:`TableState` returned
  after each hand (hand number, winds, dealer, counters, deposits, whether the session is over);
- the fields a referee fills in for one hand (:meth:`RuleSet.hand_fields`, a tuple of
  :class:`~rules.entry.EntryField`, see :mod:`rules.entry`), and the settlement of an entry
  made of those fields (:meth:`RuleSet.settle` -> :class:`HandSettlement`);
- the result of a session at one table (:meth:`RuleSet.session_result` -> four
  :class:`SeatResult`), and which of its fields order the standings (``ranking_fields``);
- its penalty catalogue and the cost of each penalty (:mod:`rules.penalties`);
- its settings (a frozen preset dataclass, :mod:`rules.options`);
- what the desk shows and prints: whether the standings show the final score or the session
  score (``shows_final_score``, ``total_label``), how final scores read
  (``final_score_format``) and the transfers and penalties beside them (``figure_format``), which columns of a hand give its value and how it reads
  (``hand_value_fields``, :meth:`RuleSet.hand_value_text`), which score-sheet form it prints
  (``score_sheet``), whether the EMA results file has table points (``ema_table_points``) and
  how it names the rules (``ema_rules``);
- what a season ranks it with (``family``, docs/rules.md §11) and what its hands say for the
  statistics (:meth:`RuleSet.hand_facts`, :meth:`RuleSet.hand_patterns`, ``statistics``,
  docs/rules.md §12).

Seats are always the four starting seats 0..3 (East, South, West, North at the start of the
session), and every per-seat tuple is in that order, whoever is East for the current hand.
Points are ``int``; whatever is shared by division is a ``fractions.Fraction``. This package does
not touch the database."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from rules.checks import (
    SEATS,
    check_four_bools,
    check_four_ints,
    check_int,
    check_zero_sum,
    is_int,
)
from rules.entry import (
    BOOL,
    ENTRY_KINDS,
    INT,
    OPTIONAL_SEAT,
    OUTCOME,
    PER_SEAT_INT,
    SEAT,
    SEATS_KIND,
    EntryField,
    clean_entry,
)
from rules.errors import RuleError
from rules.families import CLASSIC
from rules.hand_facts import COMMON, HandFacts
from rules.i18n import Message, _, message
from rules.options import OptionField, option_fields
from rules.penalties import PenaltyKind, PenaltyOutcome, check_params, mers_outcome
from rules.ranking import share, shared_places
from rules.state import NO_POINTS, Four, HandSettlement, SeatResult, TableState

#: The score-sheet forms the desk prints (:attr:`RuleSet.score_sheet`): the FIMJ form of the
#: MCR sessions (16 hands in four rounds with their seat changes), and the generic sheet of the
#: same structure without the rounds.
SCORE_SHEET_FIMJ_MCR = "fimj-mcr-form"


SCORE_SHEET_GENERIC = "generic-form"


SCORE_SHEETS = (SCORE_SHEET_FIMJ_MCR, SCORE_SHEET_GENERIC)


@dataclass(frozen=True)
class ScoreFormat:
    """How a rule set's final scores read: divided by ``scale``, with ``places`` decimals, and
    with a ``+`` before positive values when ``signed`` (riichi: 21600 reads "+21.6")."""

    scale: int = 1
    places: int = 0
    signed: bool = False


class RuleSet(ABC):
    """Base class of the rule sets; see the module docstring for what the desk uses.

    Subclasses set the class attributes, build :attr:`penalty_catalogue`, and implement
    :meth:`initial_state`, :meth:`hand_fields`, :meth:`_settle` and, when the generic
    score-based ranking does not fit, :meth:`_session_result`.
    """

    code: ClassVar[str]
    #: Field names of :class:`SeatResult` the standings add up and sort on, most important first.
    ranking_fields: tuple[str, ...] = ("score",)
    #: Number of hands of a full session, or None when it depends on play.
    max_hands: int | None = None
    #: True when the standings show the final score (riichi: after uma, deposits and chombo)
    #: where the others show the session score (for them both are the same number).
    shows_final_score: bool = False
    #: The label of the total the standings show (marked for translation).
    total_label: str = _("Score")
    #: How final scores read.
    final_score_format: ScoreFormat = ScoreFormat()
    #: The columns of a stored hand that give its value, in reading order (MCR: fan; riichi:
    #: han and fu); empty when a hand has no single value (classic: each player's points).
    hand_value_fields: tuple[str, ...] = ()
    #: The score-sheet form of this rule set (one of ``SCORE_SHEETS``).
    score_sheet: str = SCORE_SHEET_GENERIC
    #: True when the EMA results file carries table points for this rule set (the EMA expects
    #: them from MCR only, whatever other rule sets use for their own standings).
    ema_table_points: bool = False
    #: The rules as the EMA results file names them ("MCR" or "Riichi"), or None for a rule set
    #: the EMA does not rank (classic European, FIMJ, Faentino).
    ema_rules: str | None = None
    #: The family a season ranks this rule set's tournaments with (``rules.families``).
    family: str = CLASSIC
    #: The statistics its hands record (``rules.hand_facts``, docs/rules.md §12), in order.
    statistics: tuple[str, ...] = COMMON
    #: What a winning value counts (docs/rules.md §12), marked for translation.
    value_unit: str = _("points")
    #: The heading of the most frequent pattern of the counted wins ("Most frequent fan"), or
    #: "" when the statistics have none.
    pattern_label: str = ""

    def __init__(self, options: Any) -> None:
        self.options = options
        self.name: str = options.name
        self.starting_points: int = options.starting_points

    @property
    def asks_first_wind(self) -> bool:
        """True when the first prevalent wind is the wind of the player who opens the first
        breach in the wall (the FIMJ variant, docs/rules.md §4.3): the table records it when
        play starts and passes it to :meth:`start_state`."""
        return bool(getattr(self.options, "prevalent_from_breach", False))

    def start_state(self, first_wind: int | None = None) -> TableState:
        """The state before the first hand; ``first_wind`` (0-3) is the first prevalent wind
        where the rule set asks for it (:attr:`asks_first_wind`), ignored elsewhere."""
        state = self.initial_state()
        if not self.asks_first_wind or first_wind is None:
            return state
        wind = check_int(first_wind, _("First prevalent wind"), minimum=0, maximum=3)
        return dataclasses.replace(state, prevalent_wind=wind, first_wind=wind)

    def __repr__(self) -> str:
        return f"<RuleSet {self.code}>"

    # -- settings ---------------------------------------------------------------------------

    def option_fields(self) -> tuple[OptionField, ...]:
        """The settings a director may change, with this rule set's current values."""
        return option_fields(self.options)

    # -- session structure ------------------------------------------------------------------

    @abstractmethod
    def initial_state(self) -> TableState:
        """The state of a table before its first hand."""

    def describe_state(self, state: TableState) -> Message:
        """A short description of the hand about to be played, for score sheets."""
        if state.finished:
            return message(_("The session is over"))
        return self._describe_state(state)

    @abstractmethod
    def _describe_state(self, state: TableState) -> Message:
        """Implemented by each rule set."""

    # -- hands ------------------------------------------------------------------------------

    def winning_value(
        self, entry: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], dict[str, int]] | None:
        """A won hand's value for the best-hands ranking (docs/rules.md §7): a sort key (higher
        is better) and the figures as the hand form takes them; None when the hand has no
        winner or the rule set ranks no hands."""
        return None

    def hand_facts(self, entry: Mapping[str, Any], changes: Any) -> HandFacts:
        """What a stored hand says about each seat for the statistics (docs/rules.md §12):
        ``entry`` as the referee entered it, ``changes`` the four point changes it settled.
        The winning value is the points the winner took in the hand unless the rule set
        values its hands otherwise (MCR: the fan)."""
        raise NotImplementedError(f"{self.code} does not read its hands for the statistics")

    def hand_patterns(self, count: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """The patterns (English and Italian name) a winning hand scored, from its stored count
        from tiles (docs/rules.md §7): MCR's fans, riichi's yaku; () where the statistics name
        none (``pattern_label`` empty)."""
        return ()

    def tile_counter(self) -> Any:
        """What "Count from tiles" does for this rule set (docs/rules.md §7): a
        ``rules.tile_count.TileCounter``, or None."""
        return None

    @abstractmethod
    def hand_fields(self, state: TableState | None = None) -> tuple[EntryField, ...]:
        """The fields a referee fills in for one hand; the first is always ``outcome``."""

    def outcomes(self, state: TableState | None = None) -> tuple[tuple[str, str], ...]:
        """The possible outcomes of a hand as (value, label) pairs."""
        return self.hand_fields(state)[0].choices

    def settle(self, entry: Mapping[str, Any], state: TableState) -> HandSettlement:
        """Settle one hand described by ``entry`` (keys: the names of :meth:`hand_fields`)."""
        if not isinstance(state, TableState):
            raise RuleError(_("The table state is missing or invalid"))
        if state.finished:
            raise RuleError(_("The session at this table is over; no more hands can be entered"))
        clean = clean_entry(self.hand_fields(state), entry)
        settlement = self._settle(clean, state)
        if sum(settlement.deltas) + settlement.deposits_change != 0:  # pragma: no cover
            raise AssertionError(f"{self.code} settlement is not zero-sum: {settlement}")
        return settlement

    @abstractmethod
    def _settle(self, entry: dict[str, Any], state: TableState) -> HandSettlement:
        """Implemented by each rule set."""

    # -- session result ---------------------------------------------------------------------

    def session_result(
        self,
        scores: Any,
        *,
        penalties: Any = NO_POINTS,
        transfers: Any = NO_POINTS,
        chombo: Any = NO_POINTS,
        deposits: int = 0,
        substitutes: Any = (False, False, False, False),
    ) -> tuple[SeatResult, ...]:
        """The result of one session at one table, one :class:`SeatResult` per starting seat.

        - ``scores``: per seat, the sum of the hand ``deltas`` of the session;
        - ``penalties``: per seat, the sum of the ``offender_points`` (<= 0) of the penalties paid
          to nobody;
        - ``transfers``: per seat, the sum of the ``deltas()`` of penalties paid to the other
          players (MCR false Hu); they must sum to 0;
        - ``chombo``: per seat, the number of chombo (riichi; see :class:`HandSettlement`);
        - ``deposits``: riichi deposit points left on the table at the end (``state.deposits``);
        - ``substitutes``: per seat, True when a substitute played the seat.
        """
        scores = check_four_ints(scores, _("Session scores"))
        penalties = check_four_ints(penalties, _("Penalties"), maximum=0)
        transfers = check_four_ints(transfers, _("Penalty transfers"))
        check_zero_sum(transfers, _("Penalty transfers"))
        chombo = check_four_ints(chombo, _("Chombo counts"), minimum=0)
        deposits = check_int(deposits, _("Deposits left on the table"), minimum=0)
        substitutes = check_four_bools(substitutes, _("Substitutes"))
        check_zero_sum(scores, _("The session scores"), expected=-deposits)
        return self._session_result(scores, penalties, transfers, chombo, deposits, substitutes)

    def _session_result(
        self,
        scores: Four,
        penalties: Four,
        transfers: Four,
        chombo: Four,
        deposits: int,
        substitutes: tuple[bool, ...],
    ) -> tuple[SeatResult, ...]:
        """Score-based result: place by session score, optional shared table points."""
        if deposits:
            raise RuleError(_("{ruleset} has no deposits on the table"), ruleset=self.name)
        if any(chombo):
            raise RuleError(_("{ruleset} has no chombo"), ruleset=self.name)
        played = tuple(s + t for s, t in zip(scores, transfers, strict=True))
        score = tuple(p + q for p, q in zip(played, penalties, strict=True))
        ranked_on = played if self.options.rank_before_penalties else score
        places = shared_places(ranked_on)
        table_points = (
            share(self.options.table_points, ranked_on) if self.uses_table_points else None
        )
        results = []
        for seat in SEATS:
            substitute = substitutes[seat]
            points = table_points[seat] if table_points is not None else None
            if substitute and points is not None:
                points = Fraction(0)
            results.append(
                SeatResult(
                    seat=seat,
                    end_points=self.starting_points + played[seat],
                    score=0 if substitute else score[seat],
                    place=places[seat],
                    table_points=points,
                    final_score=Fraction(0 if substitute else score[seat]),
                    substitute=substitute,
                )
            )
        return tuple(results)

    @property
    def uses_table_points(self) -> bool:
        """True when sessions give table points (MCR; a setting elsewhere)."""
        return bool(getattr(self.options, "use_table_points", False))

    # -- presentation -----------------------------------------------------------------------

    def hand_value_text(self, values: Mapping[str, Any]) -> str:
        """How the value of one hand reads, from its ``hand_value_fields`` (``values`` maps
        each name to a number or None): "24" (fan), "3/40" (han/fu; the han alone when no fu);
        "" when the hand has no value (no winner, or a rule set without one)."""
        if not self.hand_value_fields:
            return ""
        first, *rest = (values.get(name) for name in self.hand_value_fields)
        if first is None:
            return ""
        return str(first) + "".join(f"/{value}" for value in rest if value)

    # -- penalties --------------------------------------------------------------------------

    def hand_transfers(self, entry: Mapping[str, Any], deltas: Any) -> Four:
        """The part of one hand's ``deltas`` that is a penalty paid between players, not hand
        points (docs/rules.md §6.13): riichi 2008's chombo payment.
        None elsewhere."""
        return NO_POINTS

    @property
    def figure_format(self) -> ScoreFormat:
        """How a player's transfers and penalties read beside the total the standings rank by
        (docs/rules.md §6.13): in the total's unit. Riichi's total is the final score in
        thousands, so a 2016 chombo reads "−20.0" beside "+21.6", never "−20000"; the other
        rule sets' totals are whole points."""
        return self.final_score_format if self.shows_final_score else ScoreFormat()

    @property
    def has_transfers(self) -> bool:
        """Whether anything is paid between players in this rule set (a transfer, docs/rules.md
        §6.13): a penalty of its catalogue (MCR's false Hu) or a hand (riichi 2008's chombo,
        :meth:`hand_transfers`). A kind entered as a hand (`hand_entry`: the rack games' wall
        destroyed) is settled as the hand's points, not a transfer. The blank score sheet gives
        transfers a row."""
        return any(kind.transfers and not kind.hand_entry for kind in self.penalty_catalogue)

    def chombo_penalties(self, chombo: Any) -> Four:
        """Per seat, the points paid to nobody for ``chombo`` (the chombo counts of a session):
        EMA Riichi 2016 takes them off the final score. None elsewhere."""
        return NO_POINTS

    @property
    @abstractmethod
    def penalty_catalogue(self) -> tuple[PenaltyKind, ...]:
        """The penalties of this rule set, in the order the desk should offer them."""

    def penalty(self, kind_code: str, **params: Any) -> PenaltyOutcome:
        """The cost of one penalty; ``params`` are those named in its :class:`PenaltyKind`."""
        kinds = {kind.code: kind for kind in self.penalty_catalogue}
        if kind_code not in kinds:
            raise RuleError(
                _("Unknown penalty {code} for {ruleset}; the penalties are: {valid}"),
                code=kind_code,
                ruleset=self.name,
                valid=", ".join(kinds),
            )
        kind = kinds[kind_code]
        if kind.hand_entry is not None:
            raise RuleError(
                _(
                    "{penalty} is entered with the hand it happened in ({entry}), not as a "
                    "separate penalty"
                ),
                penalty=kind.label,
                entry=kind.hand_entry,
            )
        check_params(kind, params)
        return mers_outcome(kind, params, unit=self.penalty_unit)

    @property
    def penalty_unit(self) -> int:
        """Multiplier of the MERS penalty amounts for this rule set."""
        return int(getattr(self.options, "penalty_unit", 1))


__all__ = [
    "BOOL",
    "ENTRY_KINDS",
    "INT",
    "NO_POINTS",
    "OPTIONAL_SEAT",
    "OUTCOME",
    "PER_SEAT_INT",
    "SCORE_SHEETS",
    "SCORE_SHEET_FIMJ_MCR",
    "SCORE_SHEET_GENERIC",
    "SEAT",
    "SEATS_KIND",
    "EntryField",
    "HandSettlement",
    "RuleSet",
    "ScoreFormat",
    "SeatResult",
    "TableState",
    "clean_entry",
    "is_int",
]
