"""Load test: a full hall of referees and players against the production server.

    .venv/bin/python bench/load.py [--quick] [--tables 100] [--pollers 200]
    DATABASE_URL=postgres://... .venv/bin/python bench/load.py    # the same on PostgreSQL
    DESK_PG_FSYNC=on .ci/with-postgres .venv/bin/python bench/load.py --processes 2 --nginx

Starts the desk under waitress (as `make serve` does) on 127.0.0.1 with a throwaway database
holding a 400-player tournament (session 1 played and confirmed, session 2 seated). Then, at
once: one referee per table enters the 16 hands of session 2 through the table's link (GET the
page, POST the hand, as a phone does), corrects a hand now and then, and closes the table;
meanwhile the pollers, phones on the projector or the public standings, ask `/live/` whether
their page changed (If-None-Match, 304 while it did not) and fetch the page only when it did. Referees pause
--think seconds between hands (10 s by default; a real MCR hand takes about 7 minutes, so the
hall saves some 40 times faster than a real one); pollers come back every --poll seconds, one
in four following the standings.

Afterwards it checks that no hand was lost or duplicated, that every hand and table sums to
zero, and that the stored results and the standings equal a recomputation from the hands.

--processes N starts N desk processes on consecutive free ports (as deploy/desk@.service runs
them), the devices shared among them; with --nginx, a private nginx built from the shipped site
(deploy/nginx-desk.conf: https, DESK_HTTPS and DESK_TRUSTED_PROXIES on) stands in front and
every request goes through it over https, as on a federation server.

--documents N adds N anonymous visitors, each from an address of its own (X-Forwarded-For,
believed from 127.0.0.1), fetching players' report cards (public PDFs, some 45 ms of CPU each to
make) one after another as fast as the desk answers, trying again 5 s after a refusal (429).
They fetch during every other --window seconds (after the opening), so that the saves made
with them and without them share the same machine at the same time of the run (on a machine
shared with other work, two runs one after the other would compare that work's load, not the
visitors'). The desk makes each card once per standings version and keeps it in the shared
cache, and throttles each address (DESK_DOCUMENT_RATE): the p95 save while the visitors fetch is
printed beside the p95 while they do not, target at most 25 % apart.

--trace also times every request inside the server processes (bench/_traced_wsgi.py): a
thread's time on it, its CPU, its database calls and its waits for the write lock, while the
visitors fetch and while they do not, and how late the bench's own event loop woke up.

The figures are printed beside their targets (0 errors, 0 lost, p95 hand save under 100 ms,
p95 public pages under 50 ms). The last line:
`load: <saves> saves, <errors> errors, <lost> lost, p95 save <ms> ms, p95 public <ms> ms`
(and, with --documents, `, p95 save <ms> ms without documents, <ms> ms with (<+n> %)`)."""

import argparse
import asyncio
import os
import sys
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

from _load_report import compare_documents, report, trace_report
from _phones import run_load
from _servers import start_servers
from _setup import ROOT, build_tournament, django_setup

sys.path.insert(0, str(ROOT / "deploy"))


import on_this_machine as deployment  # the deployment's own helpers (deploy/)


