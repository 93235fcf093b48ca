"""Failed logins and the lockouts they cause, as the site administrator sees and clears them.

django-axes records every failed login in the database (`axes.AccessAttempt`: one row per
account name, address and browser, with its number of failures and the time of the latest).
Two limits, over the failures of the last AXES_COOLOFF_TIME:

- an *account at an address*: AXES_FAILURE_LIMIT failures for one account name from one address
  lock that account at that address only. Guessing the site administrator's password from one
  address never locks the administrator out elsewhere;
- an *address*: DESK_LOGIN_ADDRESS_ATTEMPTS failures from one address, whatever account names
  they tried, lock every login from it (guessing across accounts). It is larger, since many
  phones may share one address behind a venue's router.

A locked login is refused before the password is checked. Because the rows live in the
database, every server process sees the same lockouts. `DeskLoginHandler` is axes' database
handler counting the two limits (settings.AXES_HANDLER); `manage.py clear_lockout` and the
"Login lockouts" page clear them.
"""

import ipaddress
import logging
from dataclasses import dataclass
from datetime import datetime

from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

logger = logging.getLogger("desk")

ACCOUNT, ADDRESS = "account", "address"


class LockoutError(ValueError):
    """A request to clear something that is not a lockout (shown to the site administrator)."""


@dataclass(frozen=True)
class Lockout:
    kind: str  # ACCOUNT (one account name at one address) or ADDRESS (every name from it)
    value: str  # the account name, or the address
    address: str  # the address (of both kinds)
    failures: int
    last_failure: datetime
    ends_at: datetime


def _limit(kind):
    return settings.AXES_FAILURE_LIMIT if kind == ACCOUNT else settings.DESK_LOGIN_ADDRESS_ATTEMPTS


class DeskLoginHandler(AxesDatabaseHandler):
    """axes' database handler with the desk's two limits.

    axes compares one number with AXES_FAILURE_LIMIT: the failures of this account name at this
    address, or the limit itself once the address reached its own, larger limit."""

    def get_failures(self, request, credentials=None):
        together, from_address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        if from_address >= settings.DESK_LOGIN_ADDRESS_ATTEMPTS:
            return max(together, settings.AXES_FAILURE_LIMIT)
        return together


def _fresh_attempts(now=None):
    now = now or timezone.now()
    return AccessAttempt.objects.filter(attempt_time__gte=now - settings.AXES_COOLOFF_TIME)


def _lock_end(rows, limit):
    """When a group of attempts stops being a lockout, or None if it is not one.

    Each row expires as a whole AXES_COOLOFF_TIME after its latest failure. Newest first, the
    lock holds until the oldest row of the shortest run that reaches `limit` expires.
    """
    total = 0
    for attempt_time, failures in sorted(rows, key=lambda row: row[0], reverse=True):
        total += failures
        if total >= limit:
            return attempt_time + settings.AXES_COOLOFF_TIME
    return None


def current_lockouts(now=None):
    """Every account (at an address) and every address locked now, the latest failure first."""
    groups: dict[tuple[str, str, str], list[tuple[datetime, int]]] = {}
    rows = _fresh_attempts(now).values_list(
        "username", "ip_address", "attempt_time", "failures_since_start"
    )
    for username, address, attempt_time, failures in rows:
        if username:
            groups.setdefault((ACCOUNT, username, address or ""), []).append(
                (attempt_time, failures)
            )
        if address:
            groups.setdefault((ADDRESS, address, address), []).append((attempt_time, failures))
    lockouts = []
    for (kind, value, address), group in groups.items():
        ends_at = _lock_end(group, _limit(kind))
        if ends_at is not None:
            lockouts.append(
                Lockout(
                    kind=kind,
                    value=value,
                    address=address,
                    failures=sum(failures for _time, failures in group),
                    last_failure=max(attempt_time for attempt_time, _failures in group),
                    ends_at=ends_at,
                )
            )
    return sorted(lockouts, key=lambda lockout: lockout.last_failure, reverse=True)


def lockout_end(username, address, now=None):
    """When the lockout of this account at this address, or of this address, ends (the later
    one), or None."""
    ends = [
        lockout.ends_at
        for lockout in current_lockouts(now)
        if lockout.address == address and (lockout.kind == ADDRESS or lockout.value == username)
    ]
    return max(ends) if ends else None


def _address(value):
    try:
        return str(ipaddress.ip_address((value or "").strip()))
    except ValueError:
        raise LockoutError(_("“%(value)s” is not an address.") % {"value": value}) from None


def clear_lockout(kind, value, *, actor, address=""):
    """Forget failed logins: of one account (at `address` only, when given; else from every
    address), or of one address. Returns how many rows went."""
    value = (value or "").strip()
    if kind == ACCOUNT and value:
        filters = {"username": value}
        if (address or "").strip():
            filters["ip_address"] = _address(address)
    elif kind == ADDRESS and value:
        value = _address(value)
        filters = {"ip_address": value}
    else:
        raise LockoutError(_("Choose a lockout to clear."))
    with transaction.atomic():
        count = AxesProxyHandler.reset_attempts(**filters)
    logger.info("%s cleared the failed logins of %s (%d rows)", actor, filters, count)
    return count


def clear_all_lockouts(*, actor):
    """Forget every failed login."""
    with transaction.atomic():
        count, _deleted = AccessAttempt.objects.all().delete()
    logger.info("%s cleared every failed login (%d rows)", actor, count)
    return count
