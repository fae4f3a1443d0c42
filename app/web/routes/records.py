"""A deal's records page (``GET /game/{number}/records?mode=``): the top 10 wins (fewest moves,
then least time; one per visitor, named or "a player"), the visitor's own best, the form to set
their display name, and a challenge button."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.deps import SessionDep, VisitorDep
from app.services import records
from app.web.deps import GameNumber, ModeQuery
from app.web.templating import templates
from app.web.views.records import records_view

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/game/{number}/records")
def records_page(
    request: Request,
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    mode: ModeQuery,
) -> Response:
    """The deal's records in ``mode`` and the visitor's best."""
    view = records_view(session, visitor, number, mode)
    response = templates.TemplateResponse(request, "records.html", {"r": view, "name_max": records.NAME_MAX})
    response.headers["Cache-Control"] = "no-store"
    return response
