"""Issue 31, point 9: the referee calls travel in the tournament's archive (desk/archive_calls.py)
and come back as they were; a damaged call restores nothing; an archive written before the
calls existed restores as before."""

import gzip
import json

import pytest
from django.contrib.auth import get_user_model

from desk.archive import ArchiveError, export_archive, restore_archive
from desk.services import delete_tournament
from scoring.access import Actor
from scoring.calls import services as calls
from scoring.models import RefereeCall
from tests.factories import build
from tournament.models import Tournament

FIELDS = ("kind", "note", "made_at", "made_via", "taken_at", "closed_at", "outcome")


def state():
    return sorted(
        (
            call.table.session.number,
            call.table.number,
            *(getattr(call, name) for name in FIELDS),
            *(
                user.get_username() if user else None
                for user in (call.made_by, call.taken_by, call.closed_by)
            ),
        )
        for call in RefereeCall.objects.select_related(
            "table__session", "made_by", "taken_by", "closed_by"
        )
    )


@pytest.fixture
def calling(db, director):
    tournament = build(slug="archived-calls")
    session = tournament.sessions.get(number=1)
    first, second = session.tables.get(number=1), session.tables.get(number=2)
    referee = get_user_model().objects.create_user("floor-ref", password="x")
    session.tables.get(number=3).referees.add(referee)
    done = calls.make_call(first, "wrong_count", "hand 5", actor=Actor(via="table link"))
    calls.take_call(done, actor=Actor(user=referee))
    calls.close_call(done, actor=Actor(user=referee), outcome="24 fan, not 22")
    calls.make_call(first, "penalty", actor=Actor(via="table link"))  # still open
    calls.make_call(second, "dispute", "who discarded", actor=Actor(user=director))
    return tournament


def test_the_calls_come_back_from_the_archive_as_they_were(calling):
    before = state()
    assert len(before) == 3
    archive = export_archive(calling)
    delete_tournament(calling)
    assert not RefereeCall.objects.exists()
    restore_archive(archive)
    assert state() == before
    # an open call is still open: its table cannot call twice
    table = (
        Tournament.objects.get(slug="archived-calls").sessions.get(number=1).tables.get(number=1)
    )
    with pytest.raises(calls.TableError, match="already called"):
        calls.make_call(table, "other", actor=Actor(via="table link"))


@pytest.mark.parametrize(
    "damage",
    [
        lambda call: call.update(kind="coffee"),
        lambda call: call.update(table=99),
        lambda call: call.update(closed_at="2020-01-01T00:00:00+00:00"),
        lambda call: call.update(taken_at=None),
    ],
)
def test_a_damaged_call_restores_nothing(calling, damage):
    data = json.loads(gzip.decompress(export_archive(calling)))
    closed = next(call for call in data["calls"] if call["closed_at"])
    damage(closed)
    delete_tournament(calling)
    with pytest.raises(ArchiveError):
        restore_archive(gzip.compress(json.dumps(data).encode()))
    assert not Tournament.objects.filter(slug="archived-calls").exists()


def test_an_archive_without_calls_restores_as_before(calling):
    data = json.loads(gzip.decompress(export_archive(calling)))
    del data["calls"]
    delete_tournament(calling)
    restore_archive(gzip.compress(json.dumps(data).encode()))
    assert Tournament.objects.filter(slug="archived-calls").exists()
    assert not RefereeCall.objects.exists()
