"""The load test's people: referees entering hands through their table's link, pollers on the
live pages, anonymous visitors fetching documents, and the run that sets them all going
(`run_load`); what they measure is kept in `Figures`."""

import asyncio
import json
import random
import time
from collections import defaultdict

from _http import REVISION, SUBMISSION, Http
from _setup import found

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
        self.windows: list[list[float]] = []  # [start, end] (time.time()) of the visitors' windows
        self.lags: list[tuple[float, float]] = []  # (time.time(), seconds the loop was late)
        self.began = time.perf_counter()
        self.began_at = time.time()

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


async def alternate(documents, window, stop, windows):
    """The visitors fetch during every other `window` seconds, after the opening."""
    await asyncio.sleep(OPENING_SECONDS)
    while not stop.is_set():
        documents.set()
        windows.append([time.time(), float("inf")])
        await asyncio.sleep(window)
        documents.clear()
        windows[-1][1] = time.time()
        await asyncio.sleep(window)
    documents.set()  # let them see that the run is over


async def loop_lag(figures, stop, every=0.05):
    """How late the bench's own event loop wakes up (every `every` s): time it is busy with
    other devices is counted in their requests' times as if the desk had taken it."""
    while not stop.is_set():
        due = time.perf_counter() + every
        await asyncio.sleep(every)
        figures.lags.append((time.time(), time.perf_counter() - due))


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
        pollers.append(
            asyncio.create_task(alternate(figures.documents, args.window, stop, figures.windows))
        )
    pollers.append(asyncio.create_task(loop_lag(figures, stop)))
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
