"""The deployment of this folder run on one machine, in a temporary folder, by a normal user.

Used by the deployment test (tests/desk/test_deploy.py) and the load bench (bench/load.py
--nginx): the shipped nginx site (nginx-desk.conf) with its production paths and ports replaced
by private ones, inside a generated nginx.conf (`daemon off`, pid, logs and temporary files in
the folder), started as `/usr/sbin/nginx -p folder -c nginx.conf`; and desk processes started
as the systemd unit (desk@.service) starts them.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import BinaryIO

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SITE = HERE / "nginx-desk.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SERVER_NAME = "desk.example.org"
CERTIFICATE = f"/etc/letsencrypt/live/{SERVER_NAME}/fullchain.pem"
CERTIFICATE_KEY = f"/etc/letsencrypt/live/{SERVER_NAME}/privkey.pem"
STATIC_ROOT = "/var/www/desk/static/"
#: The desk process as the unit runs it (desk@.service, ExecStart), without the address.
WAITRESS = [
    "-m",
    "waitress",
    "--channel-timeout=60",
    "--connection-limit=1000",
    "--backlog=2048",
    "--no-clear-untrusted-proxy-headers",
]


def nginx_available():
    return Path(NGINX).is_file() and os.access(NGINX, os.X_OK)


def free_ports(count, *, besides=()):
    """`count` distinct free ports on 127.0.0.1 (held open together while chosen), none of
    `besides` (ports chosen before for a server not started yet: the system may hand a port
    that was let go again at once)."""
    probes: list[socket.socket] = []
    unwanted: list[socket.socket] = []
    try:
        while len(probes) < count:
            probe = socket.socket()
            probe.bind(("127.0.0.1", 0))
            (unwanted if probe.getsockname()[1] in besides else probes).append(probe)
        return [probe.getsockname()[1] for probe in probes]
    finally:
        for probe in probes + unwanted:
            probe.close()


def _replace(text, old, new, *, pattern=False):
    """`text` with `old` replaced; the site file must contain it (a renamed path would otherwise
    leave the test checking production paths)."""
    if pattern:
        result, count = re.subn(old, new, text, flags=re.MULTILINE)
    else:
        result, count = text.replace(old, new), text.count(old)
    if not count:
        raise ValueError(f"deploy/nginx-desk.conf no longer contains {old!r}")
    return result


def site_config(*, upstream_ports, http_port, https_port, static_root, certificate, key, logs):
    """The shipped site with private ports and paths (everything else as shipped)."""
    text = SITE.read_text(encoding="utf-8")
    servers = "".join(f"    server 127.0.0.1:{port};\n" for port in upstream_ports)
    text = _replace(text, r"(?:^    server 127\.0\.0\.1:\d+;\n)+", servers, pattern=True)
    text = _replace(text, "    listen [::]:80;\n", "")
    text = _replace(text, "    listen [::]:443 ssl http2;\n", "")
    text = _replace(text, "listen 80;", f"listen 127.0.0.1:{http_port};")
    text = _replace(text, "listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;")
    text = _replace(text, f"server_name {SERVER_NAME};", "server_name 127.0.0.1 localhost;")
    text = _replace(text, CERTIFICATE, str(certificate))
    text = _replace(text, CERTIFICATE_KEY, str(key))
    text = _replace(text, STATIC_ROOT, str(static_root).rstrip("/") + "/")
    text = _replace(text, "/var/log/nginx/desk.access.log", str(Path(logs) / "access.log"))
    return _replace(text, "/var/log/nginx/desk.error.log", str(Path(logs) / "error.log"))


def self_signed_certificate(folder):
    """A certificate for 127.0.0.1 and localhost (openssl), and its key: (certificate, key)."""
    certificate, key = Path(folder) / "desk.crt", Path(folder) / "desk.key"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(certificate),
        ],
        check=True,
        capture_output=True,
    )
    return certificate, key


def write_nginx(folder, *, upstream_ports, static_root, workers=1):
    """Write nginx.conf (and the site, a certificate) into `folder`; returns
    (conf path, http port, https port). Everything nginx writes stays in the folder."""
    folder = Path(folder)
    http_port, https_port = free_ports(2, besides=upstream_ports)
    certificate, key = self_signed_certificate(folder)
    site = folder / "desk-site.conf"
    site.write_text(
        site_config(
            upstream_ports=upstream_ports,
            http_port=http_port,
            https_port=https_port,
            static_root=static_root,
            certificate=certificate,
            key=key,
            logs=folder,
        ),
        encoding="utf-8",
    )
    temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    # As root, nginx's workers would become `nobody` and could not read a private folder.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    conf = folder / "nginx.conf"
    conf.write_text(
        f"{user}daemon off;\nworker_processes {workers};\n"
        f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 4096; }\n"
        "http {\n"
        "    include /etc/nginx/mime.types;\n"
        "    default_type application/octet-stream;\n"
        "    sendfile on;\n"
        f"    client_body_temp_path {temp['body']};\n"
        f"    proxy_temp_path {temp['proxy']};\n"
        f"    fastcgi_temp_path {temp['fastcgi']};\n"
        f"    uwsgi_temp_path {temp['uwsgi']};\n"
        f"    scgi_temp_path {temp['scgi']};\n"
        f"    include {site};\n"
        "}\n",
        encoding="utf-8",
    )
    return conf, http_port, https_port


def nginx_check(conf):
    """`nginx -t` on the generated configuration: (ok, nginx's output)."""
    result = subprocess.run(
        [NGINX, "-t", "-p", str(conf.parent), "-c", str(conf)],
        capture_output=True,
        text=True,
        check=False,
    )
    return result.returncode == 0, result.stderr + result.stdout


def wait_for_port(port, process, log_path, what, seconds=60):
    """Wait until something listens on `port`; stop with the log if `process` died first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{what} did not start: " + Path(log_path).read_text(errors="replace"))


def start_nginx(conf, https_port):
    log_path = conf.parent / "error.log"
    process = subprocess.Popen(
        [NGINX, "-p", str(conf.parent), "-c", str(conf)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_for_port(https_port, process, log_path, "nginx")
    return process


class LoggedProcess(subprocess.Popen[bytes]):
    """A process whose output goes to the file `log`, which `stop()` closes."""

    log: BinaryIO


def start_desk(port, *, env, log_path, threads=16, application="desk.wsgi:application"):
    """One desk process on 127.0.0.1:`port`, as desk@.service runs it; its output goes to
    `log_path` (a pipe nobody reads would fill up and stop it). The caller closes
    `process.log` after stopping it. (`application`: the WSGI application; the load bench's
    `--trace` wraps the desk's to time each request inside the process.)"""
    log = open(log_path, "wb")  # noqa: SIM115 - closed by the caller with the process
    process = LoggedProcess(
        [
            sys.executable,
            *WAITRESS,
            f"--listen=127.0.0.1:{port}",
            f"--threads={threads}",
            application,
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    process.log = log
    try:
        wait_for_port(port, process, log_path, f"the desk on port {port}")
    except RuntimeError:
        log.close()
        raise
    return process


def stop(process, seconds=20):
    process.terminate()
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    log = getattr(process, "log", None)
    if log is not None:
        log.close()
