"""Unit tests pinning single rules: supermove limits, relaxed runs, the redeal, safe auto-move,
Finish, counters, status, points, undo/redo and replay. Each test's name states the behaviour.
"""

from __future__ import annotations

import pytest

from app.engine import (
    CLASSIC,
    FINISH,
    MODES,
    RELAXED,
    Game,
    GameStatus,
    IllegalMoveError,
    Move,
    MoveSyntaxError,
    Position,
    Rules,
    apply,
    deal,
    legal_moves,
)
from app.engine.cards import Card
from app.engine.game import finish_line, points, safe_auto_moves
from app.engine.moves import supermove_limit

from .support import build_position, cards

KINGS = ["KH", "KC", "KD", "KH", "KC", "KD"]


def _texts(position: Position, rules: Rules) -> list[str]:
    return [str(m) for m in legal_moves(position, rules)]


def _from_column(position: Position, rules: Rules, column: int) -> set[str]:
    return {str(m) for m in legal_moves(position, rules) if m.action == "move" and m.source == column}


def _ladder(empty: int, rules: Rules) -> Position:
    """Column 1 holds the run 9S…2S (8 cards); targets TS (takes 8), 6S (takes 4), 4S (takes 2),
    3S (takes 1) in columns 2–5; then ``empty`` empty columns, the rest single kings."""
    columns = ["9S 8S 7S 6S 5S 4S 3S 2S", "TS", "6S", "4S", "3S"]
    columns += [""] * empty
    columns += KINGS[: 10 - len(columns)]
    return build_position(columns, rules=rules)


# -- supermoves (RULES.md, Classic 5) ------------------------------------------------------------
@pytest.mark.parametrize(("empty", "limit"), [(0, 1), (1, 2), (2, 4), (3, 8)])
def test_supermove_limit_is_two_to_the_number_of_empty_columns(empty: int, limit: int) -> None:
    position = _ladder(empty, CLASSIC)
    assert supermove_limit(position, CLASSIC, target_empty=False) == limit
    onto_cards = {
        str(m) for m in legal_moves(position, CLASSIC) if m.action == "move" and m.source == 1 and 2 <= m.target <= 5
    }
    want = {f"1-{t}" + (f"/{k}" if k > 1 else "") for t, k in ((2, 8), (3, 4), (4, 2), (5, 1)) if k <= limit}
    assert onto_cards == want


@pytest.mark.parametrize(("empty", "limit"), [(1, 1), (2, 2), (3, 4), (4, 8)])
def test_supermove_limit_halves_when_target_column_empty(empty: int, limit: int) -> None:
    position = _ladder(empty, CLASSIC)
    assert supermove_limit(position, CLASSIC, target_empty=True) == limit
    first_empty = 6
    into_empty = {m for m in _from_column(position, CLASSIC, 1) if m.startswith(f"1-{first_empty}")}
    assert into_empty == {f"1-{first_empty}" + (f"/{k}" if k > 1 else "") for k in range(1, limit + 1)}


def test_supermove_over_the_limit_is_illegal_with_a_message_naming_the_limit() -> None:
    position = _ladder(1, CLASSIC)
    with pytest.raises(IllegalMoveError, match=r"1-3/4 is not a legal move here: at most 2 cards"):
        apply(position, Move.parse("1-3/4"), CLASSIC)


def test_supermove_counts_as_one_move_and_one_undo_takes_it_back() -> None:
    position = _ladder(2, CLASSIC)
    game = Game(position, CLASSIC, auto_safe=False)
    game.play("1-3/4")
    assert [str(c) for c in game.position.tableau[2]] == ["6S", "5S", "4S", "3S", "2S"]
    assert game.moves == 1
    game.undo()
    assert game.position == position and game.moves == 0


