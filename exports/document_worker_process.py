"""What runs inside the worker process that makes the documents visitors ask for
(`exports.document_worker` starts it and hands it the work).

The worker is a fresh interpreter ("spawn") that imports this module before Django is set up
(the pool names the functions it runs by their module), so this module imports nothing of the
desk's at its top: `set_up()` sets Django up first.
"""

import multiprocessing
import multiprocessing.connection
import os
import threading

#: How much lower the worker's priority is than its server process's (Linux and macOS: 0 is
#: the normal priority, 19 the lowest). On Windows, where `os.nice` does not exist, the worker
#: runs at the server's priority: it still has an interpreter lock of its own.
NICENESS = 19


def set_up(databases, caches):
    """The worker's start: a lower priority, Django set up with the server process's settings
    and its database and cache (`databases`, `caches`: the server's `settings.DATABASES` and
    `settings.CACHES`, so that a server on a test database hands the worker that database),
    the modules a document needs imported, and an exit when the server process ends, however
    it ends."""
    if hasattr(os, "nice"):
        os.nice(NICENESS)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "desk.settings")
    from django.conf import settings

    settings.DATABASES = databases
    settings.CACHES = caches
    import django

    django.setup()
    import exports.build  # noqa: F401 (imported now rather than on the first document)

    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()


def _exit_with(sentinel):
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def build(tournament_id, fields, language):
    """(file name, content type, content) of the export `fields` (an `ExportRequest`'s fields)
    of tournament `tournament_id` in `language`, read afresh from the database."""
    from django.db import close_old_connections
    from django.utils import translation

    from exports.build import ExportRequest, build_export
    from tournament.models import Tournament

    close_old_connections()
    try:
        tournament = Tournament.objects.get(pk=tournament_id)
        with translation.override(language):
            return build_export(tournament, ExportRequest(**fields))
    finally:
        close_old_connections()


def pid():
    """The worker's process id (the tests and the load bench find the worker by it)."""
    return os.getpid()
