"""What an action will do, in words, before the director or the referee does it.

Each function reads the database (nothing is written) and returns the sentence shown by the
confirm dialog and the confirm page (`common.confirm`): who and what is affected, e.g.
"Reopening table 3 un-confirms session 1: the public standings and the projector go back to
after session 0 until you confirm it again."
"""

from django.utils.translation import gettext as _

from scoring.presentation import describe_hand
from scoring.services.tables import current_hands


def public_standings_before(session, sessions=None):
    """The last session the public standings would show without `session`: they stop before
    the first confirmed session whose results are not published (0: none). `sessions`: the
    tournament's sessions, when the caller has them already."""
    if sessions is None:
        sessions = session.tournament.sessions.order_by("number")
    last = 0
    for earlier in sorted(sessions, key=lambda s: s.number):
        if earlier.number >= session.number or not earlier.is_confirmed:
            break
        if not earlier.results_published:
            break
        last = earlier.number
    return last


def _standings_go_back(session, previous):
    if previous == 0:
        return _(
            "the public standings and the projector show no session's results until you "
            "confirm it again"
        )
    return _(
        "the public standings and the projector go back to after session %(previous)s until "
        "you confirm it again"
    ) % {"previous": previous}


def reopen_table(table, sessions=None):
    text = _reopen_table(table, sessions)
    if table.is_closed and table.time_up_at is not None:
        text += " " + _(
            "Time was called at this table after hand %(hand)s and stays called: take back "
            "“Time is up” on the dashboard to let it play on."
        ) % {"hand": table.time_up_after_hand or 0}
    return text


def _reopen_table(table, sessions=None):
    session = table.session
    names = {"table": table.number, "session": session.number}
    if not table.is_closed:
        return _("Table %(table)s is not closed: there is nothing to reopen.") % names
    if session.is_confirmed and session.results_published:
        return _(
            "Reopening table %(table)s un-confirms session %(session)s: %(standings)s. The "
            "table's results are removed until it is closed again."
        ) % {
            **names,
            "standings": _standings_go_back(session, public_standings_before(session, sessions)),
        }
    if session.is_confirmed:
        return (
            _(
                "Reopening table %(table)s un-confirms session %(session)s: it stops counting in "
                "the standings until you confirm it again. The table's results are removed until it "
                "is closed again."
            )
            % names
        )
    return (
        _(
            "Reopening table %(table)s removes its results until it is closed again; its referee "
            "can enter and correct hands again."
        )
        % names
    )


def call_time(table, snap=None):
    hands = snap.hands_played if snap is not None else len(current_hands(table))
    return _(
        "Time is up at table %(table)s: hand %(hand)s, the one being played, is its last. "
        "Enter it if it was finished, then close the table; no other hand can be entered. "
        "Only the director can take it back."
    ) % {"table": table.number, "hand": hands + 1}


def close_table(table, snap=None):
    hands = snap.hands_played if snap is not None else len(current_hands(table))
    return _(
        "Closing table %(table)s ends play there after %(hands)s hands: no hand can be entered "
        "or corrected any more, and the desk computes the results for the players to check. "
        "Only the director can reopen it."
    ) % {"table": table.number, "hands": hands}


def confirm_session(session, tables=None):
    names = {"session": session.number}
    tables = session.tables.order_by("number") if tables is None else tables
    open_tables = [str(t.number) for t in tables if not t.is_closed]
    if open_tables:
        return _("Session %(session)s cannot be confirmed yet: tables still open: %(tables)s.") % {
            **names,
            "tables": ", ".join(open_tables),
        }
    if session.results_published:
        return (
            _(
                "Confirming session %(session)s makes it count in the standings, and its results "
                "show at once on the public standings and the projector. Reopening a table later "
                "un-confirms it."
            )
            % names
        )
    return (
        _(
            "Confirming session %(session)s makes it count in the standings; the public pages show "
            "its results once you publish them. Reopening a table later un-confirms it."
        )
        % names
    )


def void_last_hand(table, snap=None):
    hands = [line.hand for line in snap.lines] if snap is not None else current_hands(table)
    if not hands:
        return _("No hand has been entered at table %(table)s.") % {"table": table.number}
    last = hands[-1]
    seats = snap.seats if snap is not None else list(table.seats.order_by("wind"))
    return _(
        "Taking back hand %(number)s of table %(table)s (%(hand)s) removes it from the totals; "
        "it stays in the history, and the next hand entered is hand %(number)s again."
    ) % {"number": last.number, "table": table.number, "hand": describe_hand(last, seats)}


def hide(session, *, seating=False, results=False, sessions=None):
    parts = []
    names = {"session": session.number}
    if seating:
        parts.append(
            _(
                "Hiding the seating of session %(session)s: players no longer find their seat "
                "on “Where do I sit?”, the seating page and the projector until you publish it "
                "again."
            )
            % names
        )
    if results:
        previous = public_standings_before(session, sessions)
        parts.append(
            _(
                "Hiding the results of session %(session)s: its tables' results disappear "
                "from the public pages, and the public standings and the projector go back to "
                "after session %(previous)s until you publish them again."
            )
            % {**names, "previous": previous}
        )
    return " ".join(parts)


def publish_unpublished(session, shown):
    """The question before showing a session's `shown` parts ("seating", "results") in a
    tournament that is not published: nobody would see them."""
    names = {"session": session.number}
    if shown == ["seating"]:
        what = _("the seating of session %(session)s") % names
    elif shown == ["results"]:
        what = _("the results of session %(session)s") % names
    else:
        what = _("the seating and the results of session %(session)s") % names
    return _(
        "The tournament is not published: players get “Page not found” on every public page "
        "and on the projector. Publish the tournament too, so they see %(what)s?"
    ) % {"what": what}


def published(session):
    """What the public sees of `session` now, in one sentence (after a publication change)."""
    names = {"session": session.number}
    if not session.tournament.published:
        return (
            _(
                "Saved. The tournament is not published: players see nothing of session "
                "%(session)s until you publish the tournament."
            )
            % names
        )
    parts = []
    if session.seating_published:
        parts.append(
            _(
                "The seating of session %(session)s is public: players see it on “Where do I "
                "sit?”, the seating page and the projector."
            )
            % names
        )
    else:
        parts.append(_("The seating of session %(session)s is not public.") % names)
    if session.results_published:
        parts.append(_("Its results are public."))
    else:
        parts.append(_("Its results are not public."))
    return " ".join(parts)
