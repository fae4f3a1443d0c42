"""Moves: the value, the notation, the one legal-move generator, and applying a move.

Notation (RULES.md, "Cards and notation"): ``3-6`` top card of column 3 onto column 6 ·
``3-6/3`` the top 3 cards of column 3 onto column 6 · ``W-5`` waste top onto column 5 ·
``3-F``, ``W-F`` onto a foundation · ``D`` draw · ``R`` redeal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card
from .position import Position
from .rules import Rules, RunMoves

WASTE = 0
"""``Move.source`` for the waste."""
FOUNDATION = 0
"""``Move.target`` for a foundation (the lowest-numbered slot of the suit that accepts)."""


class Action(StrEnum):
    """What kind of player action a :class:`Move` is."""

    MOVE = "move"
    DRAW = "draw"
    REDEAL = "redeal"


class MoveSyntaxError(ValueError):
    """Text that is not a move in the project's notation."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in this position; the message names the
    move and the reason."""


_MOVE_RE = re.compile(r"^(W|[0-9]{1,2})-(F|[0-9]{1,2})(?:/([0-9]{1,3}))?$")


@dataclass(frozen=True, slots=True)
class Move:
    """One player action. ``str(move)`` is the notation; :meth:`parse` reads it back.

    :ivar action: move, draw or redeal.
    :ivar source: column number 1 … n, or :data:`WASTE` (0).
    :ivar target: column number 1 … n, or :data:`FOUNDATION` (0).
    :ivar count: cards carried from the source (1 unless a run moves).
    """

    action: Action = Action.MOVE
    source: int = WASTE
    target: int = FOUNDATION
    count: int = 1

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"3-6"``, ``"3-6/3"``, ``"W-5"``, ``"3-F"``, ``"W-F"``, ``"D"``, ``"R"``
        (any case; spaces, tabs and line ends ignored, as a tool may send ``"\t4-6\n"``). Column
        numbers are not checked against a layout here.

        :raises MoveSyntaxError: when the text is not in the notation.
        """
        if not isinstance(text, str):
            raise MoveSyntaxError(f"a move must be text in the notation, not {text!r}")
        if not text.isascii():  # "１-２" is not 1-2
            raise MoveSyntaxError(f"{text!r} is not a move: the notation is written in ASCII (3-6, W-F, D …)")
        t = "".join(text.split()).upper()
        if t == "D":
            return DRAW
        if t == "R":
            return REDEAL
        m = _MOVE_RE.match(t)
        if not m:
            raise MoveSyntaxError(f"{text!r} is not a move: use 3-6, 3-6/3, W-5, 3-F, W-F, D or R")
        src, dst, count = m.groups()
        source = WASTE if src == "W" else int(src)
        target = FOUNDATION if dst == "F" else int(dst)
        n = int(count) if count else 1
        if (src != "W" and source < 1) or (dst != "F" and target < 1):
            raise MoveSyntaxError(f"{text!r}: columns are numbered from 1")
        if n < 1:
            raise MoveSyntaxError(f"{text!r}: the card count must be at least 1")
        if (source == WASTE or target == FOUNDATION) and n != 1:
            raise MoveSyntaxError(f"{text!r}: only one card at a time leaves the waste or goes to a foundation")
        if src != "W" and dst != "F" and source == target:
            raise MoveSyntaxError(f"{text!r}: source and target are the same column")
        return cls(Action.MOVE, source, target, n)

    def __str__(self) -> str:
        if self.action is Action.DRAW:
            return "D"
        if self.action is Action.REDEAL:
            return "R"
        src = "W" if self.source == WASTE else str(self.source)
        dst = "F" if self.target == FOUNDATION else str(self.target)
        return f"{src}-{dst}" + (f"/{self.count}" if self.count > 1 else "")

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def to_foundation(self) -> bool:
        """True for ``3-F`` and ``W-F``."""
        return self.action is Action.MOVE and self.target == FOUNDATION


DRAW = Move(Action.DRAW)
REDEAL = Move(Action.REDEAL)


