"""What the session dashboard checks for the director before confirming (issue 14, point 6).

- A closed table is **not zero-sum** when its players' hand points and transfers (the points
  they paid each other) do not add up to zero, once the riichi deposits left on the table are
  counted. Penalties paid to nobody are not part of the check.
- An open table is **late** when its clock is over (time is up and the table is still open),
  or when it has `LATE_MARGIN` or more hands fewer than the middle table of the session (the
  median of every table's hands entered).
- An open table of the session being played is **silent** when no request from its referee
  link or account reached the desk for `SILENT_AFTER` seconds (`Table.last_contact_at`, the
  server's clock); its phone may also report saves waiting in its offline queue.
"""

from statistics import median_low

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.clock import database_now
from scoring.services.clock import clock_state
from scoring.services.tables import snapshot

#: Hands behind the median table that make a table late.
LATE_MARGIN = 3
#: Seconds without a request from a table's phone that make an open table silent.
SILENT_AFTER = 5 * 60


def late_tables(tables, session_clock=None):
    """{table id: why it is late} for the open tables that are late. `tables` carry
    `hand_count` (current hands entered)."""
    if not tables:
        return {}
    middle = median_low([table.hand_count for table in tables])
    late = {}
    for table in tables:
        if table.is_closed:
            continue
        timed = session_clock is not None and session_clock.started
        if timed and clock_state(table.session, table, now=session_clock.now).over:
            late[table.pk] = _("Late: time is up and the table is still open")
            continue
        behind = middle - table.hand_count
        if behind >= LATE_MARGIN:
            late[table.pk] = _(
                "Late: %(behind)s hands behind the middle table (%(hands)s of %(middle)s)"
            ) % {"behind": behind, "hands": table.hand_count, "middle": middle}
    return late


def imbalance(table, results):
    """How far a closed table's hand points and transfers are from zero (riichi deposits left
    on the table counted), or 0 when it is zero-sum (or has no results)."""
    if not results:
        return 0
    total = sum(result.hand_points + result.transfers for result in results)
    if total == 0:
        return 0
    return total + snapshot(table).state.deposits


def _ago(seconds):
    minutes = int(seconds // 60)
    if minutes < 1:
        return _("just now")
    if minutes < 120:
        return ngettext("%(n)s min ago", "%(n)s min ago", minutes) % {"n": minutes}
    return _("%(n)s h ago") % {"n": minutes // 60}


def contact(table, now=None):
    """What the dashboard says of a table's phone: {"text", "waiting", "silent"}.

    "Last reached the desk 7 min ago" (or never), "reports 2 hands waiting" while its phone's
    last report was not zero, and `silent` for an open table of the session being played whose
    phone has not reached the desk for `SILENT_AFTER` seconds (by the database's clock, the one
    that stamped the contact; never the phone's)."""
    now = now or database_now()
    seen = table.last_contact_at
    if seen is None:
        text = _("Its phone has not reached the desk yet")
    else:
        text = _("Last reached the desk %(ago)s") % {"ago": _ago((now - seen).total_seconds())}
    waiting = ""
    if table.waiting_reported and table.waiting_reported_at is not None:
        waiting = ngettext(
            "its phone reports %(n)s save waiting (%(ago)s)",
            "its phone reports %(n)s saves waiting (%(ago)s)",
            table.waiting_reported,
        ) % {
            "n": table.waiting_reported,
            "ago": _ago((now - table.waiting_reported_at).total_seconds()),
        }
    running = table.session.is_current and not table.is_closed
    silent = running and seen is not None and (now - seen).total_seconds() >= SILENT_AFTER
    if silent:
        minutes = int((now - seen).total_seconds() // 60)
        text = ngettext(
            "Silent for %(n)s min: walk to the table",
            "Silent for %(n)s min: walk to the table",
            minutes,
        ) % {"n": minutes}
    return {"text": text, "waiting": waiting, "silent": silent}
