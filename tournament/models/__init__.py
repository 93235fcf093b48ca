"""Players, tournaments, registrations, sessions, tables and seats.

This module owns the structure of a tournament: who plays, in which session, at which table and
in which seat. Points live in the `scoring` app; the rules that compute them live in the pure
`rules` package. Vocabulary, used the same way in code, pages and documents:

- a *Player* is a person, kept across tournaments (EMA id, country, club);
- a *Registration* is a player entered in one tournament, with the player number used on the day;
- a *Session* is one round of play of the whole tournament (MCR: 16 hands, usually 2 hours);
- a *Table* is one table of four in a session, and a *Seat* is one of its four places, numbered
  0..3 = the seat winds East, South, West, North at the start of the session.

Every invariant the database can hold is a constraint, so a bug or a hand-edited row cannot put a
player at two tables of one session.

One module per concept, every name importable from `tournament.models`: `choices` (patterns,
winds, statuses and settings' choices), `players` (Player, Registration), `tournaments`
(Tournament), `sessions` (Session), `tables` (Table, Seat, referee links and PINs), `groups`
(Team, Category).
"""

from tournament.models.choices import (
    COUNTRY_PATTERN,
    EMA_ID_PATTERN,
    LOTS_SEED_MAX,
    MERS_WEIGHT_MAX,
    MERS_WEIGHT_MIN,
    OPEN_FOR_ENTRY,
    PLAYED,
    TEAM_SIZE_MAX,
    TEAM_SIZE_MIN,
    WIND_LETTERS,
    WIND_NAMES,
    FinalSeating,
    ProjectorMode,
    RegistrationStatus,
    RuleSetCode,
    SeatingGroups,
    SeatingPriority,
    SessionStatus,
    StageCarry,
    TieBreak,
    TournamentStatus,
    validate_mers_weight,
    wind_name,
)
from tournament.models.groups import Category, Team
from tournament.models.players import (
    Player,
    Registration,
    RegistrationQuerySet,
)
from tournament.models.sessions import (
    Session,
    SessionQuerySet,
    SessionState,
)
from tournament.models.tables import (
    MAX_WAITING_REPORTED,
    PIN_DIGITS,
    PIN_FORMAT,
    Seat,
    Table,
    new_table_pin,
    new_table_token,
)
from tournament.models.tournaments import (
    Tournament,
)

__all__ = [
    "COUNTRY_PATTERN",
    "EMA_ID_PATTERN",
    "LOTS_SEED_MAX",
    "MAX_WAITING_REPORTED",
    "MERS_WEIGHT_MAX",
    "MERS_WEIGHT_MIN",
    "OPEN_FOR_ENTRY",
    "PIN_DIGITS",
    "PIN_FORMAT",
    "PLAYED",
    "TEAM_SIZE_MAX",
    "TEAM_SIZE_MIN",
    "WIND_LETTERS",
    "WIND_NAMES",
    "Category",
    "FinalSeating",
    "Player",
    "ProjectorMode",
    "Registration",
    "RegistrationQuerySet",
    "RegistrationStatus",
    "RuleSetCode",
    "Seat",
    "SeatingGroups",
    "SeatingPriority",
    "Session",
    "SessionQuerySet",
    "SessionState",
    "SessionStatus",
    "StageCarry",
    "Table",
    "Team",
    "TieBreak",
    "Tournament",
    "TournamentStatus",
    "new_table_pin",
    "new_table_token",
    "validate_mers_weight",
    "wind_name",
]
