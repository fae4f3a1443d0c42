"""A read-only board: any position with the same card look as the table, and one move (the
one about to be played) lit on its cards and destination. Used by the analysis replay.

Only what the table would show appears: the waste's top cards and the stock's count, never
the stock's order (a replay reveals a card when its line draws it).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine import Move, Position, Rules
from app.engine.moves import FOUNDATION, WASTE, Action, foundation_slot
from app.i18n import _
from app.web.views.table import CardView, PlaceView, card_view, foundation_places


@dataclass
class BoardView:
    """Everything the read-only board partial shows."""

    mode: str
    columns: list[PlaceView]
    foundations: list[PlaceView]
    waste: list[CardView]
    waste_count: int
    stock_count: int
    redeals_left: int
    cards_home: int
    card_count: int
    move_on_stock: bool = False


def board_view(position: Position, rules: Rules, mode: str, move: Move | None = None) -> BoardView:
    """The :class:`BoardView` of ``position``, with ``move`` (legal there) lit: its source
    cards and its destination, or the stock for a draw or redeal."""
    columns = [PlaceView(name=str(i + 1), cards=[card_view(c) for c in col]) for i, col in enumerate(position.tableau)]
    foundations = foundation_places(position, rules)
    waste = [card_view(c) for c in position.waste[-3:]]
    view = BoardView(
        mode=mode,
        columns=columns,
        foundations=foundations,
        waste=waste,
        waste_count=len(position.waste),
        stock_count=len(position.stock),
        redeals_left=position.redeals_left,
        cards_home=position.cards_home,
        card_count=rules.card_count,
    )
    if move is None:
        return view
    if move.action is not Action.MOVE:
        view.move_on_stock = True
        return view
    if move.source == WASTE:
        waste[-1].hinted = True
        card = position.waste[-1]
    else:
        for cv in columns[move.source - 1].cards[-move.count :]:
            cv.hinted = True
        card = position.tableau[move.source - 1][-move.count]
    if move.target == FOUNDATION:
        slot = foundation_slot(position, card)
        if slot is not None:
            foundations[slot].hinted = True
    else:
        columns[move.target - 1].hinted = True
    return view


def describe_move(position: Position, move: Move) -> str:
    """A move in words for ``position`` (where it is legal): "7♦ onto 8♦", "7♦ to a
    foundation", "7♦ 6♦ to the empty column 4", "Draw from the stock", "Turn the waste over"."""
    if move.action is Action.DRAW:
        return _("Draw from the stock")
    if move.action is Action.REDEAL:
        return _("Turn the waste over")
    if move.source == WASTE:
        cards = [position.waste[-1]]
    else:
        cards = list(position.tableau[move.source - 1][-move.count :])
    what = " ".join(c.label() for c in cards)
    if move.target == FOUNDATION:
        return _("%(cards)s to a foundation") % {"cards": what}
    target = position.tableau[move.target - 1]
    if not target:
        return _("%(cards)s to the empty column %(column)s") % {"cards": what, "column": move.target}
    return _("%(cards)s onto %(card)s") % {"cards": what, "card": target[-1].label()}
