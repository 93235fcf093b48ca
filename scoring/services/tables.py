"""Where a table stands: its players, its hands replayed through the rules, its totals.

Nothing is stored twice: the state of a table (the next hand, the winds, riichi counters and
deposits, running totals) is always recomputed from its current hands by the rule set, and the
stored point changes of every hand are checked against that recomputation.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

import rules
from common.errors import UserError
from common.i18n import translate_error
from scoring.models import Hand, Penalty
from tournament.models import Seat, Session, Table, Tournament
from tournament.rulesets import ruleset_for


class TableError(UserError):
    """A write to a table that the desk refuses; the message says what is wrong and what to do."""


def submission_used_elsewhere():
    """A form's one-time id that already saved something at another table (ids are unique over
    the desk): refused with nothing about that table, the form needs a new id."""
    return TableError(
        _("This form's one-time id was used for another save: reload the page and type it again.")
    )


class StaleTable(TableError):
    """The page was built before another device saved: nothing was written."""

    def __init__(self, message, latest=()):
        super().__init__(message)
        self.latest = list(latest)


@dataclass
class HandLine:
    """One current hand with the state it was played in and the totals after it."""

    hand: Hand
    state: rules.TableState
    totals: tuple
    deposits: int


@dataclass
class TableSnapshot:
    table: Table
    ruleset: rules.RuleSet
    seats: list[Seat]  # in starting seat order
    state: rules.TableState
    lines: list[HandLine] = field(default_factory=list)
    totals: tuple[int, ...] = (0, 0, 0, 0)
    penalties: list[Penalty] = field(default_factory=list)
    chombo: tuple[int, ...] = (0, 0, 0, 0)

    @property
    def hands_played(self):
        return len(self.lines)

    @property
    def session_over(self):
        """No more hands: the rules' end reached, or time called and the last hand entered."""
        if self.state.finished:
            return True
        after = self.table.time_up_after_hand
        return after is not None and self.hands_played > after

    @property
    def can_close(self):
        return not self.table.is_closed and (self.session_over or self.table.time_up_at)

    @property
    def starting_points(self):
        return self.ruleset.starting_points

    @property
    def points(self):
        """Points in front of each player: starting points plus the hands so far."""
        return tuple(self.starting_points + total for total in self.totals)

    @property
    def penalty_totals(self):
        """Per seat: points paid to nobody, and transfers (false Hu), of live penalties."""
        paid, transfers = [0, 0, 0, 0], [0, 0, 0, 0]
        for penalty in self.penalties:
            seat = self.seat_of(penalty.registration)
            if seat is None:
                continue
            if penalty.transfer:
                for other in range(4):
                    transfers[other] += penalty.points if other == seat else penalty.transfer
            else:
                paid[seat] += penalty.points
        return tuple(paid), tuple(transfers)

    def seat_of(self, registration):
        """The starting seat of `registration` at this table, or None. Registrations compare as
        Django models do: by primary key, or, not yet saved (a restore's plan), by identity."""
        for seat in self.seats:
            if seat.registration == registration:
                return seat.wind
        return None


def hand_entry_state(ruleset, hands, first_wind=None):
    """Replay `hands` (current versions, in order) through the rules, from the table's first
    prevalent wind where the rule set asks for one (`Table.first_wind`, FIMJ).

    Returns (lines, state, totals, chombo). Raises TableError if a stored hand no longer settles
    or its stored changes differ from the rules' (a bug or a hand-edited row).
    """
    state = ruleset.start_state(first_wind)
    totals = [0, 0, 0, 0]
    chombo = [0, 0, 0, 0]
    lines = []
    for hand in hands:
        if hand.number != state.hand_number:
            raise TableError(
                _("Hand %(number)s is out of sequence (expected hand %(expected)s).")
                % {"number": hand.number, "expected": state.hand_number}
            )
        try:
            settlement = ruleset.settle(hand.entry, state)
        except rules.RuleError as exc:
            raise TableError(
                _("Hand %(number)s no longer fits the rules: %(error)s")
                % {"number": hand.number, "error": translate_error(exc)}
            ) from exc
        if tuple(settlement.deltas) != hand.changes:
            raise TableError(
                _(
                    "Hand %(number)s is stored with changes %(stored)s but the rules give "
                    "%(computed)s."
                )
                % {"number": hand.number, "stored": hand.changes, "computed": settlement.deltas}
            )
        totals = [t + d for t, d in zip(totals, settlement.deltas, strict=True)]
        chombo = [c + d for c, d in zip(chombo, settlement.chombo, strict=True)]
        lines.append(HandLine(hand, state, tuple(totals), settlement.next_state.deposits))
        state = settlement.next_state
    return lines, state, tuple(totals), tuple(chombo)


