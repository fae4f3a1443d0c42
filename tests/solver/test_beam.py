"""The beam search by stock position: its moves, its lines, its budget, its place in solve()."""

from __future__ import annotations

import sys

import pytest

from app.engine import CLASSIC, RELAXED, Game, GameStatus, Rules, deal
from app.solver import solve
from app.solver.beam import beam_search
from app.solver.board import REDEAL, W_F, Board, W
from app.solver.search import OUT, WON, make_evaluate
from app.solver.solve import BEAM_WEIGHTS
from tests.solver.test_board import _random_positions


@pytest.mark.parametrize("rules", [CLASSIC, RELAXED], ids=lambda r: r.name)
def test_moves_without_draws_are_the_search_moves_that_draw_nothing(rules: Rules) -> None:
    checked = 0
    for pos in _random_positions(rules, games=20, steps=60, seed=5):
        board = Board(pos, rules)
        drawing = [m for m in board.moves() if m[0] == REDEAL or (m[0] in (W, W_F) and m[3])]
        assert board.moves(draws=False) == [m for m in board.moves() if m not in drawing]
        checked += bool(drawing)
    assert checked > 500


def _beam(number: int, **sizes: int) -> tuple[Board, tuple[str, list[str], int]]:
    board = Board(deal(number, CLASSIC), CLASSIC)
    return board, beam_search(board, make_evaluate(BEAM_WEIGHTS), **sizes)


def test_a_beam_win_replays_through_the_engine_and_leaves_the_board_as_found() -> None:
    board, (verdict, line, nodes) = _beam(19, width=30, layer_nodes=1_000, max_nodes=200_000)
    assert verdict == WON and 0 < nodes <= 200_000
    assert board.snapshot() == Board(deal(19, CLASSIC), CLASSIC).snapshot()
    game = Game(deal(19, CLASSIC), CLASSIC, auto_safe=False)
    for move in line:
        game.play(move)
    assert game.status is GameStatus.WON


def test_a_beam_search_keeps_its_node_budget_and_is_deterministic() -> None:
    first = _beam(5, width=30, layer_nodes=1_000, max_nodes=3_000)[1]
    assert first[:2] == (OUT, []) and 3_000 <= first[2] < 3_100
    assert _beam(5, width=30, layer_nodes=1_000, max_nodes=3_000)[1] == first


def test_the_beam_search_needs_a_single_pass_through_the_stock() -> None:
    board = Board(deal(5, RELAXED), RELAXED)
    with pytest.raises(ValueError, match="single pass"):
        beam_search(board, make_evaluate(BEAM_WEIGHTS), width=10, layer_nodes=100, max_nodes=1_000)


def test_the_beam_searches_win_a_deal_that_the_portfolio_alone_does_not() -> None:
    with_beam = solve(deal(19, CLASSIC), CLASSIC, max_nodes=30_000)
    without = solve(deal(19, CLASSIC), CLASSIC, max_nodes=30_000, beam=False)
    assert (with_beam.status, without.status) == ("winnable", "unknown")
    game = Game(deal(19, CLASSIC), CLASSIC, auto_safe=False)
    for move in with_beam.moves:
        game.play(move)
    assert game.status is GameStatus.WON


def test_every_beam_search_of_solve_starts_from_the_position_given(monkeypatch) -> None:
    solve_module = sys.modules["app.solver.solve"]  # the package's name `solve` is the function
    starts = []

    def recording(board: Board, *args, **kwargs):
        starts.append(board.snapshot())
        return beam_search(board, *args, **kwargs)

    monkeypatch.setattr(solve_module, "beam_search", recording)
    result = solve(deal(3, CLASSIC), CLASSIC, max_nodes=60_000)
    assert result.status == "unknown"
    assert len(starts) >= 3  # the portfolio has searched between them
    assert set(starts) == {Board(deal(3, CLASSIC), CLASSIC).snapshot()}
