"""Automatic SQLite backups: a consistent copy, taken in the background, the last N kept."""

import os
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from common import backup

ROOT = Path(__file__).resolve().parent.parent.parent


def make_database(path, rows):
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE hand (id INTEGER PRIMARY KEY, points INTEGER)")
        db.executemany("INSERT INTO hand (points) VALUES (?)", [(n,) for n in range(rows)])


def test_backup_copies_the_database_and_keeps_the_newest(tmp_path):
    source = tmp_path / "desk.sqlite3"
    make_database(source, 100)
    folder = tmp_path / "backups"
    copies = [backup.backup_now(source, folder, keep=3) for _ in range(5)]
    kept = sorted(folder.glob("desk-*.sqlite3"))
    assert kept == copies[-3:]
    with sqlite3.connect(kept[-1]) as db:
        assert db.execute("SELECT count(*), sum(points) FROM hand").fetchone() == (100, 4950)
    assert not list(folder.glob("*.partial"))


def test_backups_run_in_the_background_at_most_every_n_minutes(tmp_path, settings, monkeypatch):
    source = tmp_path / "desk.sqlite3"
    make_database(source, 10)
    settings.DATA_DIR = tmp_path
    settings.DESK_BACKUP_MINUTES = 10
    monkeypatch.setattr(backup, "database_file", lambda: source)
    thread = backup.maybe_backup()
    thread.join(5)
    assert len(list((tmp_path / "backups").glob("desk-*.sqlite3"))) == 1
    assert backup.maybe_backup() is None  # the newest copy is younger than 10 minutes
    settings.DESK_BACKUP_MINUTES = 0
    assert backup.maybe_backup() is None  # switched off


def copies(folder):
    return sorted(folder.glob("desk-*.sqlite3"))


def test_no_backup_while_another_process_holds_the_lock(tmp_path):
    source, folder = tmp_path / "desk.sqlite3", tmp_path / "backups"
    make_database(source, 10)
    with backup.claimed(folder) as mine:  # as another process taking a backup would
        assert mine
        assert backup.backup_if_due(source, folder, 10, 5) is None
        with backup.claimed(folder) as again:
            assert not again  # a second claim, even in this process, is refused
    assert copies(folder) == []
    made = backup.backup_if_due(source, folder, 10, 5)
    assert copies(folder) == [made]
    assert backup.backup_if_due(source, folder, 10, 5) is None  # not due for 10 minutes


CALLER = """
import sys
from pathlib import Path
from common import backup
print("copied" if backup.backup_if_due(Path(sys.argv[1]), Path(sys.argv[2]), 10, 5) else "no")
"""


def test_two_processes_backing_up_at_once_make_one_copy(tmp_path):
    source, folder = tmp_path / "desk.sqlite3", tmp_path / "backups"
    make_database(source, 1000)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    callers = [
        subprocess.Popen(
            [sys.executable, "-c", CALLER, str(source), str(folder)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    answers = sorted(caller.communicate(timeout=120)[0].strip() for caller in callers)
    # Whichever came second found the lock held, or a copy younger than 10 minutes.
    assert answers == ["copied", "no"]
    assert len(copies(folder)) == 1


def test_a_postgresql_desk_is_never_backed_up_by_the_desk(db, settings, tmp_path, monkeypatch):
    from django.db import connection

    settings.DESK_BACKUP_MINUTES = 10
    if connection.vendor == "sqlite":  # as on PostgreSQL
        monkeypatch.setattr(connection, "vendor", "postgresql")
    assert backup.database_file() is None
    assert backup.maybe_backup() is None
    assert not (tmp_path / "backups").exists()


def test_only_a_sqlite_file_is_backed_up(db):
    from django.db import connection

    if connection.vendor == "sqlite":
        assert backup.database_file().name.startswith("test-desk.sqlite3")
    else:  # PostgreSQL has its own tools
        assert backup.database_file() is None


def _write_a_hand(table, actor):
    from scoring.services.hands import record_hand

    record_hand(table, {"outcome": "washout"}, actor=actor, revision=0)
    return "SELECT count(*) FROM scoring_hand"


def _give_a_penalty(table, actor):
    from scoring.services.penalties import give_penalty

    give_penalty(
        table.session,
        table.seats.first().registration,
        "late_arrival",
        actor=actor,
        table=table,
        revision=0,
        minutes=5,
    )
    return "SELECT count(*) FROM scoring_penalty"


@pytest.mark.parametrize("write", [_write_a_hand, _give_a_penalty])
def test_every_recorded_write_starts_a_backup(settings, transactional_db, tmp_path, write):
    """Hands, and every other write the audit trail records (here a penalty)."""
    from django.db import connection

    from scoring.access import Actor
    from tests.factories import build

    if connection.vendor != "sqlite":
        assert backup.maybe_backup() is None
        return
    settings.DESK_BACKUP_MINUTES = 10
    table = build(slug="backed-up").sessions.get(number=1).tables.first()
    written = write(table, Actor(via="test"))
    for _ in range(50):
        if list((tmp_path / "backups").glob("desk-*.sqlite3")):
            break
        time.sleep(0.1)
    (copy,) = (tmp_path / "backups").glob("desk-*.sqlite3")
    with closing(sqlite3.connect(copy)) as db:
        assert db.execute(written).fetchone() == (1,)