def current_hands(table):
    return list(
        Hand.objects.current().filter(table=table).select_related("entered_by").order_by("number")
    )


def entry_state(table: Table) -> tuple[rules.RuleSet, list[Seat], rules.TableState]:
    """(rule set, seats, state of the next hand): what a hand form needs, in two queries."""
    ruleset = ruleset_for(table.session.tournament)
    seats = list(table.seats.select_related("registration__player").order_by("wind"))
    hands = Hand.objects.current().filter(table=table).order_by("number")
    _lines, state, _totals, _chombo = hand_entry_state(ruleset, hands, table.first_wind)
    return ruleset, seats, state


def snapshot(table):
    """Everything the table's page shows, recomputed from the stored hands."""
    ruleset = ruleset_for(table.session.tournament)
    seats = list(table.seats.select_related("registration__player").order_by("wind"))
    lines, state, totals, chombo = hand_entry_state(ruleset, current_hands(table), table.first_wind)
    penalties = list(
        Penalty.objects.filter(
            session_id=table.session_id,
            registration_id__in=[seat.registration_id for seat in seats],
            cancelled_at__isnull=True,
        ).select_related("registration__player")
    )
    return TableSnapshot(
        table=table,
        ruleset=ruleset,
        seats=seats,
        lines=lines,
        state=state,
        totals=totals,
        penalties=penalties,
        chombo=chombo,
    )


def _require_atomic(name):
    if not transaction.get_connection().in_atomic_block:  # pragma: no cover - programming error
        raise RuntimeError(f"{name}() must run inside transaction.atomic()")


def _row_locks():
    """Whether the database locks rows (PostgreSQL); SQLite locks its whole file for a write."""
    return transaction.get_connection().features.has_select_for_update


def lock_tournament_of(**lookup):
    """Lock the tournament that `lookup` finds (through its sessions, tables or calls) alone,
    the first lock of the desk's order (`lock_session`); nothing on SQLite, which locks its
    whole file for a write."""
    if _row_locks():
        list(
            Tournament.objects.select_for_update(of=("self",))
            .filter(**lookup)
            .order_by()
            .values_list("pk", flat=True)
        )


def drawn_again():
    return TableError(
        _("This table no longer exists: its session was drawn again. Reload the page.")
    )


def lock_session(session):
    """Lock the session's tournament, then the session, for the rest of the transaction, and
    return the session fresh with its tournament.

    The desk's one lock order (docs/architecture.md): the tournament first, then a session,
    then a table or another of the tournament's rows, each locked alone. Every writer that
    changes a session's status, its clock or its tables takes the tournament first, so two of
    them take turns and the second sees what the first did (the tournament's status follows its
    sessions, `follow_sessions`)."""
    _require_atomic("lock_session")
    lock_tournament_of(pk=session.tournament_id)
    fresh = (
        Session.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .filter(pk=session.pk)
        .first()
    )
    if fresh is None:  # dropped (fewer sessions) or its tournament deleted while this waited
        raise TableError(_("This session no longer exists. Reload the page."))
    return fresh


def _lock_shared(queryset):
    """Run `queryset` with a shared lock on the rows of its model (`FOR SHARE`, which Django's
    `select_for_update` does not offer): writers that hold it go side by side, and a writer that
    locks one of those rows for update (or updates it) waits until every one of them ends."""
    connection = transaction.get_connection()
    sql, params = queryset.query.get_compiler(connection=connection).as_sql()
    model_table = connection.ops.quote_name(queryset.model._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"{sql} FOR SHARE OF {model_table}", params)


