"""solve(): winning lines replay through the engine, proofs, budgets, determinism; the dead-end
check; budget parsing; surveys."""

from __future__ import annotations

import csv

import pytest

from app.engine import CLASSIC, RELAXED, Game, GameStatus, Rules, deal, legal_moves
from app.solver import (
    SOLVER_VERSION,
    Budget,
    SolveResult,
    can_reach_foundation,
    parse_budget,
    solve,
    survey,
)
from app.solver.survey import summary_lines, wilson, write_csv
from tests.engine.support import build_position

# Found by a seeded random search: spades and hearts from the 2 up, the 2s and the 3s buried
# so that no sequence of moves frees any of them (1,400-odd positions to exhaust).
DEAD_COLUMNS = [
    "9S 2H KH QH 8H",
    "4S 4H 6S KS 7S",
    "5H JH KH QS 5S",
    "JS QS 7H 2S 3H",
    "4S JS JH 9H 8S",
    "8S 3S 4H 3H 5H",
    "2H TS 7S 6H 7H",
    "TH 5S 8H 3S 9S",
    "KS TH 2S 6H 9H",
    "TS QH 6S",
]
FOUNDATIONS = ["AS", "AS", "AH", "AH", "KD", "KD", "KC", "KC"]


def _replays_to_a_win(result: SolveResult, number: int, rules: Rules) -> None:
    game = Game(deal(number, rules), rules, auto_safe=False)
    for move in result.moves:
        game.play(move)
    assert game.status is GameStatus.WON


@pytest.mark.parametrize(
    ("rules", "number"), [(CLASSIC, 2), (CLASSIC, 17), (CLASSIC, 27), (RELAXED, 1), (RELAXED, 7), (RELAXED, 12)]
)
def test_winning_line_replays_through_the_engine_to_a_win(rules: Rules, number: int) -> None:
    result = solve(deal(number, rules), rules, max_nodes=20_000)
    assert result.status == "winnable"
    assert result.nodes <= 20_000 and result.elapsed_ms > 0
    _replays_to_a_win(result, number, rules)


def test_node_budget_makes_the_result_deterministic() -> None:
    a = solve(deal(17, CLASSIC), CLASSIC, max_nodes=20_000)
    b = solve(deal(17, CLASSIC), CLASSIC, max_nodes=20_000)
    assert (a.status, a.moves, a.nodes) == (b.status, b.moves, b.nodes)


def test_constructed_dead_position_is_proved_unwinnable() -> None:
    pos = build_position(DEAD_COLUMNS, rules=CLASSIC, foundations=FOUNDATIONS)
    result = solve(pos, CLASSIC, max_nodes=100_000)
    assert result.status == "unwinnable"
    assert result.moves == ()
    # 1,400-odd positions to exhaust, but the lost test (app.solver.lost) sees at once that
    # the buried 2s can never move
    assert result.nodes < 100


def test_tiny_budget_gives_unknown() -> None:
    result = solve(deal(3, CLASSIC), CLASSIC, max_nodes=50)
    assert result.status == "unknown"
    assert result.moves == () and result.nodes <= 50


def test_time_budget_is_kept() -> None:
    result = solve(deal(3, CLASSIC), CLASSIC, budget_ms=300)
    assert result.status == "unknown"
    assert result.elapsed_ms < 800


def test_solve_needs_a_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        solve(deal(1, CLASSIC), CLASSIC)


def test_won_position_is_winnable_with_an_empty_line() -> None:
    pos = build_position([""] * 10, rules=CLASSIC, foundations=["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC"])
    result = solve(pos, CLASSIC, max_nodes=10)
    assert (result.status, result.moves) == ("winnable", ())


def test_dead_end_check_proves_a_dead_end_with_moves_left() -> None:
    pos = build_position(DEAD_COLUMNS, rules=CLASSIC, foundations=FOUNDATIONS)
    assert any(m.action == "move" for m in legal_moves(pos, CLASSIC))
    assert can_reach_foundation(pos, CLASSIC, max_nodes=100_000) is False


def test_dead_end_check_sees_a_card_freed_by_one_tableau_move() -> None:
    # 3H (top of column 4) onto 4H (top of column 10) uncovers 2S, which fits on AS.
    columns = list(DEAD_COLUMNS)
    columns[5] = "8S 3S QH 3H 5H"
    columns[9] = "TS 6S 4H"
    pos = build_position(columns, rules=CLASSIC, foundations=FOUNDATIONS)
    assert not any(m.to_foundation for m in legal_moves(pos, CLASSIC))
    assert can_reach_foundation(pos, CLASSIC) is True


