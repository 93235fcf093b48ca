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

The figures are printed beside their targets (0 errors, 0 lost, p95 hand save under 100 ms,
p95 public pages under 50 ms). The last line:
`load: <saves> saves, <errors> errors, <lost> lost, p95 save <ms> ms, p95 public <ms> ms`
(and, with --documents, `, p95 save <ms> ms without documents, <ms> ms with (<+n> %)`).
"""

import argparse
import asyncio
import functools
import gzip
import json
import os
import random
import re
import ssl
import statistics
import sys
import tempfile
import time
import urllib.parse
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

from _setup import ROOT, build_tournament, collect_static, django_setup, found, percentile

sys.path.insert(0, str(ROOT / "deploy"))
import on_this_machine as deployment  # the deployment's own helpers (deploy/)

REVISION = re.compile(rb'name="revision" value="(\d+)"')
SUBMISSION = re.compile(rb'name="submission" value="([0-9a-f-]+)"')
CSRF_COOKIE = re.compile(rb"csrftoken=([A-Za-z0-9]+)")
ETAG = re.compile(rb"(?i)\r\netag: ([^\r\n]+)")


#: What the devices connect to: a port, over https or not (the port of nginx or of one process).
class Target:
    def __init__(self, port, tls=False):
        self.port = port
        self.tls = tls
        self.scheme = "https" if tls else "http"


@functools.cache
def _client_tls():
    """Devices accept the private nginx's self-signed certificate.

    One context for every simulated device, made once: `ssl.create_default_context()` reads
    the system's certificate store (about 35 ms of CPU), and made per connection it stalled the
    bench's one event loop for 300 devices x 35 ms during the opening, counted as the desk's
    slowness. A phone loads its trust store once too, on its own CPU."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class Http:
    """A tiny keep-alive HTTP/1.1 client for one simulated device (cookies kept)."""

    def __init__(self, target):
        self.target = target
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.csrf = None

    async def connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """The device's open connection, opened first when there is none."""
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                "127.0.0.1", self.target.port, ssl=_client_tls() if self.target.tls else None
            )
        return self.reader, self.writer

    async def request(self, method, path, form=None, headers=()):
        reader, writer = await self.connection()
        body = urllib.parse.urlencode(form or {}).encode()
        headers = [
            f"{method} {path} HTTP/1.1",
            "Host: 127.0.0.1",
            f"Content-Length: {len(body)}",
            "Connection: keep-alive",
            "Accept-Encoding: gzip",  # as every phone's browser (nginx compresses pages)
            *headers,
        ]
        if form is not None:
            headers += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Referer: {self.target.scheme}://127.0.0.1/",
            ]
        if self.csrf:
            headers.append(f"Cookie: csrftoken={self.csrf}")
        writer.write(("\r\n".join(headers) + "\r\n\r\n").encode() + body)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        if re.search(rb"(?i)\r\ntransfer-encoding: chunked", head):  # compressed by nginx
            content = await self.read_chunks(reader)
        else:
            length = re.search(rb"(?i)content-length: (\d+)", head)  # none on a 304
            content = await reader.readexactly(int(length.group(1)) if length else 0)
        if re.search(rb"(?i)\r\ncontent-encoding: gzip", head):
            content = gzip.decompress(content)
        etag = ETAG.search(head)
        self.etag = etag.group(1).decode() if etag else None
        cookie = CSRF_COOKIE.search(head)
        if cookie:
            self.csrf = cookie.group(1).decode()
        if re.search(rb"(?i)connection: close", head):
            writer.close()
            self.reader = self.writer = None
        return status, content

    async def read_chunks(self, reader):
        parts: list[bytes] = []
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await reader.readuntil(b"\r\n")  # the end (nginx sends no trailer)
                return b"".join(parts)
            parts.append(await reader.readexactly(size))
            await reader.readexactly(2)

    def close(self):
        if self.writer is not None:
            self.writer.close()


