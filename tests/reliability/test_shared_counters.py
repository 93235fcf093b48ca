"""The throttles' counters in the database cache (common.cache): requests counting at the same
instant in several processes (here threads, each with its own database connection) all count,
and counting does not move the entry's expiry (a throttle's window starts at the first
attempt, as with Redis)."""

import threading

import pytest
from django.core.cache import cache, caches
from django.db import connection

from common.cache import DatabaseCache

COUNTERS, EACH = 6, 15


def test_the_desks_cache_is_the_counting_database_cache():
    assert isinstance(caches["default"], DatabaseCache)


def test_counting_at_once_loses_no_count(transactional_db):
    assert cache.add("desk:test-counter", 0, 600)
    start, failures = threading.Barrier(COUNTERS), []

    def count():
        try:
            start.wait(timeout=60)
            for _ in range(EACH):
                cache.incr("desk:test-counter")
        except Exception as error:  # reported below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=count) for _ in range(COUNTERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert failures == []
    assert cache.get("desk:test-counter") == COUNTERS * EACH


def expiry(key):
    with connection.cursor() as cursor:
        cursor.execute("SELECT expires FROM desk_cache WHERE cache_key = %s", [key])
        return cursor.fetchone()[0]


def test_counting_keeps_the_window_and_a_missing_key_is_refused(db):
    assert cache.add("desk:window", 1, 600)
    key = cache.make_and_validate_key("desk:window")
    first = expiry(key)
    assert cache.incr("desk:window") == 2
    assert cache.incr("desk:window", 3) == 5
    assert cache.decr("desk:window") == 4
    assert expiry(key) == first
    with pytest.raises(ValueError):
        cache.incr("desk:no-such-counter")


def test_an_open_window_is_counted_in_one_write_and_an_ended_one_starts_again(db, monkeypatch):
    """count_event told the count it just read: one increment, no add that fails first; told a
    count of a window that has ended meanwhile, it starts a new window."""
    from common.counters import count_event, events_counted

    assert count_event("desk:counted", 600) == 1
    added = []
    real_add = cache.add
    monkeypatch.setattr(cache, "add", lambda *a, **kw: added.append(a[0]) or real_add(*a, **kw))
    assert count_event("desk:counted", 600, counted=events_counted("desk:counted")) == 2
    assert added == []
    cache.delete("desk:counted")  # the window ended between the read and the count
    assert count_event("desk:counted", 600, counted=2) == 1
    assert added == ["desk:counted"] and events_counted("desk:counted") == 1
