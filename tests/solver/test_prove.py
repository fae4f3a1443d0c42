"""The prover: proofs by exhausting the positions, once; stop and resume; its winning lines."""

from __future__ import annotations

from app.engine import CLASSIC, Game, GameStatus, deal
from app.solver import solve
from app.solver.board import Board
from app.solver.prove import Prover
from app.solver.search import LOST, OUT, WON


def test_the_prover_proves_classic_deal_10_lost_by_visiting_each_position_once() -> None:
    prover = Prover(Board(deal(10, CLASSIC), CLASSIC))
    assert prover.run(100_000) == LOST
    assert prover.nodes == 9_287  # the positions reachable from deal 10 that are not proved lost
    assert prover.line == []


def test_a_prover_stopped_and_resumed_searches_as_one_run() -> None:
    whole = Prover(Board(deal(10, CLASSIC), CLASSIC))
    whole.run(100_000)
    board = Board(deal(10, CLASSIC), CLASSIC)
    stepped = Prover(board)
    limit = 500
    while (verdict := stepped.run(limit)) == OUT:
        assert stepped.nodes == limit
        board.restore(Board(deal(3, CLASSIC), CLASSIC).snapshot())  # someone else uses the board
        limit += 499
    assert (verdict, stepped.nodes) == (LOST, whole.nodes)


def test_the_prover_makes_proofs_cheaper_than_the_portfolio_alone() -> None:
    with_prover = solve(deal(10, CLASSIC), CLASSIC, max_nodes=60_000)
    without = solve(deal(10, CLASSIC), CLASSIC, max_nodes=60_000, prove=False)
    assert (with_prover.status, without.status) == ("unwinnable", "unknown")


def test_a_prover_win_replays_through_the_engine() -> None:
    line = solve(deal(2, CLASSIC), CLASSIC, max_nodes=50_000).moves
    game = Game(deal(2, CLASSIC), CLASSIC, auto_safe=False)
    for move in line[:-60]:
        game.play(move)
    prover = Prover(Board(game.position, CLASSIC))
    assert prover.run(200_000) == WON
    for move in prover.line:
        game.play(move)
    assert game.status is GameStatus.WON


def test_a_prover_at_its_table_cap_gives_up_without_an_answer() -> None:
    prover = Prover(Board(deal(10, CLASSIC), CLASSIC), table_cap=1_000)
    assert prover.run(100_000) == OUT
    assert prover.run(100_000) == OUT and prover.nodes <= 1_002


def test_the_prover_reports_its_progress_and_solve_counts_it_with_the_rest() -> None:
    seen: list[tuple[int, float]] = []
    prover = Prover(Board(deal(10, CLASSIC), CLASSIC))
    prover.run(3_000)
    prover.run(100_000, progress=lambda nodes, seconds: seen.append((nodes, seconds)))
    assert [n for n, _ in seen] == list(range(256 - 3_000 % 256, prover.nodes - 3_000 + 1, 256))
    # solve's progress (the CLI's bar) keeps rising through the prover's turns to its total
    reports: list[int] = []
    result = solve(deal(10, CLASSIC), CLASSIC, max_nodes=60_000, progress=lambda n, s: reports.append(n))
    assert result.status == "unwinnable"
    assert reports == sorted(reports) and result.nodes - 256 <= reports[-1] <= result.nodes


def test_solve_stops_when_every_search_is_at_its_table_cap() -> None:
    # a tiny table: the prover and the portfolio fill their shares at once and the beam ladder
    # has had its share; solve gives up (unknown) instead of turning round with nothing to do
    result = solve(deal(3, CLASSIC), CLASSIC, max_nodes=10**9, budget_ms=20_000, table_cap=2_400)
    assert result.status == "unknown"
    assert result.elapsed_ms < 10_000 and result.nodes < 1_000_000


def test_the_prover_has_the_rest_of_the_budget_once_the_portfolio_has_stopped() -> None:
    # each search of the portfolio stops at 2,000 positions (its table full), long before the
    # prover's 9,287 (of 12,000 it may keep): the prover goes on alone to its proof
    result = solve(deal(10, CLASSIC), CLASSIC, max_nodes=30_000, table_cap=24_000, beam=False)
    assert result.status == "unwinnable"
