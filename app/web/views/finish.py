"""The finish card shown over the table when a play has ended (won, given up, or blocked and
acknowledged), as ready values: its figures, its honours ("New record!", "Best on this deal")
and the deal's records.

The card itself is stored by :mod:`app.services.plays` (one per finished play); this module
only reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.db.models import FinishCard
from app.i18n import _
from app.services import plays, records
from app.services.published import line_published
from app.services.score import Score
from app.web.views.family import rules_of


@dataclass(frozen=True)
class RecordLine:
    """One line of a deal's records as shown: place, name (None: "a player"), figures, and
    whether it is the viewer's own."""

    place: int
    name: str | None
    moves: int
    elapsed_s: float
    mine: bool


@dataclass(frozen=True)
class Best:
    """A best win: moves and time."""

    moves: int
    elapsed_s: float


@dataclass(frozen=True)
class FinishView:
    """Everything the finish card shows, ready for the template."""

    card_id: int
    number: int | None
    mode: str
    custom: bool
    assisted: bool
    published: bool
    """Assisted, and the winnability page publishes a winning line of this deal (the card
    says so rather than "after seeing the solver's line")."""
    result: str
    headline: str
    score: Score
    card_count: int
    new_record: bool
    best_on_deal: bool
    your_best: Best | None
    records: list[RecordLine]


def headline(result: str) -> str:
    """The card's title for a result (``won``, ``resigned``, ``blocked``), translated."""
    return {
        "won": _("You won!"),
        "blocked": _("No moves left"),
    }.get(result, _("You gave up"))


def record_lines(
    session: Session, number: int, mode: str, viewer: str, wins: list[FinishCard] | None = None
) -> list[RecordLine]:
    """The deal's top wins (:func:`app.services.records.best_wins`) with the viewer's own marked."""
    return [
        RecordLine(r.place, r.name, r.moves, r.elapsed_s, r.visitor_id == viewer)
        for r in records.best_wins(session, number, mode, wins=wins)
    ]


def your_best(
    session: Session, visitor: str, number: int, mode: str, wins: list[FinishCard] | None = None
) -> Best | None:
    """The visitor's best win on this deal and mode."""
    card = records.personal_best(session, visitor, number, mode, wins=wins)
    return None if card is None else Best(card.moves, card.elapsed_s)


def _line_published(session: Session, card: FinishCard) -> bool:
    return card.assisted and card.number is not None and line_published(session, card.number, card.mode)


def finish_view(session: Session, card: FinishCard, card_count: int | None = None) -> FinishView:
    """The :class:`FinishView` of a stored finish card; the deal's wins are read once for its
    honours, the visitor's best and the deal's records. ``card_count``: cards in play (None:
    the card's variant's, 104 or 156)."""
    counts = card.number is not None and not card.custom
    wins = records.deal_wins(session, card.number, card.mode) if counts and card.number else []
    honours = records.honours(session, card, wins=wins)
    return FinishView(
        card_id=card.id,
        number=card.number,
        mode=card.mode,
        custom=card.custom,
        assisted=card.assisted,
        published=_line_published(session, card),
        result=card.result,
        headline=headline(card.result),
        score=Score.of(card),
        card_count=rules_of(card.mode).card_count if card_count is None else card_count,
        new_record=honours.new_record,
        best_on_deal=honours.best_on_deal,
        your_best=your_best(session, card.visitor_id, card.number, card.mode, wins) if counts and card.number else None,
        records=record_lines(session, card.number, card.mode, card.visitor_id, wins) if counts and card.number else [],
    )


def finish_view_of_play(session: Session, play: plays.LoadedPlay) -> FinishView | None:
    """The finish card of ``play`` when it has ended with one, else None."""
    if not play.is_over:
        return None
    card = records.finish_card_of(session, play.row.id)
    return None if card is None else finish_view(session, card, play.game.rules.card_count)
