"""Every winning line shipped in the pool files replays through the engine to a win (the pool
is what "New game" deals and what hints follow), in every variant of RULES.md, "The family"."""

from __future__ import annotations

import pytest

from app.engine import MODES, Move, apply, deal
from app.services.deals import pool_file, read_pool_file

SHIPPED_AT_LEAST = {"classic": 1000, "relaxed": 1000, "three-passes": 500, "limited": 500}
"""Winnable deals each pool ships at the least; the rest of the family (issue 16's survey made
them, CPU-bound) ships what :data:`FAMILY_SHIPPED` says, and the pool worker finds more."""
FAMILY_SHIPPED = {
    "josephine": 378,
    "lucas": 295,
    "indian": 193,
    "streets": 370,
    "maria": 213,
    "number-ten": 199,
    "rank-and-file": 204,
    "little-forty": 89,
    "sixty-thieves": 180,
    "kings-only": 0,  # no Kings Only deal won yet: 0 of 1-200 at 100,000 positions, 0 of 1-15 at 1,000,000
}


@pytest.mark.parametrize("mode", list(MODES))
def test_every_shipped_winning_line_replays_to_a_win(mode: str) -> None:
    rules = MODES[mode]
    rows = [r for r in read_pool_file(pool_file(mode)) if r["verdict"] == "winnable"]
    least = SHIPPED_AT_LEAST.get(mode, FAMILY_SHIPPED.get(mode, 1))
    assert len(rows) >= least, f"the {mode} pool ships {len(rows)} winnable deals"
    for r in rows:
        position = deal(int(r["number"]), rules)
        moves = r["line"].split()
        assert len(moves) == int(r["line_length"])
        for text in moves:
            position = apply(position, Move.parse(text), rules)  # checked against the legal moves
        assert position.cards_home == rules.card_count, r["number"]
