"""A whole tournament in one file, to move it to another desk or keep it safe.

`export_archive()` writes everything that makes the tournament: its settings, the players and
registrations, the teams and categories (a registration names its team and categories),
every session's draw (tables, seats, referee links), every version of every hand,
penalties (cancelled ones too), the stored table results, the referee calls, the audit trail,
and the sign-up with its entries (contact data included) and trail (`desk.archive_signup`). It
is gzipped JSON, readable by anyone. `restore_archive()` rebuilds the tournament in one transaction in a
desk that does not have it yet; its standings, score sheets and exports then come out identical.
It unpacks, parses and checks the whole archive first (`desk.archive_plan`), so a damaged or
forged archive is refused with a message naming what is wrong, and the write transaction only
inserts rows. Nothing the desk derives is believed: every hand is settled again, and every
closed table's results (so every standing) computed again from its hands and penalties by the
code that closes a table; a stored figure that differs refuses the archive, naming the table and
the player (`desk.archive_results`).

Accounts are not copied: who entered or confirmed something is kept by user name, and linked to
the account of that name when the receiving desk has one (without giving it any right), else to
a new inactive account of that name.
"""

import gzip
import io
import json
import zlib
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common import json_input
from desk.archive_calls import export_calls
from desk.archive_plan import plan_restore
from desk.archive_signup import check_signup, export_signup, write_signup
from desk.archive_values import ArchiveError
from desk.archive_write import prepare, write
from scoring.models import SEAT_RESULT_FIGURES, AuditEntry, Hand, Penalty, SeatResult
from tournament.models import Seat, Table, Tournament

__all__ = [
    "ArchiveError",
    "Restored",
    "export_archive",
    "read_archive",
    "restore",
    "restore_archive",
    "skipped_referees_message",
]

FORMAT = "mahjong-tournament-desk/archive"
VERSION = 1
MAX_BYTES = 50 * 1024 * 1024
#: Unpacked, an archive of 400 players x 10 sessions is some 30 MB; a "zip bomb" is refused.
MAX_UNPACKED_BYTES = 500 * 1024 * 1024

TOURNAMENT_FIELDS = (
    "name",
    "slug",
    "start_date",
    "end_date",
    "venue",
    "city",
    "country",
    "mers_weight",
    "ruleset",
    "session_count",
    "session_minutes",
    "scoring_options",
    "tie_breaks",
    "lots_seed",
    "seating_groups",
    "seating_priority",
    "team_counted",
    "final_sessions",
    "finalists",
    "final_carry",
    "final_seating",
    "final_reseat",
    "consolation",
    "projector_mode",
    "projector_seconds",
    "reveal_places",
    "status",
    "published",
    "referee_pin",
    "checkin_open",
)
PLAYER_FIELDS = ("first_name", "last_name", "ema_id", "country", "club", "notes")
REGISTRATION_FIELDS = (
    "number",
    "status",
    "is_substitute",
    "finalist",
    "registered_at",
    "checked_in_at",
)
TEAM_FIELDS = ("name", "country")
CATEGORY_FIELDS = ("name",)
SESSION_FIELDS = (
    "number",
    "scheduled_start",
    "status",
    "draw_seed",
    "confirmed_at",
    "is_swiss",
    "swiss_band",
    "seating_published",
    "results_published",
    "clock_started_at",
    "clock_paused_at",
    "clock_paused_seconds",
    "clock_extra_minutes",
)
TABLE_FIELDS = (
    "number",
    "token",
    "pin",
    "revision",
    "extra_minutes",
    "time_up_at",
    "time_up_after_hand",
    "closed_at",
    "first_wind",
)
HAND_FIELDS = (
    "number",
    "version",
    "is_current",
    "outcome",
    "winner",
    "discarder",
    "fan",
    "flowers",
    "han",
    "fu",
    "entry",
    "change_east",
    "change_south",
    "change_west",
    "change_north",
    "entered_via",
    "entered_at",
    "submission",
    "note",
    "tiles",
    "tile_count",
    "tiles_matched",
)
PENALTY_FIELDS = (
    "hand_number",
    "kind",
    "infraction",
    "occurrence",
    "minutes_late",
    "points",
    "transfer",
    "disqualified_for_session",
    "reason",
    "given_at",
    "cancelled_at",
    "cancel_reason",
)
RESULT_FIELDS = ("wind", *SEAT_RESULT_FIGURES)
AUDIT_FIELDS = ("action", "hand_number", "via", "device", "device_agent", "at", "changes")


