"""Failed logins and the lockouts they cause, as the director sees and clears them.

django-axes records every failed login in the database (`axes.AccessAttempt`: one row per
account name, address and browser, with its number of failures and the time of the latest).
An *account* is locked when its failures of the last AXES_COOLOFF_TIME reach
AXES_FAILURE_LIMIT, whatever addresses they came from; an *address* is locked in the same way,
whatever account names it tried. A locked login is refused before the password is checked.
Because the rows live in the database, every server process sees the same lockouts.
"""

import ipaddress
import logging
from dataclasses import dataclass
from datetime import datetime

from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

logger = logging.getLogger("desk")

ACCOUNT, ADDRESS = "account", "address"


class LockoutError(ValueError):
    """A request to clear something that is not a lockout (shown to the director)."""


@dataclass(frozen=True)
class Lockout:
    kind: str  # ACCOUNT or ADDRESS
    value: str  # the account name or the address
    failures: int
    last_failure: datetime
    ends_at: datetime


def _fresh_attempts(now=None):
    now = now or timezone.now()
    return AccessAttempt.objects.filter(attempt_time__gte=now - settings.AXES_COOLOFF_TIME)


def _lock_end(rows):
    """When a group of attempts stops being a lockout, or None if it is not one.

    Each row expires as a whole AXES_COOLOFF_TIME after its latest failure. Newest first, the
    lock holds until the oldest row of the shortest run that reaches the limit expires.
    """
    total = 0
    for attempt_time, failures in sorted(rows, key=lambda row: row[0], reverse=True):
        total += failures
        if total >= settings.AXES_FAILURE_LIMIT:
            return attempt_time + settings.AXES_COOLOFF_TIME
    return None


def current_lockouts(now=None):
    """Every account and address locked now, the latest failure first."""
    groups: dict[tuple[str, str], list[tuple[datetime, int]]] = {}
    rows = _fresh_attempts(now).values_list(
        "username", "ip_address", "attempt_time", "failures_since_start"
    )
    for username, address, attempt_time, failures in rows:
        if username:
            groups.setdefault((ACCOUNT, username), []).append((attempt_time, failures))
        if address:
            groups.setdefault((ADDRESS, address), []).append((attempt_time, failures))
    lockouts = []
    for (kind, value), group in groups.items():
        ends_at = _lock_end(group)
        if ends_at is not None:
            lockouts.append(
                Lockout(
                    kind=kind,
                    value=value,
                    failures=sum(failures for _time, failures in group),
                    last_failure=max(attempt_time for attempt_time, _failures in group),
                    ends_at=ends_at,
                )
            )
    return sorted(lockouts, key=lambda lockout: lockout.last_failure, reverse=True)


def lockout_end(username, address, now=None):
    """When the lockout of this account or this address ends (the later one), or None."""
    ends = [
        lockout.ends_at
        for lockout in current_lockouts(now)
        if (lockout.kind == ACCOUNT and lockout.value == username)
        or (lockout.kind == ADDRESS and lockout.value == address)
    ]
    return max(ends) if ends else None


def clear_lockout(kind, value, *, actor):
    """Forget the failed logins of one account or one address. Returns how many rows went."""
    value = (value or "").strip()
    if kind == ACCOUNT and value:
        filters = {"username": value}
    elif kind == ADDRESS and value:
        try:
            value = str(ipaddress.ip_address(value))
        except ValueError:
            raise LockoutError(_("“%(value)s” is not an address.") % {"value": value}) from None
        filters = {"ip_address": value}
    else:
        raise LockoutError(_("Choose a lockout to clear."))
    with transaction.atomic():
        count = AxesProxyHandler.reset_attempts(**filters)
    logger.info("%s cleared the failed logins of %s %s (%d rows)", actor, kind, value, count)
    return count


def clear_all_lockouts(*, actor):
    """Forget every failed login."""
    with transaction.atomic():
        count, _deleted = AccessAttempt.objects.all().delete()
    logger.info("%s cleared every failed login (%d rows)", actor, count)
    return count
