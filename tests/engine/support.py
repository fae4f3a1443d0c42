"""Helpers shared by the engine tests: the test data directory and position builders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.engine import CLASSIC, MODES, Position, Rules
from app.engine.cards import Card

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
    for empty), foundations and waste; every other card goes to the stock in the fixed pack order
    (``S:*`` of docs/position-text.md). Read with :meth:`Position.parse`, so it is checked."""
    assert len(columns) == rules.columns
    slots = " ".join(f or "-" for f in foundations or [None] * rules.foundation_slots)
    redeals = rules.redeals if redeals_left is None else redeals_left
    parts = [f"{n}:{column or '-'}" for n, column in enumerate(columns, 1)]
    return Position.parse(" | ".join([*parts, f"F:{slots}", f"W:{waste or '-'}", "S:*", f"R:{redeals}"]), rules)


def setup_json(text: str, rules: Rules = CLASSIC) -> dict[str, Any]:
    """API.md's set-up JSON (``stock`` in draw order) of a position in the text form."""
    return Position.parse(text, rules).to_json(reveal_stock=True)


def case_position(case: dict[str, Any]) -> tuple[Position, Rules]:
    """A rule case's position and rules. The position is in the text form (one line, as this
    project's copy writes it: tools/rule_cases.py) or in API.md's JSON form (as the shared
    source has it)."""
    rules = MODES[case["mode"]]
    given = case["position"]
    if isinstance(given, str):
        return Position.parse(given, rules), rules
    return Position.from_json(given, rules), rules
