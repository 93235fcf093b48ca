"""Live pages under a hall of phones: requests and bytes per second per 100 phones (issue 20,
item 5), each figure printed beside its target.

    .venv/bin/python bench/live.py [--phones 100] [--window 90] [--quick]
    DATABASE_URL=postgres://... .venv/bin/python bench/live.py    # the same on PostgreSQL

Starts the desk under waitress (as `make serve` does) on 127.0.0.1 with a throwaway database
holding a 400-player tournament (session 1 played, confirmed and published; session 2 seated,
its seating public and its clock running). Then --phones phones open the public standings and
as many open the projector, and each polls as the real JavaScript does (static/desk/live.js):
it asks `/t/<slug>/live/` every DESK_LIVE_POLL_SECONDS (the standings) or
DESK_PROJECTOR_POLL_SECONDS (the projector), the seconds the page itself names, sending the
ETag it has; only when its page's version changed does it fetch the page (the standings with
If-None-Match; the projector always fresh, for its clock). Every phone is in hand and awake
(a phone in a pocket asks nothing): the worst case.

Three windows of --window seconds each, the phones polling throughout:
- idle: nothing changes;
- hands: a referee at every table of session 2 saves a hand every --think seconds (through
  the desk's services, in this process, on the same database);
- changes: hands still saved, and a player renamed every --change-every seconds (every page
  shows it: each phone fetches its page once per change).

Per window and page it prints requests/s and kB/s per 100 phones, the share of answers that
said "unchanged" (a 304, or a version equal to the page's), and the p95 of the version
requests, beside the targets below. The last line: `live: <req/s> requests/s per 100 phones on
the standings, <share> unchanged while hands are saved`."""

import argparse
import asyncio
import itertools
import os
import sys
import threading
import time
from pathlib import Path

from _live_phones import Figures, run_phones
from _setup import ROOT, build_tournament, collect_static, django_setup, percentile

sys.path.insert(0, str(ROOT / "deploy"))


import on_this_machine as deployment  # the deployment's own helpers (deploy/)

#: Per 100 phones, every phone awake on the page.
TARGETS = {
    ("standings", "requests/s"): 5.0,
    ("projector", "requests/s"): 12.0,
    ("standings", "kB/s"): 10.0,
    ("projector", "kB/s"): 10.0,
}


#: The share of answers that said "unchanged" while nothing visible changed.
UNCHANGED_TARGET = 0.90


#: The version endpoint's p95, in milliseconds.
VERSION_P95_TARGET_MS = 50


def entry(number):
    """Hand `number` of a table: won on a discard, the winner turning round the table."""
    winner = number % 4
    return {"outcome": "discard", "winner": winner, "discarder": (winner + 1) % 4, "fan": 8}


class Hall(threading.Thread):
    """The referees (a hand at every table every `think` seconds) and, when `renames` is set,
    the director renaming a player every `change_every` seconds; in this process, through the
    desk's services, on the server's database."""

    def __init__(self, tournament, actor, think, change_every):
        super().__init__(daemon=True)
        self.tournament, self.actor = tournament, actor
        self.think, self.change_every = think, change_every
        self.hands = threading.Event()
        self.renames = threading.Event()
        self.stop = threading.Event()
        self.saved = self.renamed = 0

    def run(self):
        from django.db import connection, transaction

        from scoring.services import hands
        from tournament.services import registrations

        tables = list(self.tournament.sessions.get(number=2).tables.order_by("number"))
        numbers = dict.fromkeys((table.pk for table in tables), 0)
        players = list(self.tournament.registrations.select_related("player")[:50])
        last_rename = time.monotonic()
        try:
            while not self.stop.is_set():
                if not self.hands.is_set():
                    time.sleep(0.1)
                    continue
                started = time.monotonic()
                for table in tables:
                    if numbers[table.pk] >= 16:
                        continue
                    table.refresh_from_db()
                    numbers[table.pk] += 1
                    hands.record_hand(
                        table, entry(numbers[table.pk]), actor=self.actor, revision=table.revision
                    )
                    self.saved += 1
                    if self.stop.is_set():
                        return
                    time.sleep(max(0.0, self.think / len(tables) - 0.001))
                    if self.renames.is_set() and time.monotonic() - last_rename > self.change_every:
                        player = players[self.renamed % len(players)].player
                        player.refresh_from_db()
                        with transaction.atomic():
                            registrations.update_player(
                                player,
                                expected=registrations.player_values(player),
                                **{
                                    **registrations.player_values(player),
                                    "last_name": f"Renamed{self.renamed}",
                                },
                            )
                        self.renamed += 1
                        last_rename = time.monotonic()
                time.sleep(max(0.0, self.think - (time.monotonic() - started)))
        finally:
            connection.close()


