"""The desk's WSGI application with every request timed from inside the server process, for
`bench/load.py --trace`: what a request cost there, apart from what the bench's client saw.

Each request appends one JSON line to `$DESK_BENCH_TRACE-<pid>.jsonl`:

- `t`: when a waitress thread took it up (time.time()), `kind` (save, page, document, live,
  public) and `status`;
- `wall`: the seconds from then until its answer was built; `cpu`: the CPU seconds of that
  thread meanwhile (what is neither CPU nor the database is time waiting for the interpreter's
  lock, held by the process's other threads);
- `db`: the seconds in the database's calls, `queries`; `lock`: the seconds spent starting
  write transactions (`BEGIN IMMEDIATE` on SQLite waits there for the database's one write
  lock, held by other requests or processes), `writes` how many write statements it ran and in
  which table (`cache`: the shared cache's table, `other`); `statements`: the seconds by the
  shape of a statement (its first words and the tables it reads).

What the client saw minus `wall` is the time before a thread took the request up (waitress's
queue) and the bench's own event loop.
"""

import json
import os
import re
import threading
import time

from django.db.backends.signals import connection_created

from desk.wsgi import application as desk_application

_TRACE = os.environ.get("DESK_BENCH_TRACE", "")
_local = threading.local()
_out = open(f"{_TRACE}-{os.getpid()}.jsonl", "a", buffering=1) if _TRACE else None  # noqa: SIM115
_write_lock = threading.Lock()
_WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


def _timed(execute, sql, params, many, context):
    started = time.perf_counter()
    try:
        return execute(sql, params, many, context)
    finally:
        took = time.perf_counter() - started
        record = getattr(_local, "record", None)
        if record is not None:
            record["db"] += took
            record["queries"] += 1
            text = sql if isinstance(sql, str) else str(sql)
            shape = _shape(text)
            record["statements"][shape] = record["statements"].get(shape, 0.0) + took
            if text.startswith("BEGIN"):
                record["lock"] += took
                record["begins"] += 1
            elif _WRITE.match(text):
                table = "cache" if "desk_cache" in text else "other"
                record["writes"][table] = record["writes"].get(table, 0) + 1


def _shape(sql):
    """A statement's first words and the tables it names: the same shape for every value."""
    tables = sorted(set(re.findall(r'FROM "?(\w+)"?', sql)))
    return f"{' '.join(sql.split()[:2])[:30]} {','.join(tables)}"


def _install(sender, connection, **kwargs):
    if _timed not in connection.execute_wrappers:
        connection.execute_wrappers.append(_timed)


connection_created.connect(_install)


def _kind(environ):
    path, method = environ.get("PATH_INFO", ""), environ.get("REQUEST_METHOD", "")
    if path.endswith(".pdf"):
        return "document"
    if path.startswith("/r/"):
        return "save" if method == "POST" else "page"
    if path.endswith("/live/"):
        return "live"
    return "public"


def application(environ, start_response):
    record = {
        "t": time.time(),
        "kind": _kind(environ),
        "db": 0.0,
        "lock": 0.0,
        "queries": 0,
        "begins": 0,
        "writes": {},
        "statements": {},
    }
    _local.record = record
    status = []

    def started(line, headers, exc_info=None):
        status.append(int(line.split(" ", 1)[0]))
        return start_response(line, headers, exc_info)

    wall, cpu = time.perf_counter(), time.thread_time()
    try:
        return desk_application(environ, started)
    finally:
        record["wall"] = time.perf_counter() - wall
        record["cpu"] = time.thread_time() - cpu
        record["status"] = status[0] if status else 0
        _local.record = None
        if _out is not None:
            with _write_lock:
                _out.write(json.dumps(record) + "\n")
