"""The Give-up confirmation page for browsers without JavaScript (``GET /game/{number}/give-up``).
The finish card itself shows over the table (:mod:`app.web.views.finish`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response

from app.deps import SessionDep, VisitorDep
from app.engine import MAX_GAME_NUMBER, MODES
from app.services import plays
from app.web.templating import templates
from app.web.views.table import game_url

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/game/{number}/give-up")
def give_up_page(
    request: Request,
    number: int,
    session: SessionDep,
    visitor: VisitorDep,
    mode: Annotated[str | None, Query(max_length=16)] = None,
) -> Response:
    """Ask "Give up this game?" with a POST form (the no-JavaScript path of the table's Give-up
    button; with JavaScript the table asks in a dialog and posts straight away)."""
    mode = mode if mode in MODES else "classic"
    play = plays.latest_play(session, visitor, number, mode) if 1 <= number <= MAX_GAME_NUMBER else None
    if play is None or play.is_over:
        return RedirectResponse(game_url(number, mode) if 1 <= number <= MAX_GAME_NUMBER else "/", status_code=303)
    context = {
        "number": number,
        "mode": mode,
        "version": play.row.version,
        "blocked": play.status == "blocked",
        "cards_home": play.game.cards_home,
        "moves": play.game.moves,
        "back": game_url(number, mode),
    }
    return templates.TemplateResponse(request, "give_up.html", context)
