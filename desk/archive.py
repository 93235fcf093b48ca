"""A whole tournament in one file, to move it to another desk or keep it safe.

`export_archive()` writes everything that makes the tournament: its settings, the players and
registrations, every session's draw (tables, seats, referee links), every version of every hand,
penalties (cancelled ones too), the stored table results and the audit trail. It is gzipped
JSON, readable by anyone. `restore_archive()` rebuilds the tournament in one transaction in a
desk that does not have it yet; its standings, score sheets and exports then come out identical.

Accounts are not copied: who entered or confirmed something is kept by user name, and linked to
the account of that name when the receiving desk has one.
"""

import gzip
import io
import json
from datetime import datetime
from fractions import Fraction

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from scoring.fields import TwelfthsField
from scoring.models import AuditEntry, Hand, Penalty, SeatResult
from tournament.models import (
    Player,
    Registration,
    Seat,
    Session,
    SessionStatus,
    Table,
    Tournament,
)

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
    "ruleset",
    "session_count",
    "session_minutes",
    "scoring_options",
    "tie_breaks",
    "seating_groups",
    "projector_mode",
    "projector_seconds",
    "status",
    "published",
)
PLAYER_FIELDS = ("first_name", "last_name", "ema_id", "country", "club", "notes")
REGISTRATION_FIELDS = ("number", "status", "is_substitute", "registered_at")
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
    "revision",
    "extra_minutes",
    "time_up_at",
    "time_up_after_hand",
    "closed_at",
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
RESULT_FIELDS = (
    "wind",
    "hand_points",
    "penalty_points",
    "score",
    "place",
    "table_points",
    "final_score",
    "hands_won",
    "biggest_hand",
)
AUDIT_FIELDS = ("action", "hand_number", "via", "at", "changes")


class ArchiveError(ValueError):
    """The file is not an archive this desk can restore, or the tournament exists already."""


