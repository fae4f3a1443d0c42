"""The dead-end check (RULES.md, "Helpers on the table", Dead end): can any card still reach a
foundation by some sequence of legal moves?"""

from __future__ import annotations

from app.engine import Position, Rules

from .board import COL_F, W_F, Board


def can_reach_foundation(position: Position, rules: Rules, max_nodes: int = 20_000) -> bool | None:
    """Whether some sequence of legal moves from ``position`` puts any card on a foundation.

    Meant for a position whose stock is exhausted (and no redeal left), where the search is
    small: only column and waste moves remain. Draws and redeals are searched too when they
    are legal, so the answer is right for any position.

    :param max_nodes: positions to examine at most.
    :returns: True (a card can go up; also for a won position, where nothing is stuck), False
        (proved: every reachable position was examined and none puts a card up), or None
        (undecided within ``max_nodes``). False is never a false alarm.
    :raises ValueError: for rules the solver does not handle.
    """
    board = Board(position, rules)
    if board.left == 0:
        return True
    seen = {board.key()}
    stack = [board.snapshot()]
    nodes = 1
    while stack:
        board.restore(stack.pop())
        moves = board.moves()
        for m in moves:
            if m[0] == COL_F or m[0] == W_F:
                return True
        for m in moves:
            undo = board.play(m)
            k = board.key()
            if k not in seen:
                if nodes >= max_nodes:
                    return None
                nodes += 1
                seen.add(k)
                stack.append(board.snapshot())
            board.unplay(m, undo)
    return False
