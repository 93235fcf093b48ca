"""Several writers at once, a writer holding the database, and a server killed mid-save.

These tests commit for real (transactional_db) and run on the same kind of database as the
desk: a SQLite file in WAL mode, or PostgreSQL when DATABASE_URL says so.
"""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import connection, connections, transaction

from scoring.access import Actor
from scoring.models import Hand
from scoring.services.hands import record_hand
from scoring.services.tables import StaleTable
from tests.factories import build
from tests.reliability.threads import in_threads
from tournament.models import Table

ROOT = Path(__file__).resolve().parents[2]
ENTRY = {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9}


@pytest.fixture
def table(transactional_db):
    return build(slug="busy").sessions.get(number=1).tables.get(number=1)


def test_the_same_hand_saved_by_twenty_threads_is_saved_once(table):
    results = in_threads(
        20,
        lambda n: record_hand(
            Table.objects.get(pk=table.pk), ENTRY, actor=Actor(via=f"device {n}"), revision=0
        ),
    )
    saved = [value for kind, value in results if kind == "ok"]
    stale = [value for kind, value in results if isinstance(value, StaleTable)]
    assert len(saved) == 1 and len(stale) == 19, results
    assert Hand.objects.filter(table=table).count() == 1
    table.refresh_from_db()
    assert table.revision == 1
    assert "Another device saved to this table" in str(stale[0])


def test_different_tables_save_at_the_same_time(table):
    tables = list(table.session.tables.order_by("number"))
    results = in_threads(
        len(tables),
        lambda n: record_hand(
            Table.objects.get(pk=tables[n].pk), ENTRY, actor=Actor(via="device"), revision=0
        ),
    )
    assert [kind for kind, _value in results] == ["ok"] * len(tables)
    assert Hand.objects.count() == len(tables)


def test_a_database_held_by_another_writer_is_waited_for(table):
    held = threading.Event()

    def hold():
        with transaction.atomic():
            # Holds the write lock (SQLite: BEGIN IMMEDIATE; PostgreSQL: the row lock).
            Table.objects.select_for_update().get(pk=table.pk)
            Table.objects.filter(pk=table.pk).update(extra_minutes=0)
            held.set()
            time.sleep(1.5)
        connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(10)
    started = time.monotonic()
    hand, _settlement = record_hand(table, ENTRY, actor=Actor(via="device"), revision=0)
    waited = time.monotonic() - started
    holder.join()
    assert hand.pk is not None and waited >= 0.5  # it waited, then saved: no error shown


CHILD = r"""
import os, sys, time
sys.path.insert(0, {root!r})
os.environ["DJANGO_SETTINGS_MODULE"] = "desk.settings"
import django
from django.conf import settings
django.setup()
from django.db import connection
connection.settings_dict["NAME"] = {name!r}
from scoring.services import audit, hands
from scoring.access import Actor
from tournament.models import Table

def stop_here(*args, **kwargs):
    open({marker!r}, "w").write("inside")   # the hand is written, not committed
    time.sleep(60)

{hook} = stop_here
table = Table.objects.get(pk={table})
hands.record_hand(table, {entry!r}, actor=Actor(via="doomed"), revision=0)
open({marker!r}, "w").write("committed")
time.sleep(60)
"""


def run_and_kill(table, tmp_path, hook):
    marker = tmp_path / "marker"
    script = CHILD.format(
        root=str(ROOT),
        name=connection.settings_dict["NAME"],
        marker=str(marker),
        hook=hook,
        table=table.pk,
        entry=ENTRY,
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        env={**os.environ},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(300):
            if marker.exists() and marker.read_text():
                break
            if child.poll() is not None:
                pytest.fail(child.stderr.read().decode())
            time.sleep(0.05)
        state = marker.read_text()
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
    return state


def test_a_server_killed_mid_save_leaves_nothing(table, tmp_path):
    # log_action runs inside the transaction, after the hand row and the revision are written.
    assert run_and_kill(table, tmp_path, "hands.log_action") == "inside"
    connections.close_all()
    assert Hand.objects.filter(table=table).count() == 0
    table.refresh_from_db()
    assert table.revision == 0
    record_hand(table, ENTRY, actor=Actor(via="survivor"), revision=0)  # and the table works
    assert Hand.objects.filter(table=table).count() == 1


def test_a_server_killed_after_the_save_keeps_the_whole_hand(table, tmp_path):
    assert run_and_kill(table, tmp_path, "audit.maybe_backup") == "inside"  # after commit
    connections.close_all()
    hand = Hand.objects.get(table=table)
    assert hand.changes == (-8, 33, -17, -8)
    table.refresh_from_db()
    assert table.revision == 1
