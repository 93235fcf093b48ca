"""Real servers for the tests that need them: Debian's `redis-server`, the desk itself under
waitress (as `make serve` runs it), each in a temporary folder on a free port or socket, and an
SMTP server (aiosmtpd, in this process) for the sign-up's messages.

Every start waits for the server by polling (connect, or PING) with a generous limit, never by
a fixed sleep; a server that dies or never answers fails the test with its log.
"""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REDIS_SERVER = "/usr/bin/redis-server"
#: How long a server may take to answer its first connection (a loaded 2-core CI machine).
START_LIMIT = 90.0


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(ready, process, log_path, what):
    """Poll `ready()` until it is true; fail with the server's log if `process` ends first or
    START_LIMIT passes."""
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"{what} stopped (exit {process.returncode}):\n{_tail(log_path)}")
        if ready():
            return
        time.sleep(0.05)
    pytest.fail(f"{what} did not answer within {START_LIMIT:.0f} s:\n{_tail(log_path)}")


def _tail(path):
    try:
        return Path(path).read_text(errors="replace")[-4000:]
    except OSError:
        return "(no log)"


def stop(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- Redis -------------------------------------------------------------------------------------


def redis_binary():
    """The path of redis-server, or skip the test saying how to get it."""
    binary = REDIS_SERVER if os.access(REDIS_SERVER, os.X_OK) else shutil.which("redis-server")
    if not binary:
        pytest.skip(
            "redis-server is not installed (apt-get install redis-server; bin/ensure-packages)"
        )
    return binary


@contextmanager
def redis_server():
    """A throwaway Redis server on a Unix socket in a temporary folder, nothing saved to disk.
    Yields its URL for DESK_CACHE_URL (unix:///.../redis.sock)."""
    binary = redis_binary()
    import redis  # the client Django's RedisCache uses (requirements.txt)

    # A short folder: a Unix socket's path has a limit of about 100 characters.
    folder = Path(tempfile.mkdtemp(prefix="desk-redis-"))
    sock, log_path = folder / "redis.sock", folder / "redis.log"
    command = [binary, "--port", "0", "--unixsocket", str(sock), "--unixsocketperm", "700"]
    command += ["--save", "", "--appendonly", "no", "--dir", str(folder)]
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    client = redis.Redis(unix_socket_path=str(sock))

    def ready():
        try:
            return sock.exists() and client.ping()
        except redis.RedisError:
            return False

    try:
        wait_until(ready, process, log_path, "redis-server")
        yield f"unix://{sock}"
    finally:
        client.close()
        stop(process)
        shutil.rmtree(folder, ignore_errors=True)


# -- the desk ----------------------------------------------------------------------------------


def database_url(settings_dict):
    """A DATABASE_URL for another process to open the database of `settings_dict` (the test
    database: SQLite file or PostgreSQL)."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{Path(settings_dict['NAME']).resolve()}"
    user = urllib.parse.quote(settings_dict.get("USER") or "", safe="")
    password = urllib.parse.quote(settings_dict.get("PASSWORD") or "", safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "localhost"
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    return f"postgres://{credentials}{host}{port}/{settings_dict['NAME']}"


def desk_environment(data_dir, database, **extra):
    """The environment of a desk server process: its data folder, the database, the secret key
    every process of one desk shares, DEBUG off, answering to 127.0.0.1."""
    env = {
        **os.environ,
        "DESK_DATA_DIR": str(data_dir),
        "DATABASE_URL": database,
        "DESK_SECRET_KEY": "several-processes-one-desk-" + "x" * 40,
        "DESK_DEBUG": "0",
        "DESK_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SETTINGS_MODULE": "desk.settings",
    }
    env.pop("DESK_CACHE_URL", None)
    env.update({name: str(value) for name, value in extra.items()})
    return env


def start_desk(port, env, log_path, threads=4):
    """One desk server process as `make serve` starts it: waitress on desk.wsgi, here on
    127.0.0.1:`port`. Returns the Popen once the port accepts connections."""
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "waitress",
                f"--listen=127.0.0.1:{port}",
                f"--threads={threads}",
                "--channel-timeout=60",
                "desk.wsgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def ready():
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            return False

    try:
        wait_until(ready, process, log_path, f"the desk on port {port}")
    except BaseException:
        stop(process)
        raise
    return process


def proc_stat(pid):
    """The fields of /proc/<pid>/stat after the command's name (field 3 onwards)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def children(pid):
    """The processes whose parent is `pid` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int(proc_stat(entry.name)[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return found


def command_line(pid):
    """A process's command line, its arguments separated by NUL bytes (b"" once it ended)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def niceness(pid):
    """A process's nice value (/proc/<pid>/stat)."""
    return int(proc_stat(pid)[16])


# -- a mail server -----------------------------------------------------------------------------


@dataclass
class MailServer:
    """A real SMTP server (aiosmtpd) on a free port of 127.0.0.1: STARTTLS required, with a
    certificate of a throwaway authority (`ca_file`), and a login required over TLS. Every
    message it accepts is parsed into `messages`."""

    port: int
    ca_file: str
    user: str = "desk"
    password: str = "mail-password-for-tests"
    messages: list = field(default_factory=list)

    def settings(self):
        """The desk's settings for this server, as desk.config.email_config makes them."""
        return {
            "EMAIL_BACKEND": "common.mail.SMTPBackend",
            "EMAIL_HOST": "localhost",
            "EMAIL_PORT": self.port,
            "EMAIL_USE_TLS": True,
            "EMAIL_USE_SSL": False,
            "EMAIL_HOST_USER": self.user,
            "EMAIL_HOST_PASSWORD": self.password,
            "DESK_EMAIL_CA_FILE": self.ca_file,
            "DEFAULT_FROM_EMAIL": "Test Open <desk@example.org>",
        }

    def to(self, address):
        """The messages sent to `address`, oldest first."""
        return [message for message in self.messages if message["To"] == address]


@contextmanager
def smtp_server():
    """Start a MailServer; yield it; stop it."""
    import email
    import email.policy
    import ssl

    import trustme
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword

    authority = trustme.CA()
    certificate = authority.issue_cert("localhost", "127.0.0.1")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    certificate.configure_cert(context)
    folder = Path(tempfile.mkdtemp(prefix="desk-smtp-"))
    ca_file = folder / "ca.pem"
    authority.cert_pem.write_to_path(str(ca_file))
    server = MailServer(port=free_port(), ca_file=str(ca_file))

    class Handler:
        async def handle_DATA(self, _server, _session, envelope):
            server.messages.append(
                email.message_from_bytes(envelope.content, policy=email.policy.default)
            )
            return "250 Message accepted"

    def authenticate(_server, _session, _envelope, mechanism, data):
        ok = (
            isinstance(data, LoginPassword)
            and data.login == server.user.encode()
            and data.password == server.password.encode()
        )
        return AuthResult(success=ok, handled=False)

    controller = Controller(
        Handler(),
        hostname="127.0.0.1",
        port=server.port,
        server_hostname="localhost",
        tls_context=context,
        require_starttls=True,
        authenticator=authenticate,
        auth_require_tls=True,
    )
    controller.start()
    try:
        yield server
    finally:
        controller.stop()
        shutil.rmtree(folder, ignore_errors=True)
