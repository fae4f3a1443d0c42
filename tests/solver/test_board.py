"""The solver's compact board against the engine: same legal moves, same positions after moves."""

from __future__ import annotations

import random

import pytest

from app.engine import CLASSIC, RELAXED, Move, Position, Rules, deal, legal_moves
from app.engine.moves import play
from app.solver.board import Board, forced_notation, notation


def _random_positions(rules: Rules, games: int, steps: int, seed: int):
    rng = random.Random(seed)
    for number in range(1, games + 1):
        pos = deal(number, rules)
        for _ in range(steps):
            yield pos
            moves = legal_moves(pos, rules)
            if not moves:
                break
            # favour column and waste moves so positions get varied (empty columns, runs)
            table = [m for m in moves if m.action == "move"]
            move = rng.choice(table) if table and rng.random() < 0.7 else rng.choice(moves)
            pos = play(pos, move)


@pytest.mark.parametrize("rules", [CLASSIC, RELAXED], ids=lambda r: r.name)
def test_full_move_generation_matches_engine_legal_moves(rules: Rules) -> None:
    checked = 0
    for pos in _random_positions(rules, games=40, steps=80, seed=7):
        board = Board(pos, rules)
        mine = sorted(n for m in board.moves(search=False) for n in notation(m))
        engine = sorted(str(m) for m in legal_moves(pos, rules))
        assert mine == engine, pos
        checked += 1
    assert checked > 2000


@pytest.mark.parametrize("rules", [CLASSIC, RELAXED], ids=lambda r: r.name)
def test_search_moves_replay_through_engine_and_unplay_restores(rules: Rules) -> None:
    for pos in _random_positions(rules, games=15, steps=60, seed=11):
        board = Board(pos, rules)
        before = board.key()
        for move in board.moves(search=True):
            undo = board.play(move)
            done = board.force_safe()
            expected = pos
            for text in notation(move):
                parsed = Move.parse(text)
                assert parsed in legal_moves(expected, rules), (text, expected)
                expected = play(expected, parsed)
            for text in forced_notation(done):
                parsed = Move.parse(text)
                assert parsed in legal_moves(expected, rules)
                expected = play(expected, parsed)
            assert _same(board.to_position(), expected)
            board.unforce(done)
            board.unplay(move, undo)
            assert board.key() == before
        assert _same(board.to_position(), pos)


def _same(p: Position, q: Position) -> bool:
    """Equal up to the order of a suit's foundation slots."""
    def norm(x: Position):
        return (x.tableau, x.waste, x.stock, x.redeals_left,
                sorted((s // 2, x.foundation_height(s)) for s in range(len(x.foundations))))
    return norm(p) == norm(q)
