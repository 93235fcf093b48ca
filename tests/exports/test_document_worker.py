"""The documents visitors ask for are made in a worker process of lower priority beside the
server process (issue 30, point 9; `exports.document_worker`): the same bytes as made in the
server process, a worker that dies is replaced and the request still answered, a worker that
cannot be had leaves the document to the server process, one that does not answer in time is
ended and the visitor told the desk is busy.

The worker opens the database itself: these tests commit their data (`transactional_db`), on
the test database's file or PostgreSQL, and turn the worker on (the suite runs with it off).
"""

import multiprocessing.connection
import os
import signal
import time
import types

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from exports import document_worker, document_worker_process, views
from exports.build import ExportRequest, build_export
from scoring.access import Actor
from tests import servers
from tests.factories import build_played, make_director


def die(*_args):
    """A worker's job that kills its worker (as running out of memory would)."""
    os._exit(3)


def hang(*_args):
    """A worker's job that never ends."""
    time.sleep(3600)


@pytest.fixture
def worker(transactional_db, settings):
    """The worker on, and this test's worker ended afterwards."""
    settings.DESK_DOCUMENT_WORKER = True
    settings.DESK_DOCUMENT_RATE = "1000/min"
    document_worker._State.in_process_until = 0.0
    yield
    pool = document_worker._State.pool
    if pool is not None:
        document_worker._forget(pool, end=True)
    document_worker._State.in_process_until = 0.0


@pytest.fixture
def cup(worker):
    return build_played("worked", Actor(user=make_director()), players=8, confirmed=1)


@pytest.fixture
def made_here(monkeypatch):
    """The report cards made in this (the server's) process, by player."""
    calls = []

    def counted(tournament, export):
        calls.append(export.player)
        return build_export(tournament, export)

    monkeypatch.setattr(views, "build_export", counted)
    return calls


def ended(process):
    """Whether `process` has ended (waiting at most a minute). Its end is read from its
    sentinel, which closes when it exits: the pool's own thread may already have collected its
    exit status, and then `process.exitcode` stays None in this thread."""
    return multiprocessing.connection.wait([process.sentinel], 60) == [process.sentinel]


def card(tournament, number):
    return reverse("player-reportcard", args=[tournament.slug, number])


def in_process(tournament, number, language="en"):
    player = tournament.registrations.get(number=number).player_id
    export = ExportRequest(what="reportcards", fmt="pdf", through=1, player=player)
    with translation.override(language):
        return build_export(tournament, export)[2]


def test_a_visitors_card_is_made_by_the_worker_with_the_same_bytes(cup, made_here):
    english = Client(REMOTE_ADDR="10.40.0.1").get(card(cup, 1))
    italian = Client(REMOTE_ADDR="10.40.0.2", HTTP_ACCEPT_LANGUAGE="it").get(card(cup, 2))
    assert english.status_code == 200 and english.content == in_process(cup, 1)
    assert italian.status_code == 200 and italian.content == in_process(cup, 2, "it")
    assert in_process(cup, 2, "it") != in_process(cup, 2, "en")
    assert made_here == []  # neither was made in this process
    worker_pid = document_worker.worker_pid()
    assert worker_pid is not None and worker_pid != os.getpid()
    if os.path.exists(f"/proc/{worker_pid}/stat"):  # Linux: a lower priority
        expected = min(19, servers.niceness(os.getpid()) + document_worker_process.NICENESS)
        assert servers.niceness(worker_pid) == expected


def test_a_worker_that_died_is_replaced_and_the_card_still_made(cup, made_here):
    assert Client().get(card(cup, 1)).status_code == 200
    first = document_worker.worker_pid()
    os.kill(first, signal.SIGKILL)  # out of memory, or ended by hand
    answer = Client().get(card(cup, 2))
    assert answer.status_code == 200 and answer.content == in_process(cup, 2)
    assert made_here == []  # made by a new worker
    assert document_worker.worker_pid() not in (None, first)


def test_a_worker_that_keeps_dying_leaves_the_cards_to_the_server_process(
    cup, made_here, monkeypatch
):
    dying = types.SimpleNamespace(
        build=die, set_up=document_worker_process.set_up, pid=document_worker_process.pid
    )
    monkeypatch.setattr(document_worker, "document_worker_process", dying)
    answer = Client().get(card(cup, 3))
    assert answer.status_code == 200 and answer.content == in_process(cup, 3)
    assert made_here == [cup.registrations.get(number=3).player_id]
    # ... and for a while after, without trying a worker again
    assert not document_worker.uses_worker()
    assert Client().get(card(cup, 4)).status_code == 200 and len(made_here) == 2


def test_a_worker_that_cannot_start_leaves_the_cards_to_the_server_process(
    cup, made_here, monkeypatch
):
    def refused(*_args, **_kwargs):
        raise OSError("no more processes")

    monkeypatch.setattr(document_worker, "ProcessPoolExecutor", refused)
    answer = Client().get(card(cup, 1))
    assert answer.status_code == 200 and answer.content == in_process(cup, 1)
    assert len(made_here) == 1


def test_a_database_in_the_servers_memory_leaves_the_cards_to_the_server_process():
    sqlite = "django.db.backends.sqlite3"
    for name in (":memory:", "file:desk?mode=memory&cache=shared", ""):
        assert not document_worker.reachable_elsewhere({"ENGINE": sqlite, "NAME": name})
    assert document_worker.reachable_elsewhere({"ENGINE": sqlite, "NAME": "/data/desk.sqlite3"})
    postgres = {"ENGINE": "django.db.backends.postgresql", "NAME": "desk"}
    assert document_worker.reachable_elsewhere(postgres)


def test_the_setting_off_makes_the_cards_in_the_server_process(cup, made_here, settings):
    settings.DESK_DOCUMENT_WORKER = False
    assert Client().get(card(cup, 1)).status_code == 200
    assert len(made_here) == 1 and document_worker.worker_pid() is None


def test_a_worker_that_does_not_answer_in_time_is_ended_and_the_visitor_told_to_wait(
    cup, made_here, monkeypatch
):
    document_worker.worker_pid()
    first = list(document_worker._State.pool._processes.values())
    stuck = types.SimpleNamespace(
        build=hang, set_up=document_worker_process.set_up, pid=document_worker_process.pid
    )
    monkeypatch.setattr(document_worker, "document_worker_process", stuck)
    monkeypatch.setattr(document_worker, "WAIT_SECONDS", 1)
    busy = Client(HTTP_ACCEPT_LANGUAGE="it").get(card(cup, 1))
    assert busy.status_code == 429 and int(busy["Retry-After"]) > 0
    assert "occupato" in busy.content.decode()
    assert made_here == []
    for process in first:  # the stuck worker was ended
        assert ended(process)
    monkeypatch.undo()
    answer = Client().get(card(cup, 2))
    assert answer.status_code == 200 and answer.content == in_process(cup, 2)
    assert document_worker.worker_pid() not in [process.pid for process in first]
