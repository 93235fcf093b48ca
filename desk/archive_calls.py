"""The referee calls in a tournament archive (`scoring.calls`, issue 31): written with the tables'
session and table numbers and the accounts' user names, checked before the restore writes
anything (a kind the desk knows, one open call per table, made, taken and closed in that order),
restored after the tables. An archive written before the calls existed has none and restores as
it always did.

Left out: a call's one-time submission id and the table revision it was made from, which only
guard against the same call sent twice to this desk by the phone's queue.
"""

from django.utils.translation import gettext as _

from desk.archive_refs import ReferenceChecks
from desk.archive_values import fill, items_of, read_datetime, require, validate
from scoring.calls.models import CallKind, RefereeCall

CALL_FIELDS = ("kind", "note", "made_at", "made_via", "taken_at", "closed_at", "outcome")
CALL_ACCOUNTS = ("made_by", "taken_by", "closed_by")


def export_calls(tournament, user):
    """The calls of `tournament` as archive records (`user`: an account as its user name)."""
    calls = (
        RefereeCall.objects.filter(table__session__tournament=tournament)
        .select_related("table__session", "made_by", "taken_by", "closed_by")
        .order_by("made_at", "id")
    )
    return [
        {
            **{name: _plain(getattr(call, name)) for name in CALL_FIELDS},
            "session": call.table.session.number,
            "table": call.table.number,
            **{name: user(getattr(call, name)) for name in CALL_ACCOUNTS},
        }
        for call in calls
    ]


def _plain(value):
    return value.isoformat() if hasattr(value, "isoformat") else value


def archived_calls(data):
    """The archive's call records: none in an archive written before the calls existed."""
    return items_of(data, "calls") if "calls" in data else []


class CallChecks(ReferenceChecks):
    """The restore plan's calls (checked by `desk.archive_plan._Planner` after the play)."""

    def calls(self):
        open_tables = set()
        for index, item in enumerate(archived_calls(self.data), start=1):
            where = _("referee call %(index)s") % {"index": index}
            session = self.session(item.get("session"), where)
            table = self.table(session.number, item.get("table"), where)
            call = fill(RefereeCall(table=table), item, where, ("session", "table", *CALL_ACCOUNTS))
            call.made_by, call.taken_by, call.closed_by = (
                self.user(item.get(name)) for name in CALL_ACCOUNTS
            )
            validate(call, where)
            require(call.kind in CallKind.values, where, _("an unknown kind of call"))
            call.made_at = read_datetime(item.get("made_at"), where, _("called at"))
            taken, closed = call.taken_at, call.closed_at
            require(
                (taken is None and call.taken_by is None) or (taken and taken >= call.made_at),
                where,
                _("taken before it was made"),
            )
            require(
                (closed is None and call.closed_by is None)
                or (taken is not None and closed and closed >= taken),
                where,
                _("closed before it was taken"),
            )
            if closed is None:
                key = (session.number, table.number)
                require(key not in open_tables, where, _("a second open call of its table"))
                open_tables.add(key)
            self.plan.calls.append(call)
