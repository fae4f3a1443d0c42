"""``python -m app.solver survey``: the command around :mod:`app.services.survey` (its
arguments are read by :mod:`app.solver.cli`). A rich progress bar on stderr shows deals done,
won, lost, unknown, the rate and the time left; the summary goes to stdout."""

from __future__ import annotations

import argparse
import os
import sys
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
from app.solver import SOLVER_VERSION, UNKNOWN, UNWINNABLE, WINNABLE, parse_budget
from app.solver.sample import random_numbers, range_numbers, sample_name
from app.solver.survey import SurveyRow, summary_lines

from . import survey as sv


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


def plan_of(args: argparse.Namespace) -> sv.SurveyPlan:
    """The :class:`~app.services.survey.SurveyPlan` the arguments name.

    :raises ValueError: for a sample that cannot be drawn (a count below 0, numbers out of range).
    """
    if args.sample == "random":
        numbers = random_numbers(args.seed, args.count)
        name = sample_name(args.seed)
    else:
        numbers = range_numbers(args.start, args.count)
        name = sample_name(None)
    return sv.SurveyPlan(name, numbers, args.mode, parse_budget(args.budget))


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
                print(f"{sv.survey_file(mode)}: {n} verdicts")
        if args.grow_pool:
            for mode in MODES:
                added, winnable = sv.grow_pool(session, mode)
                print(f"pool {mode}: {added} deals added, {winnable} winnable")


def add_arguments(v: argparse.ArgumentParser) -> None:
    """The ``survey`` subcommand's arguments."""
    v.add_argument(
        "--sample",
        choices=("range", "random"),
        default="range",
        help="range: --from A --count N; random: --count N numbers from 1…4294967295 drawn with --seed",
    )
    v.add_argument("--seed", type=int, default=2026, help="random sample: the seed of the deal PRNG (SplitMix64)")
    v.add_argument("--from", dest="start", type=int, default=1, help="range: the first game number")
    v.add_argument("--count", type=int, default=100, help="deals in the sample (a re-run skips those stored)")
    v.add_argument("--mode", choices=sorted(MODES), default="classic")
    v.add_argument("--budget", default="10s", help="per deal: 10s, 500ms, 100000n (nodes), 10s+100000n")
    v.add_argument("--workers", type=int, default=0, help="LocalCluster worker processes (default: one per core)")
    v.add_argument("--scheduler", default=None, help="a Dask scheduler, tcp://host:8786 (default: a LocalCluster)")
    v.add_argument("--plain", action="store_true", help="solve in this process, without Dask")
    v.add_argument("--database-url", default=None, help="default: FT_DATABASE_URL or the SQLite file in FT_DATA_DIR")
    v.add_argument("--csv", default=None, help="write this sample's verdicts (number, verdict, nodes, seconds, line)")
    v.add_argument("--ship", action="store_true", help="write every stored verdict to app/survey/{mode}.csv.gz")
    v.add_argument("--grow-pool", action="store_true", help="merge decided verdicts into app/pool/{mode}.csv.gz")


def main(argv: list[str] | None = None) -> int:
    """Run ``survey`` with ``argv`` (for tests; the command line goes through :mod:`app.solver.cli`)."""
    p = argparse.ArgumentParser(prog="python -m app.solver survey")
    add_arguments(p)
    args = p.parse_args(argv)
    try:
        parse_budget(args.budget)
    except ValueError as exc:
        p.error(str(exc))
    return cmd_survey(args)


if __name__ == "__main__":
    sys.exit(main())
