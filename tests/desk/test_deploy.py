"""The shipped deployment (deploy/): Debian's nginx accepts the site file, and a private nginx in
front of a desk process, as the systemd unit runs it, serves pages over https, static files
itself, and passes the client's address and scheme, which the desk believes from it only."""

import gzip
import http.client
import importlib.util
import os
import re
import shutil
import ssl
import sys
from urllib.parse import urlencode

import pytest
from axes.models import AccessAttempt
from django.db import connection

from desk.settings import BASE_DIR


def _load_deploy():
    spec = importlib.util.spec_from_file_location(
        "deploy_on_this_machine", BASE_DIR / "deploy" / "on_this_machine.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


local = _load_deploy()

pytestmark = pytest.mark.skipif(
    not local.nginx_available() or not shutil.which("openssl"),
    reason=f"nginx ({local.NGINX}) or openssl is not installed: apt-get install nginx openssl "
    "(bin/ensure-packages)",
)


def test_the_site_file_keeps_the_production_settings():
    site = local.SITE.read_text()
    assert re.search(r"client_max_body_size 51m;", site)  # a 50 MB archive, desk/archive.py
    for header in ("X-Forwarded-For", "X-Forwarded-Proto", "Host"):
        assert f"proxy_set_header {header} " in site
    assert "return 301 https://$host$request_uri;" in site
    assert "gzip on;" in site and "application/json" in site  # pages and the API, compressed
    assert len(re.findall(r"^    server 127\.0\.0\.1:\d+;$", site, re.MULTILINE)) >= 2
    unit = (BASE_DIR / "deploy" / "desk@.service").read_text()
    assert "--listen=127.0.0.1:%i" in unit and "EnvironmentFile=/etc/desk/desk.env" in unit
    assert all(option in unit for option in local.WAITRESS[2:])  # the test runs what ships


def test_nginx_accepts_the_shipped_site(tmp_path):
    conf, _, _ = local.write_nginx(
        tmp_path, upstream_ports=local.free_ports(2), static_root=tmp_path / "static"
    )
    ok, output = local.nginx_check(conf)
    assert ok, output


def database_url():
    """The test database, for a desk process started beside the test."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return (
        f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}"
    )


@pytest.fixture
def deployment(transactional_db, tmp_path):
    """nginx (as shipped) in front of one desk process on the test database."""
    static = tmp_path / "static"
    static.mkdir()
    (static / "probe.txt").write_text("served by nginx\n")
    desk_port = local.free_ports(1)[0]
    conf, http_port, https_port = local.write_nginx(
        tmp_path, upstream_ports=[desk_port], static_root=static
    )
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DESK_DATA_DIR": str(tmp_path / "data"),
        "DESK_STATIC_ROOT": str(static),
        "DESK_DEBUG": "0",
        "DESK_HTTPS": "1",
        "DESK_TRUSTED_PROXIES": "127.0.0.1",  # nginx connects from here; clients from 127.0.0.2
        "DESK_ALLOWED_HOSTS": "127.0.0.1",
        "DESK_CSRF_TRUSTED_ORIGINS": f"https://127.0.0.1:{https_port}",
    }
    desk = local.start_desk(desk_port, env=env, log_path=tmp_path / "desk.log", threads=4)
    try:
        nginx = local.start_nginx(conf, https_port)
    except RuntimeError:
        local.stop(desk)
        raise
    yield {"http": http_port, "https": https_port, "desk": desk_port}
    local.stop(nginx)
    local.stop(desk)


def ask(port, path, *, tls=True, source="127.0.0.2", method="GET", headers=None, body=None):
    """One request from `source` (an address of the loopback network other than nginx's)."""
    if tls:
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        conn = http.client.HTTPSConnection(
            "127.0.0.1", port, context=context, source_address=(source, 0), timeout=30
        )
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port, source_address=(source, 0), timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def test_nginx_serves_the_desk_and_its_static_files(deployment):
    status, headers, body = ask(deployment["https"], "/")
    assert status == 200, body[:500]
    assert b"<html" in body.lower()
    assert "max-age=" in headers.get("Strict-Transport-Security", "")  # the desk knows https
    # A phone asks for compressed pages: nginx compresses the desk's HTML and JSON.
    status, zipped_headers, zipped = ask(
        deployment["https"], "/", headers={"Accept-Encoding": "gzip"}
    )
    assert status == 200 and zipped_headers.get("Content-Encoding") == "gzip"
    page = gzip.decompress(zipped)  # the same page (its CSRF token masked anew)
    assert page.startswith(body[:200]) and len(zipped) < len(page) / 2
    status, headers, body = ask(deployment["https"], "/static/probe.txt")
    assert (status, body) == (200, b"served by nginx\n")  # a file only nginx's folder has
    status, headers, _ = ask(deployment["http"], "/", tls=False)
    assert status == 301 and headers["Location"] == "https://127.0.0.1/"


def test_the_desk_believes_the_address_and_scheme_nginx_passes_and_no_one_else(deployment):
    port = deployment["https"]
    status, headers, page = ask(port, "/accounts/login/")
    assert status == 200
    cookie = re.search(r"csrftoken=([A-Za-z0-9]+)", headers["Set-Cookie"]).group(1)
    assert "Secure" in headers["Set-Cookie"]  # an https request, as nginx said
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    status, _, _ = ask(
        port,
        "/accounts/login/",
        method="POST",
        body=urlencode({"csrfmiddlewaretoken": token, "username": "nobody", "password": "wrong"}),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={cookie}",
            "Referer": f"https://127.0.0.1:{port}/accounts/login/",
            "X-Forwarded-For": "198.51.100.66",  # written by the client: ignored
        },
    )
    assert status == 200  # the login form again, with its error
    # The failed login is counted against the client nginx saw, not the address it claimed.
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["127.0.0.2"]

    # Straight to the desk process, from an address that is not the proxy: the headers are
    # not believed (plain http, so the desk sends the client to https).
    status, headers, _ = ask(
        deployment["desk"],
        "/",
        tls=False,
        headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.66"},
    )
    assert status == 301 and headers["Location"].startswith("https://")
