"""Benchmark: engine actions/s over random playouts, and the server's move round trip
(an HTMX request to the table fragment) at 1 and at 16 concurrent clients on SQLite.

    .venv/bin/python bench/server.py [--playouts 200] [--requests 400]

It starts the real server (uvicorn, one process) on a free loopback port with a temporary
data folder, and prints the figures. Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
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
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import CLASSIC, RELAXED, Game, deal  # noqa: E402


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "FT_DATA_DIR": data_dir, "FT_PORT": str(port), "FT_SECRET_KEY": "bench"}
    proc = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            if httpx.get(base + "/healthz").status_code == 200:
                return proc, base
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def client_loop(base: str, number: int, requests: int, out: list[float]) -> None:
    """One visitor: open a deal, then alternate draw and undo as HTMX posts; time each."""
    with httpx.Client(base_url=base, headers={"HX-Request": "true"}) as c:
        page = c.get(f"/game/{number}").text
        version = int(re.search(r'name="version" value="(\d+)"', page).group(1))  # type: ignore[union-attr]
        for i in range(requests):
            action = "draw" if i % 2 == 0 else "undo"
            t0 = time.perf_counter()
            r = c.post(f"/game/{number}/{action}", data={"mode": "classic", "version": str(version)})
            out.append((time.perf_counter() - t0) * 1000)
            assert r.status_code == 200 and 'id="table"' in r.text
            version += 1


def round_trips(base: str, clients: int, requests: int) -> list[float]:
    times: list[float] = []
    threads = [threading.Thread(target=client_loop, args=(base, 1000 + k, requests, times)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else values[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--requests", type=int, default=400, help="round trips per client")
    args = ap.parse_args()

    rate, actions = engine_actions_per_second(args.playouts)
    print(f"engine: {rate:,.0f} actions/s ({actions:,} actions over {args.playouts} random playouts, auto-safe on)")

    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(tmp)
        try:
            round_trips(base, 1, 20)  # warm up
            for clients in (1, 16):
                per_client = args.requests if clients == 1 else max(args.requests // 4, 25)
                t0 = time.perf_counter()
                times = round_trips(base, clients, per_client)
                wall = time.perf_counter() - t0
                print(
                    f"move round trip, {clients:>2} client(s): p50 {pct(times, 50):.1f} ms · "
                    f"p99 {pct(times, 99):.1f} ms · {len(times) / wall:,.0f} actions/s ({len(times)} requests)"
                )
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
