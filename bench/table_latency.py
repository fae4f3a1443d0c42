"""Benchmark: how quickly the table answers a tap in real Chromium with the network slowed to
150 ms of latency (DevTools' Network.emulateNetworkConditions): the time from a tap on a card to
its lit places, and from a drop on a lit place to the first frame of the cards' slide, each the
median and the worst of 20, plus the requests and bytes a move costs.

    .venv/bin/python bench/table_latency.py [--latency-ms 150] [--rounds 20]

It starts the real server (one process) on a free loopback port with a temporary data folder.
The times are measured in the page (the event's timestamp to the moment the page shows it), so
the test driver's own delays do not count. Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP  # noqa: E402
from tests.browser.latency import one_round, slow_network  # noqa: E402
from tests.live_server import live_server  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--latency-ms", type=float, default=150.0)
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp, live_server(Path(tmp)) as base_url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        taps, drops = [], []
        for _ in range(args.rounds):
            context = browser.new_context(viewport=DESKTOP)
            page = context.new_page()
            slow_network(context, page, args.latency_ms)
            sent: list[int] = []
            page.on(
                "requestfinished",
                lambda r, out=sent: out.append(r.sizes()["responseBodySize"]) if r.method == "POST" else None,
            )
            tap, drop = one_round(page, base_url)
            taps.append(tap)
            drops.append(drop)
            context.close()
        browser.close()
    print(f"network latency emulated: {args.latency_ms:.0f} ms; {args.rounds} rounds, a fresh play each")
    for name, values in (("tap to lit places", taps), ("drop to the slide's first frame", drops)):
        print(f"{name:32} median {statistics.median(values):6.1f} ms · worst {max(values):6.1f} ms")
    print(f"requests per move: 1 POST; its answer's body: {sent[-1] if sent else 0:,} B on the wire (last round)")


if __name__ == "__main__":
    main()
