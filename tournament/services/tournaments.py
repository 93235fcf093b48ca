"""Creating and changing tournaments, and keeping their sessions in step with the settings."""

import secrets

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from common.errors import UserError
from tournament.models import PLAYED, TEAM_SIZE_MAX, Session, Table, TieBreak, Tournament


class TournamentError(UserError):
    """A request the director has to change: the message says what and how."""


def unique_slug(name, exclude_pk=None):
    base = slugify(name)[:50] or "tournament"
    slug, n = base, 2
    taken = Tournament.objects.exclude(pk=exclude_pk)
    while taken.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_tournament(*, creator=None, **fields):
    """Create a tournament and its sessions (numbered 1..session_count, all drafts); `creator`
    (the account creating it) becomes its first director."""
    if not fields.get("slug"):
        fields["slug"] = unique_slug(fields["name"])
    tournament = Tournament(**fields)
    tournament.full_clean()
    tournament.save()
    sync_sessions(tournament)
    if creator is not None and creator.is_authenticated:
        tournament.directors.add(creator)
    return tournament


@transaction.atomic
def update_tournament(tournament, **fields):
    """Change a tournament's settings; adds or removes sessions when their number changes.

    The rule set cannot change once a hand has been entered. When it changes before, scoring
    settings that do not apply to the new rule set are dropped.
    """
    from tournament.rulesets import check_scoring_options

    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    new_ruleset = fields.get("ruleset", tournament.ruleset)
    if new_ruleset != tournament.ruleset:
        if Table.objects.filter(session__tournament=tournament, hands__isnull=False).exists():
            raise TournamentError(
                _("Hands have been entered with the current rule set: it can no longer change.")
            )
        if check_scoring_options(new_ruleset, tournament.scoring_options):
            tournament.scoring_options = {}
    stages = ("final_sessions", "finalists", "session_count")
    changed = [
        name
        for name in stages
        if fields.get(name, getattr(tournament, name)) != getattr(tournament, name)
    ]
    if changed and tournament.registrations.filter(finalist__isnull=False).exists():
        raise TournamentError(
            _(
                "The cut to the final is made: undo it (Cut page) before changing the "
                "number of sessions, of final sessions or of finalists."
            )
        )
    for name, value in fields.items():
        setattr(tournament, name, value)
    tournament.full_clean()
    tournament.save()
    sync_sessions(tournament)
    return tournament


@transaction.atomic
def update_scoring_options(
    tournament, options, *, tie_breaks=None, lots_seed=None, team_counted=None
):
    """Store the scoring settings that differ from the rule set's preset (and the tie-breakers).

    ``lots_seed`` sets the seed of "Drawing lots"; when that tie-breaker is chosen and no seed
    is recorded yet, a random one is drawn and recorded (docs/rules.md §6.3). ``team_counted``
    sets the members each team counts in the team standings (§10.2: 0 = all, else the best N).

    Raises TournamentError (with the rules' reason) for a setting the rule set refuses.
    """
    import rules
    from tournament.rulesets import check_scoring_options

    preset = {
        field.name: field.default for field in rules.get_ruleset(tournament.ruleset).option_fields()
    }
    changes = {name: value for name, value in options.items() if preset.get(name) != value}
    problem = check_scoring_options(tournament.ruleset, changes)
    if problem:
        raise TournamentError(problem)
    if team_counted is not None and not 0 <= team_counted <= TEAM_SIZE_MAX:
        raise TournamentError(
            _("A team counts from 0 (all members) to %(most)s members.") % {"most": TEAM_SIZE_MAX}
        )
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    tournament.scoring_options = {
        name: list(value) if isinstance(value, tuple) else value for name, value in changes.items()
    }
    fields = ["scoring_options"]
    if tie_breaks is not None:
        tournament.tie_breaks = list(tie_breaks)
        fields.append("tie_breaks")
    if lots_seed is not None:
        tournament.lots_seed = lots_seed
        fields.append("lots_seed")
    elif TieBreak.DRAWING_LOTS in tournament.tie_breaks and tournament.lots_seed is None:
        tournament.lots_seed = secrets.randbelow(2**31)
        fields.append("lots_seed")
    if team_counted is not None:
        tournament.team_counted = team_counted
        fields.append("team_counted")
    tournament.save(update_fields=fields)
    return tournament


def sync_sessions(tournament):
    """Create missing sessions; drop sessions past the count, which must still be drafts."""
    existing = {session.number: session for session in tournament.sessions.all()}
    extra = [s for number, s in existing.items() if number > tournament.session_count]
    started = [s.number for s in extra if not s.is_draft]
    if started:
        raise TournamentError(
            _("Session %(numbers)s is already seated or played and cannot be removed.")
            % {"numbers": ", ".join(map(str, started))}
        )
    for session in extra:
        session.delete()
    Session.objects.bulk_create(
        Session(tournament=tournament, number=number)
        for number in range(1, tournament.session_count + 1)
        if number not in existing
    )


@transaction.atomic(savepoint=False)  # inside the caller's transaction: no savepoint of its own
def follow_sessions(tournament_id):
    """The tournament's status follows its sessions: preparing until play starts in one,
    finished once every session is confirmed, running in between (a reopened session included).
    Called wherever a session's status changes, inside that change's transaction, which holds
    the tournament's lock already (taken first, `scoring.services.tables.lock_session`): two
    changes at once then take turns and the second reads the first's. Locked here again (a
    no-op then) so that no caller reads the statuses unlocked."""
    Tournament.objects.select_for_update().filter(pk=tournament_id).values_list("pk").first()
    statuses = list(
        Session.objects.filter(tournament_id=tournament_id).values_list("status", flat=True)
    )
    if statuses and all(status == Session.Status.CONFIRMED for status in statuses):
        status = Tournament.Status.FINISHED
    elif any(status in PLAYED for status in statuses):
        status = Tournament.Status.RUNNING
    else:
        status = Tournament.Status.PREPARING
    Tournament.objects.filter(pk=tournament_id).exclude(status=status).update(status=status)
    return status
