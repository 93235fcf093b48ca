"""The cut to the final (docs/rules.md §9.1) and the orders the final's draw seats players by.

`cut_plan` says who the cut takes, and why, without writing anything (the cut page shows it);
`make_cut` writes it (lock the tournament, then check again), `undo_cut` takes it back while no
final session has been played. `qualifying_order` and `final_order` are the orders the final's
draw (`draw.final`, a layer above) seats players by; `moved_up` fills a finalist's place.
"""

import secrets
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.errors import UserError
from scoring.models import AuditAction
from scoring.services.audit import log_action
from scoring.standings.lots import drawn_lot
from scoring.standings.ranking import compute_standings, standings_version
from scoring.standings.stages import cut_order
from tournament.models import PLAYED, SessionStatus, Table, TieBreak
from tournament.services.registrations import lock_tournament


class StageError(UserError):
    """A cut the desk refuses; the message says what to do first."""


@dataclass
class CutPlan:
    """Who the cut takes, from the qualifying standings."""

    standings: object
    order: list  # the active ranked rows in the order of the cut
    finalists: list  # the first `tournament.finalists` of `order`
    tied: list = field(default_factory=list)  # rows equal with the last finalist on the ranking
    lots_decide: bool = False  # players still share the place at the line: drawing lots decides
    problems: list = field(default_factory=list)  # why the cut cannot be made now
    deciding: str = ""  # the tie-breaker that put the last finalist ahead of the next player

    @property
    def finalist_pks(self):
        return {row.registration.pk for row in self.finalists}

    @property
    def line_place(self):
        """The qualifying place of the last finalist (the cut line is drawn after it)."""
        return self.finalists[-1].place if self.finalists else None


def cut_is_made(tournament):
    """Whether the cut to the final is made (some registration is marked finalist or not,
    docs/rules.md §9.1), read afresh (`Tournament.cut_made` is the same, kept for one request's
    pages)."""
    return (
        tournament.has_stages and tournament.registrations.filter(finalist__isnull=False).exists()
    )


def unconfirmed_qualifying(tournament):
    """The numbers of the qualifying sessions not confirmed yet."""
    return list(
        tournament.sessions.filter(number__lte=tournament.qualifying_sessions)
        .exclude(status=SessionStatus.CONFIRMED)
        .order_by("number")
        .values_list("number", flat=True)
    )


def final_played(tournament):
    """Whether a final session has started (hands entered, or running, or confirmed)."""
    finals = tournament.sessions.filter(number__gt=tournament.qualifying_sessions)
    return (
        finals.filter(status__in=PLAYED).exists()
        or Table.objects.filter(session__in=finals, hands__isnull=False).exists()
    )


def cut_plan(tournament):
    """The cut as it stands (docs/rules.md §9.1); `problems` lists what prevents making it."""
    standings = compute_standings(
        tournament, through=tournament.qualifying_sessions, with_movement=False
    )
    order = [
        row for row in cut_order(standings.rows, tournament.lots_seed) if row.registration.is_active
    ]
    count = tournament.finalists
    finalists = order[:count]
    plan = CutPlan(standings, order, finalists)
    if not tournament.has_stages:
        plan.problems.append(_("This tournament is played in one stage: there is no cut."))
        return plan
    missing = unconfirmed_qualifying(tournament)
    if missing:
        plan.problems.append(
            ngettext(
                "Session %(sessions)s of the qualifying stage is not confirmed yet: the cut "
                "is made once every qualifying session is confirmed.",
                "Sessions %(sessions)s of the qualifying stage are not confirmed yet: the cut "
                "is made once every qualifying session is confirmed.",
                len(missing),
            )
            % {"sessions": ", ".join(str(n) for n in missing)}
        )
    if len(order) < count:
        plan.problems.append(
            _(
                "Only %(players)s players are still in the tournament for %(finalists)s places "
                "in the final: lower the number of finalists in the tournament's settings."
            )
            % {"players": len(order), "finalists": count}
        )
    if finalists:
        line = finalists[-1]
        key = _ranking_key(line, standings.ranking_fields)
        plan.tied = [row for row in order if _ranking_key(row, standings.ranking_fields) == key]
        tied = {id(row) for row in plan.tied}
        if not any(id(row) in tied for row in order[count:]):
            plan.tied = []  # nobody equal below the line: no tie at the line
        plan.lots_decide = any(row.place == line.place for row in order[count:])
        if plan.tied and not plan.lots_decide and len(order) > count:
            plan.deciding = deciding_tie_break(tournament, line, order[count])
    return plan


def deciding_tie_break(tournament, ahead, behind):
    """The first of the tournament's tie-breakers (its code) on which `ahead` and `behind`,
    equal on the ranking, differ: the one that decided between them at the line (§9.1)."""
    for code in tournament.tie_breaks or []:
        if code not in TieBreak.values:
            continue
        if code == TieBreak.HEAD_TO_HEAD:
            values = (ahead.met_ahead([behind]), behind.met_ahead([ahead]))
        elif code == TieBreak.DRAWING_LOTS:
            seed = tournament.lots_seed
            values = (drawn_lot(seed, ahead.registration), drawn_lot(seed, behind.registration))
        else:
            values = (ahead.tie_break_value(code), behind.tie_break_value(code))
        if values[0] != values[1]:
            return code
    return ""


