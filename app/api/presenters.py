"""The JSON shapes of the API face (API.md): a Play, its finish card, an error body. The
services hand over plain values (:class:`~app.services.plays.LoadedPlay`, a
:class:`~app.db.models.FinishCard`); this module says how they look on the wire."""

from __future__ import annotations

import math
from typing import Any

from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from app.db.models import FinishCard
from app.deps import DeadEndsDep, SessionDep
from app.services import records
from app.services.plays import LoadedPlay
from app.services.score import Score
from app.services.solver_pool import RateLimited


def error(status: int, code: str, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """An ``{error, detail}`` answer with ``status`` (``code`` is its ``error``)."""
    return JSONResponse({"error": code, "detail": detail}, status_code=status, headers=headers)


def rate_limited(exc: RateLimited) -> JSONResponse:
    """The 429 of a solver rate limit, with ``Retry-After`` in whole seconds (at least 1)."""
    wait_s = max(1, math.ceil(exc.retry_after_s))
    return error(429, "rate_limited", str(exc), {"Retry-After": str(wait_s)})


def play_body(play: LoadedPlay, dead_end: bool = False) -> dict[str, Any]:
    """The Play object of API.md, without its ``finish_card``. The stock's order never appears.

    :param dead_end: the dead-end verdict (``app.services.dead_end``), computed apart
        because it needs the solver.
    """
    g, row = play.game, play.row
    return {
        "play_id": row.play_id,
        "number": row.number,
        "mode": row.mode,
        "custom": row.custom,
        "auto_safe": g.auto_safe,
        "version": row.version,
        "status": play.status.value,
        "position": g.position.to_json(),
        "legal_moves": [] if play.is_over else [str(m) for m in g.legal_moves()],
        **play.score.json(),
        "moves_on_table": g.moves_on_table,
        "can_finish": g.can_finish and not play.is_over,
        "dead_end": dead_end,
        "can_undo": g.can_undo and not play.is_over,
        "can_redo": g.can_redo and not play.is_over,
    }


def card_json(session: Session, card: FinishCard) -> dict[str, object]:
    """A finish card as the JSON API shows it (``Play.finish_card``): figures, whether it
    counts for records and statistics (not from a set-up position), and its honours."""
    won = records.honours(session, card)
    return {
        "result": card.result,
        "custom": card.custom,
        "counts": not card.custom and card.number is not None,
        "assisted": card.assisted,
        **Score.of(card).json(),
        "new_record": won.new_record,
        "best_on_deal": won.best_on_deal,
        "finished_at": card.finished_at.isoformat(),
    }


class PlayPresenter:
    """What a Play answer needs beyond the play: the dead-end watch for its ``dead_end`` flag,
    the session for its ``finish_card``."""

    def __init__(self, dead_ends: DeadEndsDep, session: SessionDep) -> None:
        self.dead_ends, self.session = dead_ends, session

    def play_json(self, play: LoadedPlay) -> dict[str, Any]:
        """The Play of API.md; its ``dead_end`` flag waits for the check when one runs (a
        JSON client gets a settled answer; the table's pages fetch it later instead)."""
        data = play_body(play, dead_end=self.dead_ends.wait(play))
        card = records.finish_card_of(self.session, play.row.id) if play.is_over else None
        data["finish_card"] = None if card is None else card_json(self.session, card)
        return data
