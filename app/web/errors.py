"""Errors as pages: the friendly error page, and the app's handlers for requests that do not
validate and for HTTP errors (API: ``{error, detail}`` JSON; pages: the error page in the
visitor's language)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Receive, Scope

from app.engine import MAX_GAME_NUMBER
from app.i18n import _
from app.params import ascii_number
from app.web.middleware.body_limit import MAX_BODY_BYTES
from app.web.templating import templates


def bad_number_message() -> str:
    """The game-number rule, in the visitor's language."""
    return _("A game number is a whole number from 1 to %(max)s.") % {"max": MAX_GAME_NUMBER}


def error_page(
    request: Request, message: str, status_code: int = 422, headers: Mapping[str, str] | None = None
) -> Response:
    """A friendly error page with ``message``, a way to a new game and, when the address was
    under ``/game/{number}`` with a number in range (ASCII digits), back to that game."""
    back = None
    parts = request.url.path.split("/")
    number = ascii_number(parts[2]) if len(parts) > 2 and parts[1] == "game" else None
    if number is not None and 1 <= number <= MAX_GAME_NUMBER:
        back = f"/game/{number}"
    return templates.TemplateResponse(
        request, "error.html", {"message": message, "back": back}, status_code=status_code, headers=headers
    )


def allowed_methods(exc: StarletteHTTPException) -> dict[str, str] | None:
    """The headers of a 405 answer: its ``Allow``, with ``HEAD`` wherever ``GET`` is (every
    GET answers HEAD: :class:`app.web.middleware.head.HeadMiddleware`); other errors' headers
    as they are."""
    headers = dict(getattr(exc, "headers", None) or {})
    methods = [m.strip() for m in headers.get("Allow", "").split(",") if m.strip()]
    if "GET" in methods and "HEAD" not in methods:
        methods.append("HEAD")
    if methods:
        headers["Allow"] = ", ".join(sorted(methods))
    return headers or None


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
        detail = "; ".join(_problem(e) for e in errors)
        return JSONResponse({"error": "invalid_request", "detail": detail}, status_code=422)
    return error_page(request, page_error_message([tuple(e.get("loc", ())) for e in errors]))


def _problem(error: Any) -> str:
    """One validation problem in words: ``"body.move: String should have …"``; a body that is
    no JSON says so and where ("the body is not valid JSON at character 14: Expecting …"), and
    a body that is no JSON object (a form, plain text) says what to send (a tester read
    "body.14: JSON decode error" and "Input should be a valid dictionary")."""
    loc, kind = tuple(error.get("loc", ())), error.get("type")
    if kind == "json_invalid":
        why = (error.get("ctx") or {}).get("error", "broken")
        return f"the body is not valid JSON at character {loc[-1]}: {why}"
    if loc == ("body",) and kind in ("model_attributes_type", "dict_type"):
        return "the body must be a JSON object, sent with Content-Type: application/json"
    return ".".join(str(p) for p in loc) + ": " + str(error.get("msg", "invalid"))


BODY_NOT_READ = "There was an error parsing the body"
"""FastAPI's 400 detail for a body it could not read at all (not UTF-8, JSON nested deeper
than Python's recursion limit, a broken multipart form)."""


async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
    """API: ``{error, detail}``. Pages: a friendly page (404: nothing at this address; 405: a
    form's address opened as a page). A body that could not be read stays a 400 (as the
    OpenAPI document says), in words that say what was wrong with it."""
    if exc.status_code == 400 and exc.detail == BODY_NOT_READ:
        if answers_json(request):
            detail = "the request body could not be read (not UTF-8, JSON nested too deeply, or broken)"
            return JSONResponse({"error": "unreadable_body", "detail": detail}, status_code=400)
        return error_page(request, _("That address or form was not understood."), status_code=400)
    headers = allowed_methods(exc)
    if answers_json(request):
        return JSONResponse(
            {"error": "http_" + str(exc.status_code), "detail": exc.detail},
            status_code=exc.status_code,
            headers=headers,
        )
    if exc.status_code == 404:
        message = _("There is no page at this address.")
    elif exc.status_code == 405 and request.method in ("GET", "HEAD"):  # a form's address opened as a page
        message = _("This address takes a form, not a visit: start from the game's page.")
    elif exc.status_code == 405:
        message = _("This address does not take a %(method)s request.") % {"method": request.method[:16]}
    elif exc.status_code == 413:
        message = _("That request is too large: a form of this site is never that long.")
    else:
        message = str(exc.detail)
    return error_page(request, message, status_code=exc.status_code, headers=headers)


async def too_large(scope: Scope, receive: Receive) -> Response:
    """The 413 answer of :class:`~app.web.middleware.body_limit.BodyLimitMiddleware`, as
    :func:`http_error` gives it (API: ``{error, detail}``; pages: the error page)."""
    detail = f"the request body is larger than {MAX_BODY_BYTES} bytes"
    return await http_error(Request(scope, receive), StarletteHTTPException(413, detail=detail))


def register_error_handlers(app: FastAPI) -> None:
    """Install :func:`invalid_request`, :func:`http_error` and, for any other exception, the
    500 of :func:`app.web.middleware.guard.server_error` on ``app``."""
    from app.web.middleware.guard import server_error  # the guard imports this module

    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_error)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, server_error)
