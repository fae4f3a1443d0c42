"""Helpers shared by the engine tests: the test data directory and position builders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.engine import MODES, Position, Rules
from app.engine.cards import Card, full_pack

DATA = Path(__file__).resolve().parent.parent / "data"


def load_json(name: str) -> Any:
    """A file of ``tests/data`` (never ``../shared``: the project reads only its own copy)."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def cards(text: str) -> tuple[Card, ...]:
    """``"KD 9S 8S"`` → the cards, bottom first."""
    return tuple(Card.parse(t) for t in text.split())


def build_position(
    columns: list[str],
    *,
    rules: Rules,
    foundations: list[str | None] | None = None,
    waste: str = "",
    redeals_left: int | None = None,
) -> Position:
    """A complete, valid position: the given columns (each ``"KD 9S 8S"``, bottom first, ``""``
    for empty), foundations and waste; every other card goes to the stock in the fixed pack order.
    Checked with :meth:`Position.check_cards`."""
    tableau = tuple(cards(c) for c in columns)
    assert len(tableau) == rules.columns
    slots: tuple[Card | None, ...] = tuple(
        None if f is None else Card.parse(f) for f in (foundations or [None] * rules.foundation_slots)
    )
    w = cards(waste)
    remaining = list(full_pack(rules.decks))
    used: list[Card] = [c for col in tableau for c in col] + list(w)
    for top in slots:
        if top is not None:
            used += [Card(r, top.suit) for r in range(1, top.rank + 1)]
    for c in used:
        remaining.remove(c)
    pos = Position(
        tableau=tableau,
        foundations=slots,
        waste=w,
        stock=tuple(remaining),
        redeals_left=rules.redeals if redeals_left is None else redeals_left,
    )
    pos.check_cards(rules)
    return pos


def case_position(case: dict[str, Any]) -> tuple[Position, Rules]:
    """A rule case's position and rules."""
    rules = MODES[case["mode"]]
    return Position.from_json(case["position"], rules), rules
