"""Challenge links: "Share" stores a shared deal (:mod:`app.services.challenges`) and gives
``/s/{code}``. Opening it shows who challenged and their result, with a button that deals the
same number as a new play of the opener (API.md, Pages).

The page carries Open Graph and Twitter meta tags, with a generated PNG preview
(:mod:`app.web.views.share_image`), so a pasted link shows the number, mode and result.

A link-preview crawler names no language (no ``Accept-Language``, no ``ft_lang`` cookie): the
page then speaks the sharer's language, stored with the shared deal; a request that names one
gets its own. The picture's URL carries the language (``/s/{code}/image-es.png``), so its
answer depends on the URL alone and is cached ``public``; the older ``/s/{code}/image.png``
redirects to it, saying ``Vary: Accept-Language, Cookie``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from app.db.models import SharedDeal
from app.deps import SessionDep, VisitorDep
from app.engine import MAX_GAME_NUMBER
from app.i18n import LANGUAGES, _, current_language, speaking
from app.params import PRINTABLE, AsciiDigits
from app.services import challenges, plays
from app.web.deps import PublicUrlDep
from app.web.templating import templates
from app.web.views.challenge import challenge_view, image_path, preview_png
from app.web.views.table import game_url

router = APIRouter(tags=["pages"], include_in_schema=False)
Code = Annotated[str, Path(max_length=64, pattern=PRINTABLE)]
IMAGE_CACHE = "public, max-age=300"
"""The picture is the same for everyone at its URL; it changes only if the sharer renames."""
VARIES = "Accept-Language, Cookie"
"""What picks the language of an answer whose URL does not name it."""


def _language(request: Request, shared: SharedDeal) -> str:
    """The language of a shared deal's page: the request's if it names one, else the sharer's."""
    return current_language() if getattr(request.state, "lang_named", True) else shared.lang


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
    base_url: PublicUrlDep,
    number: Annotated[int, Form(ge=1, le=MAX_GAME_NUMBER), AsciiDigits],
    mode: Annotated[str, Form(max_length=16, pattern=PRINTABLE)] = "classic",
) -> Response:
    """Create a challenge link for a deal. A request that accepts JSON (the page's script) gets
    ``{code, url, title, text}``; a plain form gets a 303 to the link's page."""
    try:
        shared = challenges.create_share(session, visitor, number, mode, current_language())
    except ValueError as exc:
        if "application/json" in request.headers.get("accept", ""):
            return JSONResponse({"error": "invalid_request", "detail": str(exc)}, status_code=422)
        return templates.TemplateResponse(request, "error.html", {"message": str(exc)}, status_code=422)
    if "application/json" in request.headers.get("accept", ""):
        view = challenge_view(session, shared, visitor, base_url)
        return JSONResponse({"code": shared.code, "url": view.url, "title": view.title, "text": view.description})
    return RedirectResponse(f"/s/{shared.code}", status_code=303)


@router.get("/s/{code}")
def challenge_page(
    request: Request, code: Code, session: SessionDep, visitor: VisitorDep, base_url: PublicUrlDep
) -> Response:
    """The challenge: who, their result, and a button to play the same deal; in the sharer's
    language when the request names none."""
    shared = challenges.find(session, code)
    if shared is None:
        return _not_found(request)
    with speaking(_language(request, shared)):
        view = challenge_view(session, shared, visitor, base_url)
        page = templates.TemplateResponse(request, "challenge.html", {"c": view})
    page.headers["Vary"] = VARIES
    return page


@router.post("/s/{code}/play")
def play_challenge(request: Request, code: Code, session: SessionDep, visitor: VisitorDep) -> Response:
    """Deal the challenge's number as a new play of the opener, and go to its table."""
    shared = challenges.find(session, code)
    if shared is None:
        return _not_found(request)
    plays.new_play(session, visitor, shared.number, shared.mode, challenge_id=shared.id)
    return RedirectResponse(game_url(shared.number, shared.mode), status_code=303)


@router.get("/s/{code}/image.png")
def challenge_image_any(request: Request, code: Code, session: SessionDep) -> Response:
    """The picture of links shared before it named a language: 307 to the picture in the
    request's language, else the sharer's."""
    shared = challenges.find(session, code)
    if shared is None:
        return _not_found(request)
    headers = {"Cache-Control": IMAGE_CACHE, "Vary": VARIES}
    return RedirectResponse(image_path(shared.code, _language(request, shared)), status_code=307, headers=headers)


@router.get("/s/{code}/image-{lang}.png")
def challenge_image(
    request: Request, code: Code, lang: Annotated[str, Path(max_length=8, pattern=PRINTABLE)], session: SessionDep
) -> Response:
    """The link preview picture (1200×630 PNG) in ``lang``: number, mode, challenger and
    result. The same for every viewer, so it is cached ``public`` and sets no cookie."""
    shared = challenges.find(session, code)
    if shared is None:
        return _not_found(request)
    if lang not in LANGUAGES:  # the link is known: its picture is not in that language
        message = _("This picture comes in these languages: %(codes)s.") % {"codes": ", ".join(LANGUAGES)}
        return templates.TemplateResponse(request, "error.html", {"message": message}, status_code=404)
    with speaking(lang):
        png = preview_png(session, shared)
    return Response(png, media_type="image/png", headers={"Cache-Control": IMAGE_CACHE})
