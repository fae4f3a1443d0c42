"""The Forty Thieves rules engine: pure values and functions, standard library only.

RULES.md is the source of every rule here. The public surface:

- :mod:`.cards`: :class:`Card`, ranks and suits, parsing and formatting.
- :mod:`.rules`: :class:`Rules` (a frozen row of data), :data:`CLASSIC`, :data:`RELAXED`.
- :mod:`.deal`: :func:`deal` (game number → starting :class:`Position`).
- :mod:`.position`: :class:`Position`, its JSON form, its one-line text form
  (``str(position)``, :meth:`Position.parse`; docs/position-text.md) and validation.
- :mod:`.moves`: :class:`Move` and the notation, :func:`legal_moves`, :func:`apply`.
- :mod:`.game`: :class:`Game`, a play in memory with undo/redo, safe auto-moves and Finish.
- :mod:`.detours`: :func:`.detours.without_detours`, a winning line without its cycles and
  moves taken straight back (what hints follow).
"""

from .cards import Card, format_card, parse_card
from .deal import MAX_GAME_NUMBER, deal
from .game import FINISH, Game, GameStatus, Step
from .moves import DRAW, REDEAL, IllegalMoveError, Move, MoveSyntaxError, apply, legal_moves
from .position import Position, PositionError
from .rules import CLASSIC, MODES, RELAXED, Mode, Rules

__all__ = [
    "CLASSIC",
    "DRAW",
    "FINISH",
    "MAX_GAME_NUMBER",
    "MODES",
    "Mode",
    "REDEAL",
    "RELAXED",
    "Card",
    "Game",
    "GameStatus",
    "IllegalMoveError",
    "Move",
    "MoveSyntaxError",
    "Position",
    "PositionError",
    "Rules",
    "Step",
    "apply",
    "deal",
    "format_card",
    "legal_moves",
    "parse_card",
]
