"""The one action type both faces build and the play service consumes (ARCHITECTURE.md: a
request is parsed once, at the edge, into typed values; the service gets an :data:`Act`).

Pages name actions by path (``POST /game/{number}/draw``), the JSON API by route
(``POST /api/plays/{id}/moves``); both go through :func:`parse_act`, the one vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine import DRAW, REDEAL, Move, MoveSyntaxError


class ActionRejected(ValueError):
    """The action is malformed or not allowed; nothing changed.

    :ivar error: a short code (``illegal_move``, ``malformed_move``, ``bad_position``,
        ``play_over``, ``bad_mode``, ``bad_number``, ``bad_action``).
    :ivar detail: what is wrong, in words.
    """

    def __init__(self, error: str, detail: str) -> None:
        super().__init__(detail)
        self.error = error
        self.detail = detail


@dataclass(frozen=True, slots=True)
class PlayMove:
    """Play one move of the notation (a column or waste move, ``D`` draw, ``R`` redeal)."""

    move: Move


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last step with its auto-moves (RULES.md, Helpers on the table)."""


@dataclass(frozen=True, slots=True)
class Redo:
    """Play the next undone step again."""


@dataclass(frozen=True, slots=True)
class Finish:
    """Send every card home as one action (RULES.md, Finish)."""


@dataclass(frozen=True, slots=True)
class Resign:
    """Give the play up (or end a blocked one): it gets its finish card."""


@dataclass(frozen=True, slots=True)
class SetAutoSafe:
    """Switch "Move safe cards up" on or off."""

    on: bool


Act = PlayMove | Undo | Redo | Finish | Resign | SetAutoSafe
"""Every action a player can take on a play."""

NAMES: tuple[str, ...] = ("move", "draw", "redeal", "undo", "redo", "finish", "resign", "auto-safe")
"""The actions by name, as the table's form paths spell them (``/game/{number}/{name}``)."""

MOVE_HELP = "a move is required: 3-6, 3-6/3, W-5, 3-F, W-F, D or R"

SWITCH = ("on", "off")
"""What a switch's ``value`` may say (``auto-safe``, and the table's preference forms)."""


def parse_act(name: str, move: str | None = None, value: str | None = None) -> Act:
    """The :data:`Act` named ``name`` (one of :data:`NAMES`); ``move`` is the notation text a
    ``move`` needs, ``value`` the switch position (:data:`SWITCH`) ``auto-safe`` needs.

    :raises ActionRejected: ``bad_action`` for an unknown name, ``malformed_move`` for a move
        missing or not in the notation (API.md, Notation), ``bad_switch`` for ``auto-safe``
        with a value neither on nor off.
    """
    simple: dict[str, Act] = {
        "draw": PlayMove(DRAW),
        "redeal": PlayMove(REDEAL),
        "undo": Undo(),
        "redo": Redo(),
        "finish": Finish(),
        "resign": Resign(),
    }
    if name in simple:
        return simple[name]
    if name == "auto-safe":
        if value not in SWITCH:
            raise ActionRejected("bad_switch", f"value must be on or off, not {value!r}")
        return SetAutoSafe(value == "on")
    if name != "move":
        raise ActionRejected("bad_action", f"action must be one of {', '.join(NAMES)}, not {name!r}")
    if not move:
        raise ActionRejected("malformed_move", MOVE_HELP)
    try:
        return PlayMove(Move.parse(move))
    except MoveSyntaxError as exc:
        raise ActionRejected("malformed_move", str(exc)) from None
