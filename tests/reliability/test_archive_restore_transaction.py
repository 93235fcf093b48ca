"""A restore unpacks and checks the archive before it opens the write transaction (issue 13,
point 4). A test of its own module: it commits for real (transaction=True), which cannot happen
inside the data transaction that `test_archive_checks` builds once for its module."""

import pytest
from django.db import connection

from desk import archive
from desk.archive import export_archive, restore_archive
from desk.services import delete_tournament
from scoring.access import Actor
from scoring.models import Hand, Penalty
from tests.factories import build, play_session


@pytest.mark.django_db(transaction=True)
def test_unpacking_and_checks_run_before_the_write_transaction(director, monkeypatch):
    tournament = build(players=8, slug="timed")
    play_session(tournament, 1, Actor(user=director))
    content = export_archive(tournament)
    delete_tournament(tournament)
    seen = {}

    def spy(name, function):
        def wrapper(*args, **kwargs):
            seen[name] = connection.in_atomic_block
            return function(*args, **kwargs)

        monkeypatch.setattr(archive, name, wrapper)

    spy("read_archive", archive.read_archive)
    spy("plan_restore", archive.plan_restore)
    spy("prepare", archive.prepare)
    spy("write", archive.write)
    restore_archive(content)
    assert seen == {"read_archive": False, "plan_restore": False, "prepare": False, "write": True}
    assert Penalty.objects.count() == 0 and Hand.objects.count() == 16 * 2