def _plain(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if hasattr(value, "isoformat"):
        return value.isoformat()
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
    registrations = list(tournament.registrations.select_related("player").order_by("number"))
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
        "registrations": [
            {**_fields(r, REGISTRATION_FIELDS), "player": _fields(r.player, PLAYER_FIELDS)}
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
                "replaced": s.replaced.number if s.replaced_id else None,
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
                "table": p.table.number if p.table_id else None,
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
                "session": a.session.number if a.session_id else None,
                "table": a.table.number if a.table_id else None,
                "user": _user(a.user),
                "players": sorted(r.number for r in a.registrations.all()),
            }
            for a in AuditEntry.objects.filter(tournament=tournament)
            .select_related("session", "table", "user")
            .prefetch_related("registrations")
            .order_by("at", "id")
        ],
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
        data = json.loads(text.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as exc:
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


def assign(obj, values, exclude=()):
    """Set `obj`'s fields from archived `values` (ISO dates and "7/3" fractions parsed)."""
    fields = {field.name: field for field in obj._meta.concrete_fields}
    for name, value in values.items():
        if name in exclude or name not in fields:
            continue
        field = fields[name]
        if value is not None:
            if isinstance(field, models.DateTimeField):
                value = parse_datetime(value)
            elif isinstance(field, models.DateField):
                value = parse_date(value)
            elif isinstance(field, TwelfthsField):
                value = Fraction(value)
        setattr(obj, field.attname, value)
    return obj


def keep_times(objects, values, names):
    """Put back archived creation times, which saving replaced with "now" (auto_now_add)."""
    objects = list(objects)
    for obj, item in zip(objects, values, strict=True):
        for name in names:
            setattr(obj, name, parse_datetime(item[name]) if item[name] else None)
    if objects:
        type(objects[0]).objects.bulk_update(objects, list(names), batch_size=2000)


class _Restorer:
    def __init__(self, data):
        self.data = data
        self.users = {u.get_username(): u for u in get_user_model().objects.all()}

    def user(self, name):
        """The account of that name; an inactive one is made when this desk has none, so
        that who entered each hand and gave each penalty stays on record."""
        if not name:
            return None
        if name not in self.users:
            account = get_user_model()(username=name, is_active=False)
            account.set_unusable_password()
            account.save()
            self.users[name] = account
        return self.users[name]

    def run(self):
        data = self.data
        slug = data["tournament"]["slug"]
        if Tournament.objects.filter(slug=slug).exists():
            raise ArchiveError(
                _(
                    "This desk already has a tournament “%(slug)s”: delete it or "
                    "restore into another desk."
                )
                % {"slug": slug}
            )
        tournament = assign(Tournament(), data["tournament"])
        tournament.save()
        registrations = {}
        for item in data["registrations"]:
            person = item["player"]
            player = (
                Player.objects.filter(ema_id=person["ema_id"]).first()
                if person.get("ema_id")
                else None
            )
            if player is None:
                player = assign(Player(), person)
                player.save()
            registration = assign(
                Registration(tournament=tournament, player=player), item, exclude=("player",)
            )
            registration.save()
            registrations[item["number"]] = registration
        keep_times(registrations.values(), data["registrations"], ["registered_at"])
        sessions = {}
        for item in data["sessions"]:
            if item.get("status") == "finished":  # archives written before the rename
                item = {**item, "status": SessionStatus.CONFIRMED}
            session = assign(Session(tournament=tournament), item, exclude=("confirmed_by",))
            session.confirmed_by = self.user(item["confirmed_by"])
            session.save()
            sessions[item["number"]] = session
        tables = {}
        for item in data["tables"]:
            table = assign(
                Table(session=sessions[item["session"]]),
                item,
                exclude=("session", "closed_by", "referees"),
            )
            table.closed_by = self.user(item["closed_by"])
            table.save()
            table.referees.set([u for u in map(self.user, item["referees"]) if u])
            tables[(item["session"], item["number"])] = table
        Seat.objects.bulk_create(
            Seat(
                table=tables[(s["session"], s["table"])],
                session=sessions[s["session"]],
                wind=s["wind"],
                registration=registrations[s["player"]],
                replaced=registrations[s["replaced"]] if s["replaced"] else None,
            )
            for s in data["seats"]
        )
        hands = []
        for item in data["hands"]:
            hand = assign(
                Hand(table=tables[(item["session"], item["table"])]),
                item,
                exclude=("session", "table", "entered_by"),
            )
            hand.entered_by = self.user(item["entered_by"])
            hands.append(hand)
        Hand.objects.bulk_create(hands, batch_size=2000)
        keep_times(hands, data["hands"], ["entered_at"])
        penalties = []
        for item in data["penalties"]:
            penalty = assign(
                Penalty(
                    registration=registrations[item["player"]],
                    session=sessions[item["session"]],
                    table=tables.get((item["session"], item["table"])),
                ),
                item,
                exclude=("player", "session", "table", "given_by", "cancelled_by"),
            )
            penalty.given_by = self.user(item["given_by"])
            penalty.cancelled_by = self.user(item["cancelled_by"])
            penalty.save()
            penalties.append(penalty)
        keep_times(penalties, data["penalties"], ["given_at"])
        SeatResult.objects.bulk_create(
            assign(
                SeatResult(
                    table=tables[(r["session"], r["table"])],
                    session=sessions[r["session"]],
                    registration=registrations[r["player"]],
                ),
                r,
                exclude=("session", "table", "player"),
            )
            for r in data["results"]
        )
        entries = []
        for item in data["audit"]:
            entry = assign(
                AuditEntry(
                    tournament=tournament,
                    session=sessions.get(item["session"]),
                    table=tables.get((item["session"], item["table"])),
                    user=self.user(item["user"]),
                ),
                item,
                exclude=("session", "table", "user", "players"),
            )
            entry.save()
            entry.registrations.set([registrations[n] for n in item["players"]])
            entries.append(entry)
        keep_times(entries, data["audit"], ["at"])
        return tournament


@transaction.atomic
def restore_archive(content):
    """Rebuild the tournament of an archive in this desk; returns it. All or nothing."""
    data = read_archive(content)
    try:
        return _Restorer(data).run()
    except ArchiveError:
        raise
    except (KeyError, TypeError, ValueError, ValidationError, DatabaseError) as exc:
        raise ArchiveError(
            _("The archive is incomplete or damaged (%(error)s).") % {"error": exc}
        ) from exc
