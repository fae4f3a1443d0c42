"""A play in memory: the deal plus the list of actions, with undo/redo, safe auto-moves,
Finish, counters, score and status (RULES.md, "Helpers on the table", "Counting and score").

Undo is a cursor over the list of steps: undo moves it back, redo forward, and a new action
drops the steps after it. Each :class:`Step` keeps the foundation moves its action caused
(safe auto-moves, or Finish's cards), so one undo takes them back with it and a stored play
replays to exactly the same positions whatever the option was at the time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card
from .moves import FOUNDATION, IllegalMoveError, Move, apply, foundation_slot, legal_moves, play
from .position import Position
from .rules import Rules

FINISH = "finish"
"""The Finish action's text in a play's history (not a move of the notation)."""

POINTS_PER_CARD = 5
POINTS_PER_FOUNDATION = 60


class GameStatus(StrEnum):
    """Where a play stands (API.md, Play.status; ``resigned`` is the service's)."""

    PLAYING = "playing"
    WON = "won"
    BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class Step:
    """One player action and what it caused.

    :ivar action: the move in notation, or :data:`FINISH`.
    :ivar auto: the foundation moves made with it (safe auto-moves or Finish's cards), in order.
    :ivar position: the position after all of them.
    """

    action: str
    auto: tuple[Move, ...]
    position: Position

    @property
    def counts_as_move(self) -> bool:
        """Whether the moves counter counts it: every player move, not Finish."""
        return self.action != FINISH

    def text(self) -> str:
        """Storage form: the action, then each auto move after a ``+``: ``"1-6 +1-F"``."""
        return " ".join([self.action, *("+" + str(m) for m in self.auto)])


def safe_auto_moves(position: Position, rules: Rules) -> tuple[list[Move], Position]:
    """Play every safe card up, repeatedly: an available card (column top or waste top) that
    may go up and on which no card left off the foundations could ever be built (every copy
    of the rank below in the suits ``rules.sitter_suits`` names is up; in Classic: its rank is
    one above the LOWER of its suit's foundation heights). Aces always. Columns are tried left
    to right, then the waste, restarting after each move. RULES.md, safe auto-move, and "The
    family".

    Under the other build rules every copy of the rank below in the card's own suit must be up
    as well, so that every slot of its suit takes it: otherwise two free copies may compete for
    one slot, and which copy goes up can spoil a win (Maria, ``1:9H KH | 2:KH | 3:7H QH |
    F:KS KS QH 6H KD KD KC KC | S:8H JH TH``: only column 2's king may go). Moving a card up
    must never spoil a win, which is the point of the rule.

    :returns: the moves made (``"4-F"`` …) and the resulting position.
    """
    made: list[Move] = []
    while True:
        for move in _available_to_foundation(position):
            card = _moving_card(position, move)
            suits = {card.suit, *rules.sitter_suits(card.suit)}
            if all(position.suit_floor(s) >= card.rank - 1 for s in suits):
                made.append(move)
                position = play(position, move, rules)
                break
        else:
            return made, position


def finish_line(position: Position, rules: Rules) -> list[Move] | None:
    """The foundation moves that clear the table, when the stock and the waste are empty and
    moving available cards up repeatedly gets all of them home; else None. Greedy is complete
    here: a foundation move only ever makes more cards available. RULES.md, Finish."""
    if position.stock or position.waste:
        return None
    made: list[Move] = []
    while any(position.tableau):
        for move in _available_to_foundation(position):
            made.append(move)
            position = play(position, move, rules)
            break
        else:
            return None
    return made


def _available_to_foundation(position: Position) -> Iterable[Move]:
    for i, col in enumerate(position.tableau):
        if col and foundation_slot(position, col[-1]) is not None:
            yield Move(source=i + 1, target=FOUNDATION)
    if position.waste and foundation_slot(position, position.waste[-1]) is not None:
        yield Move(target=FOUNDATION)


def _moving_card(position: Position, move: Move) -> Card:
    return position.waste[-1] if move.source == 0 else position.tableau[move.source - 1][-1]


def points(position: Position, rules: Rules) -> int:
    """Classic points (seed 003): 5 per card put up by play, +60 per completed foundation (1000
    at most in the two-deck games, where that is every card home; RULES.md, "The family":
    Lucas's aces, home from the deal, earn nothing)."""
    complete = sum(1 for top in position.foundations if top is not None and top.rank == 13)
    played = position.cards_home - (rules.foundation_slots if rules.aces_home else 0)
    return POINTS_PER_CARD * played + POINTS_PER_FOUNDATION * complete


class Game:
    """A play in memory.

    :param start: the dealt (or set-up) position.
    :param rules: the mode's rules.
    :param auto_safe: "Move safe cards up" (default on); may be changed between actions.

    Player actions go through :meth:`play`, :meth:`finish`, :meth:`undo`, :meth:`redo`; each
    raises :class:`IllegalMoveError` (and changes nothing) when the action is not allowed.
    """

    def __init__(self, start: Position, rules: Rules, *, auto_safe: bool = True) -> None:
        self.start = start
        self.rules = rules
        self.auto_safe = auto_safe
        self.undos = 0
        self._steps: list[Step] = []
        self._cursor = 0
        self._legal: tuple[Position, list[Move]] | None = None

    def clone(self) -> Game:
        """An independent copy (steps are immutable values, so this is cheap)."""
        twin = Game(self.start, self.rules, auto_safe=self.auto_safe)
        twin.undos = self.undos
        twin._steps = list(self._steps)
        twin._cursor = self._cursor
        return twin

    # -- state -----------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The current position."""
        return self._steps[self._cursor - 1].position if self._cursor else self.start

    @property
    def steps(self) -> list[Step]:
        """The current line of play (steps up to the cursor)."""
        return self._steps[: self._cursor]

    @property
    def history(self) -> list[str]:
        """Every step's storage text, redo tail included (see :attr:`cursor`)."""
        return [s.text() for s in self._steps]

    @property
    def cursor(self) -> int:
        """How many steps of :attr:`history` are in effect; the rest can be redone."""
        return self._cursor

    @property
    def last_step(self) -> Step | None:
        """The step that led to the current position, if any."""
        return self._steps[self._cursor - 1] if self._cursor else None

    @property
    def next_step(self) -> Step | None:
        """The step a redo would make again (the one an undo just took back), if any."""
        return self._steps[self._cursor] if self._cursor < len(self._steps) else None

    def legal_moves(self) -> list[Move]:
        """:func:`.moves.legal_moves` of the current position (a fresh list; computed once per
        position, since status, the "moves on the table" flag and the page all ask)."""
        pos = self.position
        if self._legal is None or self._legal[0] is not pos:
            self._legal = (pos, legal_moves(pos, self.rules))
        return list(self._legal[1])

    @property
    def moves(self) -> int:
        """Player actions in the current line (auto-moves and Finish not counted)."""
        return sum(1 for s in self.steps if s.counts_as_move)

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._steps)

    @property
    def cards_home(self) -> int:
        """Cards on the foundations, out of ``rules.card_count``."""
        return self.position.cards_home

    @property
    def points(self) -> int:
        """See :func:`points`."""
        return points(self.position, self.rules)

    @property
    def status(self) -> GameStatus:
        """won (every card home), blocked (no legal action at all), else playing.
        RULES.md, Classic 7."""
        pos = self.position
        if pos.cards_home == self.rules.card_count:
            return GameStatus.WON
        if not self.legal_moves():
            return GameStatus.BLOCKED
        return GameStatus.PLAYING

    @property
    def moves_on_table(self) -> bool:
        """Whether a column or waste move is legal ("There are still moves on the table")."""
        return any(m.action == "move" for m in self.legal_moves())

    @property
    def can_finish(self) -> bool:
        """Whether Finish is offered: stock and waste empty, and foundation moves alone clear
        the table (and something is left to clear)."""
        return any(self.position.tableau) and finish_line(self.position, self.rules) is not None

    # -- actions ---------------------------------------------------------------------------
    def play(self, move: Move | str) -> Step:
        """Play one move (then the safe auto-moves, when on) as one step.

        :raises MoveSyntaxError: for text not in the notation.
        :raises IllegalMoveError: when the move is not legal here.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        pos = apply(self.position, move, self.rules)
        auto: list[Move] = []
        if self.auto_safe:
            auto, pos = safe_auto_moves(pos, self.rules)
        return self._push(Step(str(move), tuple(auto), pos))

    def finish(self) -> Step:
        """Move every card home as one action (RULES.md, Finish).

        :raises IllegalMoveError: when Finish is not available.
        """
        line = finish_line(self.position, self.rules) if any(self.position.tableau) else None
        if line is None:
            raise IllegalMoveError(
                "finish is not available: stock and waste must be empty and every card able to go up"
            )
        pos = self.position
        for m in line:
            pos = play(pos, m, self.rules)
        return self._push(Step(FINISH, tuple(line), pos))

    def undo(self) -> Step:
        """Take back the last step, with its auto-moves; counts an undo.

        :raises IllegalMoveError: when there is nothing to undo.
        """
        if not self.can_undo:
            raise IllegalMoveError("nothing to undo")
        self._cursor -= 1
        self.undos += 1
        return self._steps[self._cursor]

    def redo(self) -> Step:
        """Play the next undone step again, exactly as it was.

        :raises IllegalMoveError: when there is nothing to redo.
        """
        if not self.can_redo:
            raise IllegalMoveError("nothing to redo")
        self._cursor += 1
        return self._steps[self._cursor - 1]

    def _push(self, step: Step) -> Step:
        del self._steps[self._cursor :]
        self._steps.append(step)
        self._cursor += 1
        return step

    # -- storage ---------------------------------------------------------------------------
    @classmethod
    def replay(
        cls,
        start: Position,
        rules: Rules,
        history: Iterable[str],
        cursor: int,
        *,
        auto_safe: bool = True,
        undos: int = 0,
    ) -> Game:
        """Rebuild a play from its stored :attr:`history` and :attr:`cursor`; every action
        and auto move is checked against the rules again.

        :raises ValueError: (:class:`IllegalMoveError`, :class:`MoveSyntaxError`) when the
            history does not replay, or the cursor is out of range.
        """
        game = cls(start, rules, auto_safe=auto_safe)
        pos = start
        for text in history:
            action, *auto_texts = text.split()
            if action == FINISH:
                line = finish_line(pos, rules) if any(pos.tableau) else None
                if line is None:
                    raise IllegalMoveError(f"stored history: finish not available at step {len(game._steps) + 1}")
                auto = line
            else:
                pos = apply(pos, Move.parse(action), rules)
                auto = [Move.parse(a.lstrip("+")) for a in auto_texts]
                if not all(m.to_foundation for m in auto):
                    raise IllegalMoveError(f"stored history: step {text!r} has an auto move off the foundations")
            for m in auto:
                pos = apply(pos, m, rules)
            game._steps.append(Step(action, tuple(auto), pos))
        if not 0 <= cursor <= len(game._steps):
            raise ValueError(f"cursor {cursor} outside 0 … {len(game._steps)}")
        game._cursor = cursor
        game.undos = undos
        return game
