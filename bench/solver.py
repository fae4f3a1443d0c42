"""Solver figures on one core: deals resolved (won, or proved lost), speed, peak memory.

    python bench/solver.py                                  # Classic 1–100 and 101–200 at 1M positions
    python bench/solver.py --runs classic:1-100:6000000n   # the "60 s" budget
    python bench/solver.py --runs classic:1-20:2s relaxed:1-20:1s --verdicts out.csv
    python bench/solver.py --mode all --deals 1-200 --budget 100000n   # every variant, "1 s"
    python bench/solver.py --mode lucas,indian --budget 100000n 1000000n

Each run is ``mode:first-last:budget`` (budget as the CLI reads it: ``1000000n`` positions,
``10s``, ``500ms``); ``--mode`` (variants of RULES.md, "The family", comma-separated, or
``all``) with ``--deals`` and ``--budget`` makes one run per variant and budget. A position
budget (``n``) gives the same verdicts on every machine; the line says what it came to in
seconds here (positions per second). The compiled solver searches about 100,000 positions a
second on one quiet core, so 1,000,000 positions is "10 s" and 6,000,000 "60 s"; on a shared
machine it is slower, and the verdicts are the same.
Each run goes in a process of its own, so its peak memory (maximum resident set) is its own.
"""

from __future__ import annotations

import argparse
import csv
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.engine import MODES  # noqa: E402
from app.solver import SOLVER_VERSION, parse_budget, survey  # noqa: E402
from app.solver.cli import speed_name  # noqa: E402

DEFAULT_RUNS = ["classic:1-100:1000000n", "classic:101-200:1000000n"]


def run(spec: str) -> dict[str, Any]:
    """Solve one ``mode:first-last:budget`` run in this process; returns its figures and its
    verdicts (``rows``: number, verdict, nodes, seconds)."""
    mode, span, budget_text = spec.split(":")
    first, last = (int(x) for x in span.split("-"))
    budget = parse_budget(budget_text)
    rows: list[tuple[int, str, int, float]] = []
    t0 = time.perf_counter()
    for row in survey(range(first, last + 1), mode, budget_ms=budget.ms, max_nodes=budget.nodes):
        rows.append((row.number, row.verdict, row.nodes, row.elapsed_ms / 1000))
        print(f"\r{spec}: {len(rows)}/{last - first + 1}", end="", file=sys.stderr, flush=True)
    print("\r\033[K", end="", file=sys.stderr)
    return {
        "spec": spec,
        "rows": rows,
        "wall": time.perf_counter() - t0,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def report(fig: dict[str, Any]) -> str:
    """The line of one run's figures."""
    rows: list[list[Any]] = fig["rows"]
    won = sum(1 for r in rows if r[1] == "winnable")
    lost = sum(1 for r in rows if r[1] == "unwinnable")
    nodes = sum(r[2] for r in rows)
    seconds = sum(r[3] for r in rows)
    rate = nodes / seconds if seconds else 0.0
    return (
        f"{fig['spec']:<26} resolved {won + lost:>3}/{len(rows)} (won {won:>3}, lost {lost:>3})  "
        f"| {rate:,.0f} positions/s | peak RSS {fig['peak_mb']:.0f} MB | wall {fig['wall']:.0f} s"
    )


def mode_runs(modes: str, deals: str, budgets: list[str]) -> list[str]:
    """The runs of ``--mode``: each variant (``all``: every one, in the family's order) at
    each budget."""
    names = list(MODES) if modes == "all" else [m.strip() for m in modes.split(",") if m.strip()]
    unknown = [m for m in names if m not in MODES]
    if unknown:
        raise SystemExit(f"unknown mode {', '.join(unknown)}: one of {', '.join(MODES)}")
    return [f"{mode}:{deals}:{budget}" for mode in names for budget in budgets]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", nargs="+", default=None, help="mode:first-last:budget …")
    p.add_argument("--mode", help="variants, comma-separated, or 'all' (with --deals and --budget)")
    p.add_argument("--deals", default="1-200", help="first-last, for --mode (default 1-200)")
    p.add_argument("--budget", nargs="+", default=["100000n"], help="budgets, for --mode (default 100000n)")
    p.add_argument("--verdicts", type=Path, help="write every deal's verdict to this CSV file")
    p.add_argument("--one", help=argparse.SUPPRESS)  # a run in a child process: figures as JSON
    args = p.parse_args()
    if args.one:
        print(json.dumps(run(args.one)))
        return
    runs = args.runs or (mode_runs(args.mode, args.deals, args.budget) if args.mode else DEFAULT_RUNS)
    print(f"solver {SOLVER_VERSION}, {speed_name()}, one core, Python {sys.version.split()[0]}")
    out = csv.writer(args.verdicts.open("w", newline="")) if args.verdicts else None
    if out:
        out.writerow(["mode", "number", "budget", "verdict", "nodes", "seconds"])
    for spec in runs:
        child = subprocess.run(
            [sys.executable, __file__, "--one", spec], stdout=subprocess.PIPE, text=True, check=True, cwd=ROOT
        )
        fig = json.loads(child.stdout)
        print(report(fig), flush=True)
        if out:
            mode, _, budget_text = spec.split(":")
            for number, verdict, nodes, seconds in fig["rows"]:
                out.writerow([mode, number, budget_text, verdict, nodes, f"{seconds:.2f}"])


if __name__ == "__main__":
    main()
