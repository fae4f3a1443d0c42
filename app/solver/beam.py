"""Beam search by stock position: wins that the best-first dives miss.

With one pass through the stock (Classic), every position lies in a *layer*: how many stock
cards have been drawn. A line of play goes through the layers in order, one draw from each to
the next. The beam search walks the layers in order: in each it searches best-first (by
:func:`.search.make_evaluate`), among the moves that draw nothing, from the positions it
brought into the layer, up to ``layer_nodes`` expansions; then the ``width`` best positions
found in the layer each draw one card, and those are the next layer's start. The last layer
(nothing left to draw) may expand :data:`LAST_LAYER` times as many positions.

Best-first dives (:mod:`.search`) go deep along one line and come back to the best open
position, which is usually a late one: a mistake made early, while most of the stock was still
to come, is rarely undone. The beam keeps a spread of positions at every point of the stock, so
the early layers get their share of the search. With beams, :func:`.solve.solve` wins 45 of
Classic deals 1–100 at 10 s a deal, where solver 1.3, without them, won 37.

It drops positions, so it proves nothing: it answers :data:`.search.WON` (with the line) or
:data:`.search.OUT`.
"""

from __future__ import annotations

import heapq
import time
from typing import Any, Final

from .board import DRAW, Board, reversal
from .lost import is_lost
from .search import OUT, WON, Evaluate, Progress, line_of

LAST_LAYER: Final = 4
"""How many times ``layer_nodes`` the last layer may expand. A cap keeps each beam search's
size bounded by its sizes (about ``layer_nodes`` times the stock's size plus this), so
that :func:`.solve.solve` can give the best-first portfolio its turns."""


def beam_search(
    board: Board,
    evaluate: Evaluate,
    *,
    width: int,
    layer_nodes: int,
    max_nodes: int,
    deadline: float | None = None,
    progress: Progress | None = None,
) -> tuple[str, list[str], int]:
    """Search from ``board`` (left as it is found: the search restores it from a snapshot).

    :param width: positions that go on from each layer to the next (each draws one card).
    :param layer_nodes: positions expanded in each layer before the layer is closed (the last
        layer, with the stock spent: :data:`LAST_LAYER` times as many).
    :param max_nodes: stop after this many new positions (the result is deterministic).
    :param deadline: stop at this :func:`time.perf_counter` value, or None.
    :param progress: called now and then with (nodes searched, seconds elapsed).
    :returns: ``(verdict, line, nodes)``: :data:`.search.WON` with the line in RULES.md
        notation (foundation moves included), or :data:`.search.OUT` with an empty line.
    :raises ValueError: for a board with a redeal left (its layers are not in order).
    """
    if board.redeals:
        raise ValueError("the beam search needs a single pass through the stock (no redeal left)")
    start = board.snapshot()
    try:
        return _search(board, evaluate, width, layer_nodes, max_nodes, deadline, progress)
    finally:
        board.restore(start)


def _search(
    board: Board,
    evaluate: Evaluate,
    width: int,
    layer_nodes: int,
    max_nodes: int,
    deadline: float | None,
    progress: Progress | None,
) -> tuple[str, list[str], int]:
    """:func:`beam_search`'s work, leaving the board wherever it ends."""
    t0 = time.perf_counter()
    play, unplay, force, unforce, key_of, snap_of = (
        board.play,
        board.unplay,
        board.force_safe,
        board.unforce,
        board.key,
        board.snapshot,
    )
    nodes = 0
    done = tuple(force())
    if board.left == 0:
        return WON, line_of((None, None, None, done, 0)), 0
    # a layer starts from its seeds, keyed and rated as they are made (as the last layer closes)
    seen: set[bytes] = {key_of()}
    seeds: list[tuple[Any, ...]] = [(-evaluate(board, board.col_bytes), -1, snap_of(), None, None, done, 0)]
    counter = -1
    stock_size = len(board.stock)
    while seeds:
        last = board.si >= stock_size  # every seed of a layer has drawn as many cards
        expand = layer_nodes * LAST_LAYER if last else layer_nodes
        heap = seeds
        heapq.heapify(heap)
        found: list[tuple[Any, ...]] = []  # the layer's positions taken from the heap and not proved lost
        expansions = 0
        while heap and expansions < expand:
            entry = heapq.heappop(heap)
            node = entry[2:]
            board.restore(node[-5])
            expansions += 1  # a position proved lost costs about as much as one expanded
            if is_lost(board):
                continue
            found.append(entry)
            back = reversal(node[-3], node[-2], board.reversible)
            for m in board.moves(draws=False):
                if m == back:
                    continue
                undo = play(m)
                forced = tuple(force(m))
                if board.left == 0:
                    return WON, line_of((None, node, m, forced, 0)), nodes
                k = key_of()
                if k not in seen:
                    seen.add(k)
                    nodes += 1
                    counter -= 1
                    heapq.heappush(heap, (-evaluate(board, board.col_bytes), counter, snap_of(), node, m, forced, 0))
                unforce(forced)
                unplay(m, undo)
            if nodes >= max_nodes or (not expansions & 63 and _late(deadline, progress, nodes, t0)):
                return OUT, [], nodes
        if last:
            break
        found.extend(heap)  # positions reached but not expanded count too
        seeds = []
        seen = set()
        for entry in heapq.nsmallest(width, found):
            node = entry[2:]
            board.restore(node[-5])
            draw = (DRAW, 0, 0, min(board.draw, stock_size - board.si))  # one D
            play(draw)
            forced = tuple(force())
            if board.left == 0:
                return WON, line_of((None, node, draw, forced, 0)), nodes
            seen.add(key_of())
            counter -= 1
            seeds.append((-evaluate(board, board.col_bytes), counter, snap_of(), node, draw, forced, 0))
            nodes += 1  # a new position, as any other
    return OUT, [], nodes


def _late(deadline: float | None, progress: Progress | None, nodes: int, t0: float) -> bool:
    """Report progress; whether the deadline has passed."""
    now = time.perf_counter()
    if progress is not None:
        progress(nodes, now - t0)
    return deadline is not None and now > deadline
