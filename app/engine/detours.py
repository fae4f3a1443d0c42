"""Winning lines without their detours: the same win in fewer moves, for a player to follow.

The solver's lines wander: a search that finds a win keeps every move on its way to it, and a
player who follows the hints of a Relaxed line saw a run go from column 2 to column 5 and back
again, 51 times in one game (a play-tester's finding). :func:`without_detours` takes out

- **cycles**: the moves between two visits of the same position;
- **moves taken straight back**: a run moved from column ``a`` to column ``b`` and later from
  ``b`` back to ``a`` (the same number of cards), when no move in between touches either
  column, and the moves in between, played without the pair, are legal and reach the position
  the line reached after the pair.

Every position the shorter line reaches after a cut is one the longer line reached, so it ends
in the same position: a winning line stays winning. Every move is checked by :func:`.moves.apply`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .moves import FOUNDATION, WASTE, Action, IllegalMoveError, Move, apply
from .position import Position
from .rules import Rules


def without_detours(start: Position, line: Sequence[str], rules: Rules) -> list[str]:
    """``line`` (RULES.md notation, from ``start``) without its cycles and moves taken straight
    back (see the module docstring); its moves in the same order otherwise.

    :raises MoveSyntaxError: for a move not in the notation.
    :raises IllegalMoveError: for a move of ``line`` that is not legal where it is played.
    """
    moves = [Move.parse(text) for text in line]
    positions = [start]
    for move in moves:
        positions.append(apply(positions[-1], move, rules))
    moves, positions = _without_cycles(moves, positions)
    i = 0
    while i < len(moves):
        j = _taken_back(moves, i)
        between = None if j is None else _replayed(positions[i], moves[i + 1 : j], rules)
        if j is not None and between is not None and between[-1] == positions[j + 1]:
            moves = moves[:i] + moves[i + 1 : j] + moves[j + 1 :]
            positions = positions[:i] + between + positions[j + 2 :]
            i = max(i - 1, 0)  # the move before may now be taken back by a later one
            continue
        i += 1
    return [str(m) for m in moves]


def _without_cycles(moves: list[Move], positions: list[Position]) -> tuple[list[Move], list[Position]]:
    """The moves and positions (``positions[k]`` before ``moves[k]``, one more position than
    moves) with every stretch between two visits of a position taken out."""
    kept_moves: list[Move] = []
    kept = [positions[0]]
    index = {positions[0]: 0}
    for move, after in zip(moves, positions[1:], strict=True):
        back = index.get(after)
        if back is not None:  # been here: the moves since go
            for p in kept[back + 1 :]:
                del index[p]
            del kept_moves[back:]
            del kept[back + 1 :]
            continue
        kept_moves.append(move)
        kept.append(after)
        index[after] = len(kept) - 1
    return kept_moves, kept


def _taken_back(moves: list[Move], i: int) -> int | None:
    """The index of the move that takes ``moves[i]`` (column ``a`` to column ``b``) straight
    back, ``b`` to ``a`` with as many cards, when it is the next move to touch either column."""
    m = moves[i]
    if m.action is not Action.MOVE or m.source == WASTE or m.target == FOUNDATION:
        return None
    piles = {m.source, m.target}
    for j in range(i + 1, len(moves)):
        n = moves[j]
        if n.action is Action.MOVE and ({n.source, n.target} & piles):
            back = n.source == m.target and n.target == m.source and n.count == m.count
            return j if back else None
    return None


def _replayed(start: Position, moves: Sequence[Move], rules: Rules) -> list[Position] | None:
    """``start`` and the position after each of ``moves``, or None when one is not legal."""
    positions = [start]
    try:
        for move in moves:
            positions.append(apply(positions[-1], move, rules))
    except IllegalMoveError:
        return None
    return positions
