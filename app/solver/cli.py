"""Command line: ``python -m app.solver solve 4242 --mode classic --budget 10s`` (or, for a
position in the text form of docs/position-text.md, ``solve --position "1:KD 9S | … | R:0"``),
``python -m app.solver survey --sample random --seed 2026 --count 1000 --budget 100000n`` (on Dask,
stored and resumable: :mod:`app.services.survey_cli`) and
``python -m app.solver build`` (compile the hot modules, see :mod:`.native`).
Progress goes to stderr, results to stdout."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from app.engine import MODES, Position, deal

from . import COMPILED, native
from .budget import Budget, parse_budget
from .solve import SOLVER_VERSION, solve


class Bar:
    """A one-line progress bar on a text stream (redrawn at most ten times a second)."""

    def __init__(self, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.last = 0.0

    def draw(self, fraction: float, text: str, *, force: bool = False) -> None:
        """Show ``fraction`` (0 … 1) done, followed by ``text``."""
        now = time.monotonic()
        if not force and now - self.last < 0.1:
            return
        self.last = now
        full = int(max(0.0, min(1.0, fraction)) * self.width)
        self.stream.write(f"\r[{'#' * full}{'.' * (self.width - full)}] {fraction:4.0%} {text}\033[K")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        self.stream.write("\r\033[K")
        self.stream.flush()


def _fraction(budget: Budget, nodes: int, seconds: float) -> float:
    parts = []
    if budget.ms:
        parts.append(seconds * 1000 / budget.ms)
    if budget.nodes:
        parts.append(nodes / budget.nodes)
    return max(parts) if parts else 0.0


def start_position(args: argparse.Namespace) -> Position:
    """What ``solve`` starts from: the deal of ``args.number`` or the text ``args.position``.

    :raises ValueError: (:class:`app.engine.PositionError` for a text) saying what is wrong:
        neither or both given, a number out of range, or a text that is not a position.
    """
    rules = MODES[args.mode]
    if (args.number is None) == (args.position is None):
        raise ValueError("solve takes a game number or --position TEXT, one of the two")
    if args.position is not None:
        return Position.parse(args.position, rules)
    return deal(args.number, rules)


def cmd_solve(args: argparse.Namespace) -> int:
    rules = MODES[args.mode]
    budget = parse_budget(args.budget)
    bar = Bar()

    def progress(nodes: int, seconds: float) -> None:
        bar.draw(_fraction(budget, nodes, seconds), f"{nodes:,} nodes {seconds:.1f}s")

    result = solve(args.start, rules, budget_ms=budget.ms, max_nodes=budget.nodes, progress=progress)
    bar.close()
    what = "the position" if args.position is not None else f"game {args.number}"
    print(
        f"{what} ({args.mode}): {result.status} — {result.nodes:,} nodes in "
        f"{result.elapsed_ms / 1000:.2f}s (solver {SOLVER_VERSION}, {speed_name()})"
    )
    if result.moves:
        print(f"line ({len(result.moves)} moves): {' '.join(result.moves)}")
    return 0


def cmd_survey(args: argparse.Namespace) -> int:
    try:  # Dask and rich: only here
        import distributed  # noqa: F401

        from app.services.survey_cli import cmd_survey as run
    except ImportError as exc:
        print(f"the survey needs Dask and rich ({exc}): pip install -e '.[survey]'", file=sys.stderr)
        return 1
    return run(args)


def speed_name() -> str:
    """Which solver modules run: "compiled" or "plain Python" (see :mod:`.native`)."""
    return "compiled" if COMPILED else "plain Python"


def cmd_build(args: argparse.Namespace) -> int:
    try:
        folder = native.build()
    except ImportError as exc:
        print(
            f"cannot compile the solver: {exc} (pip install mypy setuptools); the plain Python solver runs instead",
            file=sys.stderr,
        )
        return 1
    except (SystemExit, Exception) as exc:  # mypy and the C compiler exit after their messages
        print(
            f"compiling the solver failed ({type(exc).__name__} {exc}, see the messages above); "
            "the plain Python solver runs instead",
            file=sys.stderr,
        )
        return 1
    print(f"compiled solver ready in {folder.relative_to(native.ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m app.solver", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("solve", help="solve one game number, or one position given as text")
    s.add_argument("number", type=int, nargs="?", help="the game number to deal and solve")
    s.add_argument(
        "--position",
        metavar="TEXT",
        help='solve this position instead, in the text form of docs/position-text.md ("1:KD 9S | 2:- | … | R:0";'
        " * stands for the cards not named, in pack order)",
    )
    s.add_argument("--mode", choices=sorted(MODES), default="classic")
    s.add_argument("--budget", default="10s", help="e.g. 10s, 500ms, 200000n (nodes)")
    s.set_defaults(func=cmd_solve)
    v = sub.add_parser(
        "survey",
        help="solve a sample of deals on Dask, store the verdicts (resumable), ship them, grow the pools",
    )
    from app.services.survey_args import add_arguments

    add_arguments(v)
    v.set_defaults(func=cmd_survey)
    b = sub.add_parser("build", help="compile the solver's hot modules with mypyc (about twice as fast)")
    b.set_defaults(func=cmd_build)
    args = p.parse_args(argv)
    if "budget" in args:  # solve and survey: a bad budget is a usage error
        try:
            parse_budget(args.budget)
        except ValueError as exc:
            p.error(str(exc))
    if args.command == "survey":  # and a sample that cannot be drawn
        from app.services.survey_args import plan_of

        try:
            plan_of(args)
        except ValueError as exc:
            p.error(str(exc))
    if args.command == "solve":  # so is a start that is not a position
        try:
            args.start = start_position(args)
        except ValueError as exc:
            p.error(str(exc))
    return int(args.func(args))
