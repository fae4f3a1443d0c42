"""Benchmark: engine actions/s over random playouts, then the server against a hello-world
FastAPI app served by the same uvicorn (one process each, same settings):

* server CPU per request, read from the server process's ``/proc/<pid>/stat`` (utime+stime of all
  its threads) before and after each batch, so the clients' own cost does not count;
* requests/s, p50 and p99 latency at 1 and at 32 concurrent clients, for a move (an HTMX
  ``POST /game/{n}/draw`` or ``/undo``, alternately) and for ``GET /hello``;
* the bytes of a move's answer, plain and compressed (on the wire);
* the first-load bytes of a table page (the page and every ``/static`` file it names), cold and
  on a second visit by a client that honours caching;
* the issue's targets next to the figures, each met or not met.

    .venv/bin/python bench/server.py [--playouts 200] [--requests 300] [--clients 32]
    .venv/bin/python bench/server.py --workers 2 [--database sqlite|postgresql] [--client lean|httpx]  (scaling only)

The game runs with ``FT_POOL_WORKER=false`` (no background solver eating CPU) on a temporary data
folder; both servers listen on free loopback ports. Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import importlib.util
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import CLASSIC, RELAXED, Game, deal  # noqa: E402

TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")
KB = 1024
HAS_BROTLI = importlib.util.find_spec("brotli") is not None or importlib.util.find_spec("brotlicffi") is not None
HAS_ZSTD = importlib.util.find_spec("zstandard") is not None
ENCODINGS = ["gzip", "deflate"] + ["br"] * HAS_BROTLI + ["zstd"] * HAS_ZSTD
BROWSER_ENCODINGS = ", ".join(ENCODINGS)
"""What the load and first-load clients accept: Chromium's list (``gzip, deflate, br, zstd``,
Firefox's too), less what httpx cannot decode here. Safari names no zstd: its answers are brotli."""
GAME_SERVER_ENV = {"FT_SECRET_KEY": "bench", "FT_POOL_WORKER": "false"}
MOVE_DEALS = 1000
"""Client ``k`` of a load batch plays deal ``MOVE_DEALS + k`` (as a fresh visitor)."""


def engine_actions_per_second(playouts: int, max_steps: int = 300) -> tuple[float, int]:
    """Random legal play from deals 1…playouts (both modes), auto-safe on; actions/s."""
    rng = random.Random(7)
    actions = 0
    start = time.perf_counter()
    for i in range(playouts):
        rules = CLASSIC if i % 2 == 0 else RELAXED
        game = Game(deal(i + 1, rules), rules)
        for _ in range(max_steps):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            actions += 1
    return actions / (time.perf_counter() - start), actions


# --- servers ---------------------------------------------------------------------------------


def free_port() -> int:
    """A loopback port nobody listens on (now)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_process(command: list[str], env: dict[str, str], base: str, probe: str) -> subprocess.Popen[bytes]:
    """Start a server and wait (≤ 10 s) until ``GET base+probe`` answers 200."""
    proc = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.DEVNULL)
    for _ in range(100):
        try:
            if httpx.get(base + probe).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"{' '.join(command)} did not start")


def start_server(data_dir: str, extra_env: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """The game (``python -m app``) on a free port with ``data_dir``; its process and base URL."""
    port = free_port()
    env = {"FT_DATA_DIR": data_dir, "FT_PORT": str(port), "FT_SECRET_KEY": "bench", **(extra_env or {})}
    base = f"http://127.0.0.1:{port}"
    return start_process([sys.executable, "-m", "app"], env, base, "/healthz"), base


def start_hello() -> tuple[subprocess.Popen[bytes], str]:
    """``bench.hello_app`` under uvicorn with the game's settings (app/__main__.py: one process,
    default loop and HTTP implementation, log level warning); its process and base URL."""
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "bench.hello_app:app", "--host", "127.0.0.1", "--port", str(port)]
    base = f"http://127.0.0.1:{port}"
    return start_process([*command, "--log-level", "warning"], {}, base, "/hello"), base


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server started here (SIGTERM, then wait)."""
    proc.terminate()
    proc.wait(timeout=10)


