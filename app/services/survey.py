"""The winnability survey: solve a documented sample of deals on Dask, store each verdict as it
comes, ship the results as data files, and grow the shipped pools from them.

- :class:`SurveyPlan`: which deals (a sample of :mod:`app.solver.sample`), mode and budget.
- :func:`run_survey`: solves the deals of a plan not yet stored (resumable: a re-run solves
  only what is missing), on a Dask ``LocalCluster`` of this machine or the scheduler given, with
  a progress bar; :func:`plain_rows` solves in this process instead.
- :func:`ship_survey` / :func:`load_shipped_survey`: the data files ``app/survey/{mode}.csv.gz``
  (every stored verdict) and their loading into the ``survey_verdicts`` table at start.
- :func:`grow_pool`: the decided verdicts into the shipped pool files (their format kept).

Run by ``python -m app.solver survey`` (:mod:`app.solver.cli`). A Dask cluster's workers need
this project installed (same solver version), as they import :mod:`app.solver`.
"""

from __future__ import annotations

import csv
import gzip
import io
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import insert
from sqlalchemy.orm import Session

from app.db import queries
from app.db.models import SurveyVerdict
from app.engine import MODES
from app.services.deals import pool_file, read_pool_file, write_pool_file
from app.services.published import SURVEY_DIR, read_survey_file, survey_file
from app.solver import SOLVER_VERSION, UNKNOWN, UNWINNABLE, WINNABLE, Budget
from app.solver.survey import SurveyRow, solve_job

FIELDS = ("sample", "number", "mode", "solver_version", "budget", "verdict", "nodes", "elapsed_ms", "line")
"""The columns of a shipped survey file."""

Job = tuple[int, str, float | None, int | None]
Rows = Callable[[list[Job]], Iterator[SurveyRow]]
"""A way to solve jobs (number, mode, budget ms, node budget): one row per job, in any order."""


def budget_text(budget: Budget) -> str:
    """A budget as stored: ``100000n``, ``10000ms`` or both joined with ``+`` (time first).

    :raises ValueError: for a budget with neither limit.
    """
    parts = []
    if budget.ms is not None:
        parts.append(f"{int(budget.ms) if float(budget.ms).is_integer() else budget.ms}ms")
    if budget.nodes is not None:
        parts.append(f"{budget.nodes}n")
    if not parts:
        raise ValueError("a survey needs a budget: time and/or nodes")
    return "+".join(parts)


@dataclass(frozen=True)
class SurveyPlan:
    """A survey: ``numbers`` (drawn for ``sample``, see :func:`app.solver.sample.sample_name`)
    in ``mode`` within ``budget``, by the solver as it is (:data:`SOLVER_VERSION`)."""

    sample: str
    numbers: list[int]
    mode: str
    budget: Budget
    solver_version: str = SOLVER_VERSION

    def key(self) -> dict[str, str]:
        """The stored columns that, with a number, name one verdict."""
        return {
            "sample": self.sample,
            "mode": self.mode,
            "solver_version": self.solver_version,
            "budget": budget_text(self.budget),
        }

    def job(self, number: int) -> Job:
        """What a worker solves for ``number``."""
        return (number, self.mode, self.budget.ms, self.budget.nodes)


def stored_verdicts(session: Session, plan: SurveyPlan) -> dict[int, str]:
    """The verdicts stored for ``plan``'s survey, by number (of its numbers or any other)."""
    return {r.number: r.verdict for r in _plan_rows(session, plan)}


def _plan_rows(session: Session, plan: SurveyPlan) -> list[SurveyVerdict]:
    k = plan.key()
    return queries.survey_rows(session, plan.mode, k["sample"], k["solver_version"], k["budget"])


def plan_verdicts(session: Session, plan: SurveyPlan) -> list[SurveyVerdict]:
    """The stored verdicts of ``plan``'s numbers, in the plan's order."""
    by_number = {r.number: r for r in _plan_rows(session, plan)}
    return [by_number[n] for n in plan.numbers if n in by_number]


