"""How a referee call reads: how long it has waited ("4 min"), what it is about, and its
entries in the audit trail. The instants are the database's (`common.clock.database_now`)."""

import datetime as dt

from django.utils.translation import gettext as _

from scoring.calls.models import CallKind


def waited_text(delta):
    """A wait as a director reads it across the hall: "less than a minute", "4 min",
    "1 h 05 min"."""
    seconds = max(0, int(delta.total_seconds() if isinstance(delta, dt.timedelta) else delta))
    minutes = seconds // 60
    if minutes < 1:
        return _("less than a minute")
    if minutes < 60:
        return _("%(minutes)s min") % {"minutes": minutes}
    return _("%(hours)s h %(minutes)02d min") % {"hours": minutes // 60, "minutes": minutes % 60}


def kind_label(kind):
    return CallKind(kind).label if kind in CallKind.values else str(kind or "")


def call_sentence(action, changes, labels):
    """An audit entry of a call in words: "Referee called: Dispute · “wind of hand 3”",
    "Taken after 4 min", "Closed after 9 min: penalty given". `labels` are the call actions
    (`AuditAction.CALL_MADE`, `CALL_TAKEN`, `CALL_CLOSED`, `CALL_REOPENED`)."""
    made, taken, _closed, reopened = labels
    kind = kind_label(changes.get("kind"))
    if action == made:
        text = _("Referee called: %(kind)s") % {"kind": kind}
        if changes.get("note"):
            text += f" · “{changes['note']}”"
        return text
    if action == taken:
        return _("%(kind)s: taken after %(waited)s") % {
            "kind": kind,
            "waited": waited_text(changes.get("waited_seconds") or 0),
        }
    if action == reopened:
        text = _("%(kind)s: reopened (closed by mistake)") % {"kind": kind}
        if changes.get("outcome"):
            text += " · " + _("was closed with “%(outcome)s”") % {"outcome": changes["outcome"]}
        return text
    text = _("%(kind)s: closed after %(waited)s") % {
        "kind": kind,
        "waited": waited_text(changes.get("open_seconds") or 0),
    }
    if changes.get("outcome"):
        text += f" · “{changes['outcome']}”"
    return text