def cpu_ms(pid: int) -> float:
    """utime+stime of a process (all its threads, ended ones too) from ``/proc/<pid>/stat``, in ms."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * TICK_MS  # fields 14 and 15 of stat(5)


def machine_busy_ms() -> float:
    """CPU (ms) processes on the machine have used since boot (user, nice and system time of all
    cores, from ``/proc/stat``; interrupt time, which no process is charged with, left out)."""
    user, nice, system = Path("/proc/stat").read_text().split()[1:4]
    return (int(user) + int(nice) + int(system)) * TICK_MS


def children_cpu_ms(pid: int) -> float:
    """CPU (ms) of the live direct children of ``pid`` (solver processes), which ``cpu_ms`` leaves out."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                total += (int(fields[11]) + int(fields[12])) * TICK_MS
    return total


# --- load ------------------------------------------------------------------------------------

Step = Callable[[int], None]
Visitor = Callable[[httpx.Client, int], Step]
"""Sets up client ``k`` (untimed, unmeasured) and returns its timed request ``i``."""


@dataclass
class Batch:
    """One measured batch: latencies (ms), wall time (s), and CPU (ms) of the server, its child
    processes, this script (the clients) and every other process on the machine."""

    times: list[float]
    wall: float
    server_cpu: float
    children_cpu: float
    client_cpu: float
    others_cpu: float

    @property
    def others_cores(self) -> float:
        """Cores the machine's other processes kept busy during the batch (0 on a quiet machine)."""
        return max(self.others_cpu, 0.0) / 1000 / self.wall

    @property
    def rate(self) -> float:
        """Requests per second."""
        return len(self.times) / self.wall

    def per_request(self, cpu: float) -> float:
        """``cpu`` (ms) divided by the number of requests."""
        return cpu / len(self.times)


def table_version(html: str) -> int:
    """The play's version in a table page or fragment."""
    m = re.search(r'name="version" value="(\d+)"', html)
    if m is None:
        raise RuntimeError("no version in the table")
    return int(m.group(1))


KEYED_PILE = re.compile(r'data-key="([0-9a-f]{8})" data-pile="([^"]+)"')


class ShownPiles:
    """The piles a browser shows, by key, as the table's script tracks them (``FT-Piles``):
    every pile an answer brings whole replaces the one shown; stand-ins keep it."""

    def __init__(self, html: str) -> None:
        self.keys: dict[str, str] = {}
        self.update(html)

    def update(self, html: str) -> None:
        self.keys.update((name, key) for key, name in KEYED_PILE.findall(html))

    def headers(self) -> dict[str, str]:
        return {"HX-Request": "true", "FT-Piles": " ".join(f"{n}={k}" for n, k in self.keys.items())}


def move_visitor(c: httpx.Client, k: int) -> Step:
    """A player of deal ``MOVE_DEALS + k``: opens it, then draws and undoes alternately (HTMX
    posts, naming the piles shown as the browser does)."""
    number = MOVE_DEALS + k
    page = c.get(f"/game/{number}").text
    version, shown = table_version(page), ShownPiles(page)

    def step(i: int) -> None:
        nonlocal version
        action = "draw" if i % 2 == 0 else "undo"
        data = {"mode": "classic", "version": str(version)}
        r = c.post(f"/game/{number}/{action}", data=data, headers=shown.headers())
        if r.status_code != 200 or 'id="table"' not in r.text:
            raise RuntimeError(f"{action}: {r.status_code} {r.text[:200]!r}")
        shown.update(r.text)
        version += 1

    return step


def hello_visitor(c: httpx.Client, k: int) -> Step:
    """A client of the hello-world app: ``GET /hello`` again and again."""

    def step(i: int) -> None:
        r = c.get("/hello")
        if r.status_code != 200:
            raise RuntimeError(f"hello: {r.status_code}")

    return step


