"""Benchmark: hint latency through the real server (``POST /api/plays/{id}/hint``).

    .venv/bin/python bench/hints.py [--plays 20] [--mode classic]

For each of ``--plays`` deals it deals a play, makes a few random legal moves (so most hints
need a fresh solve from a mid-game position), then asks for a hint, follows it, and asks again
(on the kept line: answered at once). Prints p50/p95/max for both kinds. Nothing here is a
pass/fail test; the issue's target is hint p95 ≤ 1 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import pct, start_server  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plays", type=int, default=20)
    ap.add_argument("--mode", default="classic")
    ap.add_argument("--random-moves", type=int, default=6)
    args = ap.parse_args()
    rng = random.Random(11)
    fresh: list[float] = []
    on_line: list[float] = []
    kinds: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = start_server(tmp)
        try:
            for k in range(args.plays):
                # No cookies kept: every request is a new visitor, so the rate limit stays out of the way.
                play = httpx.post(f"{base}/api/games/{1000 + k}/plays", json={"mode": args.mode}).json()
                for _ in range(args.random_moves):
                    moves = [m for m in play["legal_moves"] if m != "D"] or play["legal_moves"]
                    if not moves or play["status"] != "playing":
                        break
                    play = httpx.post(
                        f"{base}/api/plays/{play['play_id']}/moves",
                        json={"move": rng.choice(moves), "version": play["version"]},
                    ).json()
                if play["status"] != "playing":
                    continue
                t0 = time.perf_counter()
                hint = httpx.post(f"{base}/api/plays/{play['play_id']}/hint", timeout=30).json()
                fresh.append(time.perf_counter() - t0)
                kinds[hint["reason"]] = kinds.get(hint["reason"], 0) + 1
                play = httpx.post(
                    f"{base}/api/plays/{play['play_id']}/moves", json={"move": hint["move"], "version": play["version"]}
                ).json()
                if play["status"] == "playing":
                    t0 = time.perf_counter()
                    httpx.post(f"{base}/api/plays/{play['play_id']}/hint", timeout=30)
                    on_line.append(time.perf_counter() - t0)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    for name, values in (("first hint (solve)", fresh), ("next hint (same line or re-solve)", on_line)):
        if values:
            print(
                f"{name}: n={len(values)} p50 {statistics.median(values) * 1000:.0f} ms · "
                f"p95 {pct(values, 95) * 1000:.0f} ms · max {max(values) * 1000:.0f} ms"
            )
    for reason, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"  {n:>3} × {reason}")


if __name__ == "__main__":
    main()
