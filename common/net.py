"""The address a request comes from, for the login throttle and the bad-link counter.

By default it is the connection's own address (REMOTE_ADDR): a client can write any
X-Forwarded-For header it likes, so the desk believes that header only when the director says
how many proxies stand in front of it (DESK_PROXY_COUNT, setting `DESK_PROXY_COUNT`). Each proxy
appends the address it saw, so with N proxies the Nth entry from the right is the client as
seen by the outermost proxy; anything to its left was written by the client and is ignored.
"""

import ipaddress

from django.conf import settings

UNKNOWN = "0.0.0.0"  # a placeholder when the connection gives no address


def _valid(address):
    try:
        return str(ipaddress.ip_address(address.strip()))
    except ValueError:
        return None


def client_address(request):
    """The client's IP address as text; never raises, never trusts a header unless configured."""
    remote = _valid(request.META.get("REMOTE_ADDR", "")) or UNKNOWN
    proxies = getattr(settings, "DESK_PROXY_COUNT", 0)
    if proxies <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    if len(forwarded) < proxies:
        return remote
    return _valid(forwarded[-proxies]) or remote
