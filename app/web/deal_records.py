"""A deal's records page (``GET /game/{number}/records?mode=``): the top 10 wins (fewest moves,
then least time; one per visitor, named or "a player"), the visitor's own best, the form to set
their display name, and a challenge button."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.deps import SessionDep, VisitorDep
from app.engine import MAX_GAME_NUMBER, MODES
from app.i18n import _
from app.services import deals, records
from app.web.finish import Best, RecordLine, record_lines, your_best
from app.web.templating import mode_label, templates
from app.web.view import game_url

router = APIRouter(tags=["pages"], include_in_schema=False)


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


@router.get("/game/{number}/records")
def records_page(
    request: Request,
    number: int,
    session: SessionDep,
    visitor: VisitorDep,
    mode: Annotated[str | None, Query(max_length=16)] = None,
) -> Response:
    """The deal's records in ``mode`` and the visitor's best."""
    if not 1 <= number <= MAX_GAME_NUMBER:
        message = _("A game number is a whole number from 1 to %(max)s.") % {"max": MAX_GAME_NUMBER}
        return templates.TemplateResponse(request, "error.html", {"message": message}, status_code=422)
    mode = mode if mode in MODES else "classic"
    view = RecordsView(
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
    response = templates.TemplateResponse(request, "records.html", {"r": view, "name_max": records.NAME_MAX})
    response.headers["Cache-Control"] = "no-store"
    return response