def _ranking_key(row, fields):
    return tuple(getattr(row, name) or 0 for name in fields)


@transaction.atomic
def make_cut(tournament, *, actor, expected=None):
    """Mark the finalists: the first `tournament.finalists` active players of the qualifying
    standings (docs/rules.md §9.1), everyone else not. Returns the `CutPlan` written.

    Refused before every qualifying session is confirmed, when the cut is already made, or when
    too few players are left. Players still sharing the place at the line are ordered by drawing
    lots: a seed of the lots is drawn and recorded first if the tournament has none.

    `expected` is the standings version the director's page showed (`standings_version`): if a
    result, a penalty or a player changed since, the line may be another one, and the cut is
    refused rather than made on standings the director did not see.
    """
    _require_director(actor)
    tournament = lock_tournament(tournament)
    if cut_is_made(tournament):
        raise StageError(_("The cut is already made: undo it first to make it again."))
    if expected is not None and expected != standings_version(tournament):
        raise StageError(
            _(
                "The qualifying standings changed since the page was shown: look at the line "
                "again, then make the cut."
            )
        )
    plan = cut_plan(tournament)
    if plan.problems:
        raise StageError(" ".join(str(problem) for problem in plan.problems))
    if plan.lots_decide and tournament.lots_seed is None:
        tournament.lots_seed = secrets.randbelow(2**31)
        tournament.save(update_fields=["lots_seed"])
        plan = cut_plan(tournament)
    players = tournament.registrations.filter(is_substitute=False)
    players.update(finalist=False)
    players.filter(pk__in=plan.finalist_pks).update(finalist=True)
    log_action(
        actor,
        AuditAction.CUT_MADE,
        session=_last_qualifying(tournament),
        registrations=[row.registration for row in plan.finalists],
        changes={
            "finalists": sorted(row.registration.number for row in plan.finalists),
            "lots_seed": tournament.lots_seed if plan.lots_decide else None,
        },
    )
    return plan


def _last_qualifying(tournament):
    """The session the cut follows: its audit trail records who made or undid the cut."""
    return tournament.sessions.get(number=tournament.qualifying_sessions)


@transaction.atomic
def undo_cut(tournament, *, actor):
    """Take the cut back (everyone's finalist mark back to None) while no final session has
    been played; the final sessions drawn go back to drafts (docs/rules.md §9.1)."""
    _require_director(actor)
    tournament = lock_tournament(tournament)
    if not cut_is_made(tournament):
        raise StageError(_("The cut has not been made."))
    if final_played(tournament):
        raise StageError(
            _("A final session has already been played: the cut can no longer be undone.")
        )
    finals = tournament.sessions.filter(number__gt=tournament.qualifying_sessions)
    Table.objects.filter(session__in=finals).delete()
    finals.update(status=SessionStatus.DRAFT, draw_seed=None, seating_published=False)
    tournament.registrations.update(finalist=None)
    log_action(actor, AuditAction.CUT_UNDONE, session=_last_qualifying(tournament))


def _require_director(actor):
    if not actor.is_director:
        raise StageError(_("Only the director can do this."))


def qualifying_order(tournament):
    """Every ranked registration in the order of the cut (the qualifying standings, ties by
    drawing lots): who moves up when a finalist leaves (docs/rules.md §9.5)."""
    standings = compute_standings(
        tournament, through=tournament.qualifying_sessions, with_movement=False
    )
    return [row.registration for row in cut_order(standings.rows, tournament.lots_seed)]


def final_order(tournament, registrations):
    """`registrations` (finalists) in the final ranking's order as it stands (docs/rules.md
    §9.3): after the cut, the cut's order; after a final session, the final ranking."""
    standings = compute_standings(tournament, with_movement=False)
    if standings.is_final:
        position = {row.registration.pk: index for index, row in enumerate(standings.rows)}
    else:
        position = {
            row.registration.pk: index
            for index, row in enumerate(cut_order(standings.rows, tournament.lots_seed))
        }
    return sorted(registrations, key=lambda r: (position.get(r.pk, len(position)), r.number))


def moved_up(tournament, leaving):
    """After finalist `leaving` withdrew or was disqualified (call in the transaction that
    changed them, the tournament locked): their mark goes, and the next active player of the
    qualifying standings who is not a finalist becomes one (docs/rules.md §9.5). Returns that
    registration, or None when nobody is left to move up."""
    leaving.finalist = False
    leaving.save(update_fields=["finalist"])
    for registration in qualifying_order(tournament):
        if registration.finalist or registration.is_substitute or not registration.is_active:
            continue
        if registration.pk == leaving.pk:
            continue
        registration.finalist = True
        registration.save(update_fields=["finalist"])
        return registration
    return None
