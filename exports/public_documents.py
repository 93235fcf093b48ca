"""Documents anyone may fetch (a player's report card): made once per standings version and
kept in the shared cache, and anonymous requests for them throttled per address and, for the
documents still to make, desk-wide.

A report card is some 45 ms of CPU to render, in the process (and under the interpreter's lock)
that also saves the referees' hands; visitors who could make the desk render at will slowed the
referees' saves fivefold. So:

- `document()` keeps what was made in the shared cache (the `desk_cache` table, or Redis),
  under the tournament, `scoring.live.versions.standings_page_version` (everything the public
  standings and the tournament's own columns depend on, read afresh on every request: a
  confirmation, a correction, a penalty or a rename gives new keys, so nothing stale is ever
  served), what the document is and the language. Every server process shares it: a card is
  made once per version, whoever asks. Two first requests at the same instant may both make it.
- `wait_seconds()` counts the documents an address asked for without being logged in, in the
  shared cache, `settings.DESK_DOCUMENT_RATE` per window (environment `DESK_DOCUMENT_RATE`,
  "30/min" by default); past it, the view answers 429 with Retry-After. A refused request costs
  one cache read: it writes nothing. Logged-in directors and referees are not counted.
- Documents not made yet are made for visitors one at a time, desk-wide (a lock in the shared
  cache), and at most `settings.DESK_DOCUMENT_MAKES` times per window whatever their addresses
  (environment `DESK_DOCUMENT_MAKES`, "20/min" by default: under a second of CPU a minute);
  past either, `document()` raises `Busy` and the view answers 429 ("the desk is busy", try
  again in a few seconds or a minute) while the documents already made are still served.
"""

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import get_language

from common.counters import count_event, events_counted, rate
from common.net import client_address
from scoring.live.versions import standings_page_version

#: How long a made document stays in the cache; a new standings version gets new ones anyway.
KEEP_SECONDS = 6 * 3600
#: The lock of the document being made for a visitor, and how long it holds at most (a process
#: that died while making one).
MAKING = "desk:document-being-made"
MAKING_SECONDS = 60
#: Seconds a visitor waits while another visitor's document is being made.
MAKING_WAIT = 5


class Busy(Exception):
    """Visitors made as many documents as the desk makes for them in this window."""

    def __init__(self, wait):
        super().__init__(wait)
        self.wait = wait


def document(tournament, parts, make, *, visitor=False):
    """`make()` -> (file name, content type, content), made at most once per standings
    version, what it is (`parts`) and language, and kept in the shared cache. For a `visitor`
    (not logged in) a document still to make counts in the desk-wide budget: `Busy` past it."""
    key = ":".join(
        [
            "desk:document",
            str(tournament.pk),
            standings_page_version(tournament),
            *(str(part) for part in parts),
            get_language() or "",
        ]
    )
    kept = cache.get(key)
    if kept is None:
        kept = _made_for_a_visitor(make) if visitor else make()
        cache.set(key, kept, KEEP_SECONDS)
    return kept


def _made_for_a_visitor(make):
    """`make()` within the visitors' desk-wide budget, one at a time; else `Busy`."""
    limit, window = rate(settings.DESK_DOCUMENT_MAKES)
    if events_counted(VISITORS_MADE) >= limit:
        raise Busy(window)
    if not cache.add(MAKING, 1, MAKING_SECONDS):
        raise Busy(MAKING_WAIT)
    try:
        count_event(VISITORS_MADE, window)
        return make()
    finally:
        cache.delete(MAKING)


#: The documents made for visitors in the window of DESK_DOCUMENT_MAKES.
VISITORS_MADE = "desk:documents-made-for-visitors"


def wait_seconds(request):
    """Seconds this anonymous request must wait before asking again for a document (0: it may
    have it now, and it was counted)."""
    if request.user.is_authenticated:
        return 0
    limit, window = rate(settings.DESK_DOCUMENT_RATE)
    key = f"desk:document-requests:{client_address(request)}"
    if events_counted(key) >= limit:
        return window
    count_event(key, window)
    return 0
