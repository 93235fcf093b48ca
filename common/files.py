"""Files that only the desk's own account may read: the data folder, the database, backups, the
secret key and the director's password.

Each is created with its final mode (os.open with 0o600, mkdir with 0o700), so there is no moment
when another account on the laptop could read it, whatever the umask; an existing one is
tightened. SQLite creates its -wal and -shm files with the database file's own mode, so creating
the database file 0600 before SQLite opens it covers them too. On Windows the modes are ignored
(the folder's access rules apply). Pure Python: no Django.
"""

import contextlib
import os
from pathlib import Path

DIR_MODE, FILE_MODE = 0o700, 0o600


def private_dir(path):
    """Create `path` (and its parents) if missing; make it readable by its owner only."""
    path = Path(path)
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    with contextlib.suppress(PermissionError):  # not ours: leave it as it is
        path.chmod(DIR_MODE)
    return path


def private_file(path):
    """Create `path` empty if missing, 0600 from its first moment; tighten it if it exists."""
    path = Path(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, FILE_MODE)
    os.close(fd)
    with contextlib.suppress(PermissionError):
        path.chmod(FILE_MODE)
    return path


def write_private(path, text, encoding="utf-8"):
    """Write `text` to `path`, readable by its owner only (also when the file was already there)."""
    path = Path(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    with os.fdopen(fd, "w", encoding=encoding) as handle:
        if hasattr(os, "fchmod"):
            os.fchmod(handle.fileno(), FILE_MODE)
        handle.write(text)
    return path
