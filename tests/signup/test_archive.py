"""The sign-up in a tournament's archive: its settings, every entry with its contact data and
the trail come back on restore (by a site administrator); a damaged record refuses the whole
archive before anything is written."""

import gzip
import json

import pytest

from desk.archive import ArchiveError, export_archive, restore
from desk.services import delete_tournament
from scoring.access import Actor
from signup.models import Entry, EntryStatus, SignupEvent
from signup.services import entries
from signup.services.checkin import check_in
from tests.factories import make_director, make_tournament, open_signup, register_players, signed_up
from tournament.models import Tournament


@pytest.fixture
def archived(db):
    tournament = make_tournament(slug="kept")
    open_signup(tournament, places=4, approval=False, public_list=True)
    register_players(tournament, 2)
    placed = signed_up(tournament, 1, language="it")
    signed_up(tournament, 2)
    signed_up(tournament, 3)  # waits
    signed_up(tournament, 4)  # waits, second
    gone = signed_up(tournament, 5, confirm=False)
    entries.withdraw(tournament, gone)
    check_in(tournament, placed.registration, actor=Actor(via="test"))
    return tournament


def snapshot(tournament):
    return {
        "entries": sorted(
            (
                e.email,
                e.status,
                e.position,
                e.language,
                e.registration.number if e.registration else None,
                e.link_key,
                e.consent_at.isoformat(),
            )
            for e in tournament.entries.select_related("registration")
        ),
        "events": sorted(
            (ev.action, ev.at.isoformat(), ev.entry.email if ev.entry else None)
            for ev in tournament.signup_events.select_related("entry")
        ),
        "signup": (tournament.signup.places, tournament.signup.public_list),
        "checked_in": sorted(
            tournament.registrations.filter(checked_in_at__isnull=False).values_list(
                "number", flat=True
            )
        ),
    }


def test_the_entries_come_back_with_their_contact_data(archived):
    before = snapshot(archived)
    content = export_archive(archived)
    delete_tournament(archived, keep=False)
    assert not Entry.objects.exists() and not SignupEvent.objects.exists()
    restored = restore(content, restored_by=make_director()).tournament
    assert snapshot(restored) == before
    assert restored.entries.filter(status=EntryStatus.WAITING).count() == 2


def test_a_damaged_entry_refuses_the_archive(archived):
    data = json.loads(gzip.decompress(export_archive(archived)))
    confirmed = next(e for e in data["entries"] if e["status"] == "confirmed")
    confirmed["player"] = None
    delete_tournament(archived, keep=False)
    with pytest.raises(ArchiveError, match="a confirmed entry is a registration"):
        restore(gzip.compress(json.dumps(data).encode()))
    assert not Tournament.objects.filter(slug="kept").exists()
    data["entries"][0]["email"] = "not an address"
    with pytest.raises(ArchiveError, match="e-mail"):
        restore(gzip.compress(json.dumps(data).encode()))


def test_only_a_site_administrator_restores(archived, client):
    from tests.factories import make_tournament_director

    client.force_login(make_tournament_director(archived))
    assert client.get("/director/tournaments/restore/").status_code == 403
