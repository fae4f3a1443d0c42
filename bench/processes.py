"""The server's scaling figure (``bench/server.py --workers N --database sqlite|postgresql``): moves
(HTMX draw and undo, as :func:`bench.server.move_visitor` plays them) at 32 clients against
``python -m app`` with ``FT_WORKERS=N`` on a SQLite file or on a throwaway PostgreSQL server
(``tests/pg_server.py``, durable: fsync on, as in production). Prints the throughput, p50 and
p99, the server's CPU per move (all its processes), the cores the clients (this script) kept
busy, and the cores other processes on the machine kept busy meanwhile (the figures are noisy
when that is not near 0)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time

import httpx

from bench.lean_client import run_batch_lean
from bench.server import GAME_SERVER_ENV, ROOT, Batch, free_port, move_visitor, pct, run_batch, stop


def start_game(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    """``python -m app`` (migrate, then serve) with ``env`` on a free port; waits ≤ 90 s."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "app"],
        cwd=ROOT,
        env={**os.environ, **env, "FT_PORT": str(port)},
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and proc.poll() is None:
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(base + "/healthz").status_code == 200:
                return proc, base
        time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the game server did not start")


def measure(workers: int, database: str, requests: int, clients: int, client: str) -> Batch:
    """One measured batch of moves: ``clients`` clients, ``requests // 8`` (≥ 10) moves each,
    after a warm-up batch (every worker process serves some). ``client``: ``lean`` (asyncio,
    :mod:`bench.lean_client`) or ``httpx`` (threads, :func:`bench.server.run_batch`)."""
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as running:
        if database == "postgresql":
            sys.path.insert(0, str(ROOT))
            from tests.pg_server import PgServer

            pg = PgServer(durable=True).start()
            running.callback(pg.stop)
            url = pg.create_database()
        else:
            url = f"sqlite:///{tmp}/bench.sqlite3"
        env = {**GAME_SERVER_ENV, "FT_DATA_DIR": tmp, "FT_DATABASE_URL": url, "FT_WORKERS": str(workers)}
        proc, base = start_game(env)
        running.callback(stop, proc)
        if client == "lean":
            run_batch_lean(base, proc.pid, clients, 10)  # warm-up
            return run_batch_lean(base, proc.pid, clients, max(requests // 8, 10))
        run_batch(base, proc.pid, clients, 10, move_visitor)
        return run_batch(base, proc.pid, clients, max(requests // 8, 10), move_visitor)


def print_row(workers: int, database: str, clients: int, batch: Batch) -> None:
    """One line of the scaling table."""
    server = (batch.server_cpu + batch.children_cpu) / len(batch.times)
    print(
        f"{workers:>8}{database:>12}{clients:>9}{len(batch.times):>10}{batch.rate:>8.0f}"
        f"{pct(batch.times, 50):>9.1f}{pct(batch.times, 99):>9.1f}{server:>14.2f}"
        f"{batch.client_cpu / 1000 / batch.wall:>14.2f}{batch.others_cores:>14.2f}"
    )


def main(workers: int, databases: list[str], requests: int, clients: int, client: str = "lean") -> None:
    """Measure and print each database at ``workers`` worker processes."""
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cores, load average {load:.2f} (1 min) at the start; {client} clients")
    print(
        f"{'workers':>8}{'database':>12}{'clients':>9}{'moves':>10}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'server ms/mv':>14}{'client cores':>14}{'other cores':>14}"
    )
    for database in databases:
        print_row(workers, database, clients, measure(workers, database, requests, clients, client))
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the end (this run included)")