#: The first seconds of the run, when every phone and referee opens its page at once.
OPENING_SECONDS = 30


class Figures:
    def __init__(self):
        self.unchanged = 0  # `/live/` answered 304: the phone's pages are current
        self.times = defaultdict(list)
        self.after_opening = defaultdict(list)  # the same, for requests made after the opening
        self.errors = defaultdict(int)
        self.refused = 0  # documents refused (429) to anonymous visitors
        self.documents = None  # an Event set while the anonymous visitors fetch (--documents)
        self.began = time.perf_counter()

    async def timed(self, kind, call, expected):
        started = time.perf_counter()
        visitors = self.documents is not None and self.documents.is_set()
        try:
            status, content = await call
        except (OSError, asyncio.IncompleteReadError) as exc:
            self.errors[f"{kind}: {type(exc).__name__}"] += 1
            return None
        self.times[kind].append(time.perf_counter() - started)
        if self.documents is not None and started - self.began > OPENING_SECONDS:
            with_or_without = "with documents" if visitors else "without documents"
            self.times[f"{kind} {with_or_without}"].append(time.perf_counter() - started)
        if started - self.began > OPENING_SECONDS:
            self.after_opening[kind].append(time.perf_counter() - started)
        if status not in expected:
            self.errors[f"{kind}: HTTP {status}"] += 1
            return None
        return content


def entry_for(rng):
    winner = rng.randrange(4)
    roll = rng.random()
    if roll < 0.1:
        return {"outcome": "washout"}
    if roll < 0.75:
        return {
            "outcome": "discard",
            "winner": winner,
            "fan": rng.choice((8, 9, 12, 16, 24)),
            "discarder": (winner + rng.randrange(1, 4)) % 4,
        }
    return {"outcome": "self_drawn", "winner": winner, "fan": rng.choice((8, 10, 13))}


async def referee(target, token, figures, rng, think, corrections, session=2):
    http = Http(target)
    base = f"/r/{token}/"
    await asyncio.sleep(rng.uniform(0, think))  # referees sit down over the first minutes
    try:
        page = await figures.timed("page", http.request("GET", base), {200})
        for number in range(1, 17):
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if page is None:
                return
            form = {
                "csrfmiddlewaretoken": http.csrf,
                "session": session,
                "revision": found(REVISION, page).decode(),
                "submission": found(SUBMISSION, page).decode(),
                **entry_for(rng),
            }
            await figures.timed("save", http.request("POST", base, form), {302})
            if number in corrections:  # the referee notices a mistake in the previous hand
                url = f"{base}hands/{number - 1}/"
                fixed = await figures.timed("page", http.request("GET", url), {200})
                if fixed is not None:
                    form = {
                        "csrfmiddlewaretoken": http.csrf,
                        "session": session,
                        "revision": found(REVISION, fixed).decode(),
                        "submission": found(SUBMISSION, fixed).decode(),
                        **entry_for(rng),
                    }
                    await figures.timed("save", http.request("POST", url, form), {302})
            page = await figures.timed("page", http.request("GET", base), {200})
        revision = found(REVISION, page).decode()
        await figures.timed(
            "save",
            http.request(
                "POST",
                f"{base}close/",
                # "confirmed": the referee has answered the "Close table N?" question
                {"csrfmiddlewaretoken": http.csrf, "revision": revision, "confirmed": "1"},
            ),
            {302},
        )
    finally:
        http.close()


