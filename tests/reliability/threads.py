"""Work started in several threads at once, each on its own database connection (the concurrency
tests of the desk and of the sign-up)."""

import threading

from django.db import connections


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
