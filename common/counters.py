"""Fixed-window counters in the shared cache (the database cache table, or Redis), so that every
server process counts together: wrong table links and PINs from an address, an API token's
requests. A window starts with its first event and keeps its expiry while it counts.

`cache.add` then `cache.incr` is atomic: Redis's INCR, or `common.cache.DatabaseCache.incr`,
which locks the entry while it reads and writes it.
"""

from django.core.cache import cache


def count_event(key: str, window: int, *, counted: int = 0) -> int:
    """Count one more event under `key` in its window of `window` seconds; the count so far,
    this one included. `counted`: what `events_counted(key)` read just before, if the caller
    read it: a window already open is then counted in one write (the increment), not two (on
    SQLite each write to the cache table takes the database's write lock)."""
    if not counted and cache.add(key, 1, window):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # the window ended between add() and incr(): a new one starts
        cache.add(key, 1, window)
        return 1


def events_counted(key: str) -> int:
    """How many events the window of `key` has counted (0 once it has ended)."""
    return cache.get(key, 0)


#: The periods of a rate, by their first letter ("30/min", "5000/hour", "20/s", "1/day").
_PERIOD_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rate(text: str) -> tuple[int, int]:
    """(events, seconds) of a rate such as "30/min", as `desk.config.env_rate` reads it."""
    events, _slash, period = text.partition("/")
    return int(events), _PERIOD_SECONDS[period[0]]
