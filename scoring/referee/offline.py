"""The referee pages' service worker and the words of their offline queue.

The service worker (templates/scoring/service_worker.js) keeps a copy of the referee pages and
their scripts and styles on the phone, so that a reload without connection still shows the
table as last seen. It is served by the desk at `/r/sw.js` (for the table links) and at
`/referee/sw.js` (for referee accounts), so its scope covers the referee pages only.
"""

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.http import require_GET

#: The caches of the referee pages are named CACHE_PREFIX and a number; bump the number to make
#: every phone drop its cached copies. After a logout, static/desk/forget_offline.js empties
#: every cache of this prefix.
CACHE_PREFIX = "desk-referee-"
CACHE_NAME = CACHE_PREFIX + "2"


@require_GET
def service_worker(request):
    scope = request.path.rsplit("/", 1)[0] + "/"
    response = render(
        request,
        "scoring/service_worker.js",
        {"cache_name": CACHE_NAME, "page_wait_ms": settings.DESK_OFFLINE_PAGE_WAIT_MS},
        content_type="application/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = scope
    response["Cache-Control"] = "no-cache"
    return response
