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
from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.i18n import translate_error
from rules.limits import MAX_SEED
from tournament import seating
from tournament.models import (
    Seat,
    SeatingGroups,
    SeatingPriority,
    Session,
    SessionStatus,
    Table,
)
from tournament.services import final_draw
from tournament.services.draw_errors import DrawError
from tournament.services.teams import team_of
from tournament.services.tournaments import follow_sessions

#: How a Swiss session orders the players: `standings_order(tournament, registrations)` returns
#: the registrations from first to last place after the confirmed sessions. The standings belong
#: to the scoring app, which sits above this one, so the draw does not import them: the scoring
#: app installs its function here when Django starts (`ScoringConfig.ready`), and a test may
#: install another. See docs/architecture.md, "Injected dependencies".
standings_order = None


def use_standings_order(function):
    """Install the function a Swiss draw orders the players by (see `standings_order`)."""
    global standings_order
    standings_order = function


@dataclass
class DrawPlan:
    """A computed draw, not yet written: what the preview shows and `write_draw` stores."""

    tournament: object
    scope: list  # Session objects being drawn, in order
    seed: int
    schedule: list  # one list of tables per session in `scope`; a table is 4 registrations
    history: list  # drawn sessions before the scope, as lists of 4-tuples of registrations
    cleared: list = field(default_factory=list)  # drawn sessions after the scope
    left_out: list = field(default_factory=list)  # substitutes not needed to fill the tables
    report: seating.SeatingReport | None = None
    fingerprint: str = ""
    #: players whose schedule this draw changes (None when the sessions were not drawn before)
    changed: list | None = None

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


def _groups(tournament, registrations):
    if tournament.seating_groups == SeatingGroups.NONE:
        return None
    attribute = "club" if tournament.seating_groups == SeatingGroups.CLUB else "country"
    groups = {r: getattr(r.player, attribute).strip().lower() for r in registrations}
    return {r: key for r, key in groups.items() if key} or None


def session_tables(session):
    """A drawn session as a list of 4-tuples of registrations in starting seat order."""
    seats = (
        Seat.objects.filter(session=session)
        .select_related("table", "registration__player")
        .order_by("table__number", "wind")
    )
    tables = {}
    for seat in seats:
        tables.setdefault(seat.table.number, [None] * 4)[seat.wind] = seat.registration
    return [tuple(players) for _number, players in sorted(tables.items())]


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
    history = []
    for session in sessions:
        if session.number < first and not session.is_draft:
            tables = session_tables(session)
            _check_history(tournament, session.number, tables)
            history.append(tables)
    cleared = [s for s in sessions if s.number > scope[-1].number and not s.is_draft]
    seed = secrets.randbelow(2**31) if seed is None else int(seed)
    if not 0 <= seed <= MAX_SEED:
        raise DrawError(
            _("The seed is a whole number from 0 to %(maximum)s.") % {"maximum": MAX_SEED}
        )
    groups = _groups(tournament, players)
    teams = team_of(players)  # docs/rules.md §10.1: team-mates apart, a hard constraint
    swiss = [s for s in scope if s.is_swiss]
    clock_stopped = False
    alternative = None
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
    except seating.SeatingError as exc:
        raise DrawError(translate_error(exc)) from exc
    report = seating.seating_report(
        history + schedule, groups=groups, clock_stopped=clock_stopped, teams=teams
    ).replace(
        lower_bound=seating.lower_bound(len(players), len(history) + len(scope)),
        alternative=alternative,
    )
    changed = None
    if all(not s.is_draft for s in scope):
        before = [session_tables(s) for s in scope]
        changed = seating.changed_players(before, schedule)
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
    )


def _previewed_tables(previewed, players, scope):
    """The stored preview's tables on the registrations of `players` (DrawError if one of them
    no longer sits in the draw, or the preview was for other sessions)."""
    by_pk = {r.pk: r for r in players}
    sessions = previewed.get("schedule")
    if previewed.get("scope") != [s.number for s in scope] or not isinstance(sessions, list):
        raise DrawError(_changed_message())
    schedule = []
    for tables in sessions:
        drawn = []
        for table in tables:
            if len(table) != 4 or any(pk not in by_pk for pk in table):
                raise DrawError(_changed_message())
            drawn.append(tuple(by_pk[pk] for pk in table))
        schedule.append(drawn)
    return schedule


def _changed_message():
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
    order = standings_order(tournament, players)
    return list(
        seating.swiss_session(
            order, history=history, band_size=session.swiss_band, groups=groups, seed=seed
        )
    )


