"""The lost-position test against exhaustive search on positions near the end of random
games: whatever it calls lost is lost, and pruning with it never changes a verdict; no position
on a winning line is called lost."""

from __future__ import annotations

import csv
import gzip
import random
from collections import Counter
from pathlib import Path

import pytest

from app.engine import CLASSIC, Game, Position, deal, legal_moves
from app.engine.moves import play
from app.solver import solve
from app.solver.board import COL, COL_F, DRAW, W_F, Board, Move, W
from app.solver.lost import is_lost
from app.solver.prove import Prover
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
            pos = play(pos, move, CLASSIC)
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


# Classic positions met by the prover on deal 88. In each, a stock card (3C) may go up but has
# nowhere to lie in a column (both 4C are buried in the waste), so the 2C that would need it
# stays where it is and every column keeps a card that never moves. The test once counted every
# card leaving the stock as a possible column top and called them "not lost".
LOST_ONLY_WITH_NO_PLACE_TO_LIE = [
    (
        "1:7D 6D TC 9C 8C 7C | 2:AS AC 8H KC QC JC | 3:6S 6C JH TS 9S 8S 7S | 4:JS 3H QC TS | "
        "5:TC KS 7S 2D | 6:3D 5S KD | 7:5C 2C 4S 9H | 8:AH TH QH | 9:2H 6D AD KC | "
        "10:AD 5D 3D 5H 4H | F:AS - 2H - - - 2C - | "
        "W:7D 3H JD 5D 5H 3S 7H QS 5S 4D QD QD JC 4C 4D 9D KS 7C 6S 4C 9H 6H KH 2S 9D QS | "
        "S:8H 4H 8D 3C 8D 3S 8S 6H 7H TD QH KD KH JD TD TH 6C 5C 2D 9S 9C JH 3C JS 8C 2S 4S | "
        "R:0"
    ),
    (
        "1:7D 6D TC 9C 8C 7C | 2:AS AC 8H KC | 3:6S 6C JH TS | 4:JS 3H QC TS 9S 8S | "
        "5:TC KS 7S 2D | 6:3D 5S KD | 7:5C 2C 4S 9H | 8:AH TH QH 7S | 9:2H 6D AD KC QC JC | "
        "10:AD 5D 3D 5H 4H | F:AS - 2H - - - 2C - | "
        "W:7D 3H JD 5D 5H 3S 7H QS 5S 4D QD QD JC 4C 4D 9D KS 7C 6S 4C 9H 6H KH 2S 9D QS | "
        "S:8H 4H 8D 3C 8D 3S 8S 6H 7H TD QH KD KH JD TD TH 6C 5C 2D 9S 9C JH 3C JS 8C 2S 4S | "
        "R:0"
    ),
]


def _plain_search(pos: Position, cap: int) -> str:
    """Every legal engine action (:meth:`Board.moves` with ``search=False``: single draws, no
    pruning, no safe moves forced), depth first over every position once: WON, LOST or OUT."""
    board = Board(pos, CLASSIC)
    seen = {board.key()}
    stack = [board.snapshot()]
    while stack:
        board.restore(stack.pop())
        for move in board.moves(search=False):
            undo = board.play(move)
            if board.left == 0:
                return WON
            key = board.key()
            if key not in seen:
                if len(seen) >= cap:
                    return OUT
                seen.add(key)
                stack.append(board.snapshot())
            board.unplay(move, undo)
    return LOST


@pytest.mark.parametrize("text", LOST_ONLY_WITH_NO_PLACE_TO_LIE)
def test_a_card_that_can_only_go_up_gives_no_column_top(text: str) -> None:
    pos = Position.parse(text, CLASSIC)
    assert is_lost(Board(pos, CLASSIC))
    assert _plain_search(pos, 20_000) == LOST  # plain exhaustive search agrees


def _board_move(text: str) -> Move:
    """One action of RULES.md notation as the board's move (no draw folded in)."""
    if text == "D":
        return (DRAW, 0, 0, 1)
    src, dst = text.split("-")
    dst, _, k = dst.partition("/")
    if src == "W":
        return (W_F, 0, 0, 0) if dst == "F" else (W, 0, int(dst) - 1, 0)
    return (COL_F, int(src) - 1, 0, 1) if dst == "F" else (COL, int(src) - 1, int(dst) - 1, int(k or 1))


POOL = Path(__file__).resolve().parents[2] / "app" / "pool" / "classic.csv.gz"


def test_no_position_on_a_shipped_winning_line_is_called_lost() -> None:
    """Every winning line of the shipped Classic pool, replayed on the solver's board: one
    position in three is tested (a different third on each line, so all are, over the pool)."""
    with gzip.open(POOL, "rt", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["verdict"] == "winnable"]
    assert len(rows) > 1_000
    tested = 0
    for i, row in enumerate(rows):
        board = Board(deal(int(row["number"]), CLASSIC), CLASSIC)
        for j, move in enumerate(row["line"].split()):
            if (i + j) % 3 == 0:
                assert not is_lost(board), (row["number"], j)
                tested += 1
            board.play(_board_move(move))
        assert board.left == 0, row["number"]  # the line was read right: it wins
    assert tested > 90_000


def _near_the_end_of_shipped_lines(count: int, moves_left: int):
    """Positions ``moves_left`` actions before the end of the first ``count`` shipped winning
    lines (replayed through the engine): each can be won."""
    with gzip.open(POOL, "rt", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["verdict"] == "winnable"][:count]
    for row in rows:
        game = Game(deal(int(row["number"]), CLASSIC), CLASSIC, auto_safe=False)
        for move in row["line"].split()[:-moves_left]:
            game.play(move)
        yield game.position


def test_the_prover_agrees_with_plain_exhaustive_search_on_small_positions() -> None:
    """Late Classic positions small enough to search plainly (every legal action, nothing
    pruned): the prover, with all its pruning (safe cards up, draws folded into plays, one
    empty column for all, the lost test), gives the same verdict on each."""
    seen: Counter[str] = Counter()
    positions = [*_late_positions(60, seed=7), *_near_the_end_of_shipped_lines(15, 40)]
    for pos in positions:
        plain = _plain_search(pos, 3_000)
        if plain == OUT:
            continue
        assert Prover(Board(pos, CLASSIC)).run(100_000) == plain, pos
        seen[plain] += 1
    assert seen[LOST] >= 10 and seen[WON] >= 5, seen
