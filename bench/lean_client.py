"""A lean load client for the scaling figure (``bench/processes.py``): the same player as
:func:`bench.server.move_visitor` (opens a deal, then draws and undoes alternately with HTMX
posts naming the piles shown), but on asyncio streams with HTTP/1.1 keep-alive written by hand.

Why: the threaded httpx clients cost about 1.9 ms of CPU a move, a quarter of the server's own
cost. On a 2-core machine where the clients share the cores with the server, that alone caps
what a second worker can add at about 1.6×. This client costs a small fraction of that, so the
figure measures the server. It speaks only what the game's answers need: a status line,
``Content-Length`` or chunked bodies, and ``Content-Encoding`` zstd, br or gzip.
"""

from __future__ import annotations

import asyncio
import gzip
import time
from urllib.parse import urlencode, urlsplit

from bench.server import (
    BROWSER_ENCODINGS,
    MOVE_DEALS,
    Batch,
    ShownPiles,
    children_cpu_ms,
    cpu_ms,
    machine_busy_ms,
    table_version,
)


def decode(body: bytes, encoding: str) -> str:
    """An answer's body as text, undoing ``Content-Encoding`` (zstd, br, gzip or none)."""
    if encoding == "zstd":
        import zstandard

        body = zstandard.ZstdDecompressor().decompressobj().decompress(body)
    elif encoding == "br":
        import brotli

        body = brotli.decompress(body)
    elif encoding == "gzip":
        body = gzip.decompress(body)
    return body.decode()


class Connection:
    """One keep-alive HTTP/1.1 connection to ``base`` (``http://host:port``), keeping the
    cookies its answers set (name and value; one visitor per connection)."""

    def __init__(self, base: str) -> None:
        url = urlsplit(base)
        self.host, self.port = url.hostname or "127.0.0.1", url.port or 80
        self.cookies: dict[str, str] = {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    async def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, str]:
        """Send one request, read its whole answer: (status, decoded text). Raises
        ``RuntimeError`` on a closed connection."""
        assert self.reader is not None and self.writer is not None
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Accept-Encoding: {BROWSER_ENCODINGS}"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if body:
            lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        fields = {}
        for line in head.decode("latin-1").split("\r\n")[1:]:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                cookie, _, _ = value.partition(";")
                self.cookies[cookie.split("=", 1)[0]] = cookie.split("=", 1)[1]
            fields[name] = value
        if "content-length" in fields:
            data = await self.reader.readexactly(int(fields["content-length"]))
        elif fields.get("transfer-encoding") == "chunked":
            data = await self._chunks()
        else:
            raise RuntimeError("an answer with neither Content-Length nor chunks")
        return status, decode(data, fields.get("content-encoding", ""))

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        parts = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            parts.append(await self.reader.readexactly(size + 2))
            if size == 0:
                return b"".join(p[:-2] for p in parts)


class Player:
    """Client ``k``: deal ``MOVE_DEALS + k``, drawn and undone alternately (as ``move_visitor``)."""

    def __init__(self, base: str, k: int) -> None:
        self.conn, self.number = Connection(base), MOVE_DEALS + k
        self.version, self.shown = 0, ShownPiles("")

    async def set_up(self) -> None:
        await self.conn.open()
        status, page = await self.conn.request("GET", f"/game/{self.number}", {})
        if status != 200:
            raise RuntimeError(f"table: {status}")
        self.version, self.shown = table_version(page), ShownPiles(page)

    async def step(self, i: int) -> None:
        action = "draw" if i % 2 == 0 else "undo"
        body = urlencode({"mode": "classic", "version": str(self.version)}).encode()
        status, text = await self.conn.request("POST", f"/game/{self.number}/{action}", self.shown.headers(), body)
        if status != 200 or 'id="table"' not in text:
            raise RuntimeError(f"{action}: {status} {text[:200]!r}")
        self.shown.update(text)
        self.version += 1


async def _run(base: str, pid: int, clients: int, per_client: int) -> Batch:
    players = [Player(base, k) for k in range(clients)]
    await asyncio.gather(*(p.set_up() for p in players))
    times: list[float] = []

    async def play(p: Player) -> None:
        for i in range(per_client):
            t0 = time.perf_counter()
            await p.step(i)
            times.append((time.perf_counter() - t0) * 1000)

    cpu0, kids0, mine0, busy0 = cpu_ms(pid), children_cpu_ms(pid), time.process_time(), machine_busy_ms()
    t0 = time.perf_counter()
    try:
        await asyncio.gather(*(play(p) for p in players))
    finally:
        for p in players:
            p.conn.close()
    wall = time.perf_counter() - t0
    busy, mine = machine_busy_ms() - busy0, (time.process_time() - mine0) * 1000
    server, kids = cpu_ms(pid) - cpu0, max(children_cpu_ms(pid) - kids0, 0.0)
    return Batch(times, wall, server, kids, mine, busy - server - kids - mine)


def run_batch_lean(base: str, pid: int, clients: int, per_client: int) -> Batch:
    """``clients`` players set up (untimed), then ``per_client`` timed moves each, all at once on
    one event loop; CPU as :func:`bench.server.run_batch` reads it."""
    return asyncio.run(_run(base, pid, clients, per_client))
