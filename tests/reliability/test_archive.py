"""A tournament archive restores into an empty desk with identical standings and exports."""

import copy
import gzip
import io
import json
import subprocess

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from openpyxl import load_workbook

from api.models import TokenKind
from api.tokens import create_token, revoke_token
from desk.archive import ArchiveError, export_archive, read_archive, restore_archive
from desk.services import delete_tournament
from exports.build import ExportRequest, build_export
from scoring.access import Actor
from scoring.models import AuditAction, AuditEntry, Hand, Penalty
from scoring.services.hands import correct_hand
from scoring.services.penalties import cancel_penalty, give_penalty
from scoring.standings.ranking import compute_standings
from tests.factories import build, play_session
from tournament.models import Tournament


def content(archive):
    """An archive's data without the moment it was written."""
    data = read_archive(archive)
    data.pop("exported_at")
    return data


def snapshot_of(tournament):
    """Everything the archive must reproduce, as comparable values."""
    standings = [
        (r.registration.number, r.place_label, r.table_points, r.score, r.penalties, r.movement)
        for r in compute_standings(tournament).rows
    ]
    book = load_workbook(
        io.BytesIO(build_export(tournament, ExportRequest("standings", "xlsx"))[2])
    )
    sheets = {
        name: [[cell.value for cell in row] for row in book[name].iter_rows()]
        for name in book.sheetnames
    }
    sheets_pdf = build_export(tournament, ExportRequest("scoresheets", "pdf", session=1))[2]
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=sheets_pdf, capture_output=True, check=True
    ).stdout
    return standings, sheets, text


@pytest.fixture
def director(db, module_director):
    """The director who built `eventful`."""
    return copy.deepcopy(module_director)


@pytest.fixture(scope="module")
def module_eventful(module_db, module_director):
    actor = Actor(user=module_director)
    with module_db():
        tournament = build(slug="eventful")
        session = tournament.sessions.get(number=1)
        table = session.tables.get(number=1)
        give_penalty(
            session,
            table.seats.get(wind=1).registration,
            "false_hu",
            actor=actor,
            table=table,
            valid_shape=True,
        )
        cancelled = give_penalty(
            session,
            table.seats.get(wind=2).registration,
            "tile_not_shown",
            actor=actor,
            table=table,
        )
        cancel_penalty(cancelled, actor=actor, reason="Misheard")
        play_session(tournament, 1, actor)
        play_session(tournament, 2, actor)
        return tournament


@pytest.fixture
def eventful(db, module_eventful):
    """Two confirmed sessions with a correction, penalties (one cancelled) and an audit trail,
    built once for the module."""
    return copy.deepcopy(module_eventful)


def test_archive_round_trip_gives_identical_standings_and_exports(eventful, director):
    before = snapshot_of(eventful)
    counts = (Hand.objects.count(), Penalty.objects.count(), AuditEntry.objects.count())
    archive = export_archive(eventful)
    delete_tournament(eventful)
    assert not Tournament.objects.exists() and not Hand.objects.exists()
    restored = restore_archive(archive)
    assert snapshot_of(restored) == before
    assert (Hand.objects.count(), Penalty.objects.count(), AuditEntry.objects.count()) == counts
    assert Penalty.objects.filter(cancelled_at__isnull=False, cancel_reason="Misheard").exists()
    # Tables come back closed, with their stored results.
    table = restored.sessions.get(number=1).tables.get(number=1)
    assert table.is_closed
    assert content(export_archive(restored)) == content(archive)  # and archives the same


def test_restore_refuses_a_second_copy_and_bad_files(eventful):
    archive = export_archive(eventful)
    with pytest.raises(ArchiveError, match="already has a tournament"):
        restore_archive(archive)
    with pytest.raises(ArchiveError, match="not a tournament archive"):
        restore_archive(b"hello")
    import gzip

    with pytest.raises(ArchiveError, match="not a tournament archive"):
        restore_archive(gzip.compress(b'{"format": "something else"}'))


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data["hands"][5].update(table=99),  # a hand at a table that does not exist
        lambda data: data["hands"][5].update(winner=9),  # a seat the database refuses
        lambda data: data["tournament"].update(start_date="2026-13-45"),  # no such date
        lambda data: data["registrations"][0].update(registered_at=None),  # a missing value
    ],
)
def test_a_damaged_archive_restores_nothing(eventful, damage):
    import gzip
    import json

    data = json.loads(gzip.decompress(export_archive(eventful)))
    delete_tournament(eventful)
    damage(data)
    with pytest.raises(ArchiveError, match="incomplete or damaged"):
        restore_archive(gzip.compress(json.dumps(data).encode()))
    assert not Tournament.objects.exists()