def run_length(column: tuple[Card, ...], rules: Rules, face_down: int) -> int:
    """How many top cards of ``column`` form a run that builds by ``rules`` (0 if empty); the
    ``face_down`` lowest cards (``position.hidden(column)``; required, so that no caller forgets
    them and offers a face-down card) are never part of it (RULES.md, "The family")."""
    n = len(column)
    if n == 0:
        return 0
    k = 1
    while k < n - face_down and rules.builds_on(column[n - k], column[n - k - 1]):
        k += 1
    return k


def supermove_limit(position: Position, rules: Rules, target_empty: bool) -> int | None:
    """Most cards one action may carry to a column, or None for no limit.

    Classic: 2^e, e the empty columns other than the destination (RULES.md, Classic 5).
    Relaxed: no limit (RULES.md, Relaxed). Where only a king may fill an empty column, the
    shortcut has nowhere to pass the other cards, so one card at a time (RULES.md, Kings Only).
    """
    if rules.run_moves is RunMoves.WHOLE_RUNS:
        return None
    if rules.kings_only_in_empty:
        return 1
    e = position.empty_columns - (1 if target_empty else 0)
    return 1 << max(e, 0)


def foundation_slot(position: Position, card: Card) -> int | None:
    """The lowest-numbered 0-based foundation slot that accepts ``card``, or None.
    RULES.md, Classic 2."""
    for slot in position.slots_of_suit(card.suit):
        if position.foundation_height(slot) + 1 == card.rank:
            return slot
    return None


def legal_moves(position: Position, rules: Rules) -> list[Move]:
    """Every legal action in ``position``, each exactly once, in a stable order: column moves
    (by source, then target, then count), waste moves, then ``D`` or ``R``.

    Runs: Classic lists each part of the top run up to the supermove limit; Relaxed any part
    of it. A run goes on a column only when its bottom card builds on that column's top; any
    run within the limit may fill an empty column (a king-headed one only, where the rules
    say so). RULES.md, Classic 1–6, Relaxed.
    """
    moves: list[Move] = []
    tableau = position.tableau
    n_cols = len(tableau)
    limits = {
        False: supermove_limit(position, rules, target_empty=False),
        True: supermove_limit(position, rules, target_empty=True),
    }
    for s in range(n_cols):
        col = tableau[s]
        if not col:
            continue
        top = col[-1]
        run = run_length(col, rules, position.hidden(s))
        if foundation_slot(position, top) is not None:
            moves.append(Move(Action.MOVE, s + 1, FOUNDATION, 1))
        for t in range(n_cols):
            if t == s:
                continue
            dest = tableau[t]
            if dest:
                # Only the card one rank below the target's top can head the run.
                k = dest[-1].rank - top.rank
                limit = limits[False]
                if 1 <= k <= run and (limit is None or k <= limit) and rules.builds_on(col[-k], dest[-1]):
                    moves.append(Move(Action.MOVE, s + 1, t + 1, k))
            else:
                limit = limits[True]
                most = run if limit is None else min(run, limit)
                for k in range(1, most + 1):
                    if rules.kings_only_in_empty and col[-k].rank != 13:
                        continue
                    moves.append(Move(Action.MOVE, s + 1, t + 1, k))
    if position.waste:
        card = position.waste[-1]
        if foundation_slot(position, card) is not None:
            moves.append(Move(Action.MOVE, WASTE, FOUNDATION, 1))
        for t in range(n_cols):
            dest = tableau[t]
            if dest:
                if rules.builds_on(card, dest[-1]):
                    moves.append(Move(Action.MOVE, WASTE, t + 1, 1))
            elif not rules.kings_only_in_empty or card.rank == 13:
                moves.append(Move(Action.MOVE, WASTE, t + 1, 1))
    if position.stock:
        moves.append(DRAW)
    elif position.waste and position.redeals_left > 0:
        moves.append(REDEAL)
    return moves


def apply(position: Position, move: Move, rules: Rules) -> Position:
    """The position after ``move``.

    :raises IllegalMoveError: naming the move, when it is not among :func:`legal_moves`.
    """
    if move not in legal_moves(position, rules):
        raise IllegalMoveError(f"{move} is not a legal move here: {why_illegal(position, move, rules)}")
    return play(position, move, rules)


