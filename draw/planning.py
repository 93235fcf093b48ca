"""The bridge between the database and the seating algorithm (`tournament.seating`).

Load the players and the sessions already played, ask the pure algorithm for a schedule, and
write it in one transaction with the random seed, so every draw can be reproduced. The director
first sees a preview (`plan_draw`), then publishes exactly that draw: the preview is stored
(`DrawPlan.stored()`, kept by the view in the director's session under its fingerprint) and
`write_draw(..., previewed=...)` writes those very tables without searching again, after checking
that the registrations, clubs and played sessions still give the preview's fingerprint. The
search is budgeted in iterations, so a seed gives the same draw on any machine; its wall-clock
safety stop, if it ever fires, is flagged in the report (`clock_stopped`).

Vocabulary: the *scope* of a draw is the sessions being (re)drawn, always a run of consecutive
sessions ending with the last session or the next session alone. Sessions before the scope that
were drawn are *history*: they stay as they are and count for repeated opponents and wind
balance. Drawn sessions after the scope that were not played are cleared back to drafts (the
preview says so), since they were drawn against a history that no longer holds.
"""

import hashlib
import secrets
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.i18n import translate_error
from draw import final as final_draw
from draw.errors import DrawError
from draw.meetings import meetings_again
from rules.limits import MAX_SEED
from scoring.standings.ranking import ranking_order
from tournament import seating
from tournament.models import (
    Registration,
    SeatingPriority,
    Session,
    SessionStatus,
    Table,
    Tournament,
)
from tournament.services.seating_report import seating_groups, session_tables
from tournament.services.teams import team_of


@dataclass
class DrawPlan:
    """A computed draw, not yet written: what the preview shows and `write_draw` stores."""

    tournament: Tournament
    scope: list[Session]  # the sessions being drawn, in order
    seed: int
    schedule: list  # one list of tables per session in `scope`; a table is 4 registrations
    history: list  # drawn sessions before the scope, as lists of 4-tuples of registrations
    cleared: list[Session] = field(default_factory=list)  # drawn sessions after the scope
    #: substitutes not needed to fill the tables
    left_out: list[Registration] = field(default_factory=list)
    report: seating.SeatingReport | None = None
    fingerprint: str = ""
    #: players whose schedule this draw changes (None when the sessions were not drawn before)
    changed: list | None = None
    #: where players who sat together before meet again (`draw.meetings.MeetAgain`)
    again: list = field(default_factory=list)
    #: a final drawn at once that seats a later session with the tables of an earlier one:
    #: the preview suggests seating each final session after the one before
    final_repeats: bool = False

    @property
    def sessions(self):
        return list(zip(self.scope, self.schedule, strict=True))

    def stored(self):
        """What publishing needs to write exactly this draw later: plain JSON data (the tables
        as registration ids), to keep e.g. in the director's session under the fingerprint."""
        return {
            "tournament": self.tournament.pk,
            "seed": self.seed,
            "scope": [s.number for s in self.scope],
            "schedule": [[[r.pk for r in table] for table in tables] for tables in self.schedule],
            "fingerprint": self.fingerprint,
            "clock_stopped": bool(self.report and self.report.clock_stopped),
        }


def draw_players(tournament):
    """The registrations that sit in the next draws, and the substitutes left out.

    Every active player sits; active substitutes fill the last table, in player-number order.
    Raises DrawError when the tables cannot be filled.
    """
    active = list(tournament.registrations.active().select_related("player").order_by("number"))
    players = [r for r in active if not r.is_substitute]
    substitutes = [r for r in active if r.is_substitute]
    missing = -len(players) % 4
    if missing > len(substitutes):
        raise DrawError(
            ngettext(
                "%(players)s players registered: register %(missing)s more substitute to make "
                "full tables of four.",
                "%(players)s players registered: register %(missing)s more substitutes to make "
                "full tables of four.",
                missing - len(substitutes),
            )
            % {"players": len(players) + len(substitutes), "missing": missing - len(substitutes)}
        )
    if not players:
        raise DrawError(_("No player is registered yet."))
    return players + substitutes[:missing], substitutes[missing:]