def test_classic_moves_only_a_same_suit_run() -> None:
    # 7S on 8H on 9S: the top "run" is 7S alone; 8H 7S cannot move as a unit.
    position = build_position(["9S 8H 7S", "9H", "", "", "8S", *KINGS[:5]], rules=CLASSIC)
    assert "1-2/2" not in _texts(position, CLASSIC)
    assert "1-3/2" not in _texts(position, CLASSIC)
    assert "1-5" in _texts(position, CLASSIC)
    assert "1-5" in _texts(position, RELAXED)
    assert "1-2/2" not in _texts(position, RELAXED)


def test_a_card_never_builds_on_its_own_copy_or_wraps_king_to_ace() -> None:
    position = build_position(["6D", "6D", "AS", "KS", "2H", "AH", *KINGS[:4]], rules=CLASSIC)
    moves = _texts(position, CLASSIC)
    assert "1-2" not in moves and "2-1" not in moves  # 6D on 6D
    assert "3-4" not in moves and "4-3" not in moves  # no wrap between A and K
    assert "6-5" in moves  # AH onto 2H


# -- relaxed runs (RULES.md, Relaxed) ------------------------------------------------------------
def test_relaxed_moves_any_part_of_a_run_with_no_limit() -> None:
    position = _ladder(0, RELAXED)
    assert supermove_limit(position, RELAXED, target_empty=False) is None
    assert _from_column(position, RELAXED, 1) >= {"1-2/8", "1-3/4", "1-4/2", "1-5"}


def test_relaxed_moves_any_part_of_a_run_into_an_empty_column() -> None:
    position = _ladder(1, RELAXED)
    assert supermove_limit(position, RELAXED, target_empty=True) is None
    into_empty = {m for m in _from_column(position, RELAXED, 1) if m.startswith("1-6")}
    assert into_empty == {"1-6"} | {f"1-6/{k}" for k in range(2, 9)}


def test_relaxed_whole_run_move_keeps_the_run_in_order() -> None:
    position = _ladder(0, RELAXED)
    game = Game(position, RELAXED, auto_safe=False)
    game.play("1-2/8")
    assert [str(c) for c in game.position.tableau[1]] == "TS 9S 8S 7S 6S 5S 4S 3S 2S".split()
    assert game.position.tableau[0] == ()
    assert game.moves == 1


# -- stock, waste, redeal (RULES.md, Classic 6, Relaxed) -----------------------------------------
def test_draw_moves_the_stocks_first_card_onto_the_waste() -> None:
    position = deal(4242, CLASSIC)
    game = Game(position, CLASSIC, auto_safe=False)
    game.play("D")
    assert game.position.waste == position.stock[:1]
    assert game.position.stock == position.stock[1:]


def test_redeal_in_relaxed_makes_the_wastes_bottom_the_first_card_drawn() -> None:
    start = deal(4242, RELAXED)
    game = Game(start, RELAXED, auto_safe=False)
    for _ in range(64):
        assert "R" not in [str(m) for m in game.legal_moves()]  # never while the stock has cards
        game.play("D")
    first_pass = game.position.waste
    assert first_pass == start.stock
    assert "R" in [str(m) for m in game.legal_moves()] and "D" not in [str(m) for m in game.legal_moves()]
    game.play("R")
    assert game.position.redeals_left == 0 and game.position.waste == ()
    game.play("D")
    assert game.position.waste == (first_pass[0],)
    for _ in range(63):
        game.play("D")
    assert game.position.waste == first_pass  # the second pass in exactly the same order
    assert "R" not in [str(m) for m in game.legal_moves()]
    assert game.moves == 64 + 1 + 64


def test_redeal_is_never_legal_in_classic() -> None:
    game = Game(deal(4242, CLASSIC), CLASSIC, auto_safe=False)
    for _ in range(64):
        game.play("D")
    with pytest.raises(IllegalMoveError, match="Classic never turns the waste over into a new stock"):
        game.play("R")


def test_the_reason_a_redeal_is_refused_names_the_mode_played() -> None:
    """A tester read "no redeal is left (Classic turns the stock over never)" in Relaxed."""
    game = Game(deal(4242, RELAXED), RELAXED, auto_safe=False)
    for _ in range(64):
        game.play("D")
    game.play("R")
    for _ in range(64):
        game.play("D")
    with pytest.raises(IllegalMoveError, match=r"no redeal is left \(Relaxed allows one redeal\)"):
        game.play("R")