def run_batch(base: str, pid: int, clients: int, per_client: int, visitor: Visitor) -> Batch:
    """``clients`` threads (an ``httpx.Client`` each) set up, then start together and make
    ``per_client`` timed requests each; server CPU is read just before the start and after the end."""
    times: list[float] = []
    errors: list[BaseException] = []
    set_up, go = threading.Barrier(clients + 1, timeout=60), threading.Barrier(clients + 1, timeout=60)

    def client(k: int) -> None:
        try:
            with httpx.Client(base_url=base, headers={"Accept-Encoding": BROWSER_ENCODINGS}, timeout=60) as c:
                step = visitor(c, k)
                set_up.wait()
                go.wait()
                for i in range(per_client):
                    t0 = time.perf_counter()
                    step(i)
                    times.append((time.perf_counter() - t0) * 1000)
        except Exception as exc:  # reported by the main thread
            errors.append(exc)
            set_up.abort()
            go.abort()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        set_up.wait()  # every client ready: no setup request counts, and none timed is sent yet
        cpu0, kids0, mine0, busy0 = cpu_ms(pid), children_cpu_ms(pid), time.process_time(), machine_busy_ms()
        go.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    if errors:
        raise errors[0]
    busy, mine = machine_busy_ms() - busy0, (time.process_time() - mine0) * 1000
    server, kids = cpu_ms(pid) - cpu0, max(children_cpu_ms(pid) - kids0, 0.0)
    return Batch(times, wall, server, kids, mine, busy - server - kids - mine)


def pct(values: list[float], q: float) -> float:
    """The ``q``-th percentile of ``values``."""
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else values[0]


