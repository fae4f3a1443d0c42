"""Ready values for a deal's records page (:mod:`app.web.routes.records`)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.engine import MODES
from app.services import deals, records
from app.web.templating import mode_label
from app.web.views.finish import Best, RecordLine, record_lines, your_best
from app.web.views.table import game_url


@dataclass(frozen=True)
class RecordsView:
    """What the records page shows."""

    number: int
    mode: str
    mode_label: str
    modes: list[tuple[str, str, bool]]
    lines: list[RecordLine]
    your_best: Best | None
    solvable: bool | None
    name: str | None
    game_url: str
    self_url: str


def records_view(session: Session, visitor: str, number: int, mode: str) -> RecordsView:
    """The :class:`RecordsView` of deal ``number`` in ``mode`` for ``visitor``."""
    return RecordsView(
        number=number,
        mode=mode,
        mode_label=mode_label(mode),
        modes=[(m, mode_label(m), m == mode) for m in MODES],
        lines=record_lines(session, number, mode, visitor),
        your_best=your_best(session, visitor, number, mode),
        solvable=deals.solvable(session, number, mode),
        name=records.display_names(session, [visitor]).get(visitor),
        game_url=game_url(number, mode),
        self_url=game_url(number, mode, "records"),
    )
