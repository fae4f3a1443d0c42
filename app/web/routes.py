"""Page routes (thin): the table, and its actions as plain forms that HTMX enhances.

Every action is ``POST /game/{number}/{action}`` with a form (``mode``, ``version``, and
``move`` or ``value``). Without JavaScript the answer is a 303 back to the game page; with
HTMX (``HX-Request``) it is the table fragment itself. API.md, "Pages".
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2_fragments.fastapi import Jinja2Blocks

from app import plays
from app.deps import SessionDep, SettingsDep, VisitorDep
from app.engine import MAX_GAME_NUMBER, MODES
from app.settings import PROJECT_ROOT
from app.web.view import build_table, game_url, parse_selection

router = APIRouter(tags=["pages"], include_in_schema=False)
templates = Jinja2Blocks(directory=PROJECT_ROOT / "templates")

NOTICES = {
    "illegal": "That move is not allowed here.",
    "stale": "The table had changed (another tab or a double tap?). This is the table as it is now.",
    "over": "This game is over. Deal it again or start a new one.",
    "nothing_to_undo": "Nothing to undo.",
    "nothing_to_redo": "Nothing to redo.",
    "no_finish": "Finish needs an empty stock and waste, with every card able to go up.",
    "bad_request": "That request was not understood.",
    "restarted": "The deal starts again from the beginning.",
}
"""Friendly notices by key: the page shows only these fixed texts, never echoed input."""

ACTION_PATHS = ("move", "draw", "redeal", "undo", "redo", "finish", "resign", "auto-safe")


def _mode(mode: str | None) -> str:
    return mode if mode in MODES else "classic"


def _is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-History-Restore-Request") != "true"


def _render(request: Request, play: plays.LoadedPlay, *, sel: str | None = None, n: int | None = None,
            notice: str | None = None, fragment: bool = False, status_code: int = 200) -> Response:
    table = build_table(play, parse_selection(sel, n, play))
    context: dict[str, Any] = {
        "t": table,
        "notice": NOTICES.get(notice or ""),
        "modes": list(MODES),
        "action_paths": ACTION_PATHS,
        "idle_cap_s": request.app.state.settings.idle_cap_s,
    }
    response = templates.TemplateResponse(
        request, "game.html", context, block_name="table" if fragment else None, status_code=status_code
    )
    response.headers["Vary"] = "HX-Request"
    response.headers["Cache-Control"] = "no-store"
    return response


@router.get("/")
def new_game(mode: Annotated[str | None, Query()] = None) -> RedirectResponse:
    """A new game: 303 to a fresh game number's table."""
    number = secrets.randbelow(MAX_GAME_NUMBER) + 1
    return RedirectResponse(game_url(number, _mode(mode)), status_code=303)


@router.get("/game/{number}", response_class=HTMLResponse)
def game_page(
    request: Request,
    number: int,
    session: SessionDep,
    visitor: VisitorDep,
    mode: Annotated[str | None, Query()] = None,
    sel: Annotated[str | None, Query(max_length=3)] = None,
    n: Annotated[int | None, Query(ge=1, le=104)] = None,
    notice: Annotated[str | None, Query(max_length=32)] = None,
) -> Response:
    """This visitor's play of deal ``number`` (resumed, or dealt). ``sel``/``n`` lift a
    selection for tap play; ``notice`` shows one of :data:`NOTICES`."""
    if not 1 <= number <= MAX_GAME_NUMBER:
        return error_page(request, f"A game number is a whole number from 1 to {MAX_GAME_NUMBER}.")
    play = plays.current_play(session, visitor, number, _mode(mode))
    return _render(request, play, sel=sel, n=n, notice=notice, fragment=_is_htmx(request))


def error_page(request: Request, message: str) -> Response:
    """A friendly 422 page with ``message`` and a way back to a game."""
    return templates.TemplateResponse(request, "error.html", {"message": message}, status_code=422)


@router.post("/game/{number}/restart")
def restart(
    request: Request, number: int, session: SessionDep, visitor: VisitorDep, mode: Annotated[str, Form()] = "classic"
) -> Response:
    """Deal the same number again as a new play (the old one is left as it was)."""
    if not 1 <= number <= MAX_GAME_NUMBER:
        return error_page(request, f"A game number is a whole number from 1 to {MAX_GAME_NUMBER}.")
    play = plays.new_play(session, visitor, number, _mode(mode))
    if _is_htmx(request):
        return _render(request, play, notice="restarted", fragment=True)
    return RedirectResponse(game_url(number, play.row.mode), status_code=303)


@router.post("/game/{number}/{action}")
def act(
    request: Request,
    number: int,
    action: str,
    session: SessionDep,
    visitor: VisitorDep,
    settings: SettingsDep,
    mode: Annotated[str, Form()] = "classic",
    version: Annotated[int | None, Form()] = None,
    move: Annotated[str | None, Form(max_length=16)] = None,
    value: Annotated[str | None, Form(max_length=8)] = None,
) -> Response:
    """One action on this visitor's play of the deal: ``move`` (form field ``move``),
    ``draw``, ``redeal``, ``undo``, ``redo``, ``finish``, ``resign``, ``auto-safe``
    (``value`` on/off)."""
    mode = _mode(mode)
    htmx = _is_htmx(request)
    play = plays.latest_play(session, visitor, number, mode) if 1 <= number <= MAX_GAME_NUMBER else None
    if play is None or action not in ACTION_PATHS:
        return _answer(request, None, number, mode, "bad_request", htmx)
    kind, text = action, move
    if action in ("draw", "redeal"):
        kind, text = "move", "D" if action == "draw" else "R"
    notice = None
    try:
        play = plays.perform(
            session,
            play.row.play_id,
            kind.replace("-", "_"),
            version=version,
            move=text,
            value=value == "on",
            idle_cap_s=settings.idle_cap_s,
        )
    except plays.StaleVersion as exc:
        play, notice = exc.current, "stale"
    except plays.ActionRejected as exc:
        notice = {
            "play_over": "over",
            "illegal_move": _illegal_notice(kind),
            "malformed_move": "bad_request",
        }.get(exc.error, "bad_request")
    return _answer(request, play, number, mode, notice, htmx)


def _illegal_notice(kind: str) -> str:
    return {"undo": "nothing_to_undo", "redo": "nothing_to_redo", "finish": "no_finish"}.get(kind, "illegal")


def _answer(request: Request, play: plays.LoadedPlay | None, number: int, mode: str, notice: str | None,
            htmx: bool) -> Response:
    if htmx and play is not None:
        return _render(request, play, notice=notice, fragment=True)
    return RedirectResponse(game_url(number, mode, notice=notice), status_code=303)
