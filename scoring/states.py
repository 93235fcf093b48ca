"""A session's state in one line, the same words on the tournament page, the dashboard and the
draw page (issue 14, point 5). The steps, in order: drawn, seating public, playing, all tables
closed, confirmed, results public; the line names the furthest step reached and what the
public sees."""

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class SessionState:
    code: str  # for a CSS class: draft, drawn, public, playing, closed, confirmed, published
    label: str


def session_state(session, tables=None, closed=None):
    """The state of `session`; `tables` and `closed` (counts) are read when not given."""
    if session.is_draft:
        return SessionState("draft", _("Not drawn yet"))
    if tables is None or closed is None:
        counts = session.tables.aggregate(
            tables=Count("pk"), closed=Count("pk", filter=Q(closed_at__isnull=False))
        )
        tables, closed = counts["tables"], counts["closed"]
    seating = _("seating public") if session.seating_published else _("seating not public yet")
    if session.is_confirmed:
        if session.results_published:
            return SessionState("published", _("Confirmed · results public"))
        return SessionState("confirmed", _("Confirmed · results not public yet"))
    if tables and closed == tables:
        return SessionState(
            "closed",
            _("All tables closed · waiting for confirmation · %(seating)s") % {"seating": seating},
        )
    if session.is_seated and not closed and not session.clock_started_at:
        if session.seating_published:
            return SessionState("public", _("Drawn · seating public"))
        return SessionState("drawn", _("Drawn · seating not public yet"))
    return SessionState(
        "playing",
        _("Playing · %(closed)s of %(tables)s tables closed · %(seating)s")
        % {"closed": closed, "tables": tables, "seating": seating},
    )


def session_state_label(session, tables=None, closed=None):
    return session_state(session, tables, closed).label
