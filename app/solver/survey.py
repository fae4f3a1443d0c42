"""Surveys: solve many deals and sum up (counts with Wilson 95 % intervals, time percentiles,
speed). :func:`survey` yields one :class:`SurveyRow` per deal, so a caller can store each as
it comes."""

from __future__ import annotations

import csv
import math
import statistics
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path

from app.engine import MODES, deal

from .processes import end_with_parent
from .solve import SOLVER_VERSION, UNKNOWN, UNWINNABLE, WINNABLE, solve

CSV_FIELDS = ("number", "mode", "verdict", "line_length", "nodes", "elapsed_ms", "solver_version")


@dataclass(frozen=True, slots=True)
class SurveyRow:
    """One solved deal.

    :ivar number: the game number. :ivar mode: the mode's name (``"classic"``).
    :ivar verdict: winnable, unwinnable or unknown. :ivar moves: the winning line (or empty).
    :ivar nodes: positions searched. :ivar elapsed_ms: wall-clock milliseconds.
    :ivar solver_version: :data:`.solve.SOLVER_VERSION`.
    """

    number: int
    mode: str
    verdict: str
    moves: tuple[str, ...]
    nodes: int
    elapsed_ms: float
    solver_version: str = SOLVER_VERSION

    def csv_row(self) -> list[object]:
        """The values of :data:`CSV_FIELDS`."""
        return [
            self.number,
            self.mode,
            self.verdict,
            len(self.moves),
            self.nodes,
            round(self.elapsed_ms, 1),
            self.solver_version,
        ]


def solve_job(job: tuple[int, str, float | None, int | None]) -> SurveyRow:
    """Solve one deal of a survey: ``job`` is (game number, mode name, budget in ms or None,
    node budget or None). Picklable by reference, so a process pool or a Dask worker runs it."""
    number, mode, budget_ms, max_nodes = job
    rules = MODES[mode]
    r = solve(deal(number, rules), rules, budget_ms=budget_ms, max_nodes=max_nodes)
    return SurveyRow(number, mode, r.status, r.moves, r.nodes, r.elapsed_ms)


def survey(
    numbers: Iterable[int], mode: str, *, budget_ms: float | None = None, max_nodes: int | None = None, workers: int = 1
) -> Iterator[SurveyRow]:
    """Solve the deal of each game number in ``mode``, yielding rows in the order given.

    :param workers: processes to use (1: solve in this process).
    :raises ValueError: for an unknown mode, or no budget.
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}")
    if budget_ms is None and max_nodes is None:
        raise ValueError("a survey needs a budget: budget_ms and/or max_nodes")
    jobs = ((n, mode, budget_ms, max_nodes) for n in numbers)
    if workers <= 1:
        yield from map(solve_job, jobs)
        return
    with get_context("spawn").Pool(workers, initializer=end_with_parent) as pool:
        yield from pool.imap(solve_job, jobs, chunksize=1)


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k`` of ``n`` (E. B. Wilson, "Probable
    inference, the law of succession, and statistical inference", Journal of the American
    Statistical Association 22 (1927) 209–212), as fractions: the proportions ``p`` for which
    ``|k/n − p| ≤ z·sqrt(p(1−p)/n)``. ``z`` = 1.959964 gives the two-sided 95 % interval (each
    end is then a one-sided 97.5 % bound). Unlike the plain ``p ± z·se`` it stays within 0 … 1
    and is not empty at ``k`` = 0 or ``n``.

    :returns: (low, high); (0, 1) when ``n`` is 0.
    :raises ValueError: unless 0 ≤ ``k`` ≤ ``n``.
    """
    if not 0 <= k <= n:
        raise ValueError(f"a proportion needs 0 <= k <= n, not k={k}, n={n}")
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (0.0 if k == 0 else centre - half, 1.0 if k == n else centre + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0 … 1) of ``values``, linear between order statistics; 0 if empty."""
    if not values:
        return 0.0
    s = sorted(values)
    pos = q * (len(s) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def summary_lines(rows: list[SurveyRow]) -> list[str]:
    """A small text table: per verdict its count, share and Wilson 95 % interval; then median
    and p90 seconds (all deals, and the resolved ones) and nodes per second."""
    n = len(rows)
    out = [f"{'verdict':<11} {'count':>6} {'share':>7}  95% interval"]
    for verdict in (WINNABLE, UNWINNABLE, UNKNOWN):
        k = sum(1 for r in rows if r.verdict == verdict)
        lo, hi = wilson(k, n)
        share = k / n if n else 0.0
        out.append(f"{verdict:<11} {k:>6} {share:>7.1%}  {lo:6.1%} – {hi:6.1%}")
    secs = [r.elapsed_ms / 1000 for r in rows]
    solved = [r.elapsed_ms / 1000 for r in rows if r.verdict != UNKNOWN]
    total_s = sum(secs)
    rate = sum(r.nodes for r in rows) / total_s if total_s else 0.0
    out.append(
        f"time (s): median {percentile(secs, 0.5):.2f}, p90 {percentile(secs, 0.9):.2f}; "
        f"resolved deals: median {percentile(solved, 0.5):.2f}, p90 {percentile(solved, 0.9):.2f}"
    )
    out.append(
        f"speed: {rate:,.0f} nodes/s over {n} deals "
        f"(mean line {statistics.fmean([len(r.moves) for r in rows if r.moves] or [0]):.0f} moves)"
    )
    return out


def write_csv(rows: Iterable[SurveyRow], path: str | Path) -> None:
    """Write ``rows`` with the header :data:`CSV_FIELDS`."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(CSV_FIELDS)
        for r in rows:
            w.writerow(r.csv_row())