def measure_load(game: tuple[str, int], hello: tuple[str, int], requests: int, clients: int) -> dict[str, Batch]:
    """Moves and hellos at 1 and at ``clients`` clients, keyed ``"move 1"``, ``"hello 32"`` …
    Per client: ``requests`` moves alone, ``requests // 8`` (≥ 10) each among many; hellos 5× as many."""
    run_batch(*game, 1, 20, move_visitor)  # warm up
    run_batch(*hello, 1, 100, hello_visitor)
    batches = {}
    for name, (base, pid), visitor, scale in (("move", game, move_visitor, 1), ("hello", hello, hello_visitor, 5)):
        for n in (1, clients):
            per_client = requests * scale if n == 1 else max(requests * scale // 8, 10)
            batches[f"{name} {n}"] = run_batch(base, pid, n, per_client, visitor)
    return batches


def print_load(batches: dict[str, Batch], clients: int) -> None:
    """The load table, and server CPU move ÷ hello at each concurrency."""
    print(
        f"\n{'':<13}{'clients':>8}{'requests':>10}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'p99/p50':>9}"
        f"{'server CPU':>12}{'client CPU':>12}{'others':>12}"
    )
    for key, b in batches.items():
        name, n = key.split()
        label = "move (HTMX)" if name == "move" else "hello-world"
        p50, p99 = pct(b.times, 50), pct(b.times, 99)
        print(
            f"{label:<13}{n:>8}{len(b.times):>10}{b.rate:>8,.0f}{p50:>9.2f}{p99:>9.2f}{p99 / p50:>8.1f}×"
            f"{b.per_request(b.server_cpu):>9.2f} ms{b.per_request(b.client_cpu):>9.2f} ms"
            f"{b.others_cores:>7.2f} cores"
        )
        if b.children_cpu:
            print(f"{'':<13}  (+ {b.per_request(b.children_cpu):.2f} ms/request in the server's child processes)")
    ratios = [f"{n} client(s) {cpu_ratio(batches, n):.1f}×" for n in (1, clients)]
    print("server CPU per request, move ÷ hello-world: " + " · ".join(ratios))
    print(
        "(server and client CPU: ms per request, the server's from /proc/<pid>/stat, the client's this script's;"
        " others: cores the rest of the machine used meanwhile)"
    )
    if max(b.others_cores for b in batches.values()) > 0.1:
        print("WARNING: other processes used CPU during the batches: these figures are disturbed, run again")


def cpu_ratio(batches: dict[str, Batch], clients: int) -> float:
    """Server CPU per move ÷ server CPU per hello-world request, at ``clients`` clients."""
    move, hello = batches[f"move {clients}"], batches[f"hello {clients}"]
    return move.per_request(move.server_cpu) / hello.per_request(hello.server_cpu)


# --- bytes -----------------------------------------------------------------------------------


def gzip6(body: bytes) -> int:
    """Size of ``body`` gzipped at level 6 (what a server would typically send)."""
    return len(gzip.compress(body, compresslevel=6, mtime=0))


@dataclass
class MoveAnswer:
    """A move's answer: plain size, and per asked encoding the encoding got and the wire bytes."""

    plain: int
    content_length: str | None
    by_encoding: dict[str, tuple[str, int]]
    gzip6: int


def move_answer(base: str, number: int = 2000) -> MoveAnswer:
    """A draw's answer on deal ``number`` with ``Accept-Encoding: identity``, ``gzip``, ``br``, ``zstd``,
    to a browser that names the piles it shows (each draw undone, so each answer is the same;
    the first draw, which also sends the aces up, is not measured)."""
    with httpx.Client(base_url=base) as c:
        page = c.get(f"/game/{number}").text
        version, shown = table_version(page), ShownPiles(page)
        form = {"mode": "classic", "version": str(version)}
        shown.update(c.post(f"/game/{number}/draw", data=form, headers=shown.headers()).text)
        version += 1
        answers: dict[str, httpx.Response] = {}
        for encoding in ("identity", "gzip", *ENCODINGS[2:]):
            form = {"mode": "classic", "version": str(version)}
            headers = {**shown.headers(), "Accept-Encoding": encoding}
            answers[encoding] = c.post(f"/game/{number}/draw", data=form, headers=headers)
            shown.update(answers[encoding].text)
            undo = {"mode": "classic", "version": str(version + 1)}
            shown.update(c.post(f"/game/{number}/undo", data=undo, headers=shown.headers()).text)
            version += 2
    plain = answers["identity"]
    if plain.status_code != 200 or b'id="table"' not in plain.content:
        raise RuntimeError(f"draw: {plain.status_code} {plain.content[:200]!r}")
    return MoveAnswer(
        plain=plain.num_bytes_downloaded,
        content_length=plain.headers.get("content-length"),
        by_encoding={
            e: (r.headers.get("content-encoding", "identity"), r.num_bytes_downloaded) for e, r in answers.items()
        },
        gzip6=gzip6(plain.content),
    )


def compressed_wire(answer: MoveAnswer) -> int | None:
    """The smallest wire size of the move's answer when the server compressed it, else None."""
    sizes = [n for got, n in answer.by_encoding.values() if got != "identity"]
    return min(sizes) if sizes else None


def print_move_answer(answer: MoveAnswer) -> None:
    """The move's answer sizes, and gzip -6 computed here when the server does not compress."""
    print(f"\nmove answer (HTMX draw): plain {answer.plain:,} B (Content-Length {answer.content_length})")
    for asked, (got, size) in answer.by_encoding.items():
        if asked != "identity":
            print(f"  Accept-Encoding: {asked:<5} → {got}, {size:,} B on the wire")
    if compressed_wire(answer) is None:
        print(f"  the server does not compress; if compressed, gzip -6 would make it {answer.gzip6:,} B")


class StaticRefs(HTMLParser):
    """Collects ``link href``, ``script src`` and ``img src`` under ``/static`` (in order, once each)."""

    ATTRS = {"link": "href", "script": "src", "img": "src"}

    def __init__(self) -> None:
        super().__init__()
        self.paths: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note the tag's resource when it is one of ours."""
        value = dict(attrs).get(self.ATTRS.get(tag, ""))
        if value and value.startswith("/static/") and value not in self.paths:
            self.paths.append(value)


@dataclass
class Fetched:
    """One resource as fetched: status, wire body bytes, header bytes, plain and gzip -6 sizes, cache headers."""

    path: str
    status: int
    wire: int
    header_bytes: int
    plain: int
    gzip6: int
    cache_control: str
    etag: str | None
    last_modified: str | None


def fetch(c: httpx.Client, path: str, headers: dict[str, str] | None = None) -> tuple[Fetched, bytes]:
    """GET ``path``; what it cost, and the plain body."""
    r = c.get(path, headers=headers)
    head = sum(len(k) + len(v) + 4 for k, v in r.headers.raw) + len(r.reason_phrase) + 15
    found = Fetched(
        path=path,
        status=r.status_code,
        wire=r.num_bytes_downloaded,
        header_bytes=head,
        plain=len(r.content),
        gzip6=gzip6(r.content) if r.content else 0,
        cache_control=r.headers.get("cache-control", ""),
        etag=r.headers.get("etag"),
        last_modified=r.headers.get("last-modified"),
    )
    return found, r.content


def fresh_without_asking(cache_control: str) -> bool:
    """Whether a cache reuses the response on a second visit without asking (immutable or a max-age)."""
    cc = cache_control.lower()
    if "no-store" in cc or "no-cache" in cc:
        return False
    m = re.search(r"max-age=(\d+)", cc)
    return "immutable" in cc or bool(m and int(m.group(1)) > 0)


def revisit(c: httpx.Client, first: Fetched) -> Fetched | None:
    """The second visit's fetch of a resource: None when cached, else a (conditional) GET."""
    if fresh_without_asking(first.cache_control):
        return None
    headers = {}
    if "no-store" not in first.cache_control.lower():
        if first.etag:
            headers["If-None-Match"] = first.etag
        if first.last_modified:
            headers["If-Modified-Since"] = first.last_modified
    return fetch(c, first.path, headers)[0]


def page_loads(base: str, number: int = 3000) -> tuple[list[Fetched], list[Fetched | None]]:
    """A fresh browser-like client opens ``/game/{number}`` and every ``/static`` file it names
    (cold), then visits again honouring the cache (warm); each visit's fetches, in order."""
    headers = {"Accept": "text/html,*/*", "Accept-Encoding": BROWSER_ENCODINGS}
    with httpx.Client(base_url=base, headers=headers) as c:
        page, html = fetch(c, f"/game/{number}")
        parser = StaticRefs()
        parser.feed(html.decode())
        cold = [page] + [fetch(c, path)[0] for path in parser.paths]
        warm = [revisit(c, first) for first in cold]
    return cold, warm


def print_page_loads(cold: list[Fetched], warm: list[Fetched | None]) -> None:
    """Per resource: cold wire/plain/gzip -6 bytes, caching headers, warm bytes; then the totals."""
    print(f"\nfirst load of a table page (bytes of bodies on the wire; client accepts {BROWSER_ENCODINGS}):")
    print(f"  {'resource':<28}{'cold':>8}{'plain':>8}{'gzip -6':>9}  {'caching':<34}{'warm':>10}")
    for first, again in zip(cold, warm, strict=True):
        caching = first.cache_control or "-"
        caching += " +ETag" if first.etag else ""
        caching += " +Last-Modified" if first.last_modified else ""
        second = "cached" if again is None else f"{again.wire:,}" + (" (304)" if again.status == 304 else "")
        print(f"  {first.path:<28}{first.wire:>8,}{first.plain:>8,}{first.gzip6:>9,}  {caching:<34}{second:>10}")
    cold_wire, warm_wire = sum(f.wire for f in cold), sum(f.wire for f in warm if f)
    cold_head, warm_head = sum(f.header_bytes for f in cold), sum(f.header_bytes for f in warm if f)
    print(f"  cold: {cold_wire:,} B ({cold_wire / KB:.1f} KB) in {len(cold)} requests (+ ≈{cold_head:,} B of headers)")
    if all(f.wire == f.plain for f in cold):
        gz = sum(f.gzip6 for f in cold)
        print(
            f"        the server compresses none of it; if compressed, gzip -6 would make {gz:,} B ({gz / KB:.1f} KB)"
        )
    fetched = sum(1 for f in warm if f)
    print(f"  warm: {warm_wire:,} B ({warm_wire / KB:.1f} KB) in {fetched} requests (+ ≈{warm_head:,} B of headers)")


# --- targets ---------------------------------------------------------------------------------


def print_targets(
    batches: dict[str, Batch], answer: MoveAnswer, cold: list[Fetched], warm: list[Fetched | None]
) -> None:
    """The issue's targets next to the figures; a target on CPU is met only if it is at 1 and at N clients."""
    n = max(int(k.split()[1]) for k in batches)
    move_cpu = [batches[f"move {k}"].per_request(batches[f"move {k}"].server_cpu) for k in (1, n)]
    ratios = [cpu_ratio(batches, k) for k in (1, n)]
    spread = pct(batches[f"move {n}"].times, 99) / pct(batches[f"move {n}"].times, 50)
    answer_wire = compressed_wire(answer) or answer.plain
    cold_wire, warm_wire = sum(f.wire for f in cold), sum(f.wire for f in warm if f)
    cold_gzip6 = sum(f.gzip6 for f in cold)
    uncompressed = " (not compressed; if compressed, gzip -6: {:,} B)"
    rows = [
        (
            f"server CPU per move (1 / {n} clients)",
            " / ".join(f"{v:.2f} ms" for v in move_cpu),
            "≤ 3 ms",
            max(move_cpu) <= 3,
            "",
        ),
        (f"server CPU move ÷ hello (1 / {n})", " / ".join(f"{v:.1f}×" for v in ratios), "≤ 6×", max(ratios) <= 6, ""),
        (f"move p99 ÷ p50 at {n} clients", f"{spread:.1f}×", "≤ 4×", spread <= 4, ""),
        (
            "move answer, on the wire",
            f"{answer_wire:,} B",
            "≤ 4 KB compressed",
            answer_wire <= 4 * KB,
            uncompressed.format(answer.gzip6) if compressed_wire(answer) is None else "",
        ),
        (
            "first load (cold), on the wire",
            f"{cold_wire:,} B",
            "≤ 40 KB compressed",
            cold_wire <= 40 * KB,
            uncompressed.format(cold_gzip6) if all(f.wire == f.plain for f in cold) else "",
        ),
        ("warm reload, on the wire", f"{warm_wire:,} B", "≤ 8 KB", warm_wire <= 8 * KB, ""),
    ]
    print(f"\ntargets (issue; KB = {KB} B):")
    for label, figure, target, met, note in rows:
        print(f"  {label:<38}{figure:>22}   {target:<20}{'met' if met else 'NOT MET':<8}{note}".rstrip())


def main() -> None:
    """Run every figure and print it."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--requests", type=int, default=400, help="moves by a lone client (the rest scale with it)")
    ap.add_argument("--clients", type=int, default=32, help="concurrent clients of the loaded batches")
    ap.add_argument("--workers", type=int, help="only the scaling figure: moves with FT_WORKERS=N (bench/processes.py)")
    ap.add_argument(
        "--database", choices=["sqlite", "postgresql"], action="append", help="with --workers (both if none)"
    )
    ap.add_argument(
        "--client",
        choices=["lean", "httpx"],
        default="lean",
        help="with --workers: asyncio players on hand-written HTTP/1.1 (bench/lean_client.py), or httpx threads",
    )
    args = ap.parse_args()
    if args.workers is not None or args.database:
        from bench import processes

        databases = args.database or ["sqlite", "postgresql"]
        processes.main(args.workers or 1, databases, args.requests, args.clients, args.client)
        return

    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (1 min) at the start")
    rate, actions = engine_actions_per_second(args.playouts)
    print(f"engine: {rate:,.0f} actions/s ({actions:,} actions over {args.playouts} random playouts, auto-safe on)")
    loop = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"
    http = "httptools" if importlib.util.find_spec("httptools") else "h11"
    print(
        f"servers: one uvicorn process each ({loop} loop, {http}, log level warning) on 127.0.0.1; "
        f"the game with {' '.join(f'{k}={v}' for k, v in GAME_SERVER_ENV.items())} (no background solver)"
    )
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as running:
        game_proc, game = start_server(tmp, GAME_SERVER_ENV)
        running.callback(stop, game_proc)
        hello_proc, hello = start_hello()
        running.callback(stop, hello_proc)
        batches = measure_load((game, game_proc.pid), (hello, hello_proc.pid), args.requests, args.clients)
        print_load(batches, args.clients)
        answer = move_answer(game)
        print_move_answer(answer)
        cold, warm = page_loads(game)
        print_page_loads(cold, warm)
        print_targets(batches, answer, cold, warm)
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the end (this run included)")


if __name__ == "__main__":
    main()
