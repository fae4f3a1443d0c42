"""The search: best-first with greedy dives over :class:`.board.Board`, with forced safe
moves, macro draws and a table of canonical keys.

From the best open position (rated by :func:`make_evaluate`) the search dives: it keeps
playing the best new child, leaving the other children open, until a position has no new
child; then it takes the best open position again. Every position is expanded at most once, so
when nothing is open the reachable space is exhausted.

Soundness of "unwinnable": every pruning keeps at least one winning line when one exists: safe
cards go up at once (RULES.md: moving them up never spoils a win); draws are delayed until the
drawn card is played (a draw changes nothing else, so any line can be reordered that way); the
stock is never drawn past a safe card; one empty column stands for all; a key already seen is
either expanded or open; a position :func:`.lost.is_lost` proves lost is not expanded.

In the family (RULES.md, "The family"), a card is safe when every copy of the cards that could
build on it and of the card below it in its suit is up (:meth:`.board.Board.is_safe`: then
every copy of it may go up, so which copy goes first never matters); with a draw of three and
a redeal left no safe card leaves the waste by itself, nor is the stock's cut at one, since
taking a card out of the waste changes the next pass's threes (:meth:`.board.Board.waste_safe`);
a draw stays delayed until its card is played (one ``D`` turns up to three cards and changes
nothing else); a move that turns a face-down card has no way straight back.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from typing import Any, Final

from .board import DOWN, Board, Move, line_notation, reversal
from .lost import is_lost

Progress = Callable[[int, float], None]
"""Called now and then with (nodes searched, seconds elapsed)."""

WON: Final = "won"
LOST: Final = "lost"
OUT: Final = "out"


Evaluate = Callable[..., int]
"""``evaluate(board, col_bytes=None)``: a rating, higher is better (see :func:`make_evaluate`)."""

Weights = tuple[int, ...]
"""(home, empty column, column break, waste break, inversion, buried need, stock need[, drawn]):
see :func:`make_evaluate`."""


def make_evaluate(weights: Weights) -> Evaluate:
    """A function rating a board (higher is better): cards home and empty columns count for
    it; against it count breaks (a card not lying on the card one above it in its suit) and
    inversions (a card above a lower card of its own suit, which must move off before that one
    can go up), in the columns and in the waste, and for each card that would fit a foundation
    now, how deep its shallowest copy lies (cards above it in a column or the waste, or cards
    to draw before it); and, optionally, each stock card drawn so far (a position that got as
    far with less of the stock spent has more chances left); each times its weight.

    The cost of each column and waste is remembered by its cards (siblings share most piles);
    the memory is emptied when it holds :data:`PILE_MEMORY` piles. The function takes the
    columns' bytes too, when the caller has them (:attr:`.board.Board.col_bytes` right after
    :meth:`.board.Board.key`)."""
    w_home, w_empty, wb, ww, wi, wn, ws = weights[:7]
    w_drawn = weights[7] if len(weights) > 7 else 0
    memory: dict[bytes, int] = {}

    def remember(key: bytes, pile: list[int], w_break: int, fits: list[bool]) -> int:
        if len(memory) >= PILE_MEMORY:
            memory.clear()
        v = memory[key] = _disorder(pile, w_break, wi, fits)
        return v

    def evaluate(board: Board, col_bytes: list[bytes] | None = None) -> int:
        cost = 0
        empties = 0
        piles = []
        get = memory.get
        fits = board.fits
        if col_bytes is None:
            col_bytes = [bytes(c) for c in board.cols]
        for col, key in zip(board.cols, col_bytes, strict=True):
            if col:
                v = get(key)
                cost += remember(key, col, wb, fits) if v is None else v
                piles.append(key)
            else:
                empties += 1
        waste = board.waste
        if waste:
            key = board.waste_key()
            wkey = b"w" + key  # the waste's breaks weigh differently
            v = get(wkey)
            cost += remember(wkey, waste, ww, fits) if v is None else v
            piles.append(key)
        if wn or ws:
            cost += _need(board, piles, wn, ws)
        return -w_home * board.left + w_empty * empties - cost - w_drawn * board.si

    return evaluate


PILE_MEMORY: Final = 20_000
"""Most piles whose cost one evaluation function remembers."""


def _disorder(pile: list[int], wb: int, wi: int, fits: list[bool]) -> int:
    """Breaks times ``wb`` and inversions times ``wi`` in ``pile`` (see :func:`make_evaluate`;
    ``fits``: :attr:`.board.Board.fits`, so a break is a card that does not build on the one
    below it by the rules' build, and a face-down card is always one)."""
    cost = 0
    lows = [99, 99, 99, 99]
    prev = 0
    for v in pile:
        if v & DOWN or not fits[prev << 6 | v]:
            cost += wb
        c = v & 63
        s = c >> 4
        if lows[s] < c:
            cost += wi
        else:
            lows[s] = c
        prev = v  # a face-down card holds no run: what lies on it is a break
    return cost


_CARDS: Final = [suit * 16 + rank for suit in range(4) for rank in range(1, 14)]


def _need(board: Board, piles: list[bytes], wn: int, ws: int) -> int:
    """For each card that fits a foundation now, the depth of its shallowest copy: cards above
    it in a pile times ``wn``, or cards to draw before it times ``ws``."""
    home = board.home
    stock = bytes(board.stock[board.si :]) if ws else b""
    total = 0
    for c in _CARDS:
        if home[c - 1] > home[c]:
            best = None
            for pile in piles:
                i = pile.rfind(c)
                if i >= 0 and (best is None or (len(pile) - 1 - i) * wn < best):
                    best = (len(pile) - 1 - i) * wn
            i = stock.find(c)
            if i >= 0 and (best is None or i * ws < best):
                best = i * ws
            total += best or 0
    return total


Node = tuple[Any, ...]
"""A position of the search tree: ``(snapshot, parent, move, forced record, hops)``, or, while
it is open in the heap, ``(-score, tie, snapshot, parent, move, forced record, hops)`` (one
tuple, not two: the search keeps hundreds of thousands), so the fields are read from the end.
Only one position in :data:`SNAPSHOT_EVERY` down a line keeps a snapshot (``hops`` 0); the
others have None and ``hops``, how many moves below the nearest one they are, and are restored
by replaying those moves. The line of a win is read back through the parents."""

SNAPSHOT_EVERY: Final = 8
"""One position in this many down a line keeps a :meth:`.board.Board.snapshot` (about 200
bytes): fewer means less memory and more moves replayed to restore an open position."""


class Search:
    """One search from a board, which can be resumed with a larger node limit.

    :param board: the start, as it is now, and its :attr:`.board.Board.greedy` (changed during
        the search; it may be shared with other searches: each run sets it back first).
    :param max_nodes: stop after this many new positions (deterministic), or None.
    :param deadline: stop at this :func:`time.perf_counter` value, or None.
    :param table_cap: most positions kept; the search stops (``OUT``) when it is reached.
    :param lost: a sound test that a position is lost (:func:`.lost.is_lost`); a new position
        it accepts is counted but never expanded.
    """

    def __init__(
        self,
        board: Board,
        evaluate: Evaluate,
        *,
        max_nodes: int | None,
        deadline: float | None,
        table_cap: int = 3_000_000,
        progress: Progress | None = None,
        lost: Callable[[Board], bool] = is_lost,
    ) -> None:
        self.board = board
        self.greedy = board.greedy
        self.evaluate = evaluate
        self.lost = lost
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62
        self.deadline = deadline
        self.table_cap = table_cap
        self.progress = progress
        self.nodes = 0
        self.line: list[str] = []
        self._seen: set[bytes] = set()
        self._heap: list[Node] = []
        self._counter = 0
        self._next: Node | None = None  # the position to expand when resumed
        self._start = board.snapshot()

    def run(self, max_nodes: int | None = None) -> str:
        """Search (on from where the last run stopped, if any) until :attr:`nodes` reaches
        ``max_nodes`` (default: the constructor's); returns :data:`WON` (then :attr:`line`
        holds the moves), :data:`LOST` (every reachable position searched) or :data:`OUT`
        (budget spent)."""
        board = self.board
        board.greedy = self.greedy
        play, unplay, force, unforce, gen, key_of, snap_of = (
            board.play,
            board.unplay,
            board.force_safe,
            board.unforce,
            board.moves,
            board.key,
            board.snapshot,
        )
        evaluate, lost, seen, heap = self.evaluate, self.lost, self._seen, self._heap
        if max_nodes is None:
            max_nodes = self.max_nodes
        deadline, progress, cap = self.deadline, self.progress, self.table_cap
        t0 = time.perf_counter()
        counter = self._counter
        nodes = self.nodes
        if not seen:
            board.restore(self._start)
            first_up = tuple(force())  # before the snapshot: the positions below replay from it
            node: Node = (snap_of(), None, None, first_up, 0)
            if board.left == 0:
                self.line = line_of(node)
                return WON
            seen.add(key_of())
            nodes = 1
        elif self._next is not None:
            node, self._next = self._next, None
            self._restore(node)
        elif heap:
            node = heapq.heappop(heap)
            self._restore(node)
        else:
            return LOST
        while True:
            # expand `node` (the live board), dive into its best new child
            best = None
            best_score = 0
            hops = (node[-1] + 1) % SNAPSHOT_EVERY  # of its children
            # a position proved lost is not expanded (tested here, not when it is first
            # reached: most positions reached are never expanded)
            back = reversal(node[-3], node[-2], board.reversible)
            for m in () if lost(board) else gen():
                if m == back:
                    continue
                undo = play(m)
                done = force(m)
                if board.left == 0:
                    self.nodes = nodes
                    self.line = line_of((None, node, m, tuple(done), 0))
                    return WON
                k = key_of()
                if k not in seen:
                    seen.add(k)
                    nodes += 1
                    score = evaluate(board, board.col_bytes)
                    if hops:
                        snap = None
                    else:
                        snap = snap_of()
                    if best is None or score > best_score:
                        if best is not None:
                            counter -= 1
                            heapq.heappush(heap, (-best_score, counter, *best))
                        best, best_score = (snap, node, m, tuple(done), hops), score
                    else:
                        counter -= 1
                        heapq.heappush(heap, (-score, counter, snap, node, m, tuple(done), hops))
                unforce(done)
                unplay(m, undo)
            out = nodes >= max_nodes or len(seen) >= cap
            if not out and (not nodes & 255 or best is None):
                now = time.perf_counter()
                if progress is not None:
                    progress(nodes, now - t0)
                out = deadline is not None and now > deadline
            if out:
                self.nodes, self._counter, self._next = nodes, counter, best
                return OUT
            if best is not None:
                # the pushed sibling copies need a snapshot; the dive child is replayed live
                node = best
                play(best[2])
                force(best[2])
                continue
            if not heap:
                self.nodes = nodes
                return LOST
            node = heapq.heappop(heap)
            self._restore(node)

    @property
    def full(self) -> bool:
        """Whether the table holds :attr:`table_cap` positions: the search can go no further."""
        return len(self._seen) >= self.table_cap

    def _restore(self, node: Node) -> None:
        """Make the board ``node``'s position: its nearest snapshot up the line, then the moves
        from there (each move and its safe moves replay exactly: same board, same rules)."""
        board = self.board
        path: list[Move] = []
        while node[-5] is None:
            path.append(node[-3])
            node = node[-4]
        board.restore(node[-5])
        for move in reversed(path):
            board.play(move)
            board.force_safe(move)


def line_of(node: Node) -> list[str]:
    """The line from the start to ``node``, read back through the parents, in RULES.md
    notation: each node's move, then the safe cards that went up after it."""
    steps: list[tuple[Move | None, tuple[int, ...]]] = []
    at: Node | None = node
    while at is not None:
        parent, move, done = at[-4:-1]
        steps.append((move, done))
        at = parent
    return line_notation(reversed(steps))