def _plain(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, Decimal):  # "2.5", read back by the field
        return str(value)
    if hasattr(value, "hex") and not isinstance(value, (bytes, str)):  # UUID
        return str(value)
    if hasattr(value, "numerator") and not isinstance(value, int):  # Fraction
        return f"{value.numerator}/{value.denominator}"
    return value


def _fields(obj, names):
    return {name: _plain(getattr(obj, name)) for name in names}


def _user(user):
    return user.get_username() if user is not None else None


def export_archive(tournament):
    """The archive of `tournament` as gzipped JSON bytes."""
    registrations = list(
        tournament.registrations.select_related("player", "team")
        .prefetch_related("categories")
        .order_by("number")
    )
    sessions = list(tournament.sessions.select_related("confirmed_by").order_by("number"))
    tables = list(
        Table.objects.filter(session__tournament=tournament)
        .select_related("session", "closed_by")
        .prefetch_related("referees")
        .order_by("session__number", "number")
    )
    data = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "tournament": _fields(tournament, TOURNAMENT_FIELDS),
        "teams": [_fields(t, TEAM_FIELDS) for t in tournament.teams.order_by("name")],
        "categories": [_fields(c, CATEGORY_FIELDS) for c in tournament.categories.order_by("name")],
        "registrations": [
            {
                **_fields(r, REGISTRATION_FIELDS),
                "player": _fields(r.player, PLAYER_FIELDS),
                "team": r.team.name if r.team_id else None,
                "categories": sorted(c.name for c in r.categories.all()),
            }
            for r in registrations
        ],
        "sessions": [
            {**_fields(s, SESSION_FIELDS), "confirmed_by": _user(s.confirmed_by)} for s in sessions
        ],
        "tables": [
            {
                **_fields(t, TABLE_FIELDS),
                "session": t.session.number,
                "closed_by": _user(t.closed_by),
                "referees": sorted(u.get_username() for u in t.referees.all()),
            }
            for t in tables
        ],
        "seats": [
            {
                "session": s.session.number,
                "table": s.table.number,
                "wind": s.wind,
                "player": s.registration.number,
                "replaced": s.replaced.number if s.replaced is not None else None,
            }
            for s in Seat.objects.filter(session__tournament=tournament)
            .select_related("session", "table", "registration", "replaced")
            .order_by("session__number", "table__number", "wind")
        ],
        "hands": [
            {
                **_fields(h, HAND_FIELDS),
                "session": h.table.session.number,
                "table": h.table.number,
                "entered_by": _user(h.entered_by),
            }
            for h in Hand.objects.filter(table__session__tournament=tournament)
            .select_related("table__session", "entered_by")
            .order_by("table__session__number", "table__number", "number", "version")
        ],
        "penalties": [
            {
                **_fields(p, PENALTY_FIELDS),
                "player": p.registration.number,
                "session": p.session.number,
                "table": p.table.number if p.table is not None else None,
                "given_by": _user(p.given_by),
                "cancelled_by": _user(p.cancelled_by),
            }
            for p in Penalty.objects.filter(session__tournament=tournament)
            .select_related("registration", "session", "table", "given_by", "cancelled_by")
            .order_by("id")
        ],
        "results": [
            {
                **_fields(r, RESULT_FIELDS),
                "session": r.session.number,
                "table": r.table.number,
                "player": r.registration.number,
            }
            for r in SeatResult.objects.filter(session__tournament=tournament)
            .select_related("session", "table", "registration")
            .order_by("session__number", "table__number", "wind")
        ],
        "audit": [
            {
                **_fields(a, AUDIT_FIELDS),
                "session": a.session.number if a.session is not None else None,
                "table": a.table.number if a.table is not None else None,
                "user": _user(a.user),
                "players": sorted(r.number for r in a.registrations.all()),
            }
            for a in AuditEntry.objects.filter(tournament=tournament)
            .select_related("session", "table", "user")
            .prefetch_related("registrations")
            .order_by("at", "id")
        ],
        "calls": export_calls(tournament, _user),
        # The sign-up: settings, entries with their contact data, its trail (desk.archive_signup).
        **export_signup(tournament, _fields),
    }
    return gzip.compress(
        json.dumps(data, ensure_ascii=False, sort_keys=True).encode("utf-8"), mtime=0
    )