def test_redeal_needs_a_non_empty_waste() -> None:
    columns = " | ".join(f"{n}:{'*' if n == 1 else '-'}" for n in range(1, 11))
    position = Position.parse(f"{columns} | F:- - - - - - - - | W:- | S:- | R:1", RELAXED)
    assert "R" not in _texts(position, RELAXED)


def test_only_the_waste_top_is_playable() -> None:
    position = build_position(["2S", "5H", *KINGS, "KS", "KS"], rules=CLASSIC, waste="4H AS")
    moves = _texts(position, CLASSIC)
    assert "W-F" in moves  # AS is the top
    assert "W-2" not in moves  # 4H lies under AS


# -- safe auto-move (RULES.md, Helpers) ----------------------------------------------------------
def test_safe_auto_move_takes_aces_up_at_once() -> None:
    position = build_position(["AS", "3D", *KINGS, "KS", "KS"], rules=CLASSIC, waste="AH")
    made, after = safe_auto_moves(position, CLASSIC)
    assert [str(m) for m in made] == ["1-F", "W-F"]
    assert after.cards_home == 2


def test_safe_auto_move_lifts_a_two_only_once_both_aces_are_up() -> None:
    one_ace = build_position(["2S", *KINGS, "KS", "KS", "QS"], rules=CLASSIC, foundations=["AS", None, *[None] * 6])
    assert safe_auto_moves(one_ace, CLASSIC)[0] == []
    both = build_position(["2S", *KINGS, "KS", "KS", "QS"], rules=CLASSIC, foundations=["AS", "AS", *[None] * 6])
    assert [str(m) for m in safe_auto_moves(both, CLASSIC)[0]] == ["1-F"]


def test_safe_auto_move_uses_the_lower_foundation_height_of_the_suit() -> None:
    # Spades at 5 and 3: only a 4S is safe (one above the lower); 6S is legal but not safe.
    position = build_position(["6S", "4S", *KINGS, "KS", "KS"], rules=CLASSIC, foundations=["5S", "3S", *[None] * 6])
    made, after = safe_auto_moves(position, CLASSIC)
    assert [str(m) for m in made] == ["2-F"]
    assert [str(c) for c in after.foundations[:2]] == ["5S", "4S"]
    assert "1-F" in _texts(position, CLASSIC)


def test_safe_auto_move_repeats_until_nothing_safe_is_left() -> None:
    # One AS home. Column 2's AS goes up (both aces home), then column 1's 2S, then column 2's
    # 2S (both 2S home), then column 1's 3S: each move makes the next card safe.
    position = build_position(["3S 2S", "2S AS", *KINGS, "KS", "KS"], rules=CLASSIC, foundations=["AS", *[None] * 7])
    made, after = safe_auto_moves(position, CLASSIC)
    assert [str(m) for m in made] == ["2-F", "1-F", "2-F", "1-F"]
    assert after.tableau[0] == () and after.tableau[1] == ()
    assert [str(c) for c in after.foundations[:2]] == ["3S", "2S"]
    assert safe_auto_moves(after, CLASSIC)[0] == []


def test_nothing_moves_up_by_itself_before_a_player_action() -> None:
    position = build_position(["5H AS", "6H", *KINGS, "KS", "KS"], rules=CLASSIC)
    game = Game(position, CLASSIC)
    assert game.auto_safe is True  # on by default
    assert game.position == position
    assert "1-F" in [str(m) for m in game.legal_moves()]


def test_safe_auto_move_off_leaves_safe_cards_for_the_player() -> None:
    position = build_position(["AS 5H", "6H", *KINGS, "KS", "KS"], rules=CLASSIC)
    off = Game(position, CLASSIC, auto_safe=False)
    assert off.play("1-2").auto == ()
    assert "1-F" in [str(m) for m in off.legal_moves()]
    on = Game(position, CLASSIC, auto_safe=True)
    step = on.play("1-2")
    assert [str(m) for m in step.auto] == ["1-F"]
    assert str(on.position.foundations[0]) == "AS"
    assert on.moves == 1
    on.undo()
    assert on.position == position and on.moves == 0


