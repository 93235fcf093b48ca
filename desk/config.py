"""Configuration read from the environment: database, secret key, flags and lists.

Kept apart from `settings.py` so each rule can be tested without reloading Django's settings.
Nothing here imports Django's models or touches the database.
"""

import secrets
import socket
from pathlib import Path

import dj_database_url

from common import files

#: Options for the embedded SQLite database. WAL lets readers (standings, projector) work while a
#: referee saves; IMMEDIATE transactions take the write lock at BEGIN, so two referees saving at
#: once queue on the busy timeout instead of failing with "database is locked" half-way through.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    "transaction_mode": "IMMEDIATE",
    "timeout": 30,
}

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


class ConfigError(ValueError):
    """A setting in the environment that the desk cannot use."""


def env_bool(environ, name, default=False):
    """Read a yes/no flag such as DESK_DEBUG=1."""
    raw = environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ConfigError(f"{name}={raw!r}: use 1/0, true/false, yes/no or on/off")


def env_int(environ, name, default, *, minimum, maximum):
    """Read a whole number such as DESK_LOGIN_ATTEMPTS=10, refused outside minimum..maximum."""
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ConfigError(f"{name}={raw!r}: write a whole number") from None
    if not minimum <= value <= maximum:
        raise ConfigError(f"{name}={raw!r}: use a number from {minimum} to {maximum}")
    return value


def cache_config(environ):
    """The CACHES['default'] entry: a table in the desk's database (`createcachetable`).

    Every server process (waitress threads, several workers, the management commands) sees the
    same counters there: the bad-link counter and the cached standings. A shared cache server
    would be configured here.
    """
    return {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "desk_cache",
        "OPTIONS": {"MAX_ENTRIES": 10_000},
    }


_RATE_PERIODS = {"s", "sec", "second", "m", "min", "minute", "h", "hour", "d", "day"}


def env_rate(environ, name, default):
    """Read a request rate such as DESK_API_RATE_TOKEN=600/min ("<number>/<s|min|hour|day>")."""
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return default
    count, _slash, period = raw.strip().partition("/")
    if not (count.isdigit() and 1 <= int(count) <= 1_000_000 and period in _RATE_PERIODS):
        raise ConfigError(f"{name}={raw!r}: write a rate such as 600/min, 20/s or 5000/hour")
    return f"{int(count)}/{period}"


def env_list(environ, name, default):
    """Read a comma-separated list such as DESK_ALLOWED_HOSTS=192.168.1.20,desk.local."""
    raw = environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def local_addresses():
    """This machine's own IP addresses (so referees can reach it by its LAN address).

    Nothing is sent: connecting a UDP socket only asks the system which interface it would use.
    """
    addresses = {"localhost", "127.0.0.1", "[::1]"}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            address = info[4][0]
            addresses.add(f"[{address}]" if ":" in address else address)
    except OSError:
        pass
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 1))
                addresses.add(udp.getsockname()[0])
        except OSError:
            continue
    return sorted(addresses)


def database_config(environ, data_dir):
    """The DATABASES['default'] entry.

    Without DATABASE_URL the desk uses SQLite in the data folder. DATABASE_URL=postgres://...
    (or postgresql://, pgsql://) switches to PostgreSQL; sqlite:////path/file.sqlite3 chooses
    another SQLite file. Any other scheme is refused with a message naming the supported ones.
    """
    url = environ.get("DATABASE_URL", "").strip()
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(Path(data_dir) / "desk.sqlite3"),
            "OPTIONS": dict(SQLITE_OPTIONS),
        }
    scheme = url.split(":", 1)[0].lower()
    if scheme not in {"postgres", "postgresql", "pgsql", "sqlite"}:
        raise ConfigError(
            f"DATABASE_URL scheme {scheme!r} is not supported: use postgres://user:password@host/"
            "name or sqlite:////absolute/path/desk.sqlite3"
        )
    # PostgreSQL: keep connections open between requests (each new one forks a server
    # process), checked before reuse so a restarted server is noticed.
    config = dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
        config["CONN_MAX_AGE"] = 0
    elif not config.get("NAME"):
        raise ConfigError("DATABASE_URL names no database: postgres://user:password@host/name")
    return config


def secret_key(environ, data_dir):
    """DESK_SECRET_KEY from the environment, else a key generated once into the data folder.

    The generated file is readable by its owner only and never committed (data/ is git-ignored).
    """
    key = environ.get("DESK_SECRET_KEY", "").strip()
    if key:
        return key
    path = Path(data_dir) / "secret_key"
    if path.exists():
        key = path.read_text(encoding="ascii").strip()
        if key:
            return key
    key = secrets.token_urlsafe(50)
    files.private_dir(path.parent)
    files.write_private(path, key + "\n", encoding="ascii")
    return key


def secure_database(database):
    """Create the SQLite file of `database` (a DATABASES entry) readable by its owner only,
    before SQLite does with the umask's mode; its -wal and -shm files take the same mode."""
    if not database["ENGINE"].endswith("sqlite3"):
        return None
    name = str(database.get("NAME") or "")
    if not name or name.startswith("file:") or ":memory:" in name:
        return None
    path = Path(name)
    if not path.parent.is_dir():
        return None
    return files.private_file(path)
