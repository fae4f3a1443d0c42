"""The lost-position test against exhaustive search on positions near the end of random
games: whatever it calls lost is lost, and pruning with it never changes a verdict; no position
on a winning line is called lost."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from app.engine import CLASSIC, Game, Position, deal, legal_moves
from app.engine.moves import play
from app.solver import solve
from app.solver.board import Board
from app.solver.lost import is_lost
from app.solver.search import LOST, OUT, WON, Search, make_evaluate

WEIGHTS = (10, 6, 3, 8, 6, 0, 0, 0)


def _late_positions(count: int, seed: int):
    """Classic deals played at random (cards up whenever they fit, otherwise a column or waste
    move or a draw) until at most a few stock cards are left."""
    rng = random.Random(seed)
    for number in range(1, count + 1):
        pos = deal(number, CLASSIC)
        stock_left = rng.randint(0, 8)
        while len(pos.stock) > stock_left:
            moves = legal_moves(pos, CLASSIC)
            up = [m for m in moves if m.to_foundation]
            table = [m for m in moves if m.action == "move"]
            draw = [m for m in moves if m.action == "draw"]
            move = up[0] if up else rng.choice(table) if table and rng.random() < 0.6 else draw[0]
            pos = play(pos, move)
        yield pos


def _verdict(pos: Position, *, prune: bool) -> str:
    board = Board(pos, CLASSIC)
    lost = is_lost if prune else (lambda b: False)
    return Search(board, make_evaluate(WEIGHTS), max_nodes=10_000, deadline=None, lost=lost).run()


def test_lost_positions_are_lost_and_pruning_keeps_every_verdict() -> None:
    seen: Counter[tuple[str, bool]] = Counter()
    for pos in _late_positions(50, seed=1):
        plain = _verdict(pos, prune=False)
        called_lost = is_lost(Board(pos, CLASSIC))
        seen[plain, called_lost] += 1
        if plain == OUT:
            continue
        assert not called_lost or plain == LOST, pos
        assert _verdict(pos, prune=True) == plain, pos
    # exercised both ways: positions it calls lost, lost ones it cannot tell, won ones
    assert seen[LOST, True] >= 10 and seen[LOST, False] >= 10 and seen[WON, False] >= 1, seen


@pytest.mark.parametrize("number", [2, 17, 27])
def test_no_position_on_a_winning_line_is_called_lost(number: int) -> None:
    result = solve(deal(number, CLASSIC), CLASSIC, max_nodes=20_000)
    assert result.status == "winnable"
    game = Game(deal(number, CLASSIC), CLASSIC, auto_safe=False)
    for move in result.moves:
        assert not is_lost(Board(game.position, CLASSIC)), (number, move)
        game.play(move)
