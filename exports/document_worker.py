"""Documents visitors ask for, made in a worker process of lower priority beside each server
process.

A report card is some 50 ms of CPU in Python (the standings, then reportlab). Made in the
server process, it holds that process's interpreter lock against the threads saving the
referees' hands, and the operating system cannot tell the two apart. So each server process
has one worker process (`concurrent.futures.ProcessPoolExecutor` with one worker, started with
"spawn" on the first document it is asked for: a threaded server is never forked, and Windows
has nothing else) whose priority is lowered (`document_worker_process.NICENESS`): it has its
own interpreter lock, and while the saves want the processor the scheduler gives it to them.

The worker is handed plain data (the tournament's id, the export asked for, the language),
opens its own database connection (the server's database settings, handed over when it
starts) and returns the file: the same bytes as `exports.build.build_export` makes in the
server process. It keeps nothing between requests that an answer depends on; the caller
(`exports.public_documents`) keeps the file in the shared cache as before. The server's
thread waits for it without holding the interpreter lock, at most `WAIT_SECONDS`:

- a worker that died (killed, out of memory) is replaced and the document asked of the new
  one; if that one dies too, the document is made in the server process, as it is for
  `RETRY_SECONDS` after (a worker that cannot start costs a start at most once a minute);
- a worker that cannot be started at all (no processes allowed, a database in the server's
  memory such as a test's in-memory SQLite) leaves the documents to the server process;
- a worker that has not answered in time is ended, `NotInTime` is raised (the view answers
  429, "the desk is busy") and the next document goes to a new worker.

`settings.DESK_DOCUMENT_WORKER` (environment `DESK_DOCUMENT_WORKER`, on by default) turns the
worker off: documents are then made in the server process. The test suite runs with it off
(a test's data is in a transaction no other process sees); the worker's own tests turn it on.
"""

import dataclasses
import logging
import multiprocessing
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings
from django.utils.translation import get_language

from exports import ExportError, document_worker_process
from exports.build import ExportRequest, build_export

log = logging.getLogger(__name__)

#: Seconds a request waits for its document (a card takes well under one; a worker's start,
#: Django's set-up at the lowest priority, a few on a busy machine).
WAIT_SECONDS = 20
#: After a worker failed to start or died twice in a row, documents are made in the server
#: process for this long before a worker is tried again.
RETRY_SECONDS = 60


class NotInTime(Exception):
    """The worker did not make the document within WAIT_SECONDS."""


class _State:
    lock = threading.Lock()
    pool: ProcessPoolExecutor | None = None
    #: time.monotonic() until which documents are made in the server process.
    in_process_until = 0.0


def build(tournament, export: ExportRequest, *, here=build_export):
    """(file name, content type, content) of `export`: made by this server process's worker,
    or by `here(tournament, export)` in this process when the worker is off or cannot be had.
    `NotInTime` if the worker does not answer in time."""
    if not uses_worker():
        return here(tournament, export)
    job = (tournament.pk, dataclasses.asdict(export), get_language() or settings.LANGUAGE_CODE)
    for attempt in (1, 2):
        pool = _the_pool()
        if pool is None:
            break
        try:
            future = pool.submit(document_worker_process.build, *job)
        except (BrokenProcessPool, RuntimeError, OSError):  # dead, or it could not start
            _forget(pool)
            continue
        try:
            return future.result(timeout=WAIT_SECONDS)
        except BrokenProcessPool:  # the worker died: a new one, and the document asked again
            log.warning("the documents' worker process died (attempt %d)", attempt)
            _forget(pool)
        except FutureTimeout as exc:
            log.warning("the documents' worker process did not answer in %d s", WAIT_SECONDS)
            _forget(pool, end=True)  # the next documents go to a new worker
            raise NotInTime from exc
        except ExportError:  # the document cannot be made as asked: said as in the server
            raise
        except Exception:  # the worker could not make it (its database?): made here instead
            log.exception("the documents' worker process failed to make a document")
            return here(tournament, export)
    _State.in_process_until = time.monotonic() + RETRY_SECONDS
    return here(tournament, export)


def uses_worker():
    """Whether this process makes visitors' documents in its worker: the setting is on, the
    worker has not failed within RETRY_SECONDS, and the database is one another process can
    open (not SQLite in this process's memory)."""
    if not settings.DESK_DOCUMENT_WORKER or time.monotonic() < _State.in_process_until:
        return False
    return reachable_elsewhere(settings.DATABASES["default"])


def reachable_elsewhere(database):
    """Whether another process can open the database of `database` (a DATABASES entry): any
    but SQLite in this process's memory."""
    name = str(database.get("NAME") or "")
    in_memory = name in ("", ":memory:") or "mode=memory" in name
    return not (database["ENGINE"].endswith("sqlite3") and in_memory)


def worker_pid(timeout=WAIT_SECONDS):
    """The process id of this process's worker, started if need be (None without one)."""
    pool = _the_pool() if uses_worker() else None
    if pool is None:
        return None
    future: Future = pool.submit(document_worker_process.pid)
    return future.result(timeout=timeout)


def _the_pool():
    """This process's pool of one worker, created if need be (None if it cannot be)."""
    with _State.lock:
        if _State.pool is None:
            try:
                _State.pool = ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=document_worker_process.set_up,
                    initargs=(settings.DATABASES, settings.CACHES),
                )
            except (OSError, RuntimeError, ValueError, NotImplementedError):
                log.exception("no worker process for documents: made in the server process")
                return None
        return _State.pool


def _forget(pool, *, end=False):
    """Forget `pool` (unless another thread has already): the next document starts a new
    worker. `end`: end its worker too (one that does not answer may be stuck)."""
    with _State.lock:
        if _State.pool is pool:
            _State.pool = None
    if end:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