def verdict(ok):
    return "ok" if ok else "OVER TARGET"


def report(figures, args, seconds):
    per_100 = 100 / args.phones / seconds
    print(f"\nper 100 phones, each window {seconds:g} s, every phone awake on its page")
    print(
        f"{'window':<9}{'page':<11}{'req/s':>8}{'target':>8}{'kB/s':>8}{'target':>8}"
        f"{'unchanged':>11}{'pages':>7}{'p95 ms':>8}"
    )
    summary = {}
    for window in ("idle", "hands", "changes"):
        p95 = percentile(figures.version_times[window], 0.95)
        for page in ("standings", "projector"):
            rate = figures.requests[window, page] * per_100
            kilobytes = figures.bytes[window, page] * per_100 / 1000
            answers = figures.answers[window, page] or 1
            share = figures.unchanged[window, page] / answers
            summary[window, page] = (rate, share)
            print(
                f"{window:<9}{page:<11}{rate:>8.2f}{TARGETS[page, 'requests/s']:>8.1f}"
                f"{kilobytes:>8.2f}{TARGETS[page, 'kB/s']:>8.1f}{share:>10.0%} "
                f"{figures.pages[window, page] * 100 / args.phones:>6.0f}{p95:>8.0f}"
            )
    print("(pages: pages fetched per 100 phones in the window; p95: the version requests)")
    print("\nagainst the targets (idle and while hands are saved):")
    for page in ("standings", "projector"):
        worst = max(summary[window, page][0] for window in ("idle", "hands"))
        target = TARGETS[page, "requests/s"]
        print(
            f"  {page}: at most {worst:.2f} requests/s per 100 phones (target < {target:g}) "
            f"{verdict(worst < target)}"
        )
        for window in ("idle", "hands"):
            share = summary[window, page][1]
            print(
                f"  {page}, {window}: {share:.0%} answered unchanged "
                f"(target > {UNCHANGED_TARGET:.0%}) {verdict(share > UNCHANGED_TARGET)}"
            )
    print(
        "  changes: a phone fetches its page once per poll that sees a new version, never "
        "more (2 requests at most per poll)"
    )
    p95 = percentile(
        list(itertools.chain(figures.version_times["idle"], figures.version_times["hands"])), 0.95
    )
    print(
        f"  the version request: p95 {p95:.0f} ms (target < {VERSION_P95_TARGET_MS} ms) "
        f"{verdict(p95 < VERSION_P95_TARGET_MS)}"
    )
    for page in ("standings", "projector"):
        size = figures.page_bytes.get(page, 0)
        poll = args.poll if page == "standings" else args.projector_poll
        print(
            f"  for comparison, fetching the {page} page ({size / 1000:.1f} kB) at every poll: "
            f"{100 / poll:.1f} requests/s and {size * 100 / poll / 1000:.0f} kB/s per 100 phones"
        )
    return summary


def version_cost(slug, times=50):
    """(median ms of one /live/ answered 304 computed afresh, of one answered 304 from the
    versions in the shared cache), in this process: what a poll costs the server, whatever
    the queue in front of it."""
    from django.conf import settings
    from django.core.cache import cache

    kept = settings.DESK_LIVE_CACHE_SECONDS
    try:
        settings.DESK_LIVE_CACHE_SECONDS = 0
        fresh = _version_cost(slug, times)
        settings.DESK_LIVE_CACHE_SECONDS = 60
        cached = _version_cost(slug, times)
    finally:
        settings.DESK_LIVE_CACHE_SECONDS = kept
        cache.clear()  # the server must not read this minute-long entry
    return fresh, cached


