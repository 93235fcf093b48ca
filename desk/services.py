"""Writes that span both apps, so they live above them (docs/architecture.md): deleting a
tournament, which can be taken back.

Before a tournament is deleted its archive (`desk.archive`) is kept in the data folder
(`deleted/<slug>-<date>.desk.gz`, readable by the desk's account only); the restore page lists
the kept archives and restores one with a click, as if it were uploaded.
"""

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from desk.archive import ArchiveError, export_archive
from scoring.models import AuditEntry, Hand, Penalty, SeatResult
from seasons.services import remember_slug
from signup.models import Entry, SignupEvent
from tournament.models import Seat, Tournament

#: A kept archive's file name: the tournament's slug and when it was deleted.
KEPT_NAME = re.compile(r"^(?P<slug>[-a-zA-Z0-9_]{1,60})-(?P<stamp>\d{8}-\d{6})\.desk\.gz$")


@dataclass(frozen=True)
class KeptArchive:
    """The archive of a deleted tournament, kept in the data folder."""

    name: str
    slug: str
    deleted_at: datetime
    size: int


def kept_folder() -> Path:
    return Path(settings.DATA_DIR) / "deleted"


def deletion_consequence(tournament) -> str:
    """What deleting the tournament removes, and how to take it back, in words."""
    hands = Hand.objects.filter(table__session__tournament=tournament, is_current=True).count()
    players = tournament.registrations.count()
    removed = ngettext(
        "%(players)s registered player", "%(players)s registered players", players
    ) % {"players": players}
    played = ngettext("%(hands)s hand", "%(hands)s hands", hands) % {"hands": hands}
    return _(
        "%(name)s and everything recorded in it are deleted: %(removed)s, its sessions and "
        "draws, %(played)s, penalties, results and the audit trail. The players stay in the "
        "desk. Its archive is kept first: “Restore a tournament” brings it back."
    ) % {"name": tournament.name, "removed": removed, "played": played}


@transaction.atomic
def delete_tournament(tournament, *, keep=True):
    """Delete a tournament and everything recorded in it (hands are protected from accidental
    deletion, so they go first, explicitly). Players stay: they belong to the desk.

    With `keep` (the pages), its archive is written to the data folder first, and nothing is
    deleted if it cannot be written; returns that `KeptArchive` (None without `keep`)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    kept = _keep_archive(tournament) if keep else None
    remember_slug(tournament)  # restoring the archive brings it back into its seasons
    AuditEntry.objects.filter(tournament=tournament).delete()
    SignupEvent.objects.filter(tournament=tournament).delete()
    Entry.objects.filter(tournament=tournament).delete()  # they point to registrations
    SeatResult.objects.filter(session__tournament=tournament).delete()
    Penalty.objects.filter(session__tournament=tournament).delete()
    Hand.objects.filter(table__session__tournament=tournament).delete()
    Seat.objects.filter(session__tournament=tournament).delete()
    tournament.delete()
    return kept


def _keep_archive(tournament):
    folder = kept_folder()
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
    name = f"{tournament.slug}-{stamp}.desk.gz"
    content = export_archive(tournament)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(content)
    except OSError as exc:
        raise ArchiveError(
            _("The archive could not be kept (%(error)s): nothing was deleted.")
            % {"error": exc.strerror or exc}
        ) from exc
    return _describe(folder / name)


def _describe(path):
    match = KEPT_NAME.match(path.name)
    if match is None:
        return None
    deleted_at = datetime.strptime(match["stamp"], "%Y%m%d-%H%M%S")
    return KeptArchive(
        name=path.name,
        slug=match["slug"],
        deleted_at=timezone.make_aware(deleted_at),
        size=path.stat().st_size,
    )


def kept_archives():
    """The archives of deleted tournaments, newest first."""
    folder = kept_folder()
    if not folder.is_dir():
        return []
    kept = [_describe(path) for path in folder.iterdir() if path.is_file()]
    return sorted((k for k in kept if k is not None), key=lambda k: k.name, reverse=True)


def kept_archive_path(name):
    """The path of the kept archive `name`; ArchiveError for any other name (nothing outside
    the folder can be named)."""
    if not isinstance(name, str) or KEPT_NAME.match(name) is None:
        raise ArchiveError(_("There is no such kept archive."))
    path = kept_folder() / name
    if not path.is_file():
        raise ArchiveError(_("There is no such kept archive."))
    return path
