"""What the session dashboard checks for the director before confirming (issue 14, point 6).

- A closed table is **not zero-sum** when its players' hand points and transfers (the points
  they paid each other) do not add up to zero, once the riichi deposits left on the table are
  counted. Penalties paid to nobody are not part of the check.
- An open table is **late** when its clock is over (time is up and the table is still open),
  or when it has `LATE_MARGIN` or more hands fewer than the middle table of the session (the
  median of every table's hands entered).
"""

from statistics import median_low

from django.utils.translation import gettext as _

from scoring.services.clock import clock_state
from scoring.services.tables import snapshot

#: Hands behind the median table that make a table late.
LATE_MARGIN = 3


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
        if timed and clock_state(table.session, table).over:
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
