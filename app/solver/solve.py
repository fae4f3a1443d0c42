"""``solve(position, rules, budget)``: the verdict on a position with the stock order known.

Three kinds of search take turns, each up to its share of the positions searched:

- **Beam searches by stock position** (:mod:`.beam`), of growing sizes (:data:`BEAM_LADDER`,
  :data:`BEAM_SHARE`): most of the wins. They prove nothing.
- **The prover** (:mod:`.prove`, :data:`PROVER_SHARE`): a depth-first search that covers every
  position once; running dry is the proof that nothing wins.
- **The best-first portfolio** (:mod:`.search`), the rest: the search is chaotic (which
  heuristic finds a win first varies from deal to deal, and one that goes wrong early rarely
  recovers), so it runs short searches with each weighting of :data:`PORTFOLIO` in turn,
  raising the node limit by a quarter after each round (each resumes where it stopped). It wins
  some deals that the beams miss, and proves too (a search that exhausts the positions).

It stops when one wins, one proves, or the budget is spent.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum

from app.engine import Position, Rules

from .beam import beam_search
from .board import Board
from .prove import Prover
from .search import LOST, WON, Progress, Search, Weights, make_evaluate

SOLVER_VERSION = "1.6"
"""Changes whenever a verdict for the same position and budget may change."""


class Verdict(StrEnum):
    """What the solver says of a position (with the stock order known): a winning line was
    found, it is proved that none exists, or the budget ran out first. Stored as its value."""

    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


WINNABLE, UNWINNABLE, UNKNOWN = Verdict.WINNABLE, Verdict.UNWINNABLE, Verdict.UNKNOWN

Strategy = tuple[bool, Weights]
"""(greedy, weights): whether every card that fits a foundation goes up at once (a streamliner,
see :meth:`.board.Board.force_safe`), and the weights of :func:`.search.make_evaluate`."""

PORTFOLIO: tuple[Strategy, ...] = (
    (False, (10, 6, 3, 8, 6, 0, 0, 5)),
    (False, (10, 6, 2, 12, 6, 0, 0, 0)),
    (True, (10, 6, 3, 4, 3, 0, 0, 5)),
    (False, (10, 6, 3, 8, 3, 0, 0, 0)),
    (True, (5, 6, 2, 3, 5, 0, 0, 0)),
    (False, (10, 6, 3, 4, 3, 4, 1, 5)),
)
"""Strategies tried in turn. Only a search without the streamliner can prove a deal lost.
Half of them charge each stock card drawn (the eighth weight): on Classic 1–60 at 100,000
nodes this portfolio wins 17 deals against 15 for solver 1.0 (every 1.0 win but one kept)."""

FIRST_ROUND_NODES = 2_000
"""Node limit of each search in the first round; a quarter more every round (a search that
wins at n nodes is reached once the others have searched at most 1.25 n each)."""


BEAM_LADDER: tuple[tuple[int, int], ...] = (
    (10, 300),
    (30, 1_000),
    (100, 3_000),
    (300, 6_000),
    (1_000, 15_000),
    (3_000, 40_000),
)
"""(width, expansions per layer) of the beam searches (:mod:`.beam`), run in turn, each when
the beam searches so far have searched at most :data:`BEAM_SHARE` of the positions. A beam
search that finds nothing usually runs dry in far fewer positions than its sizes allow.

