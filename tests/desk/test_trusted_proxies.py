"""X-Forwarded-For and X-Forwarded-Proto are believed from the proxies in DESK_TRUSTED_PROXIES
only: a client that writes them itself changes neither its address nor its scheme."""

import os
import subprocess
import sys

import pytest
from django.test import Client, RequestFactory

from common.net import TrustedProxyMiddleware, client_address
from desk import config
from desk.settings import BASE_DIR

PROXY = "127.0.0.1"
CLIENT = "203.0.113.7"


def request_from(remote, forwarded=None, proto=None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    if proto is not None:
        extra["HTTP_X_FORWARDED_PROTO"] = proto
    return RequestFactory().get("/", **extra)


@pytest.fixture
def behind_nginx(settings):
    settings.DESK_TRUSTED_PROXIES = ["127.0.0.1", "::1", "10.1.0.0/16"]
    settings.DESK_PROXY_COUNT = 0


@pytest.mark.parametrize(
    ("remote", "forwarded", "expected"),
    [
        (PROXY, CLIENT, CLIENT),  # nginx on this machine tells who connected to it
        ("::1", CLIENT, CLIENT),
        (PROXY, f"6.6.6.6, {CLIENT}", CLIENT),  # the left entry was written by the client
        (PROXY, f"6.6.6.6, {CLIENT}, 10.1.4.4", CLIENT),  # a second trusted proxy is skipped
        (PROXY, "2001:db8::1", "2001:db8::1"),
        (PROXY, "", PROXY),  # no header: the proxy itself
        (PROXY, "10.1.4.4", "10.1.4.4"),  # only trusted hops: the farthest one
        (PROXY, f"{CLIENT}, garbage", PROXY),  # a malformed entry: the last trusted hop
        (CLIENT, "198.51.100.1", CLIENT),  # a client writing the header itself: ignored
        ("10.2.0.1", "198.51.100.1", "10.2.0.1"),  # outside the trusted network
        ("not an address", CLIENT, "0.0.0.0"),
    ],
)
def test_the_address_is_believed_only_from_a_trusted_proxy(
    behind_nginx, remote, forwarded, expected
):
    assert client_address(request_from(remote, forwarded)) == expected


def test_the_trusted_proxies_take_the_place_of_the_proxy_count(behind_nginx, settings):
    settings.DESK_PROXY_COUNT = 1
    assert client_address(request_from(CLIENT, "198.51.100.1")) == CLIENT


def test_without_trusted_proxies_the_proxy_count_still_works(settings):
    settings.DESK_TRUSTED_PROXIES = []
    settings.DESK_PROXY_COUNT = 1
    assert client_address(request_from("10.0.0.9", f"6.6.6.6, {CLIENT}")) == CLIENT


def seen_by_the_desk(request):
    seen = {}

    def view(request):
        seen["secure"] = request.is_secure()
        seen["proto"] = request.META.get("HTTP_X_FORWARDED_PROTO")
        return None

    TrustedProxyMiddleware(view)(request)
    return seen


def test_https_is_believed_from_a_trusted_proxy(behind_nginx):
    assert seen_by_the_desk(request_from(PROXY, CLIENT, "https")) == {
        "secure": True,
        "proto": "https",
    }
    assert seen_by_the_desk(request_from(PROXY, CLIENT, "http"))["secure"] is False
    assert seen_by_the_desk(request_from(PROXY, CLIENT, "spdy"))["secure"] is False


def test_a_client_claiming_https_is_not_believed_and_its_header_is_dropped(behind_nginx):
    assert seen_by_the_desk(request_from(CLIENT, None, "https")) == {"secure": False, "proto": None}


def test_without_trusted_proxies_nobody_is_believed_about_https(settings):
    settings.DESK_TRUSTED_PROXIES = []
    settings.DESK_PROXY_COUNT = 1
    assert seen_by_the_desk(request_from(PROXY, CLIENT, "https"))["secure"] is False


@pytest.mark.django_db
def test_with_https_on_a_spoofed_header_is_redirected_and_the_proxy_is_not(behind_nginx, settings):
    settings.SECURE_SSL_REDIRECT = True
    spoofer = Client(REMOTE_ADDR=CLIENT, HTTP_X_FORWARDED_PROTO="https")
    response = spoofer.get("/")
    assert response.status_code == 301
    assert response["Location"].startswith("https://")
    proxy = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_PROTO="https", HTTP_X_FORWARDED_FOR=CLIENT)
    assert proxy.get("/").status_code == 200


def test_trusted_proxies_are_read_as_addresses_and_networks():
    read = config.env_networks({"P": "127.0.0.1, ::1,10.0.0.0/8"}, "P", [])
    assert read == ["127.0.0.1/32", "::1/128", "10.0.0.0/8"]
    assert config.env_networks({}, "P", ["::1"]) == ["::1/128"]


@pytest.mark.parametrize("raw", ["nginx", "10.0.0.0/33", "1.2.3"])
def test_a_bad_trusted_proxy_is_refused_with_a_message(raw):
    with pytest.raises(config.ConfigError, match="DESK_TRUSTED_PROXIES"):
        config.env_networks({"DESK_TRUSTED_PROXIES": raw}, "DESK_TRUSTED_PROXIES", [])


def settings_read(data_dir, **environ):
    """DESK_TRUSTED_PROXIES and DESK_PROXY_COUNT as desk/settings.py reads them from `environ`."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DESK_")}
    env.update(DESK_DATA_DIR=str(data_dir), **environ)
    code = (
        "from django.conf import settings as s; "
        "print(s.DESK_TRUSTED_PROXIES, s.DESK_PROXY_COUNT, s.SECURE_PROXY_SSL_HEADER)"
    )
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        env={**env, "DJANGO_SETTINGS_MODULE": "desk.settings"},
        capture_output=True,
        text=True,
        check=True,
        cwd=BASE_DIR,
    )
    return result.stdout.strip()


def test_behind_https_nginx_on_this_machine_is_trusted_by_default(tmp_path):
    assert settings_read(tmp_path, DESK_HTTPS="1") == "['127.0.0.1/32', '::1/128'] 0 None"
    assert settings_read(tmp_path) == "[] 0 None"
    read = settings_read(tmp_path, DESK_HTTPS="1", DESK_TRUSTED_PROXIES="10.0.0.0/8")
    assert read == "['10.0.0.0/8'] 0 None"
