"""Automatic backups of the SQLite database while sessions are being played.

After every write the audit trail records (a hand, a correction, a penalty, a closing, a
confirmation...), if the newest backup is older than DESK_BACKUP_MINUTES (default 10), a
copy of the whole database is written to `<data folder>/backups/` with SQLite's online backup
API (safe while referees keep saving), in a background thread so nobody waits for it. The last
DESK_BACKUP_KEEP copies (default 24) are kept, readable by their owner only. Restoring one: stop the desk, copy the file over
`data/desk.sqlite3` (removing `desk.sqlite3-wal` and `-shm`), start the desk.
PostgreSQL desks use the server's own tools (pg_dump) instead; this module then does nothing.

Several server processes on one SQLite file (or threads of one) back up one at a time: the
backup is taken under a lock on `backups/.lock` (fcntl.flock; msvcrt on Windows), and the age of
the newest copy is checked again once the lock is held, so two writes in two processes a
moment apart make one copy, not two.
"""

import datetime as dt
import logging
import os
import sqlite3
import sys
import threading
import time
from contextlib import closing, contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connection

from common import files

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

logger = logging.getLogger("desk")
PREFIX, SUFFIX = "desk-", ".sqlite3"
_starting = threading.Lock()
#: The lock file in the backup folder that the process taking a backup holds.
LOCK_NAME = ".lock"


def backup_dir():
    return Path(settings.DATA_DIR) / "backups"


def database_file():
    """The SQLite file of the default database, or None (PostgreSQL, or in memory)."""
    if connection.vendor != "sqlite":
        return None
    name = str(connection.settings_dict["NAME"])
    if name.startswith("file:") or ":memory:" in name or not Path(name).exists():
        return None
    return Path(name)


def newest_backup(folder):
    files = sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))
    return files[-1] if files else None


def backup_now(source, folder, keep):
    """Copy the database `source` into `folder`; keep the newest `keep` copies. Returns path."""
    files.private_dir(folder)
    target = folder / f"{PREFIX}{dt.datetime.now(dt.UTC):%Y%m%d-%H%M%S-%f}{SUFFIX}"
    partial = target.with_suffix(".partial")
    files.private_file(partial)  # 0600 before SQLite writes the copy into it
    # closing(): both files are closed before the rename (Windows refuses to rename an open file).
    with closing(sqlite3.connect(source)) as origin, closing(sqlite3.connect(partial)) as copy:
        origin.backup(copy)
    partial.replace(target)
    for old in sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))[:-keep]:
        old.unlink(missing_ok=True)
    return target


def is_due(folder, minutes):
    """Is the newest copy in `folder` older than `minutes` (or is there none)?"""
    newest = newest_backup(folder)
    return newest is None or time.time() - newest.stat().st_mtime >= minutes * 60


@contextmanager
def claimed(folder):
    """Hold the lock of the backup `folder` while the block runs; yields False (and waits for
    nothing) when another process or thread holds it."""
    files.private_dir(folder)
    fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, files.FILE_MODE)
    try:
        try:
            if sys.platform == "win32":
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        try:
            yield True
        finally:
            if sys.platform == "win32":
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            else:
                fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def backup_if_due(source, folder, minutes, keep):
    """Back up `source` into `folder` if the newest copy is older than `minutes`, unless another
    process or thread is backing up right now. Returns the new copy, or None."""
    with claimed(folder) as mine:
        if not mine or not is_due(folder, minutes):
            return None
        return backup_now(source, folder, keep)


def maybe_backup():
    """Start a backup in the background if the newest one is old enough (called on commit).
    Only a SQLite desk: a PostgreSQL desk is backed up by the server's own tools."""
    minutes = settings.DESK_BACKUP_MINUTES
    source = database_file()
    if not minutes or source is None:
        return None
    folder = backup_dir()
    if not is_due(folder, minutes):
        return None
    keep = settings.DESK_BACKUP_KEEP
    # One backup thread at a time in this process (many saves commit while a copy is made);
    # across processes, the lock file decides.
    if not _starting.acquire(blocking=False):
        return None

    def run():
        try:
            backup_if_due(source, folder, minutes, keep)
        except (OSError, sqlite3.Error):
            logger.exception("Automatic backup of %s failed", source)
        finally:
            _starting.release()

    thread = threading.Thread(target=run, name="desk-backup", daemon=True)
    thread.start()
    return thread
