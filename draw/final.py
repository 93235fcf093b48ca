"""The draw of a tournament in stages (docs/rules.md §9.3, §9.5).

Until the cut is made, a draw covers only the qualifying sessions; after it, only the final
sessions not yet played. The finalists sit at the first tables, seated by the tournament's
`final_seating`:

* *standings*: in the final ranking's order as it stands when the draw is made (the cut's
  order right after the cut): the first four at table 1, the next four at table 2, ...;
* *pattern*: the same order dealt as a snake, each table taking one player from each quarter
  of the finalists: with 16 finalists table 1 seats 1, 8, 9, 16, table 2 seats 2, 7, 10, 15 ...;
* *draw*: drawn like the qualifying sessions, among the finalists only, counting the
  qualifying sessions as history (no repeated opponents where possible).

With *standings* and *pattern*, every final session drawn together keeps the same tables and
the seat winds turn by one seat each session. With `final_reseat` the final sessions are drawn
one at a time, each once the one before it is confirmed, in the order of the final ranking
then (so the same four do not simply play again). With a consolation stage the other players
(and substitutes to fill a table) are drawn at the following tables; without, they do not sit.

The order of the final comes from the standings (`scoring.stages.services`), which the draw
sits above.
"""

from django.utils.translation import gettext as _

from draw.errors import DrawError
from scoring.stages.services import cut_is_made, final_order
from tournament import seating
from tournament.models import FinalSeating, SessionStatus


def stage_scope(tournament, scope, session_number):
    """The sessions of `scope` a draw of a tournament in stages covers: the qualifying ones
    before the cut, the final ones after it (never both). Raises DrawError when the asked
    session belongs to the final and the cut is not made yet."""
    if not tournament.has_stages:
        return scope
    final = [s for s in scope if tournament.is_final_session(s.number)]
    if cut_is_made(tournament):
        if final and tournament.final_reseat:
            return [next_final_session(tournament, final[0])]
        return final or scope
    if session_number is not None and final:
        raise DrawError(
            _(
                "Session %(number)s belongs to the final: it is drawn after the cut, once "
                "every qualifying session is confirmed."
            )
            % {"number": session_number}
        )
    qualifying = [s for s in scope if not tournament.is_final_session(s.number)]
    if not qualifying:
        raise DrawError(
            _(
                "Every qualifying session has been played: make the cut to the final (the "
                "Cut page), then draw the final sessions."
            )
        )
    return qualifying


def next_final_session(tournament, session):
    """With `final_reseat` (docs/rules.md §9.3) a final session is drawn alone, by the standings
    after the one before it: refused (DrawError) while an earlier final session is not
    confirmed."""
    waiting = (
        tournament.sessions.filter(
            number__gt=tournament.qualifying_sessions, number__lt=session.number
        )
        .exclude(status=SessionStatus.CONFIRMED)
        .order_by("number")
        .first()
    )
    if waiting is not None:
        raise DrawError(
            _(
                "Session %(number)s is seated by the standings after session %(previous)s: "
                "draw it once session %(previous)s is confirmed."
            )
            % {"number": session.number, "previous": waiting.number}
        )
    return session


def is_final_scope(tournament, scope):
    return tournament.has_stages and tournament.is_final_session(scope[0].number)


def final_players(tournament):
    """The finalists, and the others who sit in the final sessions (the consolation stage:
    the other active players, with substitutes to fill its last table), and the substitutes
    left out. Raises DrawError when the final's tables cannot be filled."""
    active = list(tournament.registrations.active().select_related("player").order_by("number"))
    finalists = [r for r in active if r.finalist and not r.is_substitute]
    substitutes = [r for r in active if r.is_substitute]
    others = [r for r in active if not r.finalist and not r.is_substitute]
    if len(finalists) % 4 or not finalists:
        raise DrawError(
            _(
                "%(count)s finalists are still in the tournament: the final needs full tables "
                "of four. Undo the cut, or register a player and make them a finalist."
            )
            % {"count": len(finalists)}
        )
    if not tournament.consolation or not others:
        return finalists, [], substitutes
    missing = -len(others) % 4
    if missing > len(substitutes):
        raise DrawError(
            _(
                "The consolation stage has %(players)s players: register %(missing)s more "
                "substitutes to make full tables of four."
            )
            % {"players": len(others), "missing": missing - len(substitutes)}
        )
    return finalists, others + substitutes[:missing], substitutes[missing:]


def snake(order):
    """The fixed pattern (docs/rules.md §9.3): table t takes the t-th player of each quarter,
    the quarters read alternately forwards and backwards (16 finalists: 1-8-9-16, 2-7-10-15,
    3-6-11-14, 4-5-12-13)."""
    count = len(order) // 4
    tables = []
    for t in range(count):
        tables.append(
            (order[t], order[2 * count - 1 - t], order[2 * count + t], order[4 * count - 1 - t])
        )
    return tables


def turned(table, steps):
    """The same table with the seat winds turned by `steps` seats."""
    steps %= 4
    return tuple(table[steps:]) + tuple(table[:steps])


def final_schedule(tournament, scope, finalists, others, history, groups, seed, teams=None):
    """The tables of the final sessions in `scope`: the finalists first, then the consolation
    tables; one list of 4-tuples per session. What is drawn (the finalists with the seating
    "draw", the consolation stage) keeps team-mates apart like any draw (§10.1)."""
    sessions = len(scope)
    if tournament.final_seating == FinalSeating.DRAW:
        top = _drawn(finalists, history, sessions, groups, seed, teams)
    else:
        order = final_order(tournament, finalists)
        if tournament.final_seating == FinalSeating.PATTERN:
            tables = snake(order)
        else:
            tables = [tuple(order[i : i + 4]) for i in range(0, len(order), 4)]
        first = tournament.qualifying_sessions + 1
        top = [[turned(table, s.number - first) for table in tables] for s in scope]
    bottom = _drawn(others, history, sessions, groups, seed + 1, teams) if others else None
    if bottom is None:
        return top
    return [list(a) + list(b) for a, b in zip(top, bottom, strict=True)]


def _drawn(players, history, sessions, groups, seed, teams=None):
    result = seating.draw(
        players, len(history) + sessions, seed=seed, groups=groups, fixed=history, teams=teams
    )
    return [list(tables) for tables in result.schedule[len(history) :]]
