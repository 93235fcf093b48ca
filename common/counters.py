"""Fixed-window counters in the shared cache (the database cache table, or Redis), so that every
server process counts together: wrong table links and PINs from an address, an API token's
requests. A window starts with its first event and keeps its expiry while it counts.

`cache.add` then `cache.incr` is atomic: Redis's INCR, or `common.cache.DatabaseCache.incr`,
which locks the entry while it reads and writes it.
"""

from django.core.cache import cache


def count_event(key: str, window: int) -> int:
    """Count one more event under `key` in its window of `window` seconds; the count so far,
    this one included."""
    if cache.add(key, 1, window):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # the window ended between add() and incr(): a new one starts
        cache.add(key, 1, window)
        return 1


def events_counted(key: str) -> int:
    """How many events the window of `key` has counted (0 once it has ended)."""
    return cache.get(key, 0)
