"""The family's rule cases (tests/data/family_rules_cases.json): for each variant of RULES.md's
"The family", a position with moves its build rule, empty-column rule, run rule, stock or
face-down cards allow and forbid, and what holds after one of them.

Keys: ``legal``, ``illegal``, ``legal_from`` (as in test_rule_cases.py) and ``after``, with its
``move`` and any of ``column_N``, ``face_down_N`` (how many of column N's cards lie face down),
``waste``, ``redeals_left``, ``foundations`` (the first slots' tops) and ``auto_safe``. An
unknown key fails loudly.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.engine import MODES, Game, IllegalMoveError, Move, apply, legal_moves

from .support import case_position, load_json

CASES: list[dict[str, Any]] = load_json("family_rules_cases.json")["cases"]
CASE_KEYS = {"name", "mode", "position", "legal", "illegal", "legal_from", "after", "note"}
AFTER_KEY = re.compile(r"^(move|auto_safe|waste|redeals_left|foundations|column_\d+|face_down_\d+)$")


def _params(key: str) -> list[Any]:
    return [pytest.param(c, m, id=f"{c['name']}:{m}") for c in CASES for m in c.get(key, [])]


def test_every_variant_beyond_classic_and_relaxed_has_cases() -> None:
    assert {c["mode"] for c in CASES} == set(MODES) - {"classic", "relaxed"}
    for case in CASES:
        assert set(case) <= CASE_KEYS, f"unknown keys {set(case) - CASE_KEYS}"
        assert all(AFTER_KEY.match(k) for k in case.get("after", {})), case["name"]


@pytest.mark.parametrize(("case", "move"), _params("legal"))
def test_family_case_move_is_legal_and_applies(case: dict[str, Any], move: str) -> None:
    position, rules = case_position(case)
    assert move in [str(m) for m in legal_moves(position, rules)], case["note"]
    Game(position, rules, auto_safe=False).play(move)


@pytest.mark.parametrize(("case", "move"), _params("illegal"))
def test_family_case_move_is_illegal_and_changes_nothing(case: dict[str, Any], move: str) -> None:
    position, rules = case_position(case)
    assert move not in [str(m) for m in legal_moves(position, rules)], case["note"]
    game = Game(position, rules)
    with pytest.raises(IllegalMoveError, match=re.escape(str(Move.parse(move)))):
        game.play(move)
    assert game.position == position and game.history == []


@pytest.mark.parametrize("case", [pytest.param(c, id=c["name"]) for c in CASES if "legal_from" in c])
def test_family_case_legal_from_a_column_is_exact(case: dict[str, Any]) -> None:
    column, want = case["legal_from"]
    position, rules = case_position(case)
    got = [str(m) for m in legal_moves(position, rules) if m.action == "move" and m.source == column]
    assert sorted(got) == sorted(want), case["note"]


@pytest.mark.parametrize("case", [pytest.param(c, id=c["name"]) for c in CASES if "after" in c])
def test_family_case_after_the_move(case: dict[str, Any]) -> None:
    after = case["after"]
    position, rules = case_position(case)
    game = Game(position, rules, auto_safe=after.get("auto_safe", False))
    game.play(after["move"])
    now = game.position
    assert now == apply(position, Move.parse(after["move"]), rules) or after.get("auto_safe")
    for key, want in after.items():
        if m := re.fullmatch(r"column_(\d+)", key):
            assert [str(c) for c in now.tableau[int(m.group(1)) - 1]] == want, case["note"]
        elif m := re.fullmatch(r"face_down_(\d+)", key):
            assert now.hidden(int(m.group(1)) - 1) == want, case["note"]
    if "waste" in after:
        assert [str(c) for c in now.waste] == after["waste"]
    if "redeals_left" in after:
        assert now.redeals_left == after["redeals_left"]
    if "foundations" in after:
        tops = after["foundations"]
        assert [str(c) for c in now.foundations[: len(tops)]] == tops
    game.undo()
    assert game.position == position
