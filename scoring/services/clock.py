"""The session clock: started, paused and extended by the director, for all tables or one.

The time left is always computed from stored instants (start, pause, seconds paused, minutes
added), never counted down in memory, and every instant is the database's clock
(`common.clock.database_now`), so every page and every server process agrees on it. The clock
stops by itself when every table has closed: from then on the time is measured up to the last
table's closing (a table's own clock, up to its closing), read from the database.
"""

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _

from common.clock import database_now
from rules.limits import (
    MAX_CLOCK_MINUTES_ADDED,
    MAX_CLOCK_MINUTES_TAKEN_BACK,
    MAX_CLOCK_MINUTES_TOTAL,
    MAX_CLOCK_PAUSED_SECONDS,
)
from scoring.models import AuditAction
from scoring.services.audit import log_action
from scoring.services.tables import TableError, drawn_again, lock_session
from tournament.models import SessionStatus, Table
from tournament.services.tournaments import follow_sessions


@dataclass(frozen=True)
class ClockState:
    started: bool
    paused: bool
    remaining: int  # seconds; negative once time is up
    total: int  # seconds allowed, extensions included
    stopped: bool = False  # every table closed (or this table closed): it no longer runs
    now: dt.datetime | None = field(default=None, compare=False)  # when `remaining` was read

    @property
    def over(self):
        return self.started and self.remaining <= 0

    @property
    def running(self):
        return self.started and not self.paused and not self.stopped

    @property
    def ends_at(self):
        """When time is up, if the clock runs; None when stopped or paused."""
        if not self.running:
            return None
        return (self.now or database_now()) + dt.timedelta(seconds=self.remaining)

    def as_dict(self):
        ends = self.ends_at
        return {
            "started": self.started,
            "paused": self.paused,
            "stopped": self.stopped,
            "remaining": self.remaining,
            "total": self.total,
            "over": self.over,
            "ends_at": ends.isoformat() if ends else None,
        }


def clock_state(session, table=None, now=None, tables=None):
    """The clock of `session` (or of one `table`) at `now`, by default the database's time."""
    minutes = session.tournament.session_minutes + session.clock_extra_minutes
    if table is not None:
        minutes += table.extra_minutes
    total = minutes * 60
    if session.clock_started_at is None:
        return ClockState(False, False, total, total, now=now)
    now = now or database_now()
    stopped_at = closed_at(session, table, tables)
    until = min(t for t in (session.clock_paused_at, stopped_at, now) if t is not None)
    elapsed = (until - session.clock_started_at).total_seconds() - session.clock_paused_seconds
    return ClockState(
        True,
        session.clock_paused_at is not None,
        int(total - elapsed),
        total,
        stopped=stopped_at is not None,
        now=now,
    )


def closed_at(session, table=None, tables=None):
    """When the clock stopped by itself: the table's closing (for one table), or the last
    table's closing once every table of the session is closed; None while it runs. `tables`:
    the session's tables, when the caller has them already."""
    if table is not None:
        return table.closed_at
    if tables is not None:
        if tables and all(t.closed_at for t in tables):
            return max(t.closed_at for t in tables)
        return None
    tables = session.tables.aggregate(
        count=Count("pk"), open=Count("pk", filter=Q(closed_at__isnull=True)), last=Max("closed_at")
    )
    if tables["count"] and not tables["open"]:
        return tables["last"]
    return None


def _require_director(actor):
    if not actor.is_director:
        raise TableError(_("Only the director can do this."))


@transaction.atomic
def start_clock(session, *, actor):
    _require_director(actor)
    session = lock_session(session)
    if session.is_draft or session.is_confirmed:
        raise TableError(_("Only a seated session that is not confirmed can be timed."))
    if session.clock_started_at is not None:
        raise TableError(_("The clock of this session is already running."))
    session.clock_started_at = database_now()
    session.status = SessionStatus.RUNNING
    session.save(update_fields=["clock_started_at", "status"])
    follow_sessions(session.tournament_id)
    log_action(actor, AuditAction.CLOCK, session=session, changes={"clock": "started"})
    return session


