"""The arguments of ``python -m app.solver survey`` and the survey they name; no Dask or rich
here, so the solver's other commands run without the ``survey`` extra."""

from __future__ import annotations

import argparse

from app.engine import MODES
from app.solver import parse_budget
from app.solver.sample import random_numbers, range_numbers, sample_name

from . import survey as sv


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
