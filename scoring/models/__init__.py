"""Hands and penalties: what happened at the tables, as entered by the referees.

This module owns the records; the numbers in them are computed by the pure `rules` package
through the scoring services, never here. Vocabulary:

- a *Hand* is one hand played at a table. A correction never edits a hand: it saves a new
  version and marks the old one as no longer current, so the history of a table is complete.
  The four point changes are in starting seat order (East, South, West, North at the start of
  the session).
- a *Penalty* is a deduction given to a player in a session (late arrival, false Hu, repeated
  infraction, ...), with the transfer to the other players at the table when the kind has one.
  A penalty is cancelled with a reason, never deleted.

One module per record: `hands` (Hand and its outcomes), `penalties`, `results` (a seat's result
of a closed table), `audit` (the audit trail); the referee calls live in `scoring.calls`.
Every name is imported from `scoring.models`.
"""

# The referee calls live in their own package; imported here so that Django knows the model.
from scoring.calls.models import CallKind, RefereeCall
from scoring.models.audit import (
    AuditAction,
    AuditEntry,
)
from scoring.models.hands import (
    MAX_TILES_TEXT,
    NO_WINNER,
    SEAT_CHOICES,
    SELF_DRAWN_WINS,
    WINS_ON_A_DISCARD,
    Hand,
    HandQuerySet,
    Outcome,
)
from scoring.models.penalties import (
    INFRACTIONS,
    Penalty,
    PenaltyKind,
)
from scoring.models.results import (
    SEAT_RESULT_FIGURES,
    SeatResult,
)

__all__ = [
    "INFRACTIONS",
    "MAX_TILES_TEXT",
    "NO_WINNER",
    "SEAT_CHOICES",
    "SEAT_RESULT_FIGURES",
    "SELF_DRAWN_WINS",
    "WINS_ON_A_DISCARD",
    "AuditAction",
    "AuditEntry",
    "CallKind",
    "Hand",
    "HandQuerySet",
    "Outcome",
    "Penalty",
    "PenaltyKind",
    "RefereeCall",
    "SeatResult",
]
