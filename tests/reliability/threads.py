"""Work started in several threads at once, each on its own database connection (the concurrency
tests of the desk and of the sign-up), and another transaction holding row locks (PostgreSQL's
lock-order tests)."""

import threading

from django.db import DatabaseError, connection, connections, transaction

from draw.writing import write_draw
from tournament.models import Tournament
from tournament.services.registrations import lock_tournament


def in_threads(count, work):
    results, barrier = [], threading.Barrier(count)

    def run(index):
        try:
            barrier.wait()
            results.append(("ok", work(index)))
        except Exception as exc:
            results.append(("error", exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def in_a_thread(work):
    """`work()` started in a thread of its own; (the thread, the list its result or its
    exception is appended to)."""
    results = []

    def run():
        try:
            results.append(work())
        except Exception as error:
            results.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, results


def waiting_for_a_lock():
    """How many of this database's connections wait for a row lock (PostgreSQL)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND datname = current_database()"
        )
        return cursor.fetchone()[0]


class Holder:
    """Another request's transaction holding what `hold()` locks until `release()`: started
    with `start()`, which returns once the locks are held. With `then`, the same transaction
    goes on with `then()` once released (a write that first locked the tournament and then
    does the rest of its work); `results` holds what `then()` returned or raised."""

    def __init__(self, hold, then=None):
        self.hold, self.held, self.released = hold, threading.Event(), threading.Event()
        self.then, self.results = then, []
        self.thread = threading.Thread(target=self._run)

    def _run(self):
        try:
            with transaction.atomic():
                self.hold()
                self.held.set()
                self.released.wait(60)
                if self.then is not None:
                    self.results.append(self.then())
        except Exception as error:
            if self.then is None or not self.held.is_set():
                raise
            self.results.append(error)
        finally:
            connections.close_all()

    def start(self):
        self.thread.start()
        assert self.held.wait(60)
        return self

    def release(self):
        self.released.set()
        self.thread.join(60)


def until_it_waits(thread, count=1):
    """Poll (never a fixed pause) until `thread` waits for a lock (with `count`, until that
    many connections wait, the others started before it) or has finished; True when it waits."""
    for _attempt in range(6000):
        if waiting_for_a_lock() >= count:
            return True
        thread.join(0.01)
        if not thread.is_alive():
            return False
    return waiting_for_a_lock() >= count


def free(table_name, pk):
    """True when no other transaction holds row `pk` of `table_name` (FOR UPDATE NOWAIT)."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            name = connection.ops.quote_name(table_name)
            cursor.execute("SELECT id FROM " + name + " WHERE id = %s FOR UPDATE NOWAIT", [pk])
    except DatabaseError as error:
        cause = error.__cause__
        code = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
        if code != "55P03":  # lock_not_available; anything else is the test's own error
            raise
        return False
    return True


def at_once(holder, work):
    """`work()` started in a thread while `holder` (started) holds its locks; `holder` released
    once `work` waits for a lock or has finished. Returns (whether `work` waited, its results:
    what it returned or raised)."""
    thread, results = in_a_thread(work)
    try:
        waited = until_it_waits(thread)
    finally:
        holder.release()
        thread.join(60)
    assert not thread.is_alive()
    return waited, results


def re_drawing(tournament, number=1):
    """A re-draw of session `number` that has locked the tournament (its first step), started
    and holding; once released it goes on with the draw in the same transaction."""
    return Holder(
        lambda: lock_tournament(tournament),
        then=lambda: write_draw(
            Tournament.objects.get(pk=tournament.pk), session_number=number, seed=9
        ),
    ).start()