@transaction.atomic
def start_session(session, *, actor):
    """The director starts a seated session without its clock: its referee links now write
    (once its seating is published). Starting the clock starts the session too."""
    _require_director(actor)
    session = lock_session(session)
    if not session.is_seated:
        raise TableError(_("Only a seated session that has not started can be started."))
    session.status = SessionStatus.RUNNING
    session.save(update_fields=["status"])
    follow_sessions(session.tournament_id)
    log_action(actor, AuditAction.CLOCK, session=session, changes={"session": "started"})
    return session


@transaction.atomic
def pause_clock(session, *, actor):
    _require_director(actor)
    session = lock_session(session)
    if session.clock_started_at is None or session.clock_paused_at is not None:
        raise TableError(_("The clock is not running."))
    session.clock_paused_at = database_now()
    session.save(update_fields=["clock_paused_at"])
    log_action(actor, AuditAction.CLOCK, session=session, changes={"clock": "paused"})
    return session


@transaction.atomic
def resume_clock(session, *, actor):
    _require_director(actor)
    session = lock_session(session)
    if session.clock_paused_at is None:
        raise TableError(_("The clock is not paused."))
    paused = (database_now() - session.clock_paused_at).total_seconds()
    # A pause longer than a week (rules.limits) counts as a week: the session's time is long up.
    session.clock_paused_seconds = min(
        session.clock_paused_seconds + round(paused), MAX_CLOCK_PAUSED_SECONDS
    )
    session.clock_paused_at = None
    session.save(update_fields=["clock_paused_seconds", "clock_paused_at"])
    log_action(
        actor,
        AuditAction.CLOCK,
        session=session,
        changes={"clock": "resumed", "paused_seconds": round(paused)},
    )
    return session


@transaction.atomic
def extend_clock(session, minutes, *, actor, table=None):
    """Add (or, with a negative number, take back) minutes for every table or for one."""
    _require_director(actor)
    if isinstance(minutes, bool) or not isinstance(minutes, int):
        raise TableError(_("Say how many minutes to add."))
    if not -MAX_CLOCK_MINUTES_TAKEN_BACK <= minutes <= MAX_CLOCK_MINUTES_ADDED or minutes == 0:
        raise TableError(
            _("Add between 1 and %(added)s minutes (or take back up to %(taken)s).")
            % {"added": MAX_CLOCK_MINUTES_ADDED, "taken": MAX_CLOCK_MINUTES_TAKEN_BACK}
        )
    if table is not None and table.session_id != session.pk:
        raise TableError(_("This table is not in this session."))
    session = lock_session(session)
    if table is None:
        session.clock_extra_minutes = _total(session.clock_extra_minutes, minutes)
        session.save(update_fields=["clock_extra_minutes"])
    else:
        table = (
            Table.objects.select_for_update(of=("self",))
            .filter(pk=table.pk, session=session)
            .first()
        )
        if table is None:
            raise drawn_again()
        table.extra_minutes = _total(table.extra_minutes, minutes)
        table.save(update_fields=["extra_minutes"])
    log_action(
        actor,
        AuditAction.CLOCK,
        session=session,
        table=table,
        changes={"clock": "extended", "minutes": minutes},
    )
    return session


def _total(before, minutes):
    """The minutes added in total after adding `minutes`; refused past the week either way
    (`rules.limits.MAX_CLOCK_MINUTES_TOTAL`)."""
    total = before + minutes
    if abs(total) > MAX_CLOCK_MINUTES_TOTAL:
        raise TableError(
            _("At most %(limit)s minutes can be added or taken back in total (now %(now)s).")
            % {"limit": MAX_CLOCK_MINUTES_TOTAL, "now": before}
        )
    return total
