"""Hints, the dead-end check and the analysis through the solver service for each peculiarity of
RULES.md, "The family": a face-down card turned by a move, a draw of three, a kings-only empty
column, Lucas's aces home and Sixty Thieves' third copy."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.engine import MODES, Card, Game, GameStatus, Position, Rules, deal, parse_card
from app.services.analysis import STILL_WINNABLE, Probe, find_last_winnable
from app.services.hints import heuristic_move
from app.services.solver_pool import SolverPool, follow_line
from app.solver import WINNABLE, solve
from app.solver.board import Board


@pytest.fixture(scope="module")
def pool() -> Iterator[SolverPool]:
    solver = SolverPool(workers=1)
    yield solver
    solver.shutdown()


def endgame(
    rules: Rules,
    heights: dict[str, list[int]],
    columns: list[list[str]],
    *,
    down: list[int] | None = None,
    waste: list[str] | None = None,
    stock: list[str] | None = None,
    redeals: int = 0,
) -> Position:
    """A position whose foundations stand at ``heights`` (per suit letter, one per slot; a suit
    not named is complete) with the cards named in the columns (bottom first), the waste and
    the stock: together they must be exactly the cards above the foundations."""
    slots: list[Card | None] = []
    for suit, letter in enumerate("SHDC"):
        for h in heights.get(letter, [13] * rules.decks):
            slots.append(Card(h, suit) if h else None)
    cols = tuple(tuple(parse_card(c) for c in col) for col in columns + [[]] * (rules.columns - len(columns)))
    face_down = tuple((down or []) + [0] * (rules.columns - len(down or [])))
    return Position(
        tableau=cols,
        foundations=tuple(slots),
        waste=tuple(parse_card(c) for c in waste or []),
        stock=tuple(parse_card(c) for c in stock or []),
        redeals_left=redeals,
        face_down=face_down if any(face_down) else (),
    )


def replay(position: Position, rules: Rules, line: tuple[str, ...] | list[str]) -> Game:
    game = Game(position, rules, auto_safe=False)
    for text in line:
        game.play(text)  # checked against the legal moves
    return game


def test_a_hint_turns_a_face_down_card_and_its_line_wins(pool: SolverPool) -> None:
    rules = MODES["indian"]
    # the Q♠ under column 1's K♠ lies face down: it turns when the king goes up
    start = endgame(rules, {"S": [11, 11]}, [["QS", "KS"], ["KS", "QS"]], down=[1])
    result = pool.solve(start, rules, max_nodes=10_000)
    assert result.status is WINNABLE
    assert result.moves[0] == "2-F"  # the hint: the only card that can go up
    game = replay(start, rules, result.moves)
    assert game.status is GameStatus.WON
    turned = [s for s in game.steps if s.position.face_down != game.steps[0].position.face_down]
    assert turned, "a move of the line turned column 1's face-down queen"
    assert pool.can_reach_foundation(start, rules, 1_000) is True


def test_a_hint_with_a_draw_of_three_is_one_D_that_turns_three_cards(pool: SolverPool) -> None:
    rules = MODES["little-forty"]
    # K♠, K♠ and Q♠ in the stock: one D puts the queen on top of the waste
    start = endgame(rules, {"S": [11, 11]}, [["QS"]], stock=["KS", "KS", "QS"], redeals=3)
    result = pool.solve(start, rules, max_nodes=10_000)
    assert result.status is WINNABLE
    assert list(result.moves).count("D") == 1
    game = replay(start, rules, result.moves)
    assert game.status is GameStatus.WON
    at_draw = result.moves.index("D")
    assert follow_line(start, list(result.moves), game.steps[at_draw].position, rules) == at_draw + 1


def test_a_kings_only_empty_column_takes_no_queen_so_the_table_is_a_dead_end(pool: SolverPool) -> None:
    # every jack lies under a queen; the kings lie under the jacks; four columns are empty
    columns = [["KH", "JS", "QH"], ["KH", "JS", "QH"], ["KS", "JH", "QS"], ["KS", "JH", "QS"]]
    heights = {"S": [10, 10], "H": [10, 10]}
    kings_only = MODES["kings-only"]
    assert pool.can_reach_foundation(endgame(kings_only, heights, columns), kings_only, 10_000) is False
    classic = MODES["classic"]  # a queen may fill an empty column there: a jack goes up
    assert pool.can_reach_foundation(endgame(classic, heights, columns), classic, 10_000) is True
    result = pool.solve(endgame(kings_only, heights, columns), kings_only, max_nodes=10_000)
    assert result.status != WINNABLE


def test_lucas_deals_start_with_the_aces_home_and_hints_never_move_one(pool: SolverPool) -> None:
    rules = MODES["lucas"]
    won = None
    for number in range(1, 30):
        start = deal(number, rules)
        assert start.cards_home == 8 and Board(start, rules).left == 96
        result = pool.solve(start, rules, max_nodes=30_000)
        if result.status is WINNABLE:
            won = (start, result)
            break
    assert won is not None, "no Lucas deal of 1-29 won at 30,000 positions"
    start, result = won
    game = replay(start, rules, result.moves)
    assert game.status is GameStatus.WON
    assert all(parse_card(c).rank != 1 for c in _cards_moved(start, rules, result.moves))
    assert parse_card(str(_moving(Game(start, rules, auto_safe=False)))).rank != 1
    # the analysis of a play that followed the line: still winnable at its last position
    positions = [start, *(s.position for s in game.steps[:10])]

    def probe(index: int, budget_ms: float) -> Probe:
        r = solve(positions[index], rules, max_nodes=30_000)
        return Probe(r.status, tuple(r.moves))

    assert find_last_winnable(len(positions), probe).outcome == STILL_WINNABLE


def _moving(game: Game) -> Card:
    """The card the heuristic hint would move (the waste's top for a draw's sake)."""
    move = heuristic_move(game)
    pos = game.position
    if move.action.value != "move":
        return pos.waste[-1] if pos.waste else pos.stock[0]
    pile = pos.waste if move.source == 0 else pos.tableau[move.source - 1]
    return pile[-move.count]


def _cards_moved(start: Position, rules: Rules, line: tuple[str, ...]) -> Iterator[str]:
    """The card each non-draw move of ``line`` carries (the lowest of a run)."""
    game = Game(start, rules, auto_safe=False)
    for text in line:
        pos = game.position
        if text not in ("D", "R"):
            src, _, rest = text.partition("-")
            count = int(rest.split("/")[1]) if "/" in rest else 1
            pile = pos.waste if src == "W" else pos.tableau[int(src) - 1]
            yield str(pile[-count])
        game.play(text)


def test_sixty_thieves_third_copy_goes_up_on_the_third_slot(pool: SolverPool) -> None:
    rules = MODES["sixty-thieves"]
    # ♠ slots at K, K and Q: the third K♠ is under the third K♥, whose slot is at Q
    start = endgame(rules, {"S": [13, 13, 12], "H": [13, 13, 12]}, [["KS", "KH"]])
    assert pool.can_reach_foundation(start, rules, 1_000) is True
    result = pool.solve(start, rules, max_nodes=10_000)
    assert result.status is WINNABLE
    assert list(result.moves) == ["1-F", "1-F"]
    assert replay(start, rules, result.moves).status is GameStatus.WON


def test_sixty_thieves_king_is_safe_only_when_all_three_queens_are_up() -> None:
    rules = MODES["sixty-thieves"]
    board = Board(endgame(rules, {"S": [12, 12, 11]}, [["QS"], ["KS"], ["KS"], ["KS"]]), rules)
    king = 0 * 16 + 13
    assert not board.is_safe(king)  # two queens up of three (RULES.md, safe auto-move)
    done = board.force_safe()
    assert len(done) == 4 and board.left == 0  # the queen is safe; then every king
