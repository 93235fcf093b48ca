"""Documents anyone may fetch (a player's report card): made once per standings version and
kept in the shared cache, and anonymous requests for them throttled per address and, for the
documents still to make, desk-wide.

A report card is some 45 ms of CPU to render; made in the process (and under the interpreter's
lock) that also saves the referees' hands, visitors who could make the desk render at will
slowed the referees' saves fivefold. So (and the view has the cards made in a worker process of
lower priority, `exports.document_worker`):

- `document()` keeps what was made in the shared cache (the `desk_cache` table, or Redis),
  under the tournament, `scoring.live.versions.standings_page_version` (everything the public
  standings and the tournament's own columns depend on, read afresh on every request: a
  confirmation, a correction, a penalty or a rename gives new keys, so nothing stale is ever
  served), what the document is and the language. Every server process shares it: a card is
  made once per version, whoever asks. Two first requests at the same instant may both make it.
- Anonymous requests are counted per address in the shared cache,
  `settings.DESK_DOCUMENT_RATE` documents per window (environment `DESK_DOCUMENT_RATE`,
  "30/min" by default): `visitors_look()` reads the address's count, and past it the view
  answers 429 with Retry-After. An address is counted for the documents it is given (kept or
  made), when it is given them: the count is compared once more then, so that requests sent
  at the same instant from one address cannot get past it together. Logged-in directors and
  referees are not counted.
- Documents not made yet are made for visitors one at a time, desk-wide, and spaced out: at
  most `settings.DESK_DOCUMENT_MAKES` (environment `DESK_DOCUMENT_MAKES`, "20/min" by default)
  means one, then none for the next 3 seconds after it is made, whatever the visitors'
  addresses (a turn in the shared cache). A budget of 20 a minute spent at the start of its
  window made 20 cards back to back, a second of rendering under the interpreter's lock of the
  process saving the hands, and the saves queued behind it; one every 3 seconds is under 2 %
  of a core. Past it, `document()` raises `Busy` and the view answers 429 ("the desk is busy",
  try again in a few seconds) while the documents already made are still served.
- A visitor's request is first looked at in one read of the shared cache
  (`visitors_look()`: the address's count, the visitors' turn and whether the document was
  ever made, for any standings version), before the player, the sessions or the standings'
  version are read: a refusal costs the tournament's look-up and that read. A document never
  made takes the visitors' turn at that look (or is refused), before the version is read. On
  PostgreSQL the version's queries cost some 60 ms of database time beside the referees'
  saves (docs/measurements.md).
- A refusal only reads (but for a request that lost a race: for its address's last document,
  or for the visitors' turn it found free and tried to take): on SQLite the shared cache is a table of the desk's database, and every write to it takes
  the database's one write lock, which the referees' saves wait for. The view answers a
  refusal with a short text, not a page.
"""

import math
from contextlib import contextmanager

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import get_language

from common.counters import count_event, rate
from common.net import client_address
from scoring.live.versions import standings_page_version

#: How long a made document stays in the cache; a new standings version gets new ones anyway.
KEEP_SECONDS = 6 * 3600
#: The visitors' turn to have a document made: held while one is made (at most
#: MAKING_SECONDS, for a process that died while making one), then for the spacing of
#: DESK_DOCUMENT_MAKES after it.
TURN = "desk:document-turn"
MAKING_SECONDS = 60
#: Seconds a visitor is asked to wait when the worker making documents did not answer in time
#: (`exports.document_worker.NotInTime`).
MAKING_WAIT = 10


class Refused(Exception):
    """A visitor's document refused for now: ask again in `wait` seconds."""

    def __init__(self, wait):
        super().__init__(wait)
        self.wait = wait


class TooMany(Refused):
    """This address has been given its DESK_DOCUMENT_RATE documents in the current window."""


class Busy(Refused):
    """It is not the visitors' turn to have a document made: one is being made, or the last was
    made less than the spacing of DESK_DOCUMENT_MAKES ago."""

    @classmethod
    def for_spacing(cls, spacing):
        return cls(max(1, math.ceil(spacing)))


class Look:
    """What the first look at an anonymous request found (`visitors_look`): its address's
    count so far, whether the document was ever made and, for one never made, the visitors'
    turn the look took for it."""

    def __init__(self, request, made_key, count, turn):
        self.request = request
        self.made_key = made_key
        self.count = count
        self.turn = turn


@contextmanager
def visitors_look(request, tournament, name):
    """The first look at an anonymous request for the document `name` (what its address names,
    e.g. ("reportcard", 3)), before anything else of the tournament is read: one read of the
    shared cache. `TooMany` past the address's DESK_DOCUMENT_RATE. A document never made (for
    any standings version: the shared cache notes which documents were made) takes the
    visitors' turn there and then, or is refused (`Busy`): visitors asking at the same moment
    (the hall opening a link shown on the projector) are refused from the shared cache alone,
    not after the player's, the sessions' and the standings' queries, which share the database
    with the referees' saves. Yields the `Look` that `document()` goes on from (None for a
    logged-in director or referee, who is not counted and never refused); a turn the look took
    is given back when the block ends without a document made (no such player, no results)."""
    visitor = _look(request, tournament, name)
    try:
        yield visitor
    finally:
        if visitor is not None and visitor.turn is not None:
            _end_turn(visitor.turn, spacing_seconds())


