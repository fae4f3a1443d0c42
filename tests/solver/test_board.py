"""The solver's compact board against the engine: same legal moves, same positions after moves."""

from __future__ import annotations

import random

import pytest

from app.engine import CLASSIC, RELAXED, Move, Position, Rules, deal, legal_moves
from app.engine.moves import play
from app.solver.board import COL, Board, forced_notation, notation, reversal


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
            pos = play(pos, move, rules)


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
                expected = play(expected, parsed, rules)
            for text in forced_notation(done):
                parsed = Move.parse(text)
                assert parsed in legal_moves(expected, rules)
                expected = play(expected, parsed, rules)
            assert _same(board.to_position(), expected)
            board.unforce(done)
            board.unplay(move, undo)
            assert board.key() == before
        assert _same(board.to_position(), pos)


def _same(p: Position, q: Position) -> bool:
    """Equal up to the order of a suit's foundation slots."""

    def norm(x: Position):
        return (
            x.tableau,
            x.waste,
            x.stock,
            x.redeals_left,
            sorted((s // 2, x.foundation_height(s)) for s in range(len(x.foundations))),
        )

    return norm(p) == norm(q)


def _caches_current(board: Board) -> bool:
    """The bytes the board keeps for its key and snapshot match the piles they stand for."""
    board.key()
    return (
        board.col_bytes == [bytes(c) for c in board.cols]
        and board.waste_key() == bytes(board.waste)
        and board.home_key() == bytes(board.home)
    )


@pytest.mark.parametrize("rules", [CLASSIC, RELAXED], ids=lambda r: r.name)
def test_the_bytes_kept_for_keys_follow_every_change(rules: Rules) -> None:
    rng = random.Random(5)
    for number in range(1, 11):
        board = Board(deal(number, rules), rules)
        start = board.snapshot()
        board.force_safe()
        for _ in range(60):
            moves = board.moves(search=rng.random() < 0.5)
            if not moves:
                break
            for move in moves:  # every move made and taken back
                undo = board.play(move)
                assert _caches_current(board), move
                done = board.force_safe(None)
                assert _caches_current(board), move
                board.unforce(done)
                board.unplay(move, undo)
                assert _caches_current(board), move
            move = rng.choice(moves)
            board.play(move)
            board.force_safe()
            snap = board.snapshot()
            board.restore(start)
            assert _caches_current(board)
            board.restore(snap)
            assert _caches_current(board)


def test_reversal_is_the_move_straight_back() -> None:
    rng = random.Random(3)
    board = Board(deal(3, CLASSIC), CLASSIC)
    board.force_safe()
    tried = 0
    for _ in range(150):
        moves = board.moves()
        if not moves:
            break
        for move in moves:
            back = reversal(move, ())
            if move[0] != COL:
                assert back is None
                continue
            before = board.key()
            undo = board.play(move)
            if back in board.moves():
                board.play(back)
                assert board.key() == before
                board.unplay(back, None)
                tried += 1
            board.unplay(move, undo)
        board.play(rng.choice(moves))
        board.force_safe()
    assert tried >= 5
    assert reversal((COL, 2, 5, 3), ()) == (COL, 5, 2, 3)
    assert reversal((COL, 2, 5, 1), (700,)) is None  # a card went up after it: no way straight back
