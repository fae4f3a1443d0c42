"""Solver figures on one core: verdict counts, time percentiles, speed, peak memory.

    python bench/solver.py                       # the full set (about 15 minutes)
    python bench/solver.py --runs classic:1-20:2s relaxed:1-20:1s

Each run is ``mode:first-last:budget`` (budget as the CLI reads it: ``1s``, ``500ms``,
``20000n``). The default runs are Classic and Relaxed 1–200 at 1 s per deal and Classic 1–100
at 10 s per deal.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.solver import SOLVER_VERSION, parse_budget, survey  # noqa: E402
from app.solver.cli import speed_name  # noqa: E402
from app.solver.survey import SurveyRow, percentile  # noqa: E402

DEFAULT_RUNS = ["classic:1-200:1s", "relaxed:1-200:1s", "classic:1-100:10s"]


def run(spec: str) -> str:
    """Solve one ``mode:first-last:budget`` run; returns its report line."""
    mode, span, budget_text = spec.split(":")
    first, last = (int(x) for x in span.split("-"))
    budget = parse_budget(budget_text)
    rows: list[SurveyRow] = []
    t0 = time.perf_counter()
    for row in survey(range(first, last + 1), mode, budget_ms=budget.ms, max_nodes=budget.nodes):
        rows.append(row)
        print(f"\r{spec}: {len(rows)}/{last - first + 1}", end="", file=sys.stderr, flush=True)
    print("\r\033[K", end="", file=sys.stderr)
    wall = time.perf_counter() - t0
    counts = {v: sum(1 for r in rows if r.verdict == v) for v in ("winnable", "unwinnable", "unknown")}
    secs = [r.elapsed_ms / 1000 for r in rows]
    rate = sum(r.nodes for r in rows) / sum(secs) if sum(secs) else 0.0
    resolved = [r.elapsed_ms / 1000 for r in rows if r.verdict != "unknown"]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return (
        f"{spec:<22} winnable {counts['winnable']:>4}  unwinnable {counts['unwinnable']:>3}  "
        f"unknown {counts['unknown']:>4}  | s/deal median {percentile(secs, 0.5):.2f} "
        f"p90 {percentile(secs, 0.9):.2f} (resolved: median {percentile(resolved, 0.5):.2f} "
        f"p90 {percentile(resolved, 0.9):.2f}) | {rate:,.0f} nodes/s | peak RSS {peak_mb:.0f} MB "
        f"| wall {wall:.0f}s"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", nargs="+", default=DEFAULT_RUNS, help="mode:first-last:budget …")
    args = p.parse_args()
    print(f"solver {SOLVER_VERSION}, {speed_name()}, one core, Python {sys.version.split()[0]}")
    for spec in args.runs:
        print(run(spec), flush=True)


if __name__ == "__main__":
    main()
