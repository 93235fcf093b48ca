"""Play goes on after "Time is up" (docs/rules.md §6.12).

Time is called at a table by its referee ("Time is up", `closing.call_time`, asked first) or by
the session clock running out (the next hand saved is the last, `hands.record_hand`). From then
on the hand being played is the table's last. The director can take it back:

- `take_back_time_up`: the referee tapped by mistake, or the director lets the table play on
  while its clock still runs (or no clock is used). Refused while the table's clock is over,
  since the next hand saved would call time again: the director adds minutes instead;
- `give_time`: minutes added for a table or for every table (`clock.extend_clock`) take back
  the time call at every open table whose clock has time left again
  (`resume_where_time_left`), in the same transaction.

Each is one transaction with the table locked and re-checked, writes a "Time call taken back"
entry to the audit trail and moves the table's revision (a page built before it shows play as
it was, and is refreshed). A closed table is reopened first (its time call stays: reopening is
for corrections); a confirmed session changes no more.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.models import AuditAction
from scoring.services.audit import log_action
from scoring.services.clock import clock_state, extend_clock
from scoring.services.tables import (
    TableError,
    bump_revision,
    check_writable,
    lock_session_tables,
    lock_table,
)


def _require_director(actor):
    if not actor.is_director:
        raise TableError(_("Only the director can do this."))


def _resume(table, actor, *, reason):
    """Take back the time call of the locked `table` (checked by the caller)."""
    after = table.time_up_after_hand
    hands = table.hands.current().count()
    table.time_up_at = None
    table.time_up_after_hand = None
    table.save(update_fields=["time_up_at", "time_up_after_hand"])
    bump_revision(table)
    log_action(
        actor,
        AuditAction.TIME_RESUMED,
        table=table,
        changes={"after_hand": after, "hands": hands, "reason": reason},
    )


@transaction.atomic
def take_back_time_up(table, *, actor):
    """Director only: the time call at `table` is taken back; its play goes on."""
    _require_director(actor)
    table = lock_table(table)
    if table.is_closed:
        raise TableError(
            _("Table %(table)s is closed: reopen it first, then take back “Time is up”.")
            % {"table": table.number}
        )
    check_writable(table, actor=actor)
    if table.time_up_at is None:
        raise TableError(
            _("Time has not been called at table %(table)s: it is playing.")
            % {"table": table.number}
        )
    state = clock_state(table.session, table)
    if state.over:
        raise TableError(
            _(
                "The clock of table %(table)s is over: the next hand saved would call time "
                "again. Add minutes for the table (+5 min) to let it play on."
            )
            % {"table": table.number}
        )
    _resume(table, actor, reason="taken back")
    return table


def resume_where_time_left(session, tables, *, actor, named=False):
    """Inside the transaction that added minutes: take back the time call at each of `tables`
    (of `session`, locked already) that is open, had time called and whose clock has time left
    now. Without a running clock a referee called time by hand: minutes for every table leave
    those calls alone; minutes given to one table (`named`) let it play on. Returns the table
    numbers where play resumes."""
    resumed = []
    for table in tables:
        if table.is_closed or table.time_up_at is None:
            continue
        state = clock_state(session, table)
        if state.over if state.started else not named:
            continue
        _resume(table, actor, reason="minutes added")
        resumed.append(table.number)
    return resumed


@transaction.atomic
def give_time(session, minutes, *, actor, table=None):
    """Add `minutes` for `table` or for every table of `session` (`clock.extend_clock`), and
    let play go on where time was called and the clock has time left now. Returns (the
    session, the numbers of the tables where play resumes)."""
    # The tables are listed once the tournament and the session are locked (`extend_clock`):
    # a re-draw or the cut, which take the tournament first, cannot add or remove one until
    # this transaction ends.
    session = extend_clock(session, minutes, actor=actor, table=table)
    tables = [lock_table(table)] if table is not None else lock_session_tables(session)
    return session, resume_where_time_left(session, tables, actor=actor, named=table is not None)
