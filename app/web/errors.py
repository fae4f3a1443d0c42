"""Errors as pages: the friendly error page, and the app's handlers for requests that do not
validate and for HTTP errors (API: ``{error, detail}`` JSON; pages: the error page in the
visitor's language)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.engine import MAX_GAME_NUMBER
from app.i18n import _
from app.web.templating import templates


def bad_number_message() -> str:
    """The game-number rule, in the visitor's language."""
    return _("A game number is a whole number from 1 to %(max)s.") % {"max": MAX_GAME_NUMBER}


def error_page(request: Request, message: str, status_code: int = 422) -> Response:
    """A friendly error page with ``message``, a way to a new game and, when the address was
    under ``/game/{number}``, back to that game."""
    back = None
    parts = request.url.path.split("/")
    if len(parts) > 2 and parts[1] == "game" and parts[2].isdigit() and 1 <= int(parts[2]) <= MAX_GAME_NUMBER:
        back = f"/game/{parts[2]}"
    return templates.TemplateResponse(
        request, "error.html", {"message": message, "back": back}, status_code=status_code
    )


def page_error_message(locations: list[tuple[object, ...]]) -> str:
    """The words for a page request that did not validate: the game-number rule when the
    number was wrong, else a plain "not understood" (no framework jargon)."""
    if any("number" in loc for loc in locations):
        return bad_number_message()
    return _("That address or form was not understood.")


def answers_json(request: Request) -> bool:
    """Whether ``request`` is for the JSON API, whose errors are ``{error, detail}`` (API.md,
    "Errors"): everything under ``/api/``, and ``/healthz``, the other operation of the OpenAPI
    document."""
    path = request.url.path
    return path.startswith("/api/") or path == "/healthz"


async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
    """API: 422 ``{error, detail}``, each problem as ``"body.move: String should have …"``.
    Pages: a friendly 422 page in the visitor's language."""
    errors = exc.errors()
    if answers_json(request):
        detail = "; ".join(
            ".".join(str(p) for p in e.get("loc", ())) + ": " + str(e.get("msg", "invalid")) for e in errors
        )
        return JSONResponse({"error": "invalid_request", "detail": detail}, status_code=422)
    return error_page(request, page_error_message([tuple(e.get("loc", ())) for e in errors]))


async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
    """API: ``{error, detail}``. Pages: a friendly page (404: nothing at this address; 405: a
    form's address opened as a page)."""
    if answers_json(request):
        return JSONResponse(
            {"error": "http_" + str(exc.status_code), "detail": exc.detail},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )
    if exc.status_code == 404:
        message = _("There is no page at this address.")
    elif exc.status_code == 405:  # a form's address opened as a page (GET /s, say)
        message = _("This address takes a form, not a visit: start from the game's page.")
    else:
        message = str(exc.detail)
    return error_page(request, message, status_code=exc.status_code)


def register_error_handlers(app: FastAPI) -> None:
    """Install :func:`invalid_request` and :func:`http_error` on ``app``."""
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_error)  # type: ignore[arg-type]
