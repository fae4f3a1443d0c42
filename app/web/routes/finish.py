"""The Give-up confirmation page for browsers without JavaScript (``GET /game/{number}/give-up``).
The finish card itself shows over the table (:mod:`app.web.views.finish`)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from app.deps import SessionDep, VisitorDep
from app.services import plays
from app.web.deps import GameNumber, ModeQuery
from app.web.templating import templates
from app.web.views.table import game_url

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/game/{number}/give-up")
def give_up_page(
    request: Request,
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    mode: ModeQuery,
) -> Response:
    """Ask "Give up this game?" with a POST form (the no-JavaScript path of the table's Give-up
    button; with JavaScript the table asks in a dialog and posts straight away). A fresh deal
    not stored yet can be given up too: the form carries its version, and giving up stores it."""
    play = plays.current_play(session, visitor, number, mode)
    if play.is_over:
        return RedirectResponse(game_url(number, mode), status_code=303)
    context = {
        "number": number,
        "mode": mode,
        "version": play.row.version,
        "blocked": play.status is plays.PlayStatus.BLOCKED,
        "cards_home": play.game.cards_home,
        "card_count": play.game.rules.card_count,
        "moves": play.game.moves,
        "back": game_url(number, mode),
    }
    return templates.TemplateResponse(request, "give_up.html", context)
