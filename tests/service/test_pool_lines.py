"""Every winning line shipped in the pool files replays through the engine to a win (the pool
is what "New game" deals and what hints follow)."""

from __future__ import annotations

import pytest

from app.engine import MODES, Game, GameStatus, deal
from app.services.deals import pool_file, read_pool_file


@pytest.mark.parametrize("mode", list(MODES))
def test_every_shipped_winning_line_replays_to_a_win(mode: str) -> None:
    rules = MODES[mode]
    rows = [r for r in read_pool_file(pool_file(mode)) if r["verdict"] == "winnable"]
    assert len(rows) >= 1000, f"the {mode} pool ships {len(rows)} winnable deals"
    for r in rows:
        game = Game(deal(int(r["number"]), rules), rules, auto_safe=False)
        moves = r["line"].split()
        assert len(moves) == int(r["line_length"])
        for text in moves:
            game.play(text)  # Game.play checks every move against the legal moves
        assert game.status is GameStatus.WON, r["number"]
