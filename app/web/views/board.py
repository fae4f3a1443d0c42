"""A read-only board: any position with the same card look as the table, and one move (the
one about to be played) lit on its cards and destination. Used by the analysis replay.

Only what the table would show appears: the waste's top cards and the stock's count, never
the stock's order (a replay reveals a card when its line draws it).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine import Move, Position, Rules
from app.engine.moves import FOUNDATION, WASTE, Action, foundation_slot
from app.web.views.table import (
    CardView,
    Layout,
    PlaceView,
    card_view,
    column_place,
    face_down_counts,
    foundation_places,
    layout_of,
)
from app.web.views.words import describe_move

__all__ = ["BoardView", "board_view", "describe_move"]


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
    layout: Layout
    redeals: int
    move_on_stock: bool = False


def board_view(position: Position, rules: Rules, mode: str, move: Move | None = None) -> BoardView:
    """The :class:`BoardView` of ``position``, with ``move`` (legal there) lit: its source
    cards and its destination, or the stock for a draw or redeal."""
    downs = zip(position.tableau, face_down_counts(position), strict=True)
    columns = [column_place(i + 1, col, down) for i, (col, down) in enumerate(downs)]
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
        layout=layout_of(rules),
        redeals=rules.redeals,
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
