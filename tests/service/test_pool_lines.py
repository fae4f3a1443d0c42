"""Every winning line shipped in the pool files replays through the engine to a win (the pool
is what "New game" deals and what hints follow), in every variant of RULES.md, "The family"."""

from __future__ import annotations

import pytest

from app.engine import MODES, Move, apply, deal
from app.services.deals import pool_file, read_pool_file

SHIPPED_AT_LEAST = 1000
"""Winnable deals shipped for Classic and Relaxed (the other variants: see the next)."""
FAMILY_SHIPPED_AT_LEAST = 1
"""Winnable deals shipped for each other variant at the least (the survey of issue 16 made
them; the pool worker finds more as the site runs)."""


@pytest.mark.parametrize("mode", list(MODES))
def test_every_shipped_winning_line_replays_to_a_win(mode: str) -> None:
    rules = MODES[mode]
    rows = [r for r in read_pool_file(pool_file(mode)) if r["verdict"] == "winnable"]
    least = SHIPPED_AT_LEAST if mode in ("classic", "relaxed") else FAMILY_SHIPPED_AT_LEAST
    assert len(rows) >= least, f"the {mode} pool ships {len(rows)} winnable deals"
    for r in rows:
        position = deal(int(r["number"]), rules)
        moves = r["line"].split()
        assert len(moves) == int(r["line_length"])
        for text in moves:
            position = apply(position, Move.parse(text), rules)  # checked against the legal moves
        assert position.cards_home == rules.card_count, r["number"]
