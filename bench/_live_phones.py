"""The live pages' bench: phones polling the public standings and the projector as
`static/desk/live.js` does (`phone`, over a small keep-alive HTTP/1.1 client that counts the
bytes it receives), and what they measure (`Figures`)."""

import asyncio
import json
import random
import re
import time
from collections import defaultdict

from _setup import found

VERSION = {
    "standings": re.compile(rb'data-live-version="([0-9a-f]+)"'),
    "projector": re.compile(rb'data-version="([0-9a-f]+)"'),
}


POLL = {
    "standings": re.compile(rb'data-live-poll="([0-9.]+)"'),
    "projector": re.compile(rb'data-poll="([0-9.]+)"'),
}


CSRF_COOKIE = re.compile(rb"csrftoken=([A-Za-z0-9]+)")


class Http:
    """A tiny keep-alive HTTP/1.1 client for one phone (its CSRF cookie kept, as a browser
    keeps it: the page's ETag depends on it)."""

    def __init__(self, port):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.csrf = None

    async def connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """The phone's open connection, opened first when there is none."""
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        return self.reader, self.writer

    async def get(self, path, etag=None):
        """(status, headers as a dict, body, bytes received)."""
        reader, writer = await self.connection()
        lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: keep-alive"]
        if etag:
            lines.append(f"If-None-Match: {etag}")
        if self.csrf:
            lines.append(f"Cookie: csrftoken={self.csrf}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        headers = {}
        for line in head.split(b"\r\n")[1:]:
            if b":" in line:
                name, value = line.split(b":", 1)
                headers[name.strip().lower().decode()] = value.strip().decode()
        length = int(headers.get("content-length", "0"))
        body = await reader.readexactly(length) if length else b""
        cookie = CSRF_COOKIE.search(head)
        if cookie:
            self.csrf = cookie.group(1).decode()
        if headers.get("connection", "").lower() == "close":
            writer.close()
            self.reader = self.writer = None
        return status, headers, body, len(head) + len(body)

    def close(self):
        if self.writer is not None:
            self.writer.close()


class Figures:
    """Per (window, page): requests, bytes, answers that said unchanged, version latencies."""

    def __init__(self):
        self.window = "start"
        self.requests = defaultdict(int)
        self.bytes = defaultdict(int)
        self.unchanged = defaultdict(int)
        self.answers = defaultdict(int)
        self.pages = defaultdict(int)
        self.version_times = defaultdict(list)
        self.errors = defaultdict(int)
        self.page_bytes = {}
        self.loaded = 0


async def phone(port, slug, page, figures, rng, stop):
    """One phone on `page` ("standings" or "projector"), polling as static/desk/live.js."""
    http = Http(port)
    path = f"/t/{slug}/{page}/"
    live = f"/t/{slug}/live/"
    try:
        await asyncio.sleep(rng.uniform(0, 5))  # the hall opens the page over a few seconds
        status, headers, body, size = await http.get(path)
        if status != 200:
            figures.errors[f"{page}: HTTP {status}"] += 1
            return
        figures.page_bytes[page] = size
        figures.loaded += 1
        version = found(VERSION[page], body).decode()
        seconds = float(found(POLL[page], body))
        page_etag, live_etag = headers.get("etag"), None
        await asyncio.sleep(rng.uniform(0, seconds))  # phones do not ask in step
        while not stop.is_set():
            window = figures.window
            started = time.perf_counter()
            status, headers, body, size = await http.get(live, live_etag)
            figures.version_times[window].append(time.perf_counter() - started)
            figures.requests[window, page] += 1
            figures.bytes[window, page] += size
            figures.answers[window, page] += 1
            if status == 304:
                figures.unchanged[window, page] += 1
            elif status == 200:
                live_etag = headers.get("etag")
                if json.loads(body)[page] == version:
                    figures.unchanged[window, page] += 1
                else:
                    # The standings revalidate (a 304 reuses the browser's copy); the projector
                    # is fetched fresh, for its clock.
                    etag = page_etag if page == "standings" else None
                    status, headers, body, size = await http.get(path, etag)
                    figures.requests[window, page] += 1
                    figures.bytes[window, page] += size
                    figures.pages[window, page] += 1
                    if status == 200:
                        version = found(VERSION[page], body).decode()
                        page_etag = headers.get("etag")
                    elif status != 304:
                        figures.errors[f"{page}: HTTP {status}"] += 1
            else:
                figures.errors[f"live: HTTP {status}"] += 1
            await asyncio.sleep(seconds)
    except (OSError, asyncio.IncompleteReadError) as exc:
        figures.errors[f"{page}: {type(exc).__name__}"] += 1
    finally:
        http.close()


async def run_phones(port, slug, args, figures, hall):
    stop = asyncio.Event()
    phones = [
        asyncio.create_task(phone(port, slug, page, figures, random.Random(n), stop))
        for n in range(args.phones)
        for page in ("standings", "projector")
    ]
    # The windows start once every phone has its page (the first loads render every page).
    for _ in range(1200):
        if figures.loaded + sum(figures.errors.values()) >= len(phones):
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(2)
    for window in ("idle", "hands", "changes"):
        if window == "hands":
            hall.hands.set()
        if window == "changes":
            hall.renames.set()
        figures.window = window
        await asyncio.sleep(args.window)
    figures.window = "end"
    stop.set()
    hall.stop.set()
    await asyncio.gather(*phones)
