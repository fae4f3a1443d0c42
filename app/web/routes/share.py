"""Challenge links: "Share" stores a shared deal (:mod:`app.services.challenges`) and gives
``/s/{code}``. Opening it shows who challenged and their result, with a button that deals the
same number as a new play of the opener (API.md, Pages).

The page carries Open Graph and Twitter meta tags, with a generated PNG preview
(:mod:`app.web.views.share_image`), so a pasted link shows the number, mode and result.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from app.deps import SessionDep, VisitorDep
from app.engine import MAX_GAME_NUMBER
from app.i18n import _
from app.services import challenges, plays
from app.web.templating import templates
from app.web.views.challenge import challenge_view
from app.web.views.share_image import challenge_png
from app.web.views.table import game_url

router = APIRouter(tags=["pages"], include_in_schema=False)
Code = Annotated[str, Path(max_length=64)]


def _not_found(request: Request) -> Response:
    return templates.TemplateResponse(
        request,
        "error.html",
        {"message": _("This challenge link is not known. Check the address.")},
        status_code=404,
    )


@router.post("/s")
def share(
    request: Request,
    session: SessionDep,
    visitor: VisitorDep,
    number: Annotated[int, Form(ge=1, le=MAX_GAME_NUMBER)],
    mode: Annotated[str, Form(max_length=16)] = "classic",
) -> Response:
    """Create a challenge link for a deal. A request that accepts JSON (the page's script) gets
    ``{code, url, title, text}``; a plain form gets a 303 to the link's page."""
    try:
        shared = challenges.create_share(session, visitor, number, mode)
    except ValueError as exc:
        if "application/json" in request.headers.get("accept", ""):
            return JSONResponse({"error": "invalid_request", "detail": str(exc)}, status_code=422)
        return templates.TemplateResponse(request, "error.html", {"message": str(exc)}, status_code=422)
    if "application/json" in request.headers.get("accept", ""):
        view = challenge_view(session, shared, visitor, str(request.base_url))
        return JSONResponse({"code": shared.code, "url": view.url, "title": view.title, "text": view.description})
    return RedirectResponse(f"/s/{shared.code}", status_code=303)


@router.get("/s/{code}")
def challenge_page(request: Request, code: Code, session: SessionDep, visitor: VisitorDep) -> Response:
    """The challenge: who, their result, and a button to play the same deal."""
    shared = challenges.find(session, code)
    if shared is None:
        return _not_found(request)
    view = challenge_view(session, shared, visitor, str(request.base_url))
    return templates.TemplateResponse(request, "challenge.html", {"c": view})


@router.post("/s/{code}/play")
def play_challenge(request: Request, code: Code, session: SessionDep, visitor: VisitorDep) -> Response:
    """Deal the challenge's number as a new play of the opener, and go to its table."""
    shared = challenges.find(session, code)
    if shared is None:
        return _not_found(request)
    plays.new_play(session, visitor, shared.number, shared.mode, challenge_id=shared.id)
    return RedirectResponse(game_url(shared.number, shared.mode), status_code=303)


@router.get("/s/{code}/image.png")
def challenge_image(request: Request, code: Code, session: SessionDep, visitor: VisitorDep) -> Response:
    """The link preview picture (1200×630 PNG): number, mode, challenger and result."""
    shared = challenges.find(session, code)
    if shared is None:
        return Response(status_code=404)
    view = challenge_view(session, shared, visitor, str(request.base_url))
    png = challenge_png(
        number=view.number, mode=view.mode_label, challenger=view.challenger, result=view.result, won=view.won
    )
    return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=300"})
