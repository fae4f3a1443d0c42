"""Every case of tests/data/rules_cases.json (a copy of the shared rule cases, each position
written as one line of text by tools/rule_cases.py) as tests.

Each key of a case is honoured: ``legal``, ``illegal``, ``legal_from``, ``after`` (with its
``move``, ``column_N``, ``moves_counter_delta``, ``then_legal``, ``then_undo_column_N``,
``auto_safe``), ``auto_safe_moves_after_draw``, and the claims that a ``note`` makes.
An unknown key fails loudly, so new data cannot be silently ignored.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from app.engine import (
    Game,
    GameStatus,
    IllegalMoveError,
    Move,
    Position,
    Rules,
    apply,
    legal_moves,
)

from .support import case_position, load_json

CASES: list[dict[str, Any]] = load_json("rules_cases.json")["cases"]
BY_NAME = {c["name"]: c for c in CASES}

CASE_KEYS = {
    "name",
    "source",
    "mode",
    "position",
    "legal",
    "illegal",
    "legal_from",
    "after",
    "auto_safe_moves_after_draw",
    "note",
}
AFTER_KEY = re.compile(r"^(move|moves_counter_delta|then_legal|auto_safe|note|column_\d+|then_undo_column_\d+)$")


def _cases_with(key: str) -> list[Any]:
    return [pytest.param(c, id=c["name"]) for c in CASES if key in c]


def _moves_of(key: str) -> list[Any]:
    return [pytest.param(c, m, id=f"{c['name']}:{m}") for c in CASES for m in c.get(key, [])]


def _legal_texts(position: Position, rules: Rules) -> list[str]:
    return [str(m) for m in legal_moves(position, rules)]


def _column(position: Position, number: int) -> list[str]:
    return [str(c) for c in position.tableau[number - 1]]


# -- the data itself ---------------------------------------------------------------------------
def test_rule_cases_file_is_not_empty_and_names_are_unique() -> None:
    assert len(CASES) >= 12
    assert len(BY_NAME) == len(CASES)


@pytest.mark.parametrize("case", _cases_with("name"))
def test_rule_case_uses_only_known_keys(case: dict[str, Any]) -> None:
    assert set(case) <= CASE_KEYS, f"unknown keys {set(case) - CASE_KEYS}: teach this file about them"
    for key in case.get("after", {}):
        assert AFTER_KEY.match(key), f"unknown after-key {key!r}: teach this file about it"
    assert case["mode"] in ("classic", "relaxed")


@pytest.mark.parametrize("case", _cases_with("position"))
def test_rule_case_position_is_valid_and_round_trips(case: dict[str, Any]) -> None:
    position, rules = case_position(case)
    position.check_cards(rules)
    assert Position.from_json(position.to_json(reveal_stock=True), rules) == position
    assert Position.parse(str(position), rules) == position


# -- legal / illegal / legal_from --------------------------------------------------------------
@pytest.mark.parametrize(("case", "move"), _moves_of("legal"))
def test_rule_case_move_is_legal(case: dict[str, Any], move: str) -> None:
    position, rules = case_position(case)
    assert move in _legal_texts(position, rules), case.get("note", "")
    # And it applies, through the function and through a Game.
    apply(position, Move.parse(move), rules)
    game = Game(position, rules, auto_safe=False)
    game.play(move)
    assert game.moves == 1


@pytest.mark.parametrize(("case", "move"), _moves_of("illegal"))
def test_rule_case_move_is_illegal_and_changes_nothing(case: dict[str, Any], move: str) -> None:
    position, rules = case_position(case)
    assert move not in _legal_texts(position, rules), case.get("note", "")
    with pytest.raises(IllegalMoveError) as info:
        apply(position, Move.parse(move), rules)
    assert str(Move.parse(move)) in str(info.value), "the message names the move"
    for auto_safe in (False, True):
        game = Game(position, rules, auto_safe=auto_safe)
        with pytest.raises(IllegalMoveError):
            game.play(move)
        assert game.position == position
        assert game.history == [] and game.cursor == 0 and game.moves == 0


@pytest.mark.parametrize("case", _cases_with("legal_from"))
def test_rule_case_legal_from_column_is_exact(case: dict[str, Any]) -> None:
    column, expected = case["legal_from"]
    position, rules = case_position(case)
    from_column = [str(m) for m in legal_moves(position, rules) if m.action == "move" and m.source == column]
    assert sorted(from_column) == sorted(expected), case.get("note", "")


# -- after --------------------------------------------------------------------------------------
def _after_params() -> list[Any]:
    out = []
    for c in _cases_with("after"):
        case = c.values[0]
        if "auto_safe" in case["after"]:
            out.append(pytest.param(case, case["after"]["auto_safe"], id=f"{case['name']}:as-given"))
        else:
            # Not stated: the keys describe the move by itself (auto_safe off); with auto_safe on
            # the same must hold once the auto moves made with it are accounted for.
            out.append(pytest.param(case, False, id=f"{case['name']}:auto_safe_off"))
            out.append(pytest.param(case, True, id=f"{case['name']}:auto_safe_on"))
    return out


@pytest.mark.parametrize(("case", "auto_safe"), _after_params())
def test_rule_case_after_move(case: dict[str, Any], auto_safe: bool) -> None:
    after = case["after"]
    stated = "auto_safe" in after
    position, rules = case_position(case)
    game = Game(position, rules, auto_safe=auto_safe)
    before_moves = game.moves
    step = game.play(after["move"])
    after_position = game.position
    auto = [str(m) for m in step.auto]
    why = after.get("note", case.get("note", ""))

    if "moves_counter_delta" in after:
        assert game.moves - before_moves == after["moves_counter_delta"], why
    # Auto moves never count: one player action is one move.
    assert game.moves - before_moves == 1

    bare = apply(position, Move.parse(after["move"]), rules)
    if auto_safe and not stated:
        # The stated columns are those of the move alone; the auto moves are extra, on top.
        check_position = bare
        replayed = bare
        for m in step.auto:
            replayed = apply(replayed, m, rules)
        assert replayed == after_position
    else:
        check_position = after_position

    for key, want in after.items():
        m = re.fullmatch(r"column_(\d+)", key)
        if m:
            assert _column(check_position, int(m.group(1))) == want, why

    if "then_legal" in after:
        legal_now = _legal_texts(after_position, rules)
        for move in after["then_legal"]:
            if auto_safe and not stated:
                # With auto_safe on, a move listed as then-legal may already have been made for
                # the player (seed000: AC goes up by itself).
                assert move in legal_now or move in auto, why
            else:
                assert move in legal_now, why

    # One undo takes the action back with all its auto moves; the counter returns.
    game.undo()
    assert game.position == position
    assert game.moves == before_moves
    for key, want in after.items():
        m = re.fullmatch(r"then_undo_column_(\d+)", key)
        if m:
            assert _column(game.position, int(m.group(1))) == want, why
    # Redo repeats the action and its auto moves exactly.
    redone = game.redo()
    assert redone == step
    assert game.position == after_position
    assert game.moves == before_moves + 1


def test_seed000_with_auto_safe_on_the_ace_of_clubs_goes_up_by_itself() -> None:
    case = BY_NAME["seed000_example_6D_onto_7D_frees_AC"]
    position, rules = case_position(case)
    game = Game(position, rules, auto_safe=True)
    step = game.play("2-1")
    assert [str(m) for m in step.auto] == ["2-F"]
    assert game.position.tableau[1] == ()
    assert [str(c) for c in game.position.tableau[0]] == ["7D", "6D"]
    assert game.moves == 1
    # With auto_safe off it stays for the player to move.
    manual = Game(position, rules, auto_safe=False)
    assert manual.play("2-1").auto == ()
    assert "2-F" in [str(m) for m in manual.legal_moves()]


# -- auto_safe_moves_after_draw ----------------------------------------------------------------
@pytest.mark.parametrize("case", _cases_with("auto_safe_moves_after_draw"))
def test_rule_case_auto_safe_moves_after_draw(case: dict[str, Any]) -> None:
    position, rules = case_position(case)
    game = Game(position, rules, auto_safe=True)
    step = game.play("D")
    assert [str(m) for m in step.auto] == case["auto_safe_moves_after_draw"], case.get("note", "")
    assert game.moves == 1
    # Off: the draw alone.
    assert Game(position, rules, auto_safe=False).play("D").auto == ()


# -- what the notes claim ----------------------------------------------------------------------
def _note_empty_stock_draw(case: dict[str, Any]) -> None:
    # "stock empty, one pass: D is illegal and adds no history entry"
    position, rules = case_position(case)
    assert position.stock == () and position.redeals_left == 0
    game = Game(position, rules)
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        game.play("D")
    assert game.history == [] and game.moves == 0


def _note_redeal_once_same_order(case: dict[str, Any]) -> None:
    # "after R the stock holds the waste's cards so that the first card drawn is the waste's
    # bottom card; redeals_left becomes 0"
    position, rules = case_position(case)
    game = Game(position, rules, auto_safe=False)
    game.play("R")
    assert game.position.redeals_left == 0
    assert game.position.waste == ()
    assert game.position.stock == position.waste
    game.play("D")
    assert game.position.waste == (position.waste[0],)
    assert game.moves == 2
    # Second pass in exactly the first pass's order, and no third pass.
    while game.position.stock:
        game.play("D")
    assert game.position.waste == position.waste
    assert "R" not in [str(m) for m in game.legal_moves()]


def _note_not_blocked_with_one_stock_card(case: dict[str, Any]) -> None:
    # "one card left in the stock: not blocked; after D (4S unplayable, no move) the play is
    # blocked at once"
    position, rules = case_position(case)
    for auto_safe in (False, True):
        game = Game(position, rules, auto_safe=auto_safe)
        assert len(position.stock) == 1
        assert game.status is GameStatus.PLAYING
        assert not game.moves_on_table
        game.play("D")
        assert str(game.position.waste[-1]) == "4S"
        assert game.legal_moves() == []
        assert game.status is GameStatus.BLOCKED


def _note_undo_takes_back_automoves(case: dict[str, Any]) -> None:
    # "one undo restores 9H and AS; redo repeats both; the move counter returns to 0"
    position, rules = case_position(case)
    game = Game(position, rules, auto_safe=True)
    step = game.play("1-6")
    assert [str(m) for m in step.auto] == ["1-F"]
    assert str(game.position.foundations[0]) == "AS"
    game.undo()
    assert game.moves == 0 and game.undos == 1
    assert [str(c) for c in game.position.tableau[0]] == ["KC", "AS", "9H"]
    assert game.position.foundations == position.foundations
    game.redo()
    assert [str(c) for c in game.position.tableau[0]] == ["KC"]
    assert [str(c) for c in game.position.tableau[5]] == ["TH", "9H"]
    assert game.moves == 1


def _note_supermove_limits(case: dict[str, Any]) -> None:
    # seed001 one-empty-column: "limit 2 with one empty column, 1 when that column is the
    # destination". Checked through the exact legal_from; here the limits themselves.
    from app.engine.moves import supermove_limit

    position, rules = case_position(case)
    assert position.empty_columns == 1
    assert supermove_limit(position, rules, target_empty=False) == 2
    assert supermove_limit(position, rules, target_empty=True) == 1


def _note_limit_8_needs_9(case: dict[str, Any]) -> None:
    # "a 9-card run onto the other KD would also need limit 9": no 9-card move anywhere.
    position, rules = case_position(case)
    assert max(m.count for m in legal_moves(position, rules)) == 8


def _note_5s_not_safe_but_legal(case: dict[str, Any]) -> None:
    # "5S is not safe (a 3S and a 4S are still out); by hand 5-F is legal"
    position, rules = case_position(case)
    assert position.suit_floor(0) == 2
    game = Game(position, rules, auto_safe=True)
    step = game.play("5-F")
    assert step.auto == ()
    assert str(game.position.foundations[0]) == "5S"


NOTE_CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "empty_stock_draw_is_illegal_in_classic": _note_empty_stock_draw,
    "relaxed_redeal_once_same_order": _note_redeal_once_same_order,
    "not_blocked_while_stock_has_a_card": _note_not_blocked_with_one_stock_card,
    "seed001_supermove_one_empty_column": _note_supermove_limits,
    "supermove_three_empty_columns_limit_8": _note_limit_8_needs_9,
    "safe_automove_waits_for_both_copies": _note_5s_not_safe_but_legal,
}
AFTER_NOTE_CHECKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "undo_takes_back_automoves_with_the_action": _note_undo_takes_back_automoves,
    # seed000's after-note is checked by test_seed000_with_auto_safe_on_the_ace_of_clubs_...
    "seed000_example_6D_onto_7D_frees_AC": lambda case: None,
}


@pytest.mark.parametrize("case", _cases_with("note"))
def test_rule_case_note_holds(case: dict[str, Any]) -> None:
    assert case["name"] in NOTE_CHECKS, f"note without a check: {case['note']!r}"
    NOTE_CHECKS[case["name"]](case)


@pytest.mark.parametrize("case", [pytest.param(c, id=c["name"]) for c in CASES if "note" in c.get("after", {})])
def test_rule_case_after_note_holds(case: dict[str, Any]) -> None:
    assert case["name"] in AFTER_NOTE_CHECKS, f"after-note without a check: {case['after']['note']!r}"
    AFTER_NOTE_CHECKS[case["name"]](case)
