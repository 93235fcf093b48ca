"""How long restoring a big tournament archive holds the database's write lock.

    .venv/bin/python bench/archive.py [--players 400] [--sessions 10]

Builds a tournament (400 players x 10 sessions, every hand entered and in the audit trail, by
default) in a throwaway database, writes its archive, deletes the tournament and restores the archive, timing the whole
restore and the outermost write transaction inside it (SQLite takes its write lock when that
transaction begins, so every referee's save waits for it). Target: the write transaction is
short next to the whole restore (decompressing, parsing and checking run before it).
"""

import time
from unittest import mock

from _setup import Timer, sized_tournament


class TransactionClock:
    """Times the outermost `transaction.atomic()` blocks (nested savepoints are ignored)."""

    def __init__(self):
        self.spans: list[float] = []
        self._depth = 0
        self._start = 0.0  # when the outermost block began

    def install(self):
        from django.db import transaction

        clock, enter, exit_ = self, transaction.Atomic.__enter__, transaction.Atomic.__exit__

        def timed_enter(atomic):
            if clock._depth == 0:
                clock._start = time.perf_counter()
            clock._depth += 1
            return enter(atomic)

        def timed_exit(atomic, *exc):
            try:
                return exit_(atomic, *exc)
            finally:
                clock._depth -= 1
                if clock._depth == 0:
                    clock.spans.append(time.perf_counter() - clock._start)

        # For the rest of the run (the bench's own process).
        mock.patch.object(transaction.Atomic, "__enter__", timed_enter).start()
        mock.patch.object(transaction.Atomic, "__exit__", timed_exit).start()


def audit_every_hand(tournament):
    """One "hand saved" audit entry per hand, as entering them through the desk writes."""
    from scoring.models import AuditAction, AuditEntry, Hand

    AuditEntry.objects.bulk_create(
        (
            AuditEntry(
                tournament=tournament,
                session_id=hand.table.session_id,
                table_id=hand.table_id,
                action=AuditAction.HAND_SAVED,
                hand_number=hand.number,
                via="bench",
                changes={"entry": hand.entry, "changes": list(hand.changes)},
            )
            for hand in Hand.objects.filter(table__session__tournament=tournament).select_related(
                "table"
            )
        ),
        batch_size=2000,
    )


def main():
    tournament, _director = sized_tournament(__doc__.splitlines()[0])
    from desk.archive import export_archive, restore_archive
    from desk.services import delete_tournament

    audit_every_hand(tournament)
    with Timer("export") as exported:
        archive = export_archive(tournament)
    delete_tournament(tournament, keep=False)
    clock = TransactionClock()
    clock.install()
    with Timer("restore") as restored:
        restore_archive(archive)
    print(f"\narchive: {len(archive) / 1024:.0f} KB gzipped, written in {exported.seconds:.2f} s")
    print(f"restore, whole:              {restored.seconds:8.2f} s")
    print(f"restore, write transaction:  {max(clock.spans):8.2f} s")


if __name__ == "__main__":
    main()
