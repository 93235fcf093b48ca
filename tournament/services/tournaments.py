"""Creating and changing tournaments, and keeping their sessions in step with the settings."""

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournament.models import Session, Tournament


class TournamentError(ValueError):
    """A request the director has to change: the message says what and how."""


def unique_slug(name, exclude_pk=None):
    base = slugify(name)[:50] or "tournament"
    slug, n = base, 2
    taken = Tournament.objects.exclude(pk=exclude_pk)
    while taken.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_tournament(**fields):
    """Create a tournament and its sessions (numbered 1..session_count, all drafts)."""
    if not fields.get("slug"):
        fields["slug"] = unique_slug(fields["name"])
    tournament = Tournament(**fields)
    tournament.full_clean()
    tournament.save()
    sync_sessions(tournament)
    return tournament


@transaction.atomic
def update_tournament(tournament, **fields):
    """Change a tournament's settings; adds or removes sessions when their number changes."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    for name, value in fields.items():
        setattr(tournament, name, value)
    tournament.full_clean()
    tournament.save()
    sync_sessions(tournament)
    return tournament


def sync_sessions(tournament):
    """Create missing sessions; drop sessions past the count, which must still be drafts."""
    existing = {session.number: session for session in tournament.sessions.all()}
    extra = [s for number, s in existing.items() if number > tournament.session_count]
    started = [s.number for s in extra if s.status != Session.Status.DRAFT]
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
