"""A restore's checks of what happened at the tables: hands, penalties, the audit.

`PlayChecks` is part of `desk.archive_plan`'s planner and runs after `ReferenceChecks`
(`desk.archive_refs`), whose lookups (`session`, `table`, `registration`, `seat_at`) it uses.
Every current hand is settled again from its stored entry by the rule set (`self.ruleset`) and
compared with its stored columns (`scoring.services.hands.hand_columns`); each table's replay is
kept (`self.replayed`) for the results' checks (`desk.archive_results`).
"""

from collections import defaultdict

from django.utils.translation import gettext as _

import rules
from desk.archive_refs import ReferenceChecks
from desk.archive_values import (
    check_constraints,
    chunks,
    damaged,
    fill,
    items_of,
    read_datetime,
    require,
    validate,
    whole_number,
)
from rules.limits import MAX_HAND_NUMBER, MAX_HAND_VERSIONS
from scoring.models import (
    NO_WINNER,
    SELF_DRAWN_WINS,
    WINS_ON_A_DISCARD,
    AuditEntry,
    Hand,
    Outcome,
    Penalty,
    PenaltyKind,
)
from scoring.services.hands import hand_columns
from scoring.services.tables import TableError, hand_entry_state


class PlayChecks(ReferenceChecks):
    """Hands, penalties and audit entries (the planner's checks after the references, whose
    lookups they use)."""

    def hands(self):
        outcomes = {code for code, _label in self.ruleset.outcomes(None)}
        versions, current, submissions = set(), defaultdict(list), set()
        self.replayed = {}  # (session, table) -> hand_entry_state() of its current hands
        for item in items_of(self.data, "hands"):
            session = self.session(item.get("session"), _("hands"))
            table = self.table(session.number, item.get("table"), _("hands"))
            number = whole_number(item.get("number"), _("hands"), _("hand"), 1, MAX_HAND_NUMBER)
            version = whole_number(
                item.get("version"), _("hands"), _("version"), 1, MAX_HAND_VERSIONS
            )
            where = _(
                "session %(session)s, table %(table)s, hand %(hand)s (version %(version)s)"
            ) % {
                "session": session.number,
                "table": table.number,
                "hand": number,
                "version": version,
            }
            key = (session.number, table.number, number, version)
            require(key not in versions, where, _("listed twice"))
            versions.add(key)
            hand = fill(Hand(table=table), item, where, ("session", "table", "entered_by"))
            hand.entered_by = self.user(item.get("entered_by"))
            validate(hand, where, constraints=False)
            require(isinstance(hand.entry, dict), where, _("the entry is missing"))
            require(
                hand.outcome in outcomes,
                where,
                _("%(outcome)s is not an outcome of this rule set") % {"outcome": hand.outcome},
            )
            require(_seats_fit(hand), where, _("the winner and discarder do not fit the outcome"))
            require(_tiles_fit(hand), where, _("the tiles and their count do not fit together"))
            check_constraints(hand, where)
            entered_at = read_datetime(item.get("entered_at"), where, _("entered at"))
            if hand.submission is not None:
                require(hand.submission not in submissions, where, _("listed twice"))
                submissions.add(hand.submission)
            hand.entered_at = entered_at
            self.plan.hands.append(hand)
            if hand.is_current:
                current[(session.number, table.number)].append(hand)
        for chunk in chunks(sorted(submissions), 500):
            require(
                not Hand.objects.filter(submission__in=chunk).exists(),
                _("hands"),
                _("a hand's submission id is already used by a hand of this desk"),
            )
        for (session_number, table_number), hands in sorted(current.items()):
            self.replay(session_number, table_number, sorted(hands, key=lambda h: h.number))

    def replay(self, session_number, table_number, hands):
        """Settle the table's current hands again with the rules: the same check its page makes
        (so a restored table's page never fails), plus the stored columns against the entry."""
        where = _("session %(session)s, table %(table)s") % {
            "session": session_number,
            "table": table_number,
        }
        try:
            first_wind = hands[0].table.first_wind if hands else None
            replayed = hand_entry_state(self.ruleset, hands, first_wind)
        except TableError as exc:
            raise damaged(where, str(exc)) from None
        self.replayed[(session_number, table_number)] = replayed
        lines = replayed[0]
        for line in lines:
            hand = line.hand
            clean = rules.base.clean_entry(self.ruleset.hand_fields(line.state), hand.entry)
            expected = hand_columns(clean, hand.changes)
            stored = {name: getattr(hand, name) for name in expected}
            require(
                stored == expected,
                where,
                _("hand %(number)s is stored as %(stored)s but its entry gives %(expected)s")
                % {"number": hand.number, "stored": stored, "expected": expected},
            )

    # penalties, audit

    def penalties(self):
        kinds = {kind.code for kind in self.ruleset.penalty_catalogue}
        for index, item in enumerate(items_of(self.data, "penalties"), start=1):
            where = _("penalty %(index)s") % {"index": index}
            session = self.session(item.get("session"), where)
            registration = self.registration(item.get("player"), where)
            table = None
            if item.get("table") is not None:
                table = self.table(session.number, item["table"], where)
            penalty = fill(
                Penalty(registration=registration, session=session, table=table),
                item,
                where,
                ("player", "session", "table", "given_by", "cancelled_by"),
            )
            penalty.given_by = self.user(item.get("given_by"))
            penalty.cancelled_by = self.user(item.get("cancelled_by"))
            validate(penalty, where, constraints=False)
            require(
                penalty.kind in kinds,
                where,
                _("%(kind)s is not a penalty of this rule set") % {"kind": penalty.kind},
            )
            require(penalty.points <= 0, where, _("its points must be zero or negative"))
            require(
                penalty.transfer == 0
                or (table is not None and penalty.points == -3 * penalty.transfer),
                where,
                _("what the other players receive does not match what the player pays"),
            )
            require(
                (penalty.kind != PenaltyKind.INFRACTION or penalty.infraction)
                and (penalty.kind != PenaltyKind.REFEREE_DECISION or penalty.reason)
                and (penalty.cancelled_at is None or penalty.cancel_reason)
                and (penalty.hand_number is None or 1 <= penalty.hand_number <= MAX_HAND_NUMBER),
                where,
                _("a required reason, infraction or hand number is missing or out of range"),
            )
            check_constraints(penalty, where)
            given_at = read_datetime(item.get("given_at"), where, _("given at"))
            penalty.given_at = given_at
            self.plan.penalties.append(penalty)

    def audit(self):
        for index, item in enumerate(items_of(self.data, "audit"), start=1):
            where = _("audit entry %(index)s") % {"index": index}
            session = table = None
            if item.get("session") is not None:
                session = self.session(item["session"], where)
                if item.get("table") is not None:
                    table = self.table(session.number, item["table"], where)
            players = item.get("players", [])
            require(isinstance(players, list), where, _("players must be a list"))
            registrations = list(
                {id(r): r for r in (self.registration(n, where) for n in players)}.values()
            )
            entry = fill(
                AuditEntry(
                    tournament=self.plan.tournament,
                    session=session,
                    table=table,
                    user=self.user(item.get("user")),
                ),
                item,
                where,
                ("session", "table", "user", "players"),
            )
            validate(entry, where)
            at = read_datetime(item.get("at"), where, _("when"))
            entry.at = at
            self.plan.audit.append((entry, registrations))


def _tiles_fit(hand):
    """No tiles and no count, or tiles with a count (the calculation's shape) and a match."""
    if not hand.tiles:
        return hand.tile_count is None and hand.tiles_matched is None
    count = hand.tile_count
    return (
        isinstance(hand.tiles_matched, bool)
        and isinstance(count, dict)
        and isinstance(count.get("fills"), dict)
        and isinstance(count.get("items"), list)
    )


def _seats_fit(hand):
    """The hand's database constraints on winner and discarder, checked before the insert."""
    winner, discarder, outcome = hand.winner, hand.discarder, hand.outcome
    if winner is not None and winner == discarder:
        return False
    if outcome in WINS_ON_A_DISCARD:
        return winner is not None and discarder is not None
    if outcome in SELF_DRAWN_WINS:
        return winner is not None and discarder is None
    if outcome in NO_WINNER:
        return winner is None
    if outcome == Outcome.MAHJONG:
        return winner is not None
    return True