async def poller(target, slug, figures, rng, interval, stop):
    """A phone on the projector (three in four) or the standings, as static/desk/live.js does:
    it asks `/live/` with the ETag it holds (a 304 while nothing changed) and fetches its page
    only when the page's version changed."""
    http = Http(target)
    await asyncio.sleep(rng.uniform(0, interval))
    kind = "standings" if rng.randrange(4) == 0 else "projector"
    live_etag, shown = None, None
    try:
        while not stop.is_set():
            asked: list[str] = [f"If-None-Match: {live_etag}"] if live_etag else []
            answer = await figures.timed(
                "live", http.request("GET", f"/t/{slug}/live/", headers=asked), {200, 304}
            )
            if answer == b"":
                figures.unchanged += 1
            elif answer:
                live_etag = http.etag
                version = json.loads(answer).get(kind)
                if version != shown:
                    page = await figures.timed(
                        kind, http.request("GET", f"/t/{slug}/{kind}/"), {200}
                    )
                    if page is not None:
                        shown = version
            await asyncio.sleep(interval * rng.uniform(0.8, 1.2))
    finally:
        http.close()


async def visitor(target, slug, numbers, figures, rng, stop, address):
    """An anonymous visitor fetching players' report cards one after another, as fast as the
    desk answers, while `figures.documents` is set; refused (429), it tries again 5 s later."""
    http = Http(target)
    headers = [f"X-Forwarded-For: {address}"]
    try:
        while not stop.is_set():
            await figures.documents.wait()
            url = f"/t/{slug}/players/{rng.choice(numbers)}/reportcard.pdf"
            started = time.perf_counter()
            try:
                status, _content = await http.request("GET", url, headers=headers)
            except (OSError, asyncio.IncompleteReadError) as exc:
                figures.errors[f"document: {type(exc).__name__}"] += 1
                return
            figures.times["document"].append(time.perf_counter() - started)
            if status == 429:
                figures.refused += 1
                await asyncio.sleep(5)
            elif status != 200:
                figures.errors[f"document: HTTP {status}"] += 1
    finally:
        http.close()


async def alternate(documents, window, stop):
    """The visitors fetch during every other `window` seconds, after the opening."""
    await asyncio.sleep(OPENING_SECONDS)
    while not stop.is_set():
        documents.set()
        await asyncio.sleep(window)
        documents.clear()
        await asyncio.sleep(window)
    documents.set()  # let them see that the run is over


async def run_load(targets, slug, tokens, args, session=2, visitors=0, numbers=()):
    """Every device talks to one target, the devices dealt round the targets; `visitors`
    anonymous visitors fetch the report cards of the players `numbers` in every other
    `args.window` seconds."""
    figures = Figures()
    stop = asyncio.Event()
    if visitors:
        figures.documents = asyncio.Event()
    rng = random.Random(7)
    pollers = [
        asyncio.create_task(
            poller(targets[n % len(targets)], slug, figures, random.Random(n), args.poll, stop)
        )
        for n in range(args.pollers)
    ]
    pollers += [
        asyncio.create_task(
            visitor(
                targets[n % len(targets)],
                slug,
                list(numbers),
                figures,
                random.Random(500 + n),
                stop,
                f"10.99.0.{n + 1}",
            )
        )
        for n in range(visitors)
    ]
    if visitors:
        pollers.append(asyncio.create_task(alternate(figures.documents, args.window, stop)))
    referees = [
        referee(
            targets[n % len(targets)],
            token,
            figures,
            random.Random(1000 + n),
            args.think,
            corrections={rng.randrange(2, 17)} if n % 3 == 0 else set(),
            session=session,
        )
        for n, token in enumerate(tokens)
    ]
    started = time.perf_counter()
    await asyncio.gather(*referees)
    stop.set()
    await asyncio.gather(*pollers)
    return figures, time.perf_counter() - started


class Servers:
    """The desk processes (and nginx) of a run: `targets` for the devices, `stop()`."""

    def __init__(self):
        self.processes = []
        self.targets = []
        self.logs = []
        self.desks = 0  # the first `desks` processes are the desk's (then nginx)
        self.cpu = self.cpu_at_start = None

    def start_counting(self):
        """The CPU used from now on is the load's (not the processes' start)."""
        self.cpu_at_start = desk_cpu_seconds(self.processes[: self.desks])

    def stop(self):
        used = desk_cpu_seconds(self.processes[: self.desks])
        if used is not None and self.cpu_at_start is not None:
            self.cpu = used - self.cpu_at_start
        for process in reversed(self.processes):  # nginx first, then the desk processes
            deployment.stop(process)

    def queue_warnings(self):
        return sum(
            Path(log).read_text(errors="replace").count("Task queue depth") for log in self.logs
        )