def read_archive(content):
    if len(content) > MAX_BYTES:
        raise ArchiveError(_("The file is larger than any tournament archive."))
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(content)) as unpacked:
            text = unpacked.read(MAX_UNPACKED_BYTES + 1)
        if len(text) > MAX_UNPACKED_BYTES:
            raise ArchiveError(_("The file unpacks to more than any tournament archive."))
        data = json_input.loads_strict(text.decode("utf-8"))
    except json_input.TooDeep as exc:
        raise ArchiveError(
            _("This is not a tournament archive of the desk: %(error)s") % {"error": exc}
        ) from None
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as exc:
        raise ArchiveError(
            _("This is not a tournament archive of the desk (%(error)s).") % {"error": exc}
        ) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ArchiveError(_("This is not a tournament archive of the desk."))
    if data.get("version") != VERSION:
        raise ArchiveError(
            _("This archive was written by another version of the desk (format %(version)s).")
            % {"version": data.get("version")}
        )
    return data


@dataclass
class Restored:
    """A restored tournament, and the referee assignments left out because the account of that
    name already exists in this desk (an archive never gives an existing account a right)."""

    tournament: Tournament
    skipped_referees: list


def restore(content, *, restored_by=None):
    """Rebuild the tournament of an archive in this desk; returns a `Restored`. All or nothing.

    `restored_by`, the account restoring it, becomes its director (an archive names no director:
    the accounts of one desk give no right on another).

    Unpacking, parsing and every check run before the write transaction starts, so the
    database's write lock is held only while the rows are inserted.
    """
    data = read_archive(content)
    plan = plan_restore(data)
    signup = check_signup(
        data,
        players={r.number for r in plan.registrations},
        teams={t.name.casefold() for t in plan.teams},
        categories={c.name.casefold() for c in plan.categories},
    )
    prepared = prepare(plan)
    try:
        with transaction.atomic():
            tournament = write(prepared)
            write_signup(tournament, signup)
            if restored_by is not None:
                tournament.directors.add(restored_by)
    except (ValidationError, DatabaseError) as exc:
        raise ArchiveError(
            _("The archive is incomplete or damaged (%(error)s).") % {"error": exc}
        ) from exc
    skipped = [(table.session.number, table.number, name) for table, name in plan.skipped_referees]
    return Restored(tournament=tournament, skipped_referees=skipped)


def skipped_referees_message(skipped):
    """What the director reads about the referee assignments an archive could not restore."""
    names = ", ".join(
        _("%(name)s (session %(session)s, table %(table)s)")
        % {"name": name, "session": session, "table": table}
        for session, table, name in skipped
    )
    return _(
        "Not restored, because these accounts already exist in this desk and an archive gives "
        "no rights: the referee assignments of %(names)s. Assign them in the admin if they are "
        "right."
    ) % {"names": names}


def restore_archive(content):
    """Rebuild the tournament of an archive in this desk; returns it. All or nothing."""
    return restore(content).tournament
