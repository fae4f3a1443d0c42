"""The confirmation pages for browsers without JavaScript: Give up (``GET
/game/{number}/give-up``) and Restart this deal (``GET /game/{number}/restart-deal``); with
JavaScript the table asks in a dialog. The finish card itself shows over the table
(:mod:`app.web.views.finish`)."""

from __future__ import annotations

from typing import Any

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
    button; with JavaScript the table asks in a dialog and posts straight away). A deal not
    started (no action has stored its play) has nothing to give up: the page says so and links
    back to the table."""
    play = plays.current_play(session, visitor, number, mode)
    if play.is_over:
        return RedirectResponse(game_url(number, mode), status_code=303)
    context = _context(number, mode, play)
    context["nothing"] = not play.stored
    return templates.TemplateResponse(request, "give_up.html", context)


@router.get("/game/{number}/restart-deal")
def restart_page(
    request: Request,
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    mode: ModeQuery,
) -> Response:
    """Ask "Restart this deal?" with a POST form to ``/game/{number}/restart`` (the
    no-JavaScript path of the table's Restart button once the play has moves; with JavaScript
    the table asks in a dialog). A play that is over goes back to its table, which offers
    "Play this deal again" without a question."""
    play = plays.current_play(session, visitor, number, mode)
    if play.is_over:
        return RedirectResponse(game_url(number, mode), status_code=303)
    return templates.TemplateResponse(request, "restart.html", _context(number, mode, play))


def _context(number: int, mode: str, play: plays.LoadedPlay) -> dict[str, Any]:
    """What a confirmation page shows of ``play``: where it stands, and the version its form
    carries (a question answered from a stale tab changes nothing)."""
    return {
        "number": number,
        "mode": mode,
        "version": play.row.version,
        "blocked": play.status is plays.PlayStatus.BLOCKED,
        "cards_home": play.game.cards_home,
        "card_count": play.game.rules.card_count,
        "moves": play.game.moves,
        "back": game_url(number, mode),
    }
