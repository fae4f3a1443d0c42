"""``python -m app.solver survey``: the command around :mod:`app.services.survey` (its
arguments: :mod:`.survey_args`). Needs the ``survey`` extra (Dask, rich). A rich progress bar
on stderr shows deals done, won, lost, unknown, the rate and the time left; the summary goes
to stdout."""

from __future__ import annotations

import argparse
import os
from collections import Counter
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from app.config import get_settings
from app.db.session import Database, migrate
from app.engine import MODES
from app.services.published import survey_file
from app.solver import SOLVER_VERSION, UNKNOWN, UNWINNABLE, WINNABLE
from app.solver.survey import SurveyRow, summary_lines

from . import survey as sv
from .survey_args import plan_of


class RateColumn(ProgressColumn):
    """Deals solved per minute (of this run)."""

    def render(self, task: Task) -> Text:
        """``12.5 deals/min``, or ``…`` before the first."""
        speed = task.finished_speed or task.speed
        return Text(f"{speed * 60:.1f} deals/min" if speed else "… deals/min", style="progress.data.speed")


def progress_bar(console: Console | None = None) -> Progress:
    """The survey's bar: done of total, won, lost, unknown, rate, time spent and left."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("won {task.fields[won]} · lost {task.fields[lost]} · unknown {task.fields[unknown]}"),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console or Console(stderr=True),
    )


def rows_of(args: argparse.Namespace) -> sv.Rows:
    """How to solve: in this process (``--plain``), or on Dask (``--scheduler`` or a LocalCluster
    of ``--workers`` processes)."""
    if args.plain:
        return sv.plain_rows
    return sv.dask_rows(args.scheduler, args.workers or os.cpu_count() or 1)


def cmd_survey(args: argparse.Namespace) -> int:
    """Run the survey the arguments name, then ship / grow the pool / write CSV as asked."""
    plan = plan_of(args)
    url = args.database_url or get_settings().resolved_database_url()
    migrate(url)
    db = Database(url)
    fresh: list[SurveyRow] = []
    with progress_bar() as bar:
        task = bar.add_task(f"{plan.mode} {plan.key()['budget']}", total=len(plan.numbers), won=0, lost=0, unknown=0)

        def on_row(row: SurveyRow, counts: Counter[str]) -> None:
            fresh.append(row)
            done = sv.numbers_done(counts)
            bar.update(task, completed=done, won=counts[WINNABLE], lost=counts[UNWINNABLE], unknown=counts[UNKNOWN])

        with db.sessions() as session:
            before = sv.stored_verdicts(session, plan)
        done_before: Counter[str] = Counter(before[n] for n in plan.numbers if n in before)
        bar.reset(  # the rate counts this run only
            task,
            completed=sv.numbers_done(done_before),
            won=done_before[WINNABLE],
            lost=done_before[UNWINNABLE],
            unknown=done_before[UNKNOWN],
        )
        counts = sv.run_survey(plan, db.sessions, rows_of(args), on_row)
    where = f"seed {args.seed}" if args.sample == "random" else f"games {args.start}–{args.start + args.count - 1}"
    print(
        f"survey: {plan.mode}, {args.sample} sample ({where}), {len(plan.numbers)} deals, budget "
        f"{plan.key()['budget']} per deal, solver {SOLVER_VERSION}: {sv.counts_text(counts)} "
        f"({counts['new']} solved now)"
    )
    if fresh:
        print("\n".join(summary_lines(fresh)))
    _after(args, db, plan)
    return 0


def _after(args: argparse.Namespace, db: Database, plan: sv.SurveyPlan) -> None:
    with db.sessions() as session:
        if args.csv:
            Path(args.csv).write_text(sv.verdict_csv(sv.plan_verdicts(session, plan)), encoding="utf-8")
            print(f"wrote {args.csv}")
        if args.ship:
            for mode, n in sv.ship_survey(session).items():
                print(f"{survey_file(mode)}: {n} verdicts")
        if args.grow_pool:
            for mode in MODES:
                added, winnable = sv.grow_pool(session, mode)
                print(f"pool {mode}: {added} deals added, {winnable} winnable")