def test_dead_end_check_is_undecided_on_a_tiny_budget() -> None:
    pos = build_position(DEAD_COLUMNS, rules=CLASSIC, foundations=FOUNDATIONS)
    assert can_reach_foundation(pos, CLASSIC, max_nodes=5) is None


def test_dead_end_check_on_a_fresh_deal_is_true() -> None:
    assert can_reach_foundation(deal(1, CLASSIC), CLASSIC) is True


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("10s", Budget(10_000, None)),
        ("500ms", Budget(500, None)),
        ("2m", Budget(120_000, None)),
        ("200000n", Budget(None, 200_000)),
        ("1.5s", Budget(1500, None)),
        ("10s+5000n", Budget(10_000, 5000)),
    ],
)
def test_parse_budget_reads_time_and_nodes(text: str, budget: Budget) -> None:
    assert parse_budget(text) == budget


@pytest.mark.parametrize("text", ["", "10", "ten s", "-1s", "0s", "1.5n", "10x"])
def test_parse_budget_rejects_nonsense(text: str) -> None:
    with pytest.raises(ValueError, match="budget"):
        parse_budget(text)


def test_survey_yields_rows_and_writes_csv(tmp_path) -> None:
    rows = list(survey([2, 3], "classic", max_nodes=20_000))
    assert [r.number for r in rows] == [2, 3]
    assert rows[0].verdict == "winnable" and rows[1].verdict == "unknown"
    assert all(r.solver_version == SOLVER_VERSION for r in rows)
    out = tmp_path / "s.csv"
    write_csv(rows, out)
    lines = list(csv.reader(out.open()))
    assert lines[0] == ["number", "mode", "verdict", "line_length", "nodes", "elapsed_ms", "solver_version"]
    assert lines[1][:4] == ["2", "classic", "winnable", str(len(rows[0].moves))]
    assert any("winnable" in line for line in summary_lines(rows))


def test_wilson_interval_brackets_the_share() -> None:
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.5 < hi < 0.60
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_drawn_weight_charges_each_stock_card_drawn() -> None:
    from app.solver.board import Board, W
    from app.solver.search import make_evaluate

    board = Board(deal(5, CLASSIC), CLASSIC)
    plain, charged = make_evaluate((10, 6, 3, 8, 6, 0, 0)), make_evaluate((10, 6, 3, 8, 6, 0, 0, 5))
    assert plain(board) == charged(board)  # nothing drawn yet
    move = next(m for m in board.moves() if m[0] == W and m[3] >= 2)
    board.play(move)
    assert charged(board) == plain(board) - 5 * board.si


def test_a_search_resumed_in_steps_searches_as_one_run() -> None:
    from app.solver.board import Board
    from app.solver.search import WON, Search, make_evaluate

    def search() -> Search:
        return Search(
            Board(deal(2, CLASSIC), CLASSIC), make_evaluate((10, 6, 3, 8, 6, 0, 0, 5)), max_nodes=None, deadline=None
        )

    whole = search()
    assert whole.run(50_000) == WON
    stepped = search()
    limit = 100
    while stepped.run(limit) != WON:
        limit += 97
    assert (stepped.line, stepped.nodes) == (whole.line, whole.nodes)


def test_every_position_a_search_expands_is_one_it_reached() -> None:
    """Deal 65 puts a safe card up before its first move; the positions below the start that
    are restored from its snapshot must have that card up too (the snapshot was once taken
    before it went up, and the search then expanded positions it had never reached)."""
    from app.solver.board import Board
    from app.solver.search import Search, make_evaluate

    assert Board(deal(65, CLASSIC), CLASSIC).force_safe()  # the start puts a card up: the case tested
    board = Board(deal(65, CLASSIC), CLASSIC)
    expanded: list[bytes] = []

    def record(b: Board) -> bool:  # the search's lost test, called on every position it expands
        expanded.append(b.key())
        return False

    search = Search(board, make_evaluate((10, 6, 3, 8, 6, 0, 0, 5)), max_nodes=3_000, deadline=None, lost=record)
    search.run()
    assert len(expanded) > 100
    assert all(k in search._seen for k in expanded)


def test_solve_pauses_the_cyclic_collector_and_restores_it() -> None:
    import gc

    seen: list[bool] = []
    assert gc.isenabled()
    solve(deal(6, CLASSIC), CLASSIC, max_nodes=3_000, progress=lambda nodes, secs: seen.append(gc.isenabled()))
    assert seen and not any(seen)
    assert gc.isenabled()
    gc.disable()
    try:
        solve(deal(6, CLASSIC), CLASSIC, max_nodes=1_000)
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()
