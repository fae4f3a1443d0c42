"""The "How to play" page (``GET /rules``): the rules of Classic and Relaxed, a section per
other variant of the family saying what it changes (:func:`app.web.views.family.rules_sections`),
how to play at this table (taps, drag, keyboard), what "winnable" means, and strategy tips.
Text in the visitor's language; no mode, no database."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.web.templating import templates
from app.web.views.family import rules_sections

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/rules")
def rules_page(request: Request) -> Response:
    """The rules and the help, one page with a table of contents."""
    return templates.TemplateResponse(request, "rules.html", {"family": rules_sections()})
