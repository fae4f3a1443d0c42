"""The prover: a depth-first search over every reachable position, for proofs that nothing wins.

A proof that a deal is lost must visit every position reachable from it (less those that
:func:`.lost.is_lost` proves lost). Every search of the portfolio (:mod:`.search`) covers that
same set in its own order, so a proof from the portfolio costs the set's size once per
strategy, and each of its positions costs an evaluation and a place in a heap. The prover
covers the set once, depth first, making and unmaking moves on one board: on Classic deals
88 and 97 it proves them lost with 102,039 and 70,520 positions, in 2.1 and 1.3 s.

It prunes exactly as the search does (see :mod:`.search`: safe cards up at once, draws delayed
until the drawn card is played, one empty column for all, keys seen once, lost positions not
expanded), so running dry is a proof. It stops and resumes: :meth:`Prover.run` takes a node
limit, and the board may be used by other searches in between.
"""

from __future__ import annotations

import time
from typing import Any

from .board import Board, Move, line_notation, reversal
from .lost import is_lost
from .search import LOST, OUT, WON, Progress

Frame = list[Any]
"""One position on the prover's path: ``[moves left to try, move that led here, its undo,
safe cards put up after it, the move that would take it straight back]`` (the root's move,
undo and way back are None; see :func:`.board.reversal`)."""


class Prover:
    """A resumable depth-first search from ``board`` (its position when the prover is made).

    :param table_cap: most positions kept (about 150 bytes each); once it is reached the
        prover answers OUT at once, never a wrong answer.
    :ivar nodes: new positions reached so far.
    :ivar line: the winning line (RULES.md notation), after :meth:`run` returned WON.
    """

    def __init__(self, board: Board, table_cap: int = 3_000_000) -> None:
        self.board = board
        self.table_cap = table_cap
        self.nodes = 0
        self.line: list[str] = []
        self._start = board.snapshot()
        self._paused: bytes | None = None  # the board when the last run stopped
        self._path: list[Frame] = []
        self._seen: set[bytes] = set()

    def run(self, max_nodes: int, deadline: float | None = None, progress: Progress | None = None) -> str:
        """Search on until :attr:`nodes` reaches ``max_nodes`` or :func:`time.perf_counter`
        passes ``deadline``: returns :data:`.search.WON`, :data:`.search.LOST` (every reachable
        position searched: a proof) or :data:`.search.OUT`. The board is left wherever the
        search stopped.

        :param progress: called every 256 new positions with (positions this run, seconds this
            run), as the other searches report theirs."""
        board = self.board
        board.greedy = False
        path, seen = self._path, self._seen
        play, unplay, force, unforce, key_of, gen = (
            board.play,
            board.unplay,
            board.force_safe,
            board.unforce,
            board.key,
            board.moves,
        )
        if self._paused is not None:
            board.restore(self._paused)
            self._paused = None
        elif not seen:
            board.restore(self._start)
            done = force()
            if board.left == 0:
                self.line = line_notation([(None, done)])
                return WON
            seen.add(key_of())
            path.append([iter(gen()), None, None, done, None])
        nodes = first = self.nodes
        t0 = time.perf_counter()
        while path:
            frame = path[-1]
            move: Move | None = next(frame[0], None)
            if move is None:
                path.pop()
                if frame[1] is not None:
                    unforce(frame[3])
                    unplay(frame[1], frame[2])
                continue
            if move == frame[4]:
                continue
            undo = play(move)
            done = force(move)
            if board.left == 0:
                self.nodes = nodes
                self.line = line_notation([*((f[1], f[3]) for f in path), (move, done)])
                return WON
            k = key_of()
            if k in seen:
                unforce(done)
                unplay(move, undo)
                continue
            seen.add(k)
            nodes += 1
            if is_lost(board):  # reached, not expanded
                unforce(done)
                unplay(move, undo)
            else:
                path.append([iter(gen()), move, undo, done, reversal(move, done, undo is None)])
            if not nodes & 255:
                now = time.perf_counter()
                if progress is not None:
                    progress(nodes - first, now - t0)
                late = deadline is not None and now > deadline
            else:
                late = False
            if nodes >= max_nodes or nodes >= self.table_cap or late:
                self.nodes = nodes
                self._paused = board.snapshot()
                return OUT
        self.nodes = nodes
        return LOST