def test_safe_auto_move_after_a_draw_takes_up_a_drawn_ace() -> None:
    position = build_position(["2H", "5H", *KINGS, "KS", "KS"], rules=CLASSIC)
    assert str(position.stock[0]) == "AS"
    game = Game(position, CLASSIC)
    step = game.play("D")
    assert [str(m) for m in step.auto] == ["W-F"]
    assert game.position.waste == () and game.moves == 1


# -- Finish (RULES.md, Helpers) ------------------------------------------------------------------
def _endgame(columns: list[str], foundations: list[str], waste: str = "", stock: str = "") -> Position:
    tableau = tuple(cards(c) for c in columns) + ((),) * (10 - len(columns))
    position = Position(tableau, tuple(Card.parse(f) for f in foundations), cards(waste), cards(stock), 0)
    position.check_cards(CLASSIC)
    return position


NEAR_END = ["QS", "JS", "KH", "KH", "KD", "KD", "KC", "KC"]


def test_finish_is_offered_when_stock_and_waste_are_empty_and_all_can_go_up() -> None:
    position = _endgame(["KS", "KS QS"], NEAR_END)
    game = Game(position, CLASSIC, auto_safe=False)
    assert game.can_finish
    assert finish_line(position, CLASSIC) is not None


def test_finish_plays_every_card_home_as_one_step_not_counted_as_a_move() -> None:
    position = _endgame(["KS", "KS QS"], NEAR_END)
    game = Game(position, CLASSIC, auto_safe=False)
    game.play("1-3")  # one real move first: KS into an empty column
    step = game.finish()
    assert step.action == FINISH and len(step.auto) == 3
    assert game.status is GameStatus.WON and game.cards_home == 104
    assert game.moves == 1
    assert len(game.history) == 2 and game.history[1].startswith("finish +")
    assert not game.can_finish


def test_undo_takes_finish_back_whole() -> None:
    position = _endgame(["KS", "KS QS"], NEAR_END)
    game = Game(position, CLASSIC, auto_safe=False)
    game.finish()
    game.undo()
    assert game.position == position and game.moves == 0 and game.undos == 1
    game.redo()
    assert game.status is GameStatus.WON


@pytest.mark.parametrize(
    ("where", "kwargs"),
    [("waste", {"waste": "KS"}), ("stock", {"stock": "KS"})],
)
def test_finish_is_not_offered_while_stock_or_waste_holds_a_card(where: str, kwargs: dict[str, str]) -> None:
    position = _endgame(["KS QS"], NEAR_END, **kwargs)
    game = Game(position, CLASSIC, auto_safe=False)
    assert not game.can_finish
    with pytest.raises(IllegalMoveError, match="finish is not available"):
        game.finish()
    assert game.history == []


def test_finish_is_not_offered_when_a_card_cannot_reach_the_foundations() -> None:
    # Both 2S lie under a 3S: no 2S can go up, so nothing of spades clears.
    spades = ["2S 3S", "2S 3S", "4S 5S 6S 7S 8S 9S TS JS QS KS", "KS QS JS TS 9S 8S 7S 6S 5S 4S"]
    position = _endgame(spades, ["AS", "AS", "KH", "KH", "KD", "KD", "KC", "KC"])
    game = Game(position, CLASSIC, auto_safe=False)
    assert not game.can_finish
    assert finish_line(position, CLASSIC) is None
    with pytest.raises(IllegalMoveError):
        game.finish()


def test_finish_is_not_offered_once_won() -> None:
    position = _endgame([], ["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC"])
    game = Game(position, CLASSIC)
    assert game.status is GameStatus.WON
    assert not game.can_finish
    with pytest.raises(IllegalMoveError):
        game.finish()


