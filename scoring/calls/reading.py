"""The referee calls a page shows (the open ones, and those closed a moment ago that can be
reopened), each with how long it has waited by the database's
clock (`common.clock.database_now`): the session's (the dashboard), a referee account's (its
page), a table's (its page)."""

import datetime

from django.db.models import Exists, OuterRef

from common.clock import database_now
from scoring import access
from scoring.calls.models import REOPEN_MINUTES, RefereeCall
from scoring.calls.presentation import waited_text
from tournament.models import SessionStatus


def open_calls(calls, now=None):
    """[(call, how long it has waited)] of `calls` (a queryset of open calls), oldest first, by
    the database's clock."""
    calls = list(
        calls.select_related("table__session__tournament", "taken_by").order_by("made_at", "id")
    )
    if not calls:
        return []
    now = now or database_now()
    return [(call, waited_text(now - call.made_at)) for call in calls]


def recently_closed(calls, now=None):
    """The calls of `calls` (a queryset) closed less than `REOPEN_MINUTES` ago that can be
    reopened (their session not confirmed, their table not calling again), newest first: those
    a mis-tap closed can be reopened from the page."""
    now = now or database_now()
    since = now - datetime.timedelta(minutes=REOPEN_MINUTES)
    # Not once the session is confirmed or the table has called again: reopening is refused.
    calling_again = RefereeCall.objects.open().filter(table=OuterRef("table"))
    return list(
        calls.closed_since(since)
        .exclude(table__session__status=SessionStatus.CONFIRMED)
        .exclude(Exists(calling_again))
        .select_related("table__session__tournament", "closed_by")
        .order_by("-closed_at", "-id")
    )


def answered_by(user, *, closed=False):
    """The open calls a referee account answers (with `closed`, those closed a moment ago):
    those of the sessions being played where it referees a table (every session being played
    for a site administrator)."""
    tables = access.tables_for_account(user).filter(
        session__status__in=access.LINK_SESSION_STATUSES
    )
    sessions = tables.values("session_id")
    calls = RefereeCall.objects.filter(table__session__in=sessions)
    return calls if closed else calls.open()


def table_call(table):
    """The open call of `table` and how long it has waited, or None."""
    found = open_calls(RefereeCall.objects.open().filter(table=table))
    return found[0] if found else None