@transaction.atomic
def write_draw(
    tournament,
    *,
    session_number=None,
    seed=None,
    fingerprint=None,
    previewed=None,
    publish_seating=False,
):
    """Write a draw: tables, seats, seeds, statuses, in one transaction; returns its plan.

    With `publish_seating`, the seating of the first session drawn becomes public in the same
    transaction (players see it on "Where do I sit?" and the projector); the later sessions'
    seatings stay private until the director makes each public from its dashboard.

    With `previewed` (the stored preview, `DrawPlan.stored()`), exactly the previewed tables are
    written, without searching again; without it, the draw is computed here from `seed` (a
    random one if None) and the plan returned is the one written. `fingerprint` is the one the
    preview showed (a stored preview carries its own); if players, clubs or played sessions
    changed since, the draw is refused rather than silently different from what the director saw.
    """
    from tournament.services.registrations import lock_tournament

    tournament = lock_tournament(tournament)
    if previewed is not None:
        if previewed.get("tournament") != tournament.pk or not isinstance(
            previewed.get("seed"), int
        ):
            raise DrawError(_changed_message())
        seed = previewed["seed"]
        fingerprint = previewed.get("fingerprint") if fingerprint is None else fingerprint
        if fingerprint != previewed.get("fingerprint"):
            raise DrawError(_changed_message())
    plan = plan_draw(tournament, session_number=session_number, seed=seed, previewed=previewed)
    if fingerprint is not None and fingerprint != plan.fingerprint:
        raise DrawError(_changed_message())
    redrawn = plan.scope + plan.cleared
    if Table.objects.filter(session__in=redrawn, hands__is_current=True).exists():
        raise DrawError(
            _("Hands were already entered in a session being drawn: it cannot be drawn again.")
        )
    if Session.objects.filter(pk__in=[s.pk for s in redrawn], penalties__isnull=False).exists():
        raise DrawError(
            _(
                "Penalties were already given in a session being drawn: it cannot be "
                "drawn again (a penalty is cancelled, never deleted)."
            )
        )
    # Hands taken back are no results: they go with their tables (the audit trail keeps them).
    for table in Table.objects.filter(session__in=redrawn, hands__isnull=False).distinct():
        table.hands.all().delete()
    was_started = any(s.status == SessionStatus.RUNNING for s in redrawn)
    # A referee account keeps its table numbers when a session is drawn again.
    kept_referees = defaultdict(list)
    for session_id, number, account_id in Table.referees.through.objects.filter(
        table__session__in=redrawn
    ).values_list("table__session_id", "table__number", "user_id"):
        kept_referees[session_id, number].append(account_id)
    Table.objects.filter(session__in=redrawn).delete()
    not_started = {
        "clock_started_at": None,
        "clock_paused_at": None,
        "clock_paused_seconds": 0,
        "clock_extra_minutes": 0,
    }
    Session.objects.filter(pk__in=[s.pk for s in plan.cleared]).update(
        status=SessionStatus.DRAFT, draw_seed=None, **not_started
    )
    for session, tables in plan.sessions:
        created = Table.objects.bulk_create(
            Table(session=session, number=number) for number in range(1, len(tables) + 1)
        )
        Seat.objects.bulk_create(
            Seat(table=table, session=session, registration=registration, wind=wind)
            for table, players in zip(created, tables, strict=True)
            for wind, registration in enumerate(players)
        )
        Table.referees.through.objects.bulk_create(
            Table.referees.through(table=table, user_id=account_id)
            for table in created
            for account_id in kept_referees.get((session.pk, table.number), ())
        )
        session.status = SessionStatus.SEATED  # drawn again: started again by the director
        session.draw_seed = plan.seed
        for name, value in not_started.items():
            setattr(session, name, value)
        session.save(update_fields=["status", "draw_seed", *not_started])
    if publish_seating and plan.scope:
        Session.objects.filter(pk=plan.scope[0].pk).update(seating_published=True)
    if was_started:
        follow_sessions(tournament.pk)  # a started session drawn again is no longer running
    return plan


def current_report(tournament):
    """The quality report of every drawn session of the tournament, as stored."""
    sessions = tournament.sessions.drawn().order_by("number")
    schedule = [session_tables(session) for session in sessions]
    if not schedule:
        return None
    players = {r for tables in schedule for table in tables for r in table}
    report = seating.seating_report(
        schedule, groups=_groups(tournament, players), teams=team_of(players)
    )
    return report.replace(lower_bound=seating.lower_bound(len(schedule[0]) * 4, len(schedule)))