# -- status and counters -------------------------------------------------------------------------
BLOCKED_SPADES = [
    "2S 3S",
    "2S 3S",
    "4S 5S",
    "4S 5S",
    "6S 7S",
    "6S 7S",
    "8S 9S",
    "8S 9S",
    "TS JS KS QS",
    "TS JS KS QS",
]


def test_status_is_blocked_when_no_legal_move_and_not_won() -> None:
    position = _endgame(BLOCKED_SPADES, ["AS", "AS", "KH", "KH", "KD", "KD", "KC", "KC"])
    game = Game(position, CLASSIC)
    assert game.legal_moves() == []
    assert game.status is GameStatus.BLOCKED
    assert not game.moves_on_table and not game.can_finish


def test_status_is_won_when_every_card_is_home() -> None:
    game = Game(_endgame([], ["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC"]), CLASSIC)
    assert game.status is GameStatus.WON
    assert game.legal_moves() == []


def test_status_is_playing_while_only_a_draw_is_left_and_moves_on_table_ignores_it() -> None:
    position = build_position(["KH", "KC", "KD", "KS", "KH", "KC", "KD", "KS", "JH", "JC"], rules=CLASSIC)
    game = Game(position, CLASSIC)
    assert [str(m) for m in game.legal_moves()] == ["D"]
    assert not game.moves_on_table
    assert game.status is GameStatus.PLAYING


def test_undo_and_redo_without_steps_raise_and_change_nothing() -> None:
    game = Game(deal(1, CLASSIC), CLASSIC)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()
    assert game.undos == 0


def test_a_new_action_after_undo_drops_the_redo_tail() -> None:
    game = Game(deal(1, CLASSIC), CLASSIC, auto_safe=False)
    game.play("D")
    game.play("D")
    game.undo()
    assert game.can_redo and game.cursor == 1 and len(game.history) == 2
    game.play("D")
    assert not game.can_redo and len(game.history) == 2 and game.moves == 2 and game.undos == 1


def test_illegal_move_in_a_game_changes_nothing() -> None:
    game = Game(deal(1, CLASSIC), CLASSIC)
    game.play("D")
    before = (game.position, game.history, game.cursor, game.moves)
    with pytest.raises(IllegalMoveError):
        game.play("R")
    with pytest.raises(MoveSyntaxError):
        game.play("nonsense")
    assert (game.position, game.history, game.cursor, game.moves) == before


# -- replay --------------------------------------------------------------------------------------
def test_replay_rebuilds_safe_auto_moves_whatever_the_option_now() -> None:
    position = build_position(["AS 5H", "6H", *KINGS, "KS", "KS"], rules=CLASSIC)
    game = Game(position, CLASSIC, auto_safe=True)
    game.play("1-2")
    game.play("D")
    assert game.history[0] == "1-2 +1-F"
    for auto_safe in (True, False):
        again = Game.replay(position, CLASSIC, game.history, game.cursor, auto_safe=auto_safe)
        assert again.position == game.position
        assert again.steps == game.steps


def test_replay_rebuilds_positions_cursor_and_finish() -> None:
    position = _endgame(["KS", "KS QS"], NEAR_END)
    game = Game(position, CLASSIC, auto_safe=False)
    game.play("1-3")
    game.finish()
    game.undo()
    again = Game.replay(position, CLASSIC, game.history, game.cursor, undos=game.undos)
    assert again.position == game.position
    assert again.history == game.history
    assert again.moves == game.moves and again.undos == 1
    again.redo()
    assert again.status is GameStatus.WON


def test_replay_rejects_an_illegal_history_and_a_bad_cursor() -> None:
    start = deal(1, CLASSIC)
    with pytest.raises(IllegalMoveError):
        Game.replay(start, CLASSIC, ["R"], 1)
    with pytest.raises(MoveSyntaxError):
        Game.replay(start, CLASSIC, ["zz"], 1)
    with pytest.raises(ValueError, match="cursor 2 outside 0"):
        Game.replay(start, CLASSIC, ["D"], 2)
    with pytest.raises(IllegalMoveError, match="finish not available"):
        Game.replay(start, CLASSIC, ["finish"], 1)