def _version_cost(slug, times):
    from django.test import Client

    client = Client()
    url = f"/t/{slug}/live/"
    etag = client.get(url)["ETag"]
    unchanged = []
    for _ in range(times):
        started = time.perf_counter()
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        unchanged.append(time.perf_counter() - started)
    return percentile(unchanged, 0.5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=100, help="phones on each page")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--window", type=float, default=90.0, help="seconds per window")
    parser.add_argument("--think", type=float, default=10.0, help="seconds between hands")
    parser.add_argument("--change-every", type=float, default=30.0)
    parser.add_argument("--poll", type=float, default=None, help="DESK_LIVE_POLL_SECONDS")
    parser.add_argument(
        "--projector-poll", type=float, default=None, help="DESK_PROJECTOR_POLL_SECONDS"
    )
    parser.add_argument("--threads", type=int, default=16, help="server threads")
    parser.add_argument(
        "--quick", action="store_true", help="20 tables, 30 s windows (about two minutes)"
    )
    args = parser.parse_args()
    if args.quick:
        args.tables, args.window, args.change_every = 20, 30.0, 10.0
    django_setup()
    from django.conf import settings
    from django.db import connection

    from scoring.access import Actor
    from scoring.services import clock

    args.poll = args.poll or settings.DESK_LIVE_POLL_SECONDS
    args.projector_poll = args.projector_poll or settings.DESK_PROJECTOR_POLL_SECONDS
    database = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    print(
        f"Live pages on {database} (waitress): {args.phones} phones on the standings (a "
        f"version every {args.poll:g} s) and {args.phones} on the projector (every "
        f"{args.projector_poll:g} s); {args.tables} tables, a hand every {args.think:g} s each"
    )
    tournament, director = build_tournament(
        args.tables * 4, 2, played=1, slug="live", progress=lambda *a: None
    )
    actor = Actor(user=director)
    session = tournament.sessions.get(number=2)
    session.seating_published = True
    session.save()
    clock.start_session(session, actor=actor)
    cost = version_cost(tournament.slug)
    (port,) = deployment.free_ports(1)
    os.environ["DESK_DATA_DIR"] = str(settings.DATA_DIR)
    env = {
        **os.environ,
        "DESK_DEBUG": "0",
        "DESK_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DESK_LIVE_POLL_SECONDS": str(args.poll),
        "DESK_PROJECTOR_POLL_SECONDS": str(args.projector_poll),
    }
    collect_static(env)
    # The server as `make serve` and desk@.service run it; its log goes to a file.
    server = deployment.start_desk(
        port, env=env, log_path=Path(settings.DATA_DIR) / "server.log", threads=args.threads
    )
    connection.close()
    hall = Hall(tournament, actor, args.think, args.change_every)
    figures = Figures()
    hall.start()
    try:
        asyncio.run(run_phones(port, tournament.slug, args, figures, hall))
    finally:
        hall.stop.set()
        hall.join(30)
        deployment.stop(server)
    print(f"{hall.saved} hands saved, {hall.renamed} players renamed during the windows")
    print(
        f"one version request answered 304, alone (median of 50): {cost[0]:.1f} ms computed, "
        f"{cost[1]:.1f} ms from the shared cache (DESK_LIVE_CACHE_SECONDS)"
    )
    summary = report(figures, args, args.window)
    for kind, count in sorted(figures.errors.items()):
        print(f"error: {kind} x{count}")
    rate, share = summary["hands", "standings"]
    print(
        f"live: {rate:.2f} requests/s per 100 phones on the standings, {share:.0%} unchanged "
        f"while hands are saved, {sum(figures.errors.values())} errors"
    )


if __name__ == "__main__":
    main()