Only for same-suit builds: under another build rule (RULES.md, "The family") a card has two
or three times the places to go, and the smallest beam search reaches 100 times the positions
(Indian deal 1: 460,382 against 3,804 for Classic's); at 50,000 positions the solver won 1 of
Indian deals 1–12 with the beams and 8 without, 1 and 8 of Number Ten's."""

BEAM_SHARE = 0.4
"""The beam searches' share of the positions searched."""

PROVER_SHARE = 0.3
"""The prover's share of the positions searched (the rest, after the beam searches', is the
portfolio's)."""

BEAM_WEIGHTS: Weights = (10, 6, 3, 8, 6, 0, 0, 0)
"""The beam searches' evaluation (cards drawn would not count: a layer's positions have all
drawn as many)."""


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The solver's answer.

    :ivar status: ``"winnable"`` (``moves`` wins), ``"unwinnable"`` (proved: every reachable
        position was searched) or ``"unknown"`` (the budget ran out first).
    :ivar moves: the winning line in RULES.md notation (``"3-6"``, ``"W-F"``, ``"D"`` …), every
        foundation move included, so it replays through ``Game(position, rules,
        auto_safe=False)``; empty unless winnable.
    :ivar nodes: positions searched, over all the searches run.
    :ivar elapsed_ms: wall-clock time spent, in milliseconds.
    """

    status: Verdict
    moves: tuple[str, ...]
    nodes: int
    elapsed_ms: float


def solve(
    position: Position,
    rules: Rules,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    progress: Progress | None = None,
    table_cap: int = 6_000_000,
    portfolio: tuple[Strategy, ...] = PORTFOLIO,
    beam: bool = True,
    prove: bool = True,
) -> SolveResult:
    """Decide whether ``position`` can be won under ``rules``, knowing the stock order.

    :param budget_ms: wall-clock budget in milliseconds, or None.
    :param max_nodes: node budget, or None; with a node budget alone the result is
        deterministic (same position, same version, same answer on every machine).
    :param progress: called now and then with (nodes so far, seconds so far).
    :param table_cap: most positions kept in all, which all stay alive: half for the prover
        (about 160 bytes each), half shared equally by the searches of the portfolio (about
        300 bytes each); one that reaches its share gives up (unknown), never a wrong answer.
    :param beam: whether the beam searches (:data:`BEAM_LADDER`) take their turns (same-suit
        builds with no redeal left only).
    :param prove: whether the prover (:mod:`.prove`) takes its turns.
    :raises ValueError: when neither budget is given, or for rules the solver does not handle.
    """
    if budget_ms is None and max_nodes is None:
        raise ValueError("solve needs a budget: budget_ms and/or max_nodes")
    with _cyclic_gc_paused():
        return _solve(position, rules, budget_ms, max_nodes, progress, table_cap, portfolio, beam, prove)


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the duration. The searches make millions of
    tuples that form no cycles, and each full collection would walk all that are alive: paused,
    a 10 s solve searches about 6 % more positions (the few cycles left are collected after)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _solve(
    position: Position,
    rules: Rules,
    budget_ms: float | None,
    max_nodes: int | None,
    progress: Progress | None,
    table_cap: int,
    portfolio: tuple[Strategy, ...],
    beam: bool,
    prove: bool,
) -> SolveResult:
    """:func:`solve`'s work."""
    t0 = time.perf_counter()
    deadline = None if budget_ms is None else t0 + budget_ms / 1000
    limit = FIRST_ROUND_NODES
    board = Board(position, rules)
    if not board.waste_safe():
        # a draw of more than one card with a redeal left: no safe card leaves the waste at
        # once, and the searches without the streamliner lose their way (Little Forty 1-24 at
        # 100,000 positions: 1 won with the whole portfolio, 6 with its streamlined searches)
        portfolio = tuple(s for s in portfolio if s[0]) or portfolio
    root = board.snapshot()  # the searches leave the board where they stopped
    share_cap = table_cap // (2 * len(portfolio)) if prove else table_cap // max(len(portfolio), 1)
    prover = Prover(board, table_cap // 2) if prove else None
    beams = iter(BEAM_LADDER if beam and not board.redeals and board.same_suit else ())
    beam_evaluate = make_evaluate(BEAM_WEIGHTS)  # one for the ladder: its memory of piles carries over
    beam_nodes = 0  # of the beam searches run so far
    dropped = 0  # of the portfolio's searches dropped
    searches: list[Search] = []
    running = 0  # nodes of the search running now, when reported

    def total() -> int:
        return beam_nodes + dropped + sum(s.nodes for s in searches) + (prover.nodes if prover is not None else 0)

    def report(nodes: int, seconds: float) -> None:
        if progress is not None:
            progress(running + nodes, time.perf_counter() - t0)

    def spent(used: int) -> bool:
        return (max_nodes is not None and used >= max_nodes) or (
            deadline is not None and time.perf_counter() >= deadline
        )

    def left(used: int) -> int:
        return 1 << 62 if max_nodes is None else max_nodes - used

    def result(status: Verdict, moves: list[str], used: int) -> SolveResult:
        if max_nodes is not None:
            used = min(used, max_nodes)  # the last expansion may overshoot a little
        return SolveResult(status, tuple(moves), used, (time.perf_counter() - t0) * 1000)

    for greedy, weights in portfolio:
        board.greedy = greedy
        searches.append(
            Search(
                board, make_evaluate(weights), max_nodes=None, deadline=deadline, table_cap=share_cap, progress=report
            )
        )
    while True:
        before = total()
        # the beam ladder's turn, while it has had no more than its share of the positions
        while beam_nodes <= BEAM_SHARE * total() and (size := next(beams, None)) is not None:
            width, layer_nodes = size
            board.restore(root)
            board.greedy = False
            running = total()
            verdict, line, nodes = beam_search(
                board,
                beam_evaluate,
                width=width,
                layer_nodes=layer_nodes,
                max_nodes=left(running),
                deadline=deadline,
                progress=report,
            )
            beam_nodes += nodes
            if verdict == WON:
                return result(WINNABLE, line, total())
            if spent(total()):
                return result(UNKNOWN, [], total())
        # the prover's turn, up to its share
        if prover is not None and prover.nodes < prover.table_cap:
            others = total() - prover.nodes
            share = max(int(others * PROVER_SHARE / (1 - PROVER_SHARE)), FIRST_ROUND_NODES)
            if not searches:
                share = prover.table_cap  # the portfolio has stopped: the rest is the prover's
            running = total()
            verdict = prover.run(min(share, prover.nodes + left(running)), deadline, report)
            if verdict == WON:
                return result(WINNABLE, prover.line, total())
            if verdict == LOST:
                return result(UNWINNABLE, [], total())
            if spent(total()):
                return result(UNKNOWN, [], total())
        for search in list(searches):
            running = total() - search.nodes
            verdict = search.run(min(limit, left(running)))
            if verdict == WON:
                return result(WINNABLE, search.line, total())
            if verdict == LOST and not search.greedy:
                return result(UNWINNABLE, [], total())
            if verdict == LOST or search.full:
                # the streamliner ran dry, or the table is full: no use going on with it
                searches.remove(search)
                dropped += search.nodes
            if spent(total()):
                return result(UNKNOWN, [], total())
        limit += limit // 4
        if total() == before:
            break  # every search has stopped (its table full, or the streamliner dry)
    return result(UNKNOWN, [], total())
