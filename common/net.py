"""The address a request comes from, and whether it came over https, behind a proxy.

By default both are the connection's own: the address is REMOTE_ADDR and the scheme is the one
the server received. A client can write any X-Forwarded-For or X-Forwarded-Proto header it
likes, so the desk believes them only from the proxies the administrator names
(DESK_TRUSTED_PROXIES: addresses or networks, e.g. `127.0.0.1,::1` for nginx on the same
machine):

- the address: X-Forwarded-For is read from the right, each proxy having appended the address
  it saw; entries that are themselves trusted proxies are skipped, and the first one that is not
  is the client. Anything to its left was written by the client and is ignored.
- the scheme: X-Forwarded-Proto (`https`) is believed only when the connection comes from a
  trusted proxy (TrustedProxyMiddleware); from anyone else the header is removed.

The older setting DESK_PROXY_COUNT (N proxies: the Nth address from the right) is used only when
no trusted proxy is named; it never makes the scheme believed.
"""

import functools
import ipaddress

from django.conf import settings

UNKNOWN = "0.0.0.0"  # a placeholder when the connection gives no address


def _valid(address):
    try:
        return str(ipaddress.ip_address(address.strip()))
    except ValueError:
        return None


@functools.lru_cache(maxsize=8)
def _networks(proxies):
    return tuple(ipaddress.ip_network(proxy, strict=False) for proxy in proxies)


def _trusted(address):
    """Whether `address` (valid text) is one of settings.DESK_TRUSTED_PROXIES."""
    networks = _networks(tuple(getattr(settings, "DESK_TRUSTED_PROXIES", ())))
    ip = ipaddress.ip_address(address)
    return any(ip.version == network.version and ip in network for network in networks)


def _forwarded(request):
    parts = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    return [part for part in parts if part]


def from_trusted_proxy(request):
    """Whether the connection itself comes from a proxy named in DESK_TRUSTED_PROXIES."""
    remote = _valid(request.META.get("REMOTE_ADDR", ""))
    return remote is not None and _trusted(remote)


def client_address(request):
    """The client's IP address as text; never raises, never trusts a header unless configured."""
    remote = _valid(request.META.get("REMOTE_ADDR", "")) or UNKNOWN
    if getattr(settings, "DESK_TRUSTED_PROXIES", ()):
        if remote == UNKNOWN or not _trusted(remote):
            return remote
        # Walk back from the proxy that connected: each entry was written by the hop to its
        # right, so it is believed while that hop is trusted.
        for entry in reversed(_forwarded(request)):
            address = _valid(entry)
            if address is None:
                return remote  # a malformed entry: the last trusted hop is all we know
            if not _trusted(address):
                return address
            remote = address
        return remote
    proxies = getattr(settings, "DESK_PROXY_COUNT", 0)
    if proxies <= 0:
        return remote
    forwarded = _forwarded(request)
    if len(forwarded) < proxies:
        return remote
    return _valid(forwarded[-proxies]) or remote


class TrustedProxyMiddleware:
    """Sets the request's scheme to https when a trusted proxy says the client used https.

    From a trusted proxy, `X-Forwarded-Proto: https` makes `request.is_secure()` true (secure
    cookies, no redirect to https, CSRF's https checks); from anyone else the header is dropped,
    so no later code can believe it by mistake. Placed first in MIDDLEWARE.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        proto = request.META.pop("HTTP_X_FORWARDED_PROTO", None)
        if proto is not None and from_trusted_proxy(request):
            # The last value is the one the nearest proxy wrote.
            scheme = proto.split(",")[-1].strip().lower()
            if scheme in ("http", "https"):
                request.META["HTTP_X_FORWARDED_PROTO"] = scheme
                request.META["wsgi.url_scheme"] = scheme
        return self.get_response(request)


def link_base(request):
    """Where phones reach the desk, for the links and QR codes it gives out: DESK_PUBLIC_URL,
    else the address the director used (`http://192.168.1.20:8000`, no final slash)."""
    configured = getattr(settings, "DESK_PUBLIC_URL", "")
    return configured.rstrip("/") if configured else request.build_absolute_uri("/").rstrip("/")
