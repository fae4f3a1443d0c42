"""A deal's records page (``GET /game/{number}/records?mode=``): the top 10 wins (fewest moves,
then least time; one per visitor, named or "a player"), the visitor's own best, the form to set
their display name, and a challenge button."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.deps import SessionDep, VisitorDep
from app.engine import MAX_GAME_NUMBER, MODES
from app.services import records
from app.web.errors import bad_number_message
from app.web.templating import templates
from app.web.views.records import records_view

router = APIRouter(tags=["pages"], include_in_schema=False)


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
        return templates.TemplateResponse(request, "error.html", {"message": bad_number_message()}, status_code=422)
    mode = mode if mode in MODES else "classic"
    view = records_view(session, visitor, number, mode)
    response = templates.TemplateResponse(request, "records.html", {"r": view, "name_max": records.NAME_MAX})
    response.headers["Cache-Control"] = "no-store"
    return response