def _check_history(tournament, number, tables):
    for index, players in enumerate(tables, start=1):
        if any(player is None for player in players):
            raise DrawError(
                _(
                    "Session %(session)s, table %(table)s does not have four players: correct it "
                    "in the admin before drawing."
                )
                % {"session": number, "table": index}
            )
        if any(player.tournament_id != tournament.pk for player in players):
            raise DrawError(
                _(
                    "Session %(session)s seats a player of another tournament: correct it in "
                    "the admin before drawing."
                )
                % {"session": number}
            )


def with_results(sessions):
    """The pks of those of `sessions` that have real results: confirmed, or with a current hand
    (a hand taken back is not one). Only these are history that a draw keeps; every other
    drawn session, started or not, may be drawn again."""
    pks = [s.pk for s in sessions]
    confirmed = {s.pk for s in sessions if s.is_confirmed}
    with_hands = set(
        Table.objects.filter(session__in=pks, hands__is_current=True).values_list(
            "session_id", flat=True
        )
    )
    return confirmed | with_hands


def scope_for(tournament, session_number=None):
    """The sessions a draw covers: the given session alone, or every session not yet played
    (without results, see `with_results`).

    A Swiss session seats players by the standings, so "every session" stops before it: the
    sessions up to it are drawn together (no repeats, balanced winds), the Swiss one when the
    sessions before it are confirmed, and the ones after it after that.
    """
    sessions = list(tournament.sessions.order_by("number"))
    if not sessions:
        raise DrawError(_("The tournament has no session."))
    played = with_results(sessions)
    if session_number is not None:
        scope = [s for s in sessions if s.number == session_number]
        if not scope:
            raise DrawError(_("There is no session %(number)s.") % {"number": session_number})
    else:
        scope = [s for s in sessions if s.pk not in played]
        if not scope:
            raise DrawError(_("Every session has been played: there is nothing left to draw."))
        swiss = next((i for i, s in enumerate(scope) if s.is_swiss), None)
        if swiss is not None:
            scope = scope[: max(swiss, 1)]
    scope = final_draw.stage_scope(tournament, scope, session_number)  # docs/rules.md §9.3
    first = scope[0]
    played_later = [s.number for s in sessions if s.number >= first.number and s.pk in played]
    if played_later:
        raise DrawError(
            _("Session %(number)s has already been played and cannot be drawn again.")
            % {"number": played_later[0]}
        )
    return sessions, scope