def desk_cpu_seconds(processes):
    """The CPU time (user and system) the desk processes have used, from Linux's /proc; None
    elsewhere. It tells the desk's own cost per request apart from a crowded machine's waits."""
    total = 0.0
    for process in processes:
        try:
            stat = Path(f"/proc/{process.pid}/stat").read_text()
        except OSError:
            return None
        fields = stat.rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def start_servers(args, data_dir):
    """--processes desk processes on free ports as `make serve` and desk@.service run them
    (DEBUG off); with --nginx, the shipped nginx site in front of them over https. Their logs
    go to files in the data folder (a pipe nobody reads would fill up and stop them)."""
    env = {**os.environ, "DESK_DEBUG": "0", "DESK_ALLOWED_HOSTS": "127.0.0.1,localhost"}
    if args.documents:  # each visitor's own address, in X-Forwarded-For, believed from here
        env.update(DESK_TRUSTED_PROXIES="127.0.0.1,::1")
    if args.nginx:
        env.update(DESK_HTTPS="1", DESK_TRUSTED_PROXIES="127.0.0.1,::1")
        env["DESK_STATIC_ROOT"] = str(Path(data_dir) / "static")
    collect_static(env)
    servers = Servers()
    ports = deployment.free_ports(args.processes)
    try:
        for port in ports:
            log = Path(data_dir) / f"server-{port}.log"
            servers.logs.append(log)
            servers.processes.append(
                deployment.start_desk(port, env=env, log_path=log, threads=args.threads)
            )
            servers.desks += 1
        if args.nginx:
            folder = Path(tempfile.mkdtemp(prefix="nginx-", dir=data_dir))
            conf, _, https_port = deployment.write_nginx(
                folder, upstream_ports=ports, static_root=env["DESK_STATIC_ROOT"], workers=2
            )
            servers.processes.append(deployment.start_nginx(conf, https_port))
            servers.targets = [Target(https_port, tls=True)]
        else:
            servers.targets = [Target(port) for port in ports]
    except BaseException:
        servers.stop()
        raise
    return servers


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


#: The targets of issue 20: (label, limit); the figures are printed beside them.
TARGETS = {"save": 100, "public": 50}


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