def store_row(session: Session, plan: SurveyPlan, row: SurveyRow) -> None:
    """Add one solved deal of ``plan`` (the caller commits)."""
    line = " ".join(row.moves)
    session.add(
        SurveyVerdict(
            **plan.key(),
            number=row.number,
            verdict=str(row.verdict),
            nodes=row.nodes,
            elapsed_ms=round(row.elapsed_ms, 1),
            line=line or None,
            line_length=len(row.moves) or None,
            solved_at=datetime.now(UTC),
        )
    )


def plain_rows(jobs: list[Job]) -> Iterator[SurveyRow]:
    """Solve ``jobs`` one after the other in this process."""
    return map(solve_job, jobs)


def dask_rows(scheduler: str | None = None, workers: int = 2, processes: bool = True) -> Rows:
    """A :data:`Rows` that solves on Dask: on the scheduler at ``scheduler``
    (``tcp://host:8786``), or on a ``LocalCluster`` of ``workers`` single-threaded workers
    (``processes=False``: threads of this process, for tests) made for the run and closed after.
    Rows come as deals finish."""

    def rows(jobs: list[Job]) -> Iterator[SurveyRow]:
        from distributed import Client, LocalCluster, as_completed

        cluster = None
        if scheduler is None:
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=processes, dashboard_address="127.0.0.1:0"
            )
        try:
            with Client(scheduler or cluster) as client:  # type: ignore[no-untyped-call]
                futures = client.map(solve_job, jobs, pure=False)
                for future in as_completed(futures):  # type: ignore[no-untyped-call]
                    yield future.result()
        finally:
            if cluster is not None:
                cluster.close()

    return rows


def run_survey(
    plan: SurveyPlan,
    sessions: Callable[[], Session],
    rows: Rows,
    on_row: Callable[[SurveyRow, Counter[str]], None] | None = None,
) -> Counter[str]:
    """Solve the deals of ``plan`` not stored yet with ``rows`` (:func:`dask_rows`,
    :func:`plain_rows`), storing each as it comes (committed every ten, and at the end).
    ``on_row`` sees each new row and the counts of the whole plan so far (verdict → deals).
    Returns the counts of the whole plan, stored before and new; ``counts["new"]`` is how many
    deals this run solved (0 when the survey was complete: no cluster is started then)."""
    with sessions() as session:
        before = stored_verdicts(session, plan)
        todo = [n for n in dict.fromkeys(plan.numbers) if n not in before]
        counts: Counter[str] = Counter(before[n] for n in plan.numbers if n in before)
        counts["new"] = 0
        if todo:
            for row in rows([plan.job(n) for n in todo]):
                store_row(session, plan, row)
                counts[str(row.verdict)] += 1
                counts["new"] += 1
                if counts["new"] % 10 == 0:
                    session.commit()
                if on_row is not None:
                    on_row(row, counts)
            session.commit()
    return counts


def _file_rows(session: Session, mode: str) -> list[dict[str, Any]]:
    return [
        {
            "sample": r.sample,
            "number": r.number,
            "mode": r.mode,
            "solver_version": r.solver_version,
            "budget": r.budget,
            "verdict": r.verdict,
            "nodes": r.nodes,
            "elapsed_ms": r.elapsed_ms,
            "line": r.line or "",
        }
        for r in queries.survey_rows(session, mode)
    ]


