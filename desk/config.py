"""Configuration read from the environment: database, secret key, flags and lists.

Kept apart from `settings.py` so each rule can be tested without reloading Django's settings.
Nothing here imports Django's models or touches the database.
"""

import ipaddress
import os
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
    """The CACHES['default'] entry: where every server process keeps the counters and caches
    they share (the bad-link and wrong-PIN counters, the cached standings).

    By default a table in the desk's database (`createcachetable`): nothing more to run, and
    every process (waitress threads, several workers, the management commands) sees the same
    entries. DESK_CACHE_URL=redis://host:6379/0 (or rediss://, or unix:///path/redis.sock)
    puts them in a Redis server instead (Django's own Redis backend, the `redis` package).
    """
    url = environ.get("DESK_CACHE_URL", "").strip()
    if not url:
        return {
            # Django's DatabaseCache, its counters made safe for several processes.
            "BACKEND": "common.cache.DatabaseCache",
            "LOCATION": "desk_cache",
            "OPTIONS": {"MAX_ENTRIES": 10_000},
        }
    scheme = url.split(":", 1)[0].lower()
    if scheme not in {"redis", "rediss", "unix"} or "://" not in url:
        raise ConfigError(
            f"DESK_CACHE_URL={url!r}: use redis://host:6379/0, rediss://... or "
            "unix:///path/to/redis.sock (or leave it empty for the database cache)"
        )
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
        # Two desks sharing one Redis server use two databases of it (redis://host/0, /1).
        "KEY_PREFIX": "desk",
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


def env_networks(environ, name, default):
    """Read a comma-separated list of addresses and networks such as
    DESK_TRUSTED_PROXIES=127.0.0.1,::1,10.0.0.0/8; each is checked, and kept as its text."""
    networks = []
    for item in env_list(environ, name, default):
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ConfigError(
                f"{name}: {item!r} is not an address or a network such as 10.0.0.0/8"
            ) from None
    return networks


def local_addresses():
    """This machine's own IP addresses (so referees can reach it by its LAN address).

    Nothing is sent: connecting a UDP socket only asks the system which interface it would use.
    """
    addresses = {"localhost", "127.0.0.1", "[::1]"}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            address = str(info[4][0])  # an IP address (typeshed allows an int for other families)
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
    # Several server processes starting at once on a new data folder must end with one key
    # (sessions and signed cookies of one process are read by the others): the key is written
    # whole to a file of this process, then linked into place only if no other process did it
    # first; the one that lost reads the winner's key.
    key = secrets.token_urlsafe(50)
    files.private_dir(path.parent)
    mine = path.with_name(f".secret_key.{os.getpid()}")
    files.write_private(mine, key + "\n", encoding="ascii")
    try:
        os.link(mine, path)
    except FileExistsError:
        first = path.read_text(encoding="ascii").strip()
        if first:
            return first
        os.replace(mine, path)  # an empty file left by an earlier failure
    except OSError:  # a file system without hard links
        os.replace(mine, path)
    finally:
        mine.unlink(missing_ok=True)
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


#: How the desk talks to its mail server (DESK_EMAIL_SECURITY): STARTTLS on the submission
#: port, TLS from the first byte, or nothing (only to a server on this very machine).
EMAIL_SECURITY = {"starttls": 587, "ssl": 465, "none": 25}
_LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1"}


def email_config(environ, data_dir):
    """Django's EMAIL_* settings from DESK_EMAIL_*: the sign-up's messages (signup/mail.py).

    Without DESK_EMAIL_HOST every message is written as a file into `<data folder>/mail` (what
    `make run` does: nothing needs a server). With it, the desk sends through that SMTP server
    with TLS: DESK_EMAIL_SECURITY=starttls (the default, port 587) or ssl (port 465);
    `none` is accepted only for a server on this machine. DESK_EMAIL_USER and
    DESK_EMAIL_PASSWORD log in, DESK_EMAIL_FROM is the sender, DESK_EMAIL_CA_FILE a bundle of
    certificate authorities to trust besides the system's (a federation's own relay), and
    DESK_EMAIL_TIMEOUT the seconds to wait for the server.
    """
    host = environ.get("DESK_EMAIL_HOST", "").strip()
    sender = environ.get("DESK_EMAIL_FROM", "").strip()
    if not host:
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_FILE_PATH": str(Path(data_dir) / "mail"),
            "DEFAULT_FROM_EMAIL": sender or "Mahjong Tournament Desk <desk@localhost>",
        }
    security = environ.get("DESK_EMAIL_SECURITY", "starttls").strip().lower() or "starttls"
    if security not in EMAIL_SECURITY:
        raise ConfigError(f"DESK_EMAIL_SECURITY={security!r}: use starttls, ssl or none")
    if security == "none" and host not in _LOOPBACK_HOSTS:
        raise ConfigError(
            f"DESK_EMAIL_SECURITY=none sends passwords and players' addresses in clear: only "
            f"to a server on this machine (localhost), not {host!r}; use starttls or ssl"
        )
    if not sender:
        raise ConfigError("DESK_EMAIL_FROM is needed with DESK_EMAIL_HOST: the sender's address")
    ca_file = environ.get("DESK_EMAIL_CA_FILE", "").strip()
    if ca_file and not Path(ca_file).is_file():
        raise ConfigError(f"DESK_EMAIL_CA_FILE={ca_file!r}: no such file")
    return {
        "EMAIL_BACKEND": "common.mail.SMTPBackend",
        "EMAIL_HOST": host,
        "EMAIL_PORT": env_int(
            environ, "DESK_EMAIL_PORT", EMAIL_SECURITY[security], minimum=1, maximum=65535
        ),
        "EMAIL_USE_TLS": security == "starttls",
        "EMAIL_USE_SSL": security == "ssl",
        "EMAIL_HOST_USER": environ.get("DESK_EMAIL_USER", "").strip(),
        "EMAIL_HOST_PASSWORD": environ.get("DESK_EMAIL_PASSWORD", ""),
        "EMAIL_TIMEOUT": env_int(environ, "DESK_EMAIL_TIMEOUT", 20, minimum=1, maximum=300),
        "DESK_EMAIL_CA_FILE": ca_file,
        "DEFAULT_FROM_EMAIL": sender,
    }