def report(figures, seconds, tokens, lost, problems, queue_warnings, desk_cpu=None, phones=0):
    """The figures, beside their targets, and the integrity checks; returns the last line."""
    public = figures.times["standings"] + figures.times["projector"] + figures.times["live"]
    saves, reads = figures.times["save"], figures.times["page"] + public
    errors = sum(figures.errors.values())
    print(
        f"\n{len(saves)} saves and {len(reads)} page reads in {seconds:.0f} s "
        f"({(len(saves) + len(reads)) / seconds:.0f} requests/s)"
    )
    print(f"{'':<14}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for label, values in (
        ("hand saves", saves),
        ("table pages", figures.times["page"]),
        ("public pages", public),
        ("  standings", figures.times["standings"]),
        ("  projector", figures.times["projector"]),
        ("  /live/", figures.times["live"]),
    ):
        if values:
            print(
                f"{label:<14}{percentile(values, 0.5):>9.0f}{percentile(values, 0.95):>9.0f}"
                f"{percentile(values, 0.99):>9.0f}{max(values) * 1000:>9.0f}"
            )
    late = figures.after_opening
    late_public = late["standings"] + late["projector"] + late["live"]
    if late_public and late["save"]:
        print(
            f"after the first {OPENING_SECONDS} s (every device opening its page at once): "
            f"p95 save {percentile(late['save'], 0.95):.0f} ms, "
            f"p95 public pages {percentile(late_public, 0.95):.0f} ms"
        )
    live = figures.times["live"]
    if live and phones:
        public_requests = len(public) / seconds * 100 / phones
        print(
            f"phones: {public_requests:.1f} requests/s per 100 phones; /live/ answered 304 "
            f"{figures.unchanged} times in {len(live)} ({figures.unchanged / len(live):.0%})"
        )
    if desk_cpu is not None and saves + reads:
        print(
            f"desk processes: {desk_cpu:.0f} s of CPU, {desk_cpu / len(saves + reads) * 1000:.0f} ms "
            f"per request, {desk_cpu / seconds:.2f} cores busy on average "
            f"(of {os.cpu_count()} on this machine, shared with whatever else runs)"
        )
    if queue_warnings:
        print(
            f"server: {queue_warnings} 'task queue depth' warnings (requests waited for a thread)"
        )
    for kind, count in sorted(figures.errors.items()):
        print(f"error: {kind} x{count}")
    for problem in problems:
        print(f"problem: {problem}")
    print(
        f"checks: {len(tokens) * 16 - lost} of {len(tokens) * 16} hands present, "
        f"{'all' if not problems else 'NOT all'} tables zero-sum and equal to a recompute"
    )
    if statistics.fmean(saves or [0]) == 0:
        print("no save was measured")
    p95_save, p95_public = percentile(saves, 0.95), percentile(public, 0.95)
    print(f"\n{'target':<26}{'measured':>10}")
    for label, measured, unit, met in (
        ("errors: 0", errors + len(problems), "", errors + len(problems) == 0),
        ("lost hands: 0", lost, "", lost == 0),
        (f"p95 hand save < {TARGETS['save']} ms", p95_save, " ms", p95_save < TARGETS["save"]),
        (
            f"p95 public pages < {TARGETS['public']} ms",
            p95_public,
            " ms",
            p95_public < TARGETS["public"],
        ),
    ):
        print(f"{label:<26}{measured:>7.0f}{unit:<3}  {'met' if met else 'MISSED'}")
    pages = figures.times["standings"] + figures.times["projector"]
    if pages:
        print(
            "(public pages: every request a phone makes, its `/live/` questions and its page "
            f"fetches; the {len(pages)} page fetches alone: p95 {percentile(pages, 0.95):.0f} ms, "
            "most of them in the opening)"
        )
    return (
        f"load: {len(saves)} saves, {errors + len(problems)} errors, {lost} lost, "
        f"p95 save {p95_save:.0f} ms, p95 public {p95_public:.0f} ms"
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


def compare_documents(figures, visitors):
    """The p95 save while the visitors fetch beside the p95 while they do not (both after the
    opening); returns (without, with, change in %)."""
    without = figures.times["save without documents"]
    with_them = figures.times["save with documents"]
    documents = figures.times["document"]
    before, after = percentile(without, 0.95), percentile(with_them, 0.95)
    change = (after - before) / before * 100 if before else 0.0
    print(
        f"\n{visitors} anonymous visitors fetching report cards in every other window: "
        f"{len(documents)} requests, {figures.refused} refused (429)"
        + (
            f"; the answers p50 {percentile(documents, 0.5):.0f} ms, "
            f"p95 {percentile(documents, 0.95):.0f} ms"
            if documents
            else ""
        )
    )
    print(f"{'saves after the opening':<34}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}")
    for label, values in (("without the visitors", without), ("while they fetch", with_them)):
        if values:
            print(
                f"{label:<34}{len(values):>7}{percentile(values, 0.5):>9.0f}"
                f"{percentile(values, 0.95):>9.0f}"
            )
    met = abs(change) <= 25
    print(
        f"{'target: p95 at most 25 % apart':<34}{change:>+16.0f} %   {'met' if met else 'MISSED'}"
    )
    return before, after, change


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
    print(last)


if __name__ == "__main__":
    main()
