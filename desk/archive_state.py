"""What a restore's checks share: the plan they fill and the state the planner sets up.

`desk.archive_plan` builds its planner from `PlannerState` and the checks of `desk.archive_refs`
(`ReferenceChecks`) and `desk.archive_hands` (`PlayChecks`, which uses the references'
lookups). `PlannerState` names what every check reads: the parsed archive (`data`), the plan
(`plan`, set once the tournament is read), the rule set, and the accounts by user name.
"""

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User

import rules
from scoring.models import AuditEntry, Hand, Penalty, RefereeCall, SeatResult
from tournament.models import (
    Category,
    Player,
    Registration,
    Seat,
    Session,
    Table,
    Team,
    Tournament,
)


@dataclass
class RestorePlan:
    """Unsaved objects in the order they are written; FKs point at unsaved objects."""

    tournament: Tournament
    new_users: list[User] = field(default_factory=list)
    new_players: list[Player] = field(default_factory=list)
    teams: list[Team] = field(default_factory=list)
    categories: list[Category] = field(default_factory=list)
    registrations: list[Registration] = field(default_factory=list)
    registration_categories: list[tuple[Registration, Category]] = field(default_factory=list)
    sessions: list[Session] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    #: (table, new inactive account)
    referees: list[tuple[Table, User]] = field(default_factory=list)
    #: (table, name of an existing account)
    skipped_referees: list[tuple[Table, str]] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    hands: list[Hand] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    results: list[SeatResult] = field(default_factory=list)
    #: (entry, [registrations])
    audit: list[tuple[AuditEntry, list[Registration]]] = field(default_factory=list)
    #: referee calls (desk.archive_calls)
    calls: list[RefereeCall] = field(default_factory=list)


class PlannerState:
    """The base of the planner (`desk.archive_plan`) and of its checks."""

    #: The parsed archive.
    data: dict[str, Any]
    plan: RestorePlan
    ruleset: rules.RuleSet
    #: Every account the archive names, by user name: this desk's, or a new inactive one.
    accounts: dict[str, User]
    #: The names of the accounts this desk already has.
    existing_accounts: set[str]

    def user(self, name: str | None) -> User | None:
        return self.accounts[name] if name else None
