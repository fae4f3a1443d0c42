"""Property tests: random deals and random set-up positions in every variant of the family,
driven by random legal play with undo, redo, Finish and the auto_safe option switched on and off.

After every action: every card of the variant's decks, each exactly once per deck; no column's
top card face down; the legal moves are exactly those an
independent reading of RULES.md allows, each listed once, and each applies; undo and redo
restore the exact positions and counters; the stored history replays to the same play; status
is blocked iff there is no legal move and the play is not won; safe auto-moves left nothing safe.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import (
    FINISH,
    MAX_GAME_NUMBER,
    MODES,
    Game,
    GameStatus,
    Move,
    Position,
    Rules,
    apply,
    deal,
    legal_moves,
)
from app.engine.cards import Card, full_pack
from app.engine.game import safe_auto_moves
from app.engine.moves import FOUNDATION, WASTE, Action, play
from app.engine.rules import Build, RunMoves

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_STEPS = 60


# -- an independent reading of the rules -----------------------------------------------------
def reference_legal(position: Position, rules: Rules) -> set[str]:
    """RULES.md Classic 1–6, Relaxed and "The family", written out by brute force over every
    candidate move: build rules, face-down cards, kings-only empty columns, 2 or 3 decks."""
    out: set[str] = set()
    tableau = position.tableau
    n = len(tableau)
    empty = sum(1 for c in tableau if not c)
    decks = len(position.foundations) // 4
    red = {1, 2}

    def sits_on(card: Card, under: Card) -> bool:
        if card.rank + 1 != under.rank:
            return False
        return {
            Build.SAME_SUIT: card.suit == under.suit,
            Build.ALTERNATE_COLOURS: (card.suit in red) != (under.suit in red),
            Build.ANY_SUIT_BUT_OWN: card.suit != under.suit,
        }[rules.build]

    def fits_foundation(card: Card) -> bool:
        slots = position.foundations[card.suit * decks : card.suit * decks + decks]
        return card.rank - 1 in [0 if t is None else t.rank for t in slots]

    def fits_column(card: Card, t: int) -> bool:
        dest = tableau[t]
        if not dest:
            return card.rank == 13 or not rules.kings_only_in_empty
        return sits_on(card, dest[-1])

    def name(src: str, dst: str, k: int) -> str:
        return f"{src}-{dst}" + (f"/{k}" if k > 1 else "")

    for s in range(n):
        col = tableau[s]
        face_up = len(col) - (position.face_down[s] if position.face_down else 0)
        for k in range(1, face_up + 1):
            moving = col[-k:]
            if not all(sits_on(b, a) for a, b in zip(moving, moving[1:], strict=False)):
                break
            if k == 1 and fits_foundation(moving[0]):
                out.add(name(str(s + 1), "F", 1))
            for t in range(n):
                if t == s or not fits_column(moving[0], t):
                    continue
                if rules.run_moves is RunMoves.SUPERMOVE:
                    e = empty - (1 if not tableau[t] else 0)
                    if k > (1 if rules.kings_only_in_empty else 2**e):
                        continue
                out.add(name(str(s + 1), str(t + 1), k))
    if position.waste:
        card = position.waste[-1]
        if fits_foundation(card):
            out.add("W-F")
        for t in range(n):
            if fits_column(card, t):
                out.add(name("W", str(t + 1), 1))
    if position.stock:
        out.add("D")
    elif position.waste and position.redeals_left > 0:
        out.add("R")
    return out


# -- strategies --------------------------------------------------------------------------------
modes = st.sampled_from(sorted(MODES))


@st.composite
def dealt_positions(draw: st.DrawFn) -> tuple[Position, Rules]:
    rules = MODES[draw(modes)]
    return deal(draw(st.integers(1, MAX_GAME_NUMBER)), rules), rules


@st.composite
def set_up_positions(draw: st.DrawFn) -> tuple[Position, Rules]:
    """Any valid position of a variant: random foundation heights, the other cards shuffled and
    cut into its columns, the waste and the stock (which may all be short or empty), and some
    of each column's lowest cards face down."""
    rules = MODES[draw(modes)]
    decks, n = rules.decks, rules.columns
    heights = [draw(st.integers(0, 13)) for _ in range(rules.foundation_slots)]
    foundations = tuple(None if h == 0 else Card(h, slot // decks) for slot, h in enumerate(heights))
    rest = list(full_pack(decks))
    for slot, h in enumerate(heights):
        for r in range(1, h + 1):
            rest.remove(Card(r, slot // decks))
    rest = draw(st.permutations(rest))
    cuts = sorted(draw(st.lists(st.integers(0, len(rest)), min_size=n + 1, max_size=n + 1)))
    bounds = [0, *cuts, len(rest)]
    piles = [tuple(rest[bounds[i] : bounds[i + 1]]) for i in range(n + 2)]
    face_down = tuple(draw(st.integers(0, max(len(col) - 1, 0))) if rules.face_down else 0 for col in piles[:n])
    position = Position(
        tableau=tuple(piles[:n]),
        foundations=foundations,
        waste=piles[n],
        stock=piles[n + 1],
        redeals_left=draw(st.integers(0, rules.redeals)),
        face_down=face_down if any(face_down) else (),
    )
    position.check_cards(rules)
    return position, rules


starts = st.one_of(dealt_positions(), set_up_positions())


# -- the driver --------------------------------------------------------------------------------
@dataclass
class Model:
    """What the play must be: every position along the steps, and whether each step counts."""

    start: Position
    positions: list[Position] = field(default_factory=list)
    counts: list[bool] = field(default_factory=list)
    cursor: int = 0
    undos: int = 0

    def position(self) -> Position:
        return self.positions[self.cursor - 1] if self.cursor else self.start

    def moves(self) -> int:
        return sum(self.counts[: self.cursor])

    def push(self, position: Position, counts: bool) -> None:
        del self.positions[self.cursor :]
        del self.counts[self.cursor :]
        self.positions.append(position)
        self.counts.append(counts)
        self.cursor += 1


def check_position(game: Game, model: Model) -> None:
    rules = game.rules
    position = game.position
    position.check_cards(rules)
    assert all(position.hidden(c) < max(len(col), 1) for c, col in enumerate(position.tableau))
    assert position == model.position()
    assert game.moves == model.moves()
    assert game.cursor == model.cursor
    assert game.undos == model.undos

    moves = legal_moves(position, rules)
    texts = [str(m) for m in moves]
    assert len(set(texts)) == len(texts), f"a move is listed twice: {texts}"
    assert len(set(moves)) == len(moves)
    assert set(texts) == reference_legal(position, rules)
    for move in moves:
        assert Move.parse(str(move)) == move
        apply(position, move, rules).check_cards(rules)

    won = position.cards_home == rules.card_count
    assert (game.status is GameStatus.WON) == won
    assert (game.status is GameStatus.BLOCKED) == (not moves and not won)
    assert game.moves_on_table == any(m.action is Action.MOVE for m in moves)
    if game.can_finish:
        assert not position.stock and not position.waste
    assert game.points <= 1000


def is_safe(card: Card, position: Position, rules: Rules) -> bool:
    """RULES.md, "The family": every copy of the rank below, in the suits the build rule lets
    sit on ``card`` and in its own suit, is on the foundations (aces always)."""
    off = Counter(c for col in position.tableau for c in col)
    off.update(position.waste)
    off.update(position.stock)
    below = [c for c in off if c.rank == card.rank - 1]
    return not any(rules.builds_on(c, card) or c.suit == card.suit for c in below)


def check_step(game: Game, before: Position) -> None:
    """The last step: its auto moves were foundation moves from the bare action, each safe
    (unless Finish), and with auto_safe on nothing safe is left."""
    step = game.last_step
    assert step is not None
    rules = game.rules
    if step.action == FINISH:
        pos = before
    else:
        pos = apply(before, Move.parse(step.action), rules)
    for m in step.auto:
        assert m.to_foundation
        if step.action != FINISH:
            card = pos.waste[-1] if m.source == WASTE else pos.tableau[m.source - 1][-1]
            assert is_safe(card, pos, rules), f"{m} moved an unsafe {card}"
        pos = apply(pos, m, rules)
        pos.check_cards(rules)
    assert pos == step.position
    if step.action == FINISH:
        assert game.status is GameStatus.WON
    elif game.auto_safe:
        assert safe_auto_moves(step.position, rules)[0] == []


def drive(data: st.DataObject, start: Position, rules: Rules, auto_safe: bool) -> Game:
    game = Game(start, rules, auto_safe=auto_safe)
    model = Model(start)
    check_position(game, model)
    for _ in range(data.draw(st.integers(MAX_STEPS // 4, MAX_STEPS), label="steps")):
        kind = data.draw(st.sampled_from(["play"] * 6 + ["undo", "redo", "finish", "toggle"]), label="kind")
        before = game.position
        if kind == "undo" and game.can_undo:
            step = game.undo()
            model.cursor -= 1
            model.undos += 1
            assert step.position == before
        elif kind == "redo" and game.can_redo:
            step = game.redo()
            model.cursor += 1
            assert step.position == model.position()
        elif kind == "finish" and game.can_finish:
            game.finish()
            model.push(game.position, counts=False)
            check_step(game, before)
        elif kind == "toggle":
            game.auto_safe = not game.auto_safe
        else:
            moves = game.legal_moves()
            if not moves:
                continue
            move = data.draw(st.sampled_from(moves), label="move")
            game.play(move)
            model.push(game.position, counts=True)
            check_step(game, before)
        check_position(game, model)
    # The stored play replays to exactly the same play, whatever the option is now.
    for replay_auto in (True, False):
        again = Game.replay(start, rules, game.history, game.cursor, auto_safe=replay_auto, undos=game.undos)
        assert again.position == game.position
        assert again.history == game.history
        assert again.moves == game.moves
        assert again.steps == game.steps
    # Undo all the way back, then redo all the way forward, step by step.
    line = [start, *[s.position for s in game._steps]]
    for i in range(game.cursor, 0, -1):
        game.undo()
        assert game.position == line[i - 1]
    assert game.moves == 0 and game.position == start
    for i in range(1, len(line)):
        game.redo()
        assert game.position == line[i]
    return game


# -- the properties ----------------------------------------------------------------------------
@SETTINGS
@given(start=dealt_positions(), auto_safe=st.booleans(), data=st.data())
def test_random_play_from_a_deal_keeps_every_invariant(
    start: tuple[Position, Rules], auto_safe: bool, data: st.DataObject
) -> None:
    drive(data, *start, auto_safe)


@SETTINGS
@given(start=set_up_positions(), auto_safe=st.booleans(), data=st.data())
def test_random_play_from_a_set_up_position_keeps_every_invariant(
    start: tuple[Position, Rules], auto_safe: bool, data: st.DataObject
) -> None:
    drive(data, *start, auto_safe)


@settings(max_examples=150, deadline=None)
@given(start=starts)
def test_legal_moves_match_an_independent_reading_of_the_rules(
    start: tuple[Position, Rules],
) -> None:
    position, rules = start
    texts = [str(m) for m in legal_moves(position, rules)]
    assert len(texts) == len(set(texts))
    assert set(texts) == reference_legal(position, rules)


@settings(max_examples=150, deadline=None)
@given(start=starts)
def test_finish_when_offered_wins_in_one_step_that_undo_takes_back(
    start: tuple[Position, Rules],
) -> None:
    position, rules = start
    # Empty stock and waste onto the tableau's last column so Finish can be considered.
    tableau = list(position.tableau)
    tableau[-1] = tableau[-1] + position.waste + position.stock
    position = position.with_(tableau=tuple(tableau), waste=(), stock=())
    position.check_cards(rules)
    game = Game(position, rules, auto_safe=False)
    if not game.can_finish:
        return
    game.finish()
    assert game.status is GameStatus.WON and game.moves == 0 and game.cursor == 1
    game.undo()
    assert game.position == position


@settings(max_examples=150, deadline=None)
@given(start=starts)
def test_position_json_round_trips_for_any_position(start: tuple[Position, Rules]) -> None:
    position, rules = start
    assert Position.from_json(position.to_json(reveal_stock=True), rules) == position


@settings(max_examples=150, deadline=None)
@given(start=starts, data=st.data())
def test_a_move_not_listed_is_rejected(start: tuple[Position, Rules], data: st.DataObject) -> None:
    position, rules = start
    src = data.draw(st.sampled_from(["W", *map(str, range(1, 14))]))
    dst = data.draw(st.sampled_from(["F", *map(str, range(1, 14))]))
    k = data.draw(st.integers(1, 12))
    try:
        move = Move.parse(f"{src}-{dst}/{k}")
    except ValueError:
        return
    listed = move in legal_moves(position, rules)
    try:
        after = apply(position, move, rules)
    except ValueError:
        assert not listed
    else:
        assert listed
        assert after == play(position, move, rules)
    assert move.action is Action.MOVE and (move.target == FOUNDATION) == (dst == "F")