def ship_survey(session: Session, folder: Path = SURVEY_DIR) -> dict[str, int]:
    """Write every stored survey verdict into ``folder/{mode}.csv.gz`` (columns :data:`FIELDS`,
    sorted; same bytes for the same verdicts). Returns the rows written per mode."""
    written = {}
    for mode in MODES:
        rows = sorted(
            _file_rows(session, mode), key=lambda r: (r["sample"], r["solver_version"], r["budget"], r["number"])
        )
        if not rows:
            continue
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        folder.mkdir(parents=True, exist_ok=True)
        with open(survey_file(mode, folder), "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
            gz.write(buf.getvalue().encode())
        written[mode] = len(rows)
    return written


def load_shipped_survey(session: Session, folder: Path | None = None) -> int:
    """Insert the shipped survey verdicts (in ``folder``, by default :data:`SURVEY_DIR`) not yet
    in the table; returns how many were added."""
    folder = folder or SURVEY_DIR
    added = 0
    now = datetime.now(UTC)
    for mode in MODES:
        file_rows = read_survey_file(survey_file(mode, folder))
        if not file_rows:
            continue
        known = queries.survey_keys(session, mode)
        new = []
        for r in file_rows:
            key = (r["sample"], r["solver_version"], r["budget"], int(r["number"]))
            if key in known:
                continue
            known.add(key)
            line = r["line"] or None
            new.append(
                {
                    **dict(zip(("sample", "solver_version", "budget", "number"), key, strict=True)),
                    "mode": mode,
                    "verdict": r["verdict"],
                    "nodes": int(r["nodes"]),
                    "elapsed_ms": float(r["elapsed_ms"]),
                    "line": line,
                    "line_length": len(line.split()) if line else None,
                    "solved_at": now,
                }
            )
        if new:
            session.execute(insert(SurveyVerdict), new)
            added += len(new)
    session.commit()
    return added


class ShippedSurvey:
    """Loads the shipped survey files into the database once per process, on the first visit to
    the page that shows them (not at start: a fresh database takes thousands of rows, which
    every start of a test app would pay for)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.loaded = False
        self._lock = threading.Lock()

    def ensure(self, session: Session) -> None:
        """Load the files unless this process did already (:func:`load_shipped_survey`)."""
        with self._lock:
            if not self.loaded:
                load_shipped_survey(session, self.folder)
                self.loaded = True


def grow_pool(session: Session, mode: str, pool: Path | None = None) -> tuple[int, int]:
    """Merge the decided survey verdicts of ``mode`` (winnable with its line, unwinnable) into
    the shipped pool file (format of :func:`app.services.deals.write_pool_file`); a number
    already there keeps its row. Returns (rows added, winnable numbers in the file)."""
    path = pool or pool_file(mode)
    rows = {int(r["number"]): r for r in read_pool_file(path)}
    added = 0
    for r in queries.survey_decided(session, mode):
        if r.number in rows:
            continue
        rows[r.number] = {
            "number": r.number,
            "mode": mode,
            "verdict": r.verdict,
            "line_length": r.line_length or 0,
            "nodes": r.nodes,
            "elapsed_ms": r.elapsed_ms,
            "solver_version": r.solver_version,
            "line": r.line or "",
        }
        added += 1
    write_pool_file(path, rows.values())
    return added, sum(1 for r in rows.values() if r["verdict"] == WINNABLE)


def counts_text(counts: Counter[str]) -> str:
    """``won 3, lost 1, unknown 6`` for the counts of :func:`run_survey`."""
    return f"won {counts[WINNABLE]}, lost {counts[UNWINNABLE]}, unknown {counts[UNKNOWN]}"


def numbers_done(counts: Counter[str]) -> int:
    """Deals of the plan stored, from the counts of :func:`run_survey`."""
    return sum(counts[v] for v in (WINNABLE, UNWINNABLE, UNKNOWN))


def verdict_csv(rows: Iterable[SurveyVerdict]) -> str:
    """The verdicts as CSV: number, verdict, nodes, seconds, line (the page's download)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["number", "verdict", "nodes", "seconds", "line"])
    for r in rows:
        writer.writerow([r.number, r.verdict, r.nodes, f"{r.elapsed_ms / 1000:.3f}", r.line or ""])
    return buf.getvalue()