def verify(tournament, tables, number=2):
    """(lost, problems): hands missing or duplicated, sums, results against a recompute, in
    session `number` and the standings after it."""
    from scoring.models import Hand, SeatResult
    from scoring.services import closing
    from scoring.services.tables import snapshot
    from scoring.standings.ranking import compute_standings

    problems, lost = [], 0
    session = tournament.sessions.get(number=number)
    for table in session.tables.all():
        current = Hand.objects.filter(table=table, is_current=True)
        numbers = sorted(current.values_list("number", flat=True))
        if numbers != list(range(1, 17)):
            lost += 16 - len(set(numbers))
            problems.append(f"table {table.number}: hands {numbers}")
        if any(sum(hand.changes) for hand in current):
            problems.append(f"table {table.number}: a hand does not sum to zero")
        snap = snapshot(table)  # replays every hand through the rules
        if sum(snap.totals):
            problems.append(f"table {table.number}: totals do not sum to zero")
        stored = {(r.wind, r.score, r.table_points) for r in SeatResult.objects.filter(table=table)}
        recomputed = {(r.wind, r.score, r.table_points) for r in closing.seat_results(snap)}
        if table.closed_at is None or stored != recomputed:
            problems.append(f"table {table.number}: stored results differ from a recompute")
    standings = compute_standings(tournament, through=number)
    totals: defaultdict[int, list[Fraction | int]] = defaultdict(lambda: [0, 0])
    for result in SeatResult.objects.filter(
        session__tournament=tournament, session__number__lte=number
    ):
        assert result.table_points is not None  # MCR: every result has its table points
        totals[result.registration_id][0] += result.table_points
        totals[result.registration_id][1] += result.score
    for row in standings.rows:
        if [row.table_points, row.score] != totals[row.registration.pk]:
            problems.append(f"standings of player {row.registration.number} differ")
    return lost, problems


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="20 tables, 40 pollers, 4 s between hands (under two minutes)",
    )
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--pollers", type=int, default=200)
    parser.add_argument("--think", type=float, default=10.0, help="seconds between hands")
    parser.add_argument("--poll", type=float, default=10.0, help="seconds between reads")
    parser.add_argument("--threads", type=int, default=16, help="threads per desk process")
    parser.add_argument(
        "--processes", type=int, default=1, help="desk processes, on consecutive free ports"
    )
    parser.add_argument(
        "--nginx", action="store_true", help="the load through nginx (deploy/), over https"
    )
    parser.add_argument(
        "--documents",
        type=int,
        default=0,
        help="anonymous visitors fetching report cards in every other --window seconds",
    )
    parser.add_argument(
        "--window", type=float, default=10.0, help="seconds with, then without, the visitors"
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="time every request inside the server processes too (bench/_traced_wsgi.py)",
    )
    args = parser.parse_args()
    if args.quick:
        args.tables, args.pollers, args.think = 20, 40, 4.0
    if not 1 <= args.processes <= 16:
        parser.error("--processes: from 1 to 16")
    if args.nginx and not deployment.nginx_available():
        parser.error(f"--nginx: nginx is not installed ({deployment.NGINX}): apt-get install nginx")
    return args


def describe(args, database):
    front = "nginx (https) in front of " if args.nginx else ""
    processes = f"{args.processes} waitress processes" if args.processes > 1 else "waitress"
    print(
        f"Load on {database} ({front}{processes}): {args.tables} tables "
        f"({args.tables * 4} players), {args.pollers} pollers, {args.think:g} s between hands, "
        f"a read every {args.poll:g} s per poller"
    )


def open_session(tournament, number, director):
    """Session `number` seated, published and started: its referee links write. Its tables'
    link secrets."""
    from scoring.access import Actor
    from scoring.services import clock

    session = tournament.sessions.get(number=number)
    session.seating_published = True
    session.save()
    clock.start_session(session, actor=Actor(user=director))
    return session, list(session.tables.order_by("number").values_list("token", flat=True))


def confirm(session, director):
    """Confirm `session`; [] or the problem that stopped it."""
    from scoring.access import Actor
    from scoring.services import closing
    from scoring.services.tables import TableError

    try:
        closing.confirm_session(session, actor=Actor(user=director))
    except TableError as exc:  # a table left open: counted with the other problems
        return [f"the session cannot be confirmed: {exc}"]
    return []


def main():
    args = parse_args()
    django_setup()
    from django.conf import settings
    from django.db import connection

    describe(args, "PostgreSQL" if connection.vendor == "postgresql" else "SQLite")
    tournament, director = build_tournament(
        args.tables * 4, 2, played=1, slug="load", progress=lambda *a: None
    )
    session, tokens = open_session(tournament, 2, director)
    numbers = list(tournament.registrations.values_list("number", flat=True))
    os.environ["DESK_DATA_DIR"] = str(settings.DATA_DIR)
    servers = start_servers(args, settings.DATA_DIR)
    servers.start_counting()
    try:
        figures, seconds = asyncio.run(
            run_load(
                servers.targets,
                tournament.slug,
                tokens,
                args,
                visitors=args.documents,
                numbers=numbers,
            )
        )
    finally:
        servers.stop()
    connection.close()
    refused = confirm(session, director)
    lost, problems = verify(tournament, tokens)
    problems += refused
    last = report(
        figures,
        seconds,
        tokens,
        lost,
        problems,
        servers.queue_warnings(),
        servers.cpu,
        phones=args.pollers,
    )
    if args.documents:
        before, after, change = compare_documents(figures, args.documents)
        last += (
            f", p95 save {before:.0f} ms without documents, {after:.0f} ms with ({change:+.0f} %)"
        )
    for pid, kilobytes in servers.workers:
        print(f"documents' worker process {pid}: {kilobytes / 1024:.0f} MB resident")
    if args.trace:
        trace_report(sorted(Path(settings.DATA_DIR).glob("trace-*.jsonl")), figures)
    print(last)


if __name__ == "__main__":
    main()
