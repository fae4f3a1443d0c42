"""Winning lines without their detours (app/engine/detours.py): cycles and moves taken straight
back go; the line still wins, in the same end position, every move legal."""

from __future__ import annotations

import csv
import gzip
from itertools import islice
from pathlib import Path

from app.engine import MODES, RELAXED, Game, GameStatus, Move, Position, apply, deal, legal_moves
from app.engine.detours import without_detours

POOL = Path(__file__).resolve().parents[2] / "app" / "pool"


def taken_back_at(position: Position) -> tuple[Move, Move]:
    """A column-to-column move legal in ``position`` whose reverse is legal right after."""
    for move in legal_moves(position, RELAXED):
        if move.action != "move" or not move.source or not move.target:
            continue
        back = Move(source=move.target, target=move.source, count=move.count)
        if back in legal_moves(apply(position, move, RELAXED), RELAXED):
            return move, back
    raise AssertionError("no move here that can be taken straight back")


def test_a_move_taken_straight_back_goes_with_its_return_and_draws_between_stay() -> None:
    start = deal(36, RELAXED)  # 6-4 and 4-6: a card between the two copies of the card above it
    there, back = taken_back_at(start)
    assert without_detours(start, [str(there), str(back)], RELAXED) == []  # a cycle
    assert without_detours(start, [str(there), "D", "D", str(back), "D"], RELAXED) == ["D", "D", "D"]


def test_a_return_after_a_move_on_either_column_stays() -> None:
    start = deal(8538, RELAXED)
    line = ["7-8", "8-6/2", "8-7"]  # 8-6/2 moves off column 8 between the move and its return
    assert without_detours(start, line, RELAXED) == line


def test_shipped_winning_lines_stay_winning_and_never_grow() -> None:
    for mode in ("relaxed", "classic"):
        rules = MODES[mode]
        with gzip.open(POOL / f"{mode}.csv.gz", "rt", encoding="utf-8") as f:
            rows = [r for r in islice(csv.DictReader(f), 60) if r["verdict"] == "winnable"][:15]
        shorter = 0
        for row in rows:
            line = row["line"].split()
            short = without_detours(deal(int(row["number"]), rules), line, rules)
            game = Game(deal(int(row["number"]), rules), rules, auto_safe=False)
            for move in short:
                game.play(move)
            assert game.status is GameStatus.WON and len(short) <= len(line), row["number"]
            shorter += len(short) < len(line)
        assert shorter > 0, mode  # the solver's lines do wander