def play(position: Position, move: Move, rules: Rules) -> Position:
    """The position after ``move``, which the caller has checked is legal (the solver and
    :func:`apply` use this; nobody else should).

    ``D`` turns ``rules.draw`` cards (fewer at the end) onto the waste one by one, so the last
    turned is the top; a face-down card that becomes its column's top turns face up as part of
    the move (RULES.md, "The family")."""
    if move.action is Action.DRAW:
        k = rules.draw
        return position.with_(stock=position.stock[k:], waste=position.waste + position.stock[:k])
    if move.action is Action.REDEAL:
        return position.with_(stock=position.waste, waste=(), redeals_left=position.redeals_left - 1)
    tableau = list(position.tableau)
    waste = position.waste
    if move.source == WASTE:
        cards: tuple[Card, ...] = waste[-1:]
        waste = waste[:-1]
    else:
        col = tableau[move.source - 1]
        cards = col[-move.count :]
        tableau[move.source - 1] = col[: -move.count]
    face_down = _turned_up(position, move.source, len(col) - move.count) if move.source != WASTE else position.face_down
    foundations = position.foundations
    if move.target == FOUNDATION:
        slot = foundation_slot(position, cards[0])
        assert slot is not None, "play() needs a legal move"
        foundations = foundations[:slot] + (cards[0],) + foundations[slot + 1 :]
    else:
        tableau[move.target - 1] = tableau[move.target - 1] + cards
    return Position(tuple(tableau), foundations, waste, position.stock, position.redeals_left, face_down)


def _turned_up(position: Position, source: int, left: int) -> tuple[int, ...]:
    """``position.face_down`` after column ``source`` (1-based) kept its ``left`` lowest cards:
    a face-down card that is now the top turns face up."""
    if position.hidden(source - 1) < left or not position.face_down:
        return position.face_down
    counts = list(position.face_down)
    counts[source - 1] = max(left - 1, 0)
    return tuple(counts) if any(counts) else ()


def _times(n: int) -> str:
    """``1`` -> "one redeal", ``2`` -> "2 redeals"."""
    return "one redeal" if n == 1 else f"{n} redeals"


def why_illegal(position: Position, move: Move, rules: Rules) -> str:
    """A player-readable reason why ``move`` is not legal in ``position`` (best effort; the
    verdict itself always comes from :func:`legal_moves`)."""
    n = len(position.tableau)
    if move.action is Action.DRAW:
        return "the stock is empty" if not position.stock else "drawing is not allowed now"
    if move.action is Action.REDEAL:
        if position.stock:
            return "the stock still has cards"
        if position.redeals_left <= 0:
            if not rules.redeals:
                return f"{rules.title} never turns the waste over into a new stock"
            return f"no redeal is left ({rules.title} allows {_times(rules.redeals)})"
        return "the waste is empty"
    for pile in (move.source, move.target):
        if pile > n:
            return f"there are only {n} columns"
    if move.source == WASTE:
        if not position.waste:
            return "the waste is empty"
        card = position.waste[-1]
    else:
        col = position.tableau[move.source - 1]
        if not col:
            return f"column {move.source} is empty"
        if move.count > len(col):
            return f"column {move.source} holds only {len(col)} cards"
        up = len(col) - position.hidden(move.source - 1)
        if move.count > up == 1:
            return f"only the top card of column {move.source} is face up"
        if move.count > up:
            return f"only the top {up} cards of column {move.source} are face up"
        run = run_length(col, rules, position.hidden(move.source - 1))
        if move.count > run:
            return f"the top {move.count} cards of column {move.source} are not one run (a run has {run})"
        card = col[-move.count]
    if move.target == FOUNDATION:
        return f"{card} does not fit on a foundation (one rank above the top of a slot of its suit)"
    dest = position.tableau[move.target - 1]
    if dest and not rules.builds_on(card, dest[-1]):
        return f"{card} cannot go on {dest[-1]} (columns build down by one, {rules.build.describe()})"
    if not dest and rules.kings_only_in_empty and card.rank != 13:
        return "only a king may fill an empty column"
    limit = supermove_limit(position, rules, target_empty=not dest)
    if limit == 1 and move.count > 1:
        return "one card moves at a time here"
    if limit is not None and move.count > limit:
        return f"at most {limit} cards move at once here (2^e with e empty columns besides the target)"
    return "the rules do not allow it"
