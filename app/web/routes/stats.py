"""A visitor's statistics page (``GET /stats?mode=``), computed from their stored finish cards
(:mod:`app.web.views.stats`), with a server-rendered SVG chart of the last 50 results; and the
display name they may set for the records (``POST /me/name``)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import RedirectResponse, Response

from app.deps import SessionDep, VisitorDep
from app.i18n import _
from app.params import NAME_TEXT, PRINTABLE
from app.services import records
from app.web.deps import mode_named, mode_or_classic
from app.web.routes.language import safe_next
from app.web.templating import templates
from app.web.views.stats import stats_view

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/stats")
def stats_page(
    request: Request,
    session: SessionDep,
    visitor: VisitorDep,
    mode_name: Annotated[str | None, Query(alias="mode", max_length=16, pattern=PRINTABLE)] = None,
) -> Response:
    """This visitor's figures in one mode: played, won, win rate, streaks, bests, last 50. A
    mode that does not exist shows Classic's, with a notice that says so."""
    mode = mode_or_classic(mode_name)
    notice = (
        _("There is no such game: these are your Classic statistics.")
        if mode_named(mode_name) is None and mode_name is not None
        else None
    )
    view = stats_view(session, visitor, mode)
    context = {"s": view, "name_max": records.NAME_MAX, "notice": notice}
    response = templates.TemplateResponse(request, "stats.html", context)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.post("/me/name")
def set_name(
    request: Request,
    session: SessionDep,
    visitor: VisitorDep,
    name: Annotated[str, Form(max_length=2000, pattern=NAME_TEXT)] = "",
    next: Annotated[str | None, Form(max_length=512, pattern=PRINTABLE)] = None,
) -> Response:  # noqa: A002
    """Set (or clear, when empty) the name shown beside this visitor's records, and go back to
    ``next`` with ``saved=name`` (its form then says so). Too long: a 422 page saying so,
    nothing changed."""
    try:
        records.set_display_name(session, visitor, name, datetime.now(UTC))
    except ValueError:
        message = _("A display name has at most %(max)s characters.") % {"max": records.NAME_MAX}
        return templates.TemplateResponse(request, "error.html", {"message": message}, status_code=422)
    target = safe_next(next, "/stats").split("#")[0]
    # the form on the page it goes back to says it is saved (templates/partials/name_form.html)
    return RedirectResponse(target + ("&" if "?" in target else "?") + "saved=name", status_code=303)
