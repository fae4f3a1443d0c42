"""Moves, piles and the last action in words, for screen readers and the analysis (issue 12,
§4): accessible names say "7♠: move onto 8♠ in column 6", never the notation ("3-6").

Every function takes the position a move is (or was) legal in: a move's cards and its
destination's top card are read there.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.engine import Card, Move, Position, Rules
from app.engine.game import FINISH, Step
from app.engine.moves import FOUNDATION, WASTE, Action, play
from app.i18n import _, ngettext


def moved_cards(position: Position, move: Move) -> list[Card]:
    """The cards ``move`` carries (bottom first), read in ``position``."""
    if move.source == WASTE:
        return [position.waste[-1]]
    return list(position.tableau[move.source - 1][-move.count :])


def _names(cards: Sequence[Card]) -> str:
    return " ".join(c.label() for c in cards)


def describe_move(position: Position, move: Move) -> str:
    """A move in words for ``position`` (where it is legal), as the hint and the analysis say
    it: "10♦ onto J♦ (column 3 → 9)", "7♦ 6♦ to an empty column (waste → column 4)", "7♠ to its
    foundation (from column 2)", "Draw a card from the stock", "Turn the waste over"."""
    if move.action is Action.DRAW:
        return _("Draw a card from the stock")
    if move.action is Action.REDEAL:
        return _("Turn the waste over")
    what = _names(moved_cards(position, move))
    if move.target == FOUNDATION:
        if move.source == WASTE:
            return _("%(cards)s to its foundation (from the waste)") % {"cards": what}
        return _("%(cards)s to its foundation (from column %(source)s)") % {"cards": what, "source": move.source}
    if move.source == WASTE:
        route = _("waste → column %(target)s") % {"target": move.target}
    else:
        route = _("column %(source)s → %(target)s") % {"source": move.source, "target": move.target}
    target = position.tableau[move.target - 1]
    if not target:
        return _("%(cards)s to an empty column (%(route)s)") % {"cards": what, "route": route}
    return _("%(cards)s onto %(card)s (%(route)s)") % {"cards": what, "card": target[-1].label(), "route": route}


def tap_label(position: Position, card: Card, move: Move) -> str:
    """The accessible name of a card that sends ``move`` when tapped: "7♠: move onto 8♠ in
    column 6", "7♠: move to a foundation", "7♠: move to the empty column 4"."""
    name = card.label()
    if move.target == FOUNDATION:
        return _("%(card)s: move to a foundation") % {"card": name}
    target = position.tableau[move.target - 1]
    if not target:
        return _("%(card)s: move to the empty column %(column)s") % {"card": name, "column": move.target}
    return _("%(card)s: move onto %(onto)s in column %(column)s") % {
        "card": name,
        "onto": target[-1].label(),
        "column": move.target,
    }


def pick_up_label(card: Card) -> str:
    """The accessible name of a card that picks its run up when tapped."""
    return _("%(card)s: pick up") % {"card": card.label()}


def put_down_label(card: Card) -> str:
    """The accessible name of a lifted card with nowhere to go (tapping it puts it down)."""
    return _("%(card)s: put down") % {"card": card.label()}


def column_label(number: int, cards: Sequence[Card], down: int = 0) -> str:
    """A column as a named group: "Column 3, 5 cards, top 7♠", "Column 3, empty", and with
    face-down cards "Column 3, 4 cards, 2 face down, top 7♠" (never which they are)."""
    if not cards:
        return _("Column %(column)s, empty") % {"column": number}
    values = {"column": number, "num": len(cards), "card": cards[-1].label(), "down": down}
    if down:
        return (
            ngettext(
                "Column %(column)s, %(num)s card, %(down)s face down, top %(card)s",
                "Column %(column)s, %(num)s cards, %(down)s face down, top %(card)s",
                len(cards),
            )
            % values
        )
    return (
        ngettext(
            "Column %(column)s, %(num)s card, top %(card)s",
            "Column %(column)s, %(num)s cards, top %(card)s",
            len(cards),
        )
        % values
    )


def face_down_label() -> str:
    """The accessible name of a face-down card: "Face-down card" (nothing of its identity)."""
    return _("Face-down card")


def foundation_label(suit: str, top: Card | None) -> str:
    """A foundation slot as a named group: "Foundation ♠, up to 4♠", "Foundation ♠, empty"."""
    if top is None:
        return _("Foundation %(suit)s, empty") % {"suit": suit}
    return _("Foundation %(suit)s, up to %(card)s") % {"suit": suit, "card": top.label()}


def drop_label(column: int | None, preferred: bool) -> str:
    """The accessible name of a lit place's button: "Move to column 6", "Move to the
    foundation" (``column`` None), with "(preferred)" for the place a second tap sends to."""
    if column is None:
        return _("Move to the foundation (preferred)") if preferred else _("Move to the foundation")
    words = _("Move to column %(column)s (preferred)") if preferred else _("Move to column %(column)s")
    return words % {"column": column}


def _place(target: int) -> str:
    return _("a foundation") if target == FOUNDATION else _("column %(column)s") % {"column": target}


def describe_undo(before: Position, step: Step, rules: Rules) -> str:
    """What an undo took back, in words, from the position ``before`` the step (the one the
    undo went back to): "Undone: 7♠ from column 3 to column 6." (the cards that went up with
    it come back down unnamed)."""
    return _("Undone: %(step)s") % {"step": describe_step(before, Step(step.action, (), before), rules)}


def describe_step(before: Position, step: Step, rules: Rules) -> str:
    """What a step did, in words, from the position ``before`` it under ``rules``: "7♠ from
    column 3 to column 6. A♣ went up.", "Drew 10♦." (a draw of three names the three, the last
    on top), "Turned the waste over.", "Finished: every card went home."."""
    if step.action == FINISH:
        return _("Finished: every card went home.")
    move = Move.parse(step.action)
    if move.action is Action.DRAW:
        words = _("Drew %(card)s.") % {"card": _names(before.stock[: rules.draw])}
    elif move.action is Action.REDEAL:
        words = _("Turned the waste over.")
    else:
        source = _("the waste") if move.source == WASTE else _("column %(column)s") % {"column": move.source}
        words = _("%(cards)s from %(source)s to %(target)s.") % {
            "cards": _names(moved_cards(before, move)),
            "source": source,
            "target": _place(move.target),
        }
    if step.auto:
        pos, gone_up = play(before, move, rules), []
        for auto in step.auto:
            gone_up.append(moved_cards(pos, auto)[0])
            pos = play(pos, auto, rules)
        words += " " + ngettext("%(cards)s went up.", "%(cards)s went up.", len(gone_up)) % {"cards": _names(gone_up)}
    turned = turned_up(before, step.position)
    if turned:
        words += " " + ngettext("%(cards)s turned face up.", "%(cards)s turned face up.", len(turned)) % {
            "cards": _names(turned)
        }
    return words


def turned_up(before: Position, after: Position) -> list[Card]:
    """The face-down cards an action turned face up (RULES.md, "The family": a face-down card
    turns when it becomes its column's top card), left to right; none in a variant without
    them. A turned card that then went up is not listed (it went up, and is said so)."""
    downs_before = before.face_down or (0,) * len(before.tableau)
    downs_after = after.face_down or (0,) * len(after.tableau)
    return [
        column[down]
        for column, was, down in zip(after.tableau, downs_before, downs_after, strict=True)
        if down < was and down < len(column)
    ]
