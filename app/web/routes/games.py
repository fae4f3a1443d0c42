"""The family page (``GET /games``): every variant with a one-line description, the share of
deals the solver won, a drawing of its opening layout and a link to a new deal of it
(:mod:`app.web.views.family`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.deps import SessionDep
from app.runtime import ServicesDep
from app.web.templating import templates
from app.web.views.family import games_view

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/games")
def games_page(request: Request, session: SessionDep, services: ServicesDep) -> Response:
    """The Forty Thieves family, Classic and Relaxed first (RULES.md, "The family")."""
    services.survey.ensure(session)
    return templates.TemplateResponse(request, "games.html", {"variants": games_view(session)})
