"""When a table's phone last reached the desk, and how many saves it says are waiting.

Every request from a table's referee link or referee account marks the table as heard from, by
the server's clock (never the phone's). The write is cheap: one UPDATE, only when the last mark
is older than `CONTACT_EVERY` seconds or the number of waiting saves changed. The phone's offline
queue (static/desk/queue.js) sends its length in the `X-Desk-Waiting` header; anything but a
whole number from 0 to `MAX_WAITING_REPORTED` is ignored.
"""

import re
from datetime import timedelta

from django.db.models import Q
from django.db.models.functions import Now
from django.utils import timezone

from tournament.models import MAX_WAITING_REPORTED, Table

#: Seconds between two writes of `Table.last_contact_at` for the same table.
CONTACT_EVERY = 20
#: The request header with the number of saves waiting in the phone's queue.
WAITING_HEADER = "HTTP_X_DESK_WAITING"
_WAITING = re.compile(r"[0-9]{1,3}")


def waiting_from(request):
    """The phone's queue length from its header, or None when absent or not 0..999."""
    value = request.META.get(WAITING_HEADER, "").strip()
    if not _WAITING.fullmatch(value):  # ASCII digits only: no sign, decimals or other scripts
        return None
    number = int(value)
    return number if 0 <= number <= MAX_WAITING_REPORTED else None


def heard_from(table, waiting=None):
    """Mark `table` as heard from now; with `waiting`, also what its phone reports waiting.
    Returns True when it wrote.

    The marks are the database's clock (`Now()`), and so is the decision to write: this
    process's clock only guesses whether a write could be needed (saving a query per request);
    the UPDATE's own condition decides, whichever process answers."""
    every = timedelta(seconds=CONTACT_EVERY)
    old = timezone.now() - every
    fresh = table.last_contact_at is not None and table.last_contact_at >= old
    changes = {}
    if not fresh:
        changes["last_contact_at"] = Now()
    if waiting is not None and (
        waiting != table.waiting_reported
        or table.waiting_reported_at is None
        or table.waiting_reported_at < old
    ):
        changes["waiting_reported"] = waiting
        changes["waiting_reported_at"] = Now()
        changes["last_contact_at"] = Now()
    if not changes:
        return False
    rows = Table.objects.filter(pk=table.pk)
    if "waiting_reported" not in changes:
        # two phones at once: only the first of them writes
        rows = rows.filter(Q(last_contact_at__isnull=True) | Q(last_contact_at__lt=Now() - every))
    return bool(rows.update(**changes))
