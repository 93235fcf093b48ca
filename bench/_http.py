"""The load test's phones: a small asyncio HTTP/1.1 client over plain TCP or TLS (`Http`), the
patterns it reads from the desk's pages, and where it connects (`Target`)."""

import asyncio
import functools
import gzip
import re
import ssl
import urllib.parse

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