def _look(request, tournament, name):
    if request.user.is_authenticated:
        return None
    address, made = _address_key(request), _made_key(tournament, name)
    looked = cache.get_many([address, TURN, made])  # one read; a refusal writes nothing
    limit, window = rate(settings.DESK_DOCUMENT_RATE)
    count = looked.get(address, 0)
    if count >= limit:
        raise TooMany(window)
    turn = None if made in looked else _take_turn(TURN in looked)
    return Look(request, made, count, turn)


def document(tournament, name, parts, make, *, visitor=None):
    """`make()` -> (file name, content type, content), made at most once per standings
    version, what it is (`parts`) and language, and kept in the shared cache; `name`: what the
    document's address names (`visitors_look`). For a `visitor` (the `Look` of an anonymous
    request) a document still to make waits for the visitors' turn (`Busy` otherwise), and the
    document given is counted for the visitor's address (`TooMany` past DESK_DOCUMENT_RATE)."""
    what = ":".join([str(tournament.pk), *(str(part) for part in parts), get_language() or ""])
    key = _key(tournament, what)
    if visitor is not None:
        return _for_a_visitor(key, make, visitor)
    kept = cache.get(key)
    if kept is None:
        kept = make()
        _keep(key, kept, _made_key(tournament, name))
    return kept


def _for_a_visitor(key, make, visitor):
    """`document()` for an anonymous request that passed its `visitors_look`, with the turn it
    took for a document never made; a document made before is given if kept for the current
    version, else made in a turn taken now."""
    if visitor.turn is not None:
        return _give(key, make, visitor, visitor.turn)
    kept = cache.get(key)
    if kept is not None:
        _count(visitor)
        return kept
    turn = _take_turn(cache.get(TURN) is not None)  # read again: time passed since the look
    try:
        return _give(key, make, visitor, turn)
    finally:
        _end_turn(turn, spacing_seconds())


def _give(key, make, visitor, turn):
    """In the visitors' `turn`: the document kept under `key` (made on another process since
    the look) or made now, counted for the visitor."""
    kept = cache.get(key)
    _count(visitor)
    if kept is None:
        turn.made = True
        kept = make()
        _keep(key, kept, visitor.made_key)
    return kept


def _made_key(tournament, name):
    parts = ":".join(str(part) for part in name)
    return f"desk:document-made:{tournament.pk}:{parts}:{get_language() or ''}"


def _key(tournament, what):
    """The cache key of the document under the standings' version, read afresh: a
    confirmation, a correction, a penalty or a rename gives new keys."""
    return f"desk:document:{standings_page_version(tournament)}:{what}"


def _keep(key, kept, made_key):
    """The document kept, and noted as made (whatever the version: `visitors_look`)."""
    cache.set(key, kept, KEEP_SECONDS)
    cache.set(made_key, True, KEEP_SECONDS)


class _Turn:
    """The visitors' turn (`TURN` in the shared cache), taken; `made` once a document is made
    in it."""

    made = False


def _take_turn(seen_taken):
    """The visitors' turn taken, if free on every process (`seen_taken`: a read just found it
    taken, so no write is tried); else `Busy`."""
    if seen_taken or not cache.add(TURN, 1, MAKING_SECONDS):
        raise Busy.for_spacing(spacing_seconds())
    return _Turn()


def _end_turn(turn, spacing):
    """Leave the visitors' turn: kept for the spacing of DESK_DOCUMENT_MAKES when a document
    was made in it (`made` set before making it, whatever came of it), given back at once when
    none was."""
    if turn.made and spacing >= 1:  # the next one no sooner than `spacing` seconds from now
        cache.set(TURN, 1, spacing)
    else:  # (the database cache counts expiry in whole seconds)
        cache.delete(TURN)


def spacing_seconds():
    """Seconds between two documents made for visitors: DESK_DOCUMENT_MAKES spread evenly."""
    limit, window = rate(settings.DESK_DOCUMENT_MAKES)
    return window / max(limit, 1)


def _address_key(request):
    return f"desk:document-requests:{client_address(request)}"


def _count(visitor):
    """One more document given to the address of `visitor` (a `Look`); `TooMany` if that is
    past its DESK_DOCUMENT_RATE (requests from one address at the same instant all passed
    their look)."""
    limit, window = rate(settings.DESK_DOCUMENT_RATE)
    key = _address_key(visitor.request)
    if count_event(key, window, counted=visitor.count) > limit:
        raise TooMany(window)
