"""Private files and recovery after a lost database (issue 13, point 8).

The data folder is 0700 and the database (with its -wal/-shm), backups, secret key and password
file 0600, whatever the umask; the director's password is printed once, when it is created; an
empty database next to backups is not silently replaced by a fresh desk.
"""

import os
import sqlite3
import stat
import subprocess
import sys
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from common import backup
from desk import config
from tournament.models import Tournament


def mode(path):
    return stat.S_IMODE(Path(path).stat().st_mode)


@contextmanager
def umask(value):
    old = os.umask(value)
    try:
        yield
    finally:
        os.umask(old)


def test_the_secret_key_and_its_folder_are_private_whatever_the_umask(tmp_path):
    data = tmp_path / "data"
    with umask(0):
        config.secret_key({}, data)
    assert mode(data) == 0o700 and mode(data / "secret_key") == 0o600


def test_the_database_and_its_wal_and_shm_files_are_private(tmp_path):
    database = config.database_config({}, tmp_path)
    with umask(0o022):
        config.secure_database(database)
        with closing(sqlite3.connect(database["NAME"])) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE t (x INTEGER)")
            db.execute("INSERT INTO t VALUES (1)")
            db.commit()
            names = [database["NAME"], database["NAME"] + "-wal", database["NAME"] + "-shm"]
            assert {name: mode(name) for name in names} == dict.fromkeys(names, 0o600)


def test_the_settings_make_the_data_folder_and_database_private(tmp_path):
    data = tmp_path / "fresh-data"
    env = {**os.environ, "DESK_DATA_DIR": str(data), "DJANGO_SETTINGS_MODULE": "desk.settings"}
    env.pop("DATABASE_URL", None)
    code = "import os; os.umask(0o022); import django; django.setup()"
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=django_settings.BASE_DIR)
    assert mode(data) == 0o700
    assert mode(data / "desk.sqlite3") == 0o600 and mode(data / "secret_key") == 0o600


def test_backups_are_private(tmp_path):
    source = tmp_path / "desk.sqlite3"
    with closing(sqlite3.connect(source)) as db:
        db.execute("CREATE TABLE t (x INTEGER)")
        db.commit()
    with umask(0o022):
        copy = backup.backup_now(source, tmp_path / "backups", keep=3)
    assert mode(tmp_path / "backups") == 0o700 and mode(copy) == 0o600


def test_the_password_is_private_and_printed_only_when_created(db, settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    with umask(0o022):
        call_command("setup_desk", "--no-demo")
    password = (tmp_path / "director_password.txt").read_text().strip()
    assert mode(tmp_path / "director_password.txt") == 0o600
    assert password in capsys.readouterr().out
    call_command("setup_desk", "--no-demo")
    again = capsys.readouterr().out
    assert password not in again and "director_password.txt" in again


@pytest.fixture
def lost(db, settings, tmp_path, monkeypatch):
    """An empty database (just migrated) in a data folder that holds two backups."""
    settings.DATA_DIR = tmp_path
    database = tmp_path / "desk.sqlite3"
    database.touch()
    monkeypatch.setattr(backup, "database_file", lambda: database)
    folder = tmp_path / "backups"
    folder.mkdir()
    for name in ("desk-20261121-101500-000001.sqlite3", "desk-20261122-180000-000002.sqlite3"):
        (folder / name).write_bytes(b"")
    return folder / "desk-20261122-180000-000002.sqlite3", database


def test_an_empty_database_next_to_backups_is_not_replaced_by_a_fresh_desk(lost):
    latest, database = lost
    with pytest.raises(CommandError) as raised:
        call_command("setup_desk")
    message = str(raised.value)
    assert raised.value.returncode != 0
    assert str(latest) in message
    assert f'cp "{latest}" "{database}"' in message and f'rm -f "{database}-wal"' in message
    assert "make run FRESH=1" in message and "setup_desk --fresh" in message
    assert not get_user_model().objects.exists() and not Tournament.objects.exists()


def test_a_fresh_desk_only_when_asked(lost, capsys):
    call_command("setup_desk", "--fresh")
    assert get_user_model().objects.filter(username="director", is_staff=True).exists()
    assert Tournament.objects.exists()  # the demo, as on a first run


def test_a_desk_with_accounts_or_tournaments_starts_as_usual_next_to_backups(lost, tournament):
    call_command("setup_desk", "--no-demo")
    assert get_user_model().objects.filter(username="director").exists()


def test_make_passes_fresh_to_setup_desk():
    makefile = (Path(django_settings.BASE_DIR) / "Makefile").read_text()
    assert "setup_desk $(if $(FRESH),--fresh)" in makefile
    assert makefile.index("createcachetable") < makefile.index("setup_desk $(if")
