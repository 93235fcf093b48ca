"""Automatic backups of the SQLite database while sessions are being played.

After every write the audit trail records (a hand, a correction, a penalty, a closing, a
confirmation...), if the newest backup is older than DESK_BACKUP_MINUTES (default 10), a
copy of the whole database is written to `<data folder>/backups/` with SQLite's online backup
API (safe while referees keep saving), in a background thread so nobody waits for it. The last
DESK_BACKUP_KEEP copies (default 24) are kept, readable by their owner only. Restoring one: stop the desk, copy the file over
`data/desk.sqlite3` (removing `desk.sqlite3-wal` and `-shm`), start the desk.
PostgreSQL desks use the server's own tools (pg_dump) instead; this module then does nothing.
"""

import logging
import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils import timezone

from common import files

logger = logging.getLogger("desk")
_running = threading.Lock()
PREFIX, SUFFIX = "desk-", ".sqlite3"


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
    target = folder / f"{PREFIX}{timezone.now():%Y%m%d-%H%M%S-%f}{SUFFIX}"
    partial = target.with_suffix(".partial")
    files.private_file(partial)  # 0600 before SQLite writes the copy into it
    # closing(): both files are closed before the rename (Windows refuses to rename an open file).
    with closing(sqlite3.connect(source)) as origin, closing(sqlite3.connect(partial)) as copy:
        origin.backup(copy)
    partial.replace(target)
    for old in sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))[:-keep]:
        old.unlink(missing_ok=True)
    return target


def maybe_backup():
    """Start a backup in the background if the newest one is old enough (called on commit)."""
    minutes = settings.DESK_BACKUP_MINUTES
    source = database_file()
    if not minutes or source is None:
        return None
    folder = backup_dir()
    newest = newest_backup(folder)
    if newest is not None and time.time() - newest.stat().st_mtime < minutes * 60:
        return None
    if not _running.acquire(blocking=False):
        return None

    def run():
        try:
            backup_now(source, folder, settings.DESK_BACKUP_KEEP)
        except (OSError, sqlite3.Error):
            logger.exception("Automatic backup of %s failed", source)
        finally:
            _running.release()

    thread = threading.Thread(target=run, name="desk-backup", daemon=True)
    thread.start()
    return thread
