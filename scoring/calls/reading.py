"""The open referee calls a page shows, each with how long it has waited by the database's
clock (`common.clock.database_now`): the session's (the dashboard), a referee account's (its
page), a table's (its page)."""

from common.clock import database_now
from scoring import access
from scoring.calls.models import RefereeCall
from scoring.calls.presentation import waited_text


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


def answered_by(user):
    """The open calls a referee account answers: those of the sessions being played where it
    referees a table (every session being played for a site administrator)."""
    tables = access.tables_for_account(user).filter(
        session__status__in=access.LINK_SESSION_STATUSES
    )
    sessions = tables.values("session_id")
    return RefereeCall.objects.open().filter(table__session__in=sessions)


def table_call(table):
    """The open call of `table` and how long it has waited, or None."""
    found = open_calls(RefereeCall.objects.open().filter(table=table))
    return found[0] if found else None