def test_replay_rejects_an_auto_move_off_the_foundations() -> None:
    position = build_position(["AS 5H", "6H", *KINGS, "KS", "KS"], rules=CLASSIC)
    with pytest.raises(IllegalMoveError, match="off the foundations"):
        Game.replay(position, CLASSIC, ["D +1-2"], 1)


# -- points (RULES.md, Counting and score; seed 003) --------------------------------------------
def _with_foundations(tops: list[str | None]) -> Position:
    # points() reads the foundations only; the rest of the position does not matter here.
    return Position(((),) * 10, tuple(None if t is None else Card.parse(t) for t in tops), (), (), 0)


@pytest.mark.parametrize(
    ("tops", "want"),
    [
        ([None] * 8, 0),
        (["AS", *[None] * 7], 5),
        (["5S", "3S", *[None] * 6], 40),
        (["KS", *[None] * 7], 13 * 5 + 60),
        (["KS", "KS", "KH", "QH", *[None] * 4], 51 * 5 + 3 * 60),
        (["KS", "KS", "KH", "KH", "KD", "KD", "KC", "QC"], 103 * 5 + 7 * 60),
        (["KS"] * 2 + ["KH"] * 2 + ["KD"] * 2 + ["KC"] * 2, 1000),
    ],
)
def test_points_are_five_per_card_plus_sixty_per_completed_foundation(tops: list[str | None], want: int) -> None:
    assert points(_with_foundations(tops), CLASSIC) == want


def test_points_reach_1000_with_every_card_home_in_two_decks_and_1500_in_three() -> None:
    assert points(_with_foundations(["KS"] * 2 + ["KH"] * 2 + ["KD"] * 2 + ["KC"] * 2), CLASSIC) == 1000
    three = Position(
        ((),) * 12, tuple(Card.parse(k) for k in ["KS"] * 3 + ["KH"] * 3 + ["KD"] * 3 + ["KC"] * 3), (), ()
    )
    assert points(three, MODES["sixty-thieves"]) == 156 * 5 + 12 * 60


def test_lucas_earns_nothing_for_the_aces_it_deals_home() -> None:
    lucas = MODES["lucas"]
    start = deal(1, lucas)
    assert start.cards_home == 8 and points(start, lucas) == 0
    assert points(_with_foundations(["2S", *["AS", "AH", "AH", "AD", "AD", "AC", "AC"]]), lucas) == 5


def test_game_points_and_cards_home_follow_the_position() -> None:
    game = Game(_endgame(["KS", "KS QS"], NEAR_END), CLASSIC, auto_safe=False)
    assert game.cards_home == 101
    assert game.points == 101 * 5 + 6 * 60
    game.finish()
    assert game.points == 1000 and game.cards_home == 104


def test_replay_rejects_a_finish_that_game_finish_would_refuse() -> None:
    won = _endgame([], ["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC"])
    with pytest.raises(IllegalMoveError):
        Game(won, CLASSIC).finish()
    with pytest.raises(IllegalMoveError, match="finish not available"):
        Game.replay(won, CLASSIC, ["finish"], 1)


def test_a_card_two_free_copies_compete_for_is_not_safe_under_other_builds() -> None:
    """Maria: both K♥ are free and one ♥ slot takes one. Column 1's king must stay (its 9♥
    must be cleared later, via column 2 emptied): only column 2's may go up, so neither goes
    by itself; with both ♥ slots at Q, each K♥ is safe."""
    maria = MODES["maria"]
    text = "1:9H KH | 2:KH | 3:7H QH | F:KS KS QH 6H KD KD KC KC | W:- | S:8H JH TH | R:0"
    assert safe_auto_moves(Position.parse(text), maria)[0] == []
    both = "1:KH | 2:KH | 3:- | F:KS KS QH QH KD KD KC KC | W:- | S:- | R:0"
    assert [str(m) for m in safe_auto_moves(Position.parse(both), maria)[0]] == ["1-F", "2-F"]