def lock_table(table, *, exclusive=False):
    """Lock the table's tournament, then its session, then the table for the rest of the
    transaction (the desk's one lock order, `lock_session`), and return the table fresh with
    them. TableError when the table is gone (its session was drawn again while this waited).

    The tournament and the session are locked in share mode: saves at different tables of a
    tournament go side by side (each locks its own table for update), while a re-draw, the cut,
    minutes for every table or a withdrawal, which lock the tournament for update, take turns
    with every save instead of deadlocking. A writer that may itself change the session or the
    tournament (the director's hand in a seated session starts it, a reopened table reopens a
    confirmed one, a substitute changes its seating) passes `exclusive`: two of them holding the
    shared lock and both asking to write the row would deadlock, so they lock it for update
    from the start and take turns."""
    _require_atomic("lock_table")
    if _row_locks():  # its tournament, then its session, found through it, each locked alone
        tournament = Tournament.objects.filter(sessions__tables=table.pk).order_by().values("pk")
        session = Session.objects.filter(tables=table.pk).order_by().values("pk")
        if exclusive:
            list(tournament.select_for_update(of=("self",)))
            list(session.select_for_update(of=("self",)))
        else:
            _lock_shared(tournament)
            _lock_shared(session)
    locked = (
        Table.objects.select_for_update(of=("self",))
        .select_related("session__tournament")
        .filter(pk=table.pk)
        .first()
    )
    if locked is None:
        raise drawn_again()
    return locked


def lock_session_tables(session):
    """Every table of `session`, locked in one statement in the order of their numbers, fresh
    with their session and tournament: for a writer that holds the tournament and the session
    already (`lock_session`), so nothing adds or removes a table meanwhile."""
    _require_atomic("lock_session_tables")
    return list(
        Table.objects.select_for_update(of=("self",))
        .select_related("session__tournament")
        .filter(session=session)
        .order_by("number")
    )


def check_writable(table, *, actor, revision=None, allow_closed=False):
    """Refuse writes to a closed table, a session not being played, or from a stale page.

    `allow_closed` is for writes that do not change the table's result (a warning): they are
    accepted on a closed table and in a confirmed session.
    """
    session = table.session
    if session.is_confirmed and not allow_closed:
        raise TableError(
            _("Session %(number)s is confirmed: its tables can no longer change.")
            % {"number": session.number}
        )
    if session.is_draft:
        raise TableError(
            _("Session %(number)s has not been drawn yet.") % {"number": session.number}
        )
    if not session.is_confirmed and not session.is_current and not actor.is_director:
        # A referee (link or account) writes only in the session being played.
        raise TableError(
            _(
                "Session %(number)s has not started yet: this table takes hands once the "
                "director publishes its seating and starts the session."
            )
            % {"number": session.number}
        )
    if table.is_closed and not allow_closed:
        raise TableError(_("This table is closed. Only the director can reopen it."))
    if revision is not None and int(revision) != table.revision:
        # What the other device did: the hands and penalties saved after the page's revision.
        # Each save keeps the revision it produced, so no clock is compared (two server
        # processes may stamp with clocks apart).
        revision = int(revision)
        hands = Hand.objects.filter(table=table)
        penalties = Penalty.objects.filter(table=table).select_related("registration__player")
        if 0 < revision < table.revision:
            hands = hands.filter(table_revision__gt=revision)
            penalties = penalties.filter(table_revision__gt=revision)
        newest = (F("table_revision").desc(nulls_last=True), "-id")
        saved: list[Hand | Penalty] = [*hands.order_by(*newest)[:3]]
        saved += penalties.order_by(*newest)[:3]
        latest = sorted(
            saved,
            reverse=True,
            key=lambda item: (
                item.table_revision or 0,
                item.entered_at if isinstance(item, Hand) else item.given_at,
            ),
        )[:3]
        raise StaleTable(
            _(
                "Another device saved to this table while you were typing: nothing you entered "
                "was saved. Check what was saved below, then enter yours again if still needed."
            ),
            latest=latest,
        )


def bump_revision(table):
    table.revision += 1
    table.save(update_fields=["revision"])