def _fingerprint(players, history, seed, scope, groups, schedule, teams=None):
    """What a preview showed: its inputs (players, clubs, teams, played sessions, seed) and the
    tables it drew. Publishing refuses a draw whose fingerprint differs from the preview's."""

    def tables(sessions):
        return ";".join(",".join(str(r.pk) for r in table) for s in sessions for table in s)

    text = "|".join(
        [
            ",".join(str(r.pk) for r in players),
            ",".join(f"{r.pk}:{groups.get(r, '')}" for r in players) if groups else "",
            tables(history),
            str(seed),
            ",".join(str(s.pk) for s in scope),
            tables(schedule),
        ]
    )
    if teams:
        text += "|" + ",".join(f"{r.pk}:{teams.get(r, '')}" for r in players)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def plan_draw(tournament, *, session_number=None, seed=None, previewed=None):
    """Compute (but do not write) the draw of one session or of every session not yet played.

    With `previewed` (a `DrawPlan.stored()` preview, drawn with this `seed`), nothing is searched:
    the tables are the previewed ones on today's registrations, and the fingerprint tells whether
    anything changed since the preview.
    """
    sessions, scope = scope_for(tournament, session_number)
    final = final_draw.is_final_scope(tournament, scope)
    if final:
        finalists, others, left_out = final_draw.final_players(tournament)
        players = finalists + others
    else:
        players, left_out = draw_players(tournament)
    first = scope[0].number
    history, history_numbers = [], []
    for session in sessions:
        if session.number < first and not session.is_draft:
            tables = session_tables(session)
            _check_history(tournament, session.number, tables)
            history.append(tables)
            history_numbers.append(session.number)
    cleared = [s for s in sessions if s.number > scope[-1].number and not s.is_draft]
    seed = secrets.randbelow(2**31) if seed is None else int(seed)
    if not 0 <= seed <= MAX_SEED:
        raise DrawError(
            _("The seed is a whole number from 0 to %(maximum)s.") % {"maximum": MAX_SEED}
        )
    groups = seating_groups(tournament, players)
    teams = team_of(players)  # docs/rules.md §10.1: team-mates apart, a hard constraint
    swiss = [s for s in scope if s.is_swiss]
    clock_stopped = False
    alternative = None
    kept_plan = None  # docs/rules.md §8.2: a kept plan's figures beside a fresh draw's
    try:
        if previewed is not None:
            schedule = _previewed_tables(previewed, players, scope)
            clock_stopped = bool(previewed.get("clock_stopped"))
        elif final:
            schedule = final_draw.final_schedule(
                tournament, scope, finalists, others, history, groups, seed, teams
            )
        elif swiss:
            schedule = [_swiss_tables(tournament, scope, players, history, groups, seed)]
        else:
            # Drawing again sessions that were drawn: hand the old draw over, so that when
            # only substitutes changed, the other players keep their tables.
            drawn = [s for s in scope if not s.is_draft]
            previous = None
            if drawn and len(drawn) == len(scope) and not cleared:
                previous = history + [session_tables(s) for s in scope]
            result = seating.draw(
                players,
                len(history) + len(scope),
                seed=seed,
                groups=groups,
                fixed=history,
                previous=previous,
                apart_first=tournament.seating_priority == SeatingPriority.APART,
                teams=teams,
            )
            schedule = [list(tables) for tables in result.schedule[len(history) :]]
            clock_stopped = result.clock_stopped
            alternative = result.alternative
            kept_plan = result.kept
    except seating.SeatingError as exc:
        raise DrawError(translate_error(exc)) from exc
    report = seating.seating_report(
        history + schedule, groups=groups, clock_stopped=clock_stopped, teams=teams
    ).replace(
        lower_bound=seating.lower_bound(len(players), len(history) + len(scope)),
        alternative=alternative,
        kept_plan=kept_plan,
    )
    changed = None
    if all(not s.is_draft for s in scope):
        before = [session_tables(s) for s in scope]
        changed = seating.changed_players(before, schedule)
    again = meetings_again(history, history_numbers, schedule, [s.number for s in scope])
    return DrawPlan(
        tournament=tournament,
        scope=scope,
        seed=seed,
        schedule=schedule,
        history=history,
        cleared=cleared,
        left_out=left_out,
        report=report,
        fingerprint=_fingerprint(players, history, seed, scope, groups, schedule, teams),
        changed=changed,
        again=again,
        final_repeats=final
        and not tournament.final_reseat
        and any(item.same_as is not None and item.same_as >= first for item in again),
    )


def _previewed_tables(previewed, players, scope):
    """The stored preview's tables on the registrations of `players` (DrawError if one of them
    no longer sits in the draw, or the preview was for other sessions)."""
    by_pk = {r.pk: r for r in players}
    sessions = previewed.get("schedule")
    if previewed.get("scope") != [s.number for s in scope] or not isinstance(sessions, list):
        raise DrawError(changed_message())
    schedule = []
    for tables in sessions:
        drawn = []
        for table in tables:
            if len(table) != 4 or any(pk not in by_pk for pk in table):
                raise DrawError(changed_message())
            drawn.append(tuple(by_pk[pk] for pk in table))
        schedule.append(drawn)
    return schedule


def changed_message():
    return _(
        "The registrations or the played sessions changed since this preview: look at "
        "the new preview before publishing."
    )


def _swiss_tables(tournament, scope, players, history, groups, seed):
    (session,) = scope if len(scope) == 1 else (None,)
    if session is None:
        raise DrawError(_("A Swiss session is drawn on its own, after the session before it."))
    previous = tournament.sessions.filter(number__lt=session.number)
    if previous.exclude(status=SessionStatus.CONFIRMED).exists() or not previous.exists():
        raise DrawError(
            _(
                "Session %(number)s is Swiss: it can be drawn only when every session before it "
                "is confirmed, because it seats players by the standings."
            )
            % {"number": session.number}
        )
    order = ranking_order(tournament, players)
    return list(
        seating.swiss_session(
            order, history=history, band_size=session.swiss_band, groups=groups, seed=seed
        )
    )
