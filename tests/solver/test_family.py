"""The solver on every row of RULES.md, "The family": its move generator against the engine's on
random positions, its winning lines replayed through the engine, and its verdicts against an
exhaustive search of the engine's own moves on small positions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from app.engine import Card, Game, GameStatus, Move, Position, Rules, deal, legal_moves
from app.engine.moves import play
from app.engine.rules import FAMILY
from app.solver import UNWINNABLE, WINNABLE, solve
from app.solver.board import Board, forced_notation, notation

ROWS = [pytest.param(r, id=r.name) for r in FAMILY]


def _random_positions(rules: Rules, games: int, steps: int, seed: int) -> Iterator[Position]:
    """Positions of random playouts from deals 1 … ``games`` (column and waste moves favoured,
    so that columns empty, runs grow and face-down cards turn)."""
    rng = random.Random(seed)
    for number in range(1, games + 1):
        pos = deal(number, rules)
        for _ in range(steps):
            yield pos
            moves = legal_moves(pos, rules)
            if not moves:
                break
            table = [m for m in moves if m.action == "move"]
            move = rng.choice(table) if table and rng.random() < 0.75 else rng.choice(moves)
            pos = play(pos, move, rules)


def _norm(p: Position, decks: int) -> tuple[object, ...]:
    """A position up to the order of a suit's foundation slots (and ``face_down`` spelt
    ``()`` or as zeros)."""
    down = p.face_down if any(p.face_down) else ()
    homes = sorted((s // decks, p.foundation_height(s)) for s in range(len(p.foundations)))
    return (p.tableau, down, p.waste, p.stock, p.redeals_left, homes)


@pytest.mark.parametrize("rules", ROWS)
def test_full_move_generation_matches_engine_legal_moves(rules: Rules) -> None:
    checked = 0
    for pos in _random_positions(rules, games=12, steps=80, seed=7):
        board = Board(pos, rules)
        mine = sorted(n for m in board.moves(search=False) for n in notation(m))
        engine = sorted(str(m) for m in legal_moves(pos, rules))
        assert mine == engine, pos
        checked += 1
    assert checked > 500


@pytest.mark.parametrize("rules", ROWS)
def test_search_moves_replay_through_engine_and_unplay_restores(rules: Rules) -> None:
    for pos in _random_positions(rules, games=5, steps=50, seed=11):
        board = Board(pos, rules)
        assert _norm(board.to_position(), rules.decks) == _norm(pos, rules.decks)
        before = board.key()
        for move in board.moves(search=True):
            undo = board.play(move)
            done = board.force_safe()
            expected = pos
            for text in notation(move) + forced_notation(done):
                parsed = Move.parse(text)
                assert parsed in legal_moves(expected, rules), (text, expected)
                expected = play(expected, parsed, rules)
            assert _norm(board.to_position(), rules.decks) == _norm(expected, rules.decks), move
            board.unforce(done)
            board.unplay(move, undo)
            assert board.key() == before
        assert _norm(board.to_position(), rules.decks) == _norm(pos, rules.decks)


def _later_deal(number: int, rules: Rules, home: int) -> Position:
    """Deal ``number`` with every card up to rank ``home`` taken out and put up: a position of
    the row's own layout, further on (face-down cards stay face down unless on top)."""
    pos = deal(number, rules)
    cols = [tuple(c for c in col if c.rank > home) for col in pos.tableau]
    down = pos.face_down or (0,) * rules.columns
    face_down = tuple(
        min(d - sum(1 for c in col[:d] if c.rank <= home), max(len(kept) - 1, 0))
        for col, d, kept in zip(pos.tableau, down, cols, strict=True)
    )
    return pos.with_(
        tableau=tuple(cols),
        foundations=tuple(Card(home, slot // rules.decks) for slot in range(rules.foundation_slots)),
        stock=tuple(c for c in pos.stock if c.rank > home),
        face_down=face_down if any(face_down) else (),
    )


@pytest.mark.parametrize("rules", ROWS)
def test_winning_lines_replay_through_the_engine_to_a_win(rules: Rules) -> None:
    won = 0
    for number in range(1, 21):
        start = _later_deal(number, rules, home=3)
        result = solve(start, rules, max_nodes=30_000)
        if result.status != WINNABLE:
            continue
        won += 1
        game = Game(start, rules, auto_safe=False)
        for text in result.moves:
            game.play(text)  # checked against the legal moves
        assert game.status is GameStatus.WON, number
        if won == 3:
            break
    assert won == 3, f"fewer than 3 {rules.name} deals of 1-20 won at 30,000 positions with A-3 up"


def _endgame(rules: Rules, rng: random.Random, left: int) -> Position:
    """A random position with about ``left`` cards not up: each foundation slot of a suit
    stands at a random height, the cards above them lie at random in the columns (one in each
    first, some face down), the waste and a small stock."""
    slots: list[Card | None] = []
    cards: list[Card] = []
    for suit in range(4):
        for _ in range(rules.decks):
            height = 13 - min(13, max(0, int(rng.expovariate(4 * rules.decks / max(left, 1)))))
            if rules.aces_home:
                height = max(height, 1)
            slots.append(Card(height, suit) if height else None)
            cards += [Card(rank, suit) for rank in range(height + 1, 14)]
    rng.shuffle(cards)
    stock = cards[: rng.randint(0, min(5, len(cards)))]
    rest = cards[len(stock) :]
    waste = rest[: rng.randint(0, min(2, len(rest)))]
    cols: list[list[Card]] = [[] for _ in range(rules.columns)]
    for i, card in enumerate(rest[len(waste) :]):  # every column one card first: few empty
        cols[i if i < rules.columns else rng.randrange(rules.columns)].append(card)
    for col in cols:  # mostly low cards under high ones: blocked
        if rng.random() < 0.7:
            col.sort(key=lambda c: c.rank)
    down = tuple(rng.randint(0, max(len(c) - 1, 0)) if rules.face_down else 0 for c in cols)
    return Position(
        tableau=tuple(tuple(c) for c in cols),
        foundations=tuple(slots),
        waste=tuple(waste),
        stock=tuple(stock),
        redeals_left=rng.randint(0, rules.redeals),
        face_down=down if any(down) else (),
    )


def _key(p: Position) -> tuple[object, ...]:
    down = p.face_down or (0,) * len(p.tableau)
    per = len(p.foundations) // 4
    homes = sorted((s // per, p.foundation_height(s)) for s in range(len(p.foundations)))
    return (tuple(sorted(zip(p.tableau, down, strict=True))), p.waste, p.stock, p.redeals_left, tuple(homes))


def _winnable_by_every_line(start: Position, rules: Rules, cap: int = 60_000) -> bool | None:
    """Whether some sequence of the engine's legal moves wins, by trying them all (None: more
    than ``cap`` positions)."""
    total = rules.card_count
    seen = {_key(start)}
    stack = [start]
    while stack:
        pos = stack.pop()
        if pos.cards_home == total:
            return True
        for move in legal_moves(pos, rules):
            nxt = play(pos, move, rules)
            k = _key(nxt)
            if k not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(k)
                stack.append(nxt)
    return False


@pytest.mark.parametrize("rules", ROWS)
def test_verdicts_on_small_positions_agree_with_trying_every_line(rules: Rules) -> None:
    rng = random.Random(rules.name)
    rules = replace(rules, columns=3)  # the row's rules on a small table: dead ends are common
    decided = {WINNABLE: 0, UNWINNABLE: 0}
    for _ in range(400):
        pos = _endgame(rules, rng, left=rng.randint(8, 14))
        truth = _winnable_by_every_line(pos, rules)
        if truth is None:
            continue
        result = solve(pos, rules, max_nodes=50_000)
        if result.status == WINNABLE:
            assert truth, pos
            game = Game(pos, rules, auto_safe=False)
            for text in result.moves:
                game.play(text)
            assert game.status is GameStatus.WON
        elif result.status == UNWINNABLE:
            assert not truth, pos  # an "unwinnable" is never wrong
        else:
            continue
        decided[result.status] += 1
    assert decided[WINNABLE] >= 3 and decided[UNWINNABLE] >= 3, decided
