"""The rules engine of the Mahjong Tournament Desk: pure Python, no Django, exact arithmetic.

What a tournament needs from the rules of MCR (MERS), EMA Riichi (2008 and 2016), classic
European mahjong, its FIMJ Italian variant and the Faentino regulation: hand settlements, the
structure of a session, session results, standings order and penalties, as described in
``docs/rules.md``. Points are ``int``; shared table points and uma are ``fractions.Fraction``.
Seats are the starting seats 0..3 (East, South, West, North at the start of the session) and every
per-seat tuple is in that order.

Entry points:

- :func:`get_ruleset` (``RULESET_CODES``) -> a :class:`RuleSet` the desk uses without knowing
  which rules it is (:mod:`rules.base` describes it);
- the rule-specific functions in :mod:`rules.mcr`, :mod:`rules.riichi`, :mod:`rules.classic`
  and :mod:`rules.faentino`;
- :mod:`rules.ranking` for places and ties;
- :class:`RuleError` for every input the rules refuse.
"""

from rules import classic, faentino, mcr, ranking, riichi
from rules.base import ENTRY_KINDS, EntryField, RuleSet
from rules.errors import RuleError
from rules.i18n import Message
from rules.options import OptionField
from rules.penalties import PenaltyKind, PenaltyOutcome
from rules.registry import RULESET_CODES, family_codes, get_ruleset, preset
from rules.state import HandSettlement, SeatResult, TableState

__all__ = [
    "ENTRY_KINDS",
    "RULESET_CODES",
    "EntryField",
    "HandSettlement",
    "Message",
    "OptionField",
    "PenaltyKind",
    "PenaltyOutcome",
    "RuleError",
    "RuleSet",
    "SeatResult",
    "TableState",
    "classic",
    "faentino",
    "family_codes",
    "get_ruleset",
    "mcr",
    "preset",
    "ranking",
    "riichi",
]