def test_an_archive_that_unpacks_to_too_much_is_refused(db, settings, monkeypatch):
    import gzip

    from desk import archive

    monkeypatch.setattr(archive, "MAX_UNPACKED_BYTES", 1000)
    with pytest.raises(ArchiveError, match="unpacks to more"):
        restore_archive(gzip.compress(b" " * 5000))


def test_who_entered_the_hands_survives_a_move_to_another_desk(eventful):
    from django.contrib.auth import get_user_model

    from scoring.models import Hand

    before = sorted(
        Hand.objects.exclude(entered_by=None)
        .values_list("entered_by__username", flat=True)
        .distinct()
    )
    content_ = export_archive(eventful)
    delete_tournament(eventful)
    get_user_model().objects.filter(username__in=before).delete()  # another desk
    restore_archive(content_)
    after = sorted(
        Hand.objects.exclude(entered_by=None)
        .values_list("entered_by__username", flat=True)
        .distinct()
    )
    assert after == before and before
    assert not get_user_model().objects.get(username=before[0]).is_active


def test_archive_and_restore_commands_and_pages(eventful, director_client, tmp_path, capsys):
    path = tmp_path / "eventful.desk.gz"
    call_command("archive_tournament", eventful.slug, "-o", str(path))
    with pytest.raises(CommandError, match="already has a tournament"):
        call_command("restore_tournament", str(path))
    response = director_client.get(reverse("tournament-archive", args=[eventful.slug]))
    assert response.status_code == 200
    assert content(response.content) == content(path.read_bytes())
    delete_tournament(eventful)
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = director_client.post(
        reverse("tournament-restore"),
        {"file": SimpleUploadedFile("eventful.desk.gz", path.read_bytes())},
    )
    assert response.status_code == 302
    assert Tournament.objects.get().slug == "eventful"


def test_correction_history_survives_the_archive(eventful, director):
    table = eventful.sessions.get(number=2).tables.first()
    from scoring.services import closing

    actor = Actor(user=director)
    closing.reopen_table(table, actor=actor)
    table.refresh_from_db()
    correct_hand(table, 1, {"outcome": "washout"}, actor=actor, revision=table.revision)
    archive = export_archive(eventful)
    versions = list(
        Hand.objects.filter(table=table, number=1).values_list("version", "is_current", "outcome")
    )
    delete_tournament(eventful)
    restored = restore_archive(archive)
    table = restored.sessions.get(number=2).tables.get(number=table.number)
    assert (
        list(
            Hand.objects.filter(table=table, number=1).values_list(
                "version", "is_current", "outcome"
            )
        )
        == versions
    )


def test_audit_entries_of_no_session_survive_the_archive(db, director):
    """API tokens are not archived, but who created and revoked them is (entries of the
    tournament, with no session or table)."""
    entries = AuditEntry.objects.count()  # the module's tournament's (`eventful`)
    tournament = build(slug="tokens")
    token, secret = create_token(
        tournament, name="Overlay", kind=TokenKind.DIRECTOR, creator=director
    )
    revoke_token(tournament, token.pk, actor=Actor(user=director))

    def token_entries():
        return sorted(
            (
                a.action,
                a.user.username,
                a.session_id,
                a.table_id,
                json.dumps(a.changes, sort_keys=True),
            )
            for a in AuditEntry.objects.filter(
                action__in=(AuditAction.TOKEN_CREATED, AuditAction.TOKEN_REVOKED)
            )
        )

    before = token_entries()
    assert len(before) == 2
    archive = export_archive(tournament)
    assert secret not in gzip.decompress(archive).decode()
    delete_tournament(tournament)
    assert AuditEntry.objects.count() == entries
    restored = restore_archive(archive)
    assert token_entries() == before
    assert restored.audit_entries.filter(session=None).count() == 2
    assert content(export_archive(restored)) == content(archive)
