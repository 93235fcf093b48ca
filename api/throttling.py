"""Requests are throttled per token: each API token and each table link has its own budget, and
requests without a credential share one per client address (`common.net.client_address`).
The counts live in Django's cache, the shared database cache (or Redis), so every server
process counts together. Rates: `settings.DESK_API_RATES` (environment
`DESK_API_RATE_TOKEN`, `DESK_API_RATE_TABLE`, `DESK_API_RATE_ANONYMOUS`).

The count is one atomic counter per token and window (`common.counters`), as the referee
links' counter:
DRF's own throttle reads a list of times and writes it back, so two processes answering the
same token at once would both read the old list and one request would not count.
"""

from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

from api.principals import principal_of
from common.counters import count_event
from common.net import client_address


class PerTokenThrottle(SimpleRateThrottle):
    def __init__(self):  # the rate is read per request, from the settings of the moment
        self.key = None

    def allow_request(self, request, view):
        principal = principal_of(request)
        if principal is None:
            scope, who = "anonymous", client_address(request)
        elif principal.token is not None:
            scope, who = "token", principal.token.pk
        else:
            scope, who = "table", principal.table.pk
        self.rate = settings.DESK_API_RATES[scope]
        limit, window = self.parse_rate(self.rate)
        self.num_requests, self.duration = limit, window
        if limit is None or window is None:  # no rate for this scope: not throttled (as DRF)
            return True
        self.key = f"desk:api-throttle:{scope}:{who}"
        return count_event(self.key, window) <= limit

    def get_cache_key(self, request, view):
        return self.key

    def wait(self):
        """Seconds before asking again: at most the window (its start is not kept)."""
        return self.duration
