"""Guards on every answer: forged cross-origin forms are refused, and every response carries the
browser's security headers.

**Cross-origin requests** (CSRF). The same check as Go's ``net/http.CrossOriginProtection``:
GET, HEAD and OPTIONS always pass; an unsafe request (POST, PUT, PATCH, DELETE, …) whose
``Sec-Fetch-Site`` is anything but ``same-origin`` or ``none`` is refused; without
``Sec-Fetch-Site``, one whose ``Origin`` is not this server's (its host is not the request's
``Host``, nor the origin of ``FT_PUBLIC_URL``) is refused; a request with neither header (curl,
scripts) passes. The rule covers the JSON API too: a browser page elsewhere could post to it
with the visitor's cookie just as to a form. A refusal is a 403: the error page in the
visitor's language for the pages, ``{"error": "cross_origin", "detail": …}`` for ``/api/``.
Nothing is stored and no cookie is set.

**Security headers.** Every answer gets, unless it has its own: :data:`CSP`,
``X-Content-Type-Options: nosniff``, ``Referrer-Policy: same-origin`` and
``X-Frame-Options: DENY`` (``frame-ancestors`` for browsers that predate it). A 500 is sent
from outside :class:`SecurityHeadersMiddleware` (by Starlette's outermost
``ServerErrorMiddleware``), so :func:`server_error` puts them on itself.

**Unknown hosts.** A ``Host`` that is not one of ``FT_ALLOWED_HOSTS`` is refused with a 400
like every other error answer (:class:`TrustedHostPages`): the error page in the visitor's
language, ``{"error": "unknown_host", "detail": …}`` under ``/api/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from starlette._utils import parse_host_header
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.i18n import COOKIE, DEFAULT, _, speaking
from app.web.errors import answers_json, error_page
from app.web.middleware.language import pick_language

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        # The table's columns carry their card count in style="--count: …; --over: …" (server
        # drawn, so a page lays out right before any script runs, and without one); custom
        # properties in attributes only, never a <style> element or an inline script.
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data:",  # data: the felt's noise texture in table.css
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""The Content-Security-Policy of every answer: our own files only, no inline script, no framing."""
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def cross_origin_refusal(method: str, headers: Mapping[str, str], public_origin: str | None = None) -> bool:
    """Whether a request must be refused as cross-origin (the module docstring's rule).

    :param headers: the request's headers (lower-case names: ``sec-fetch-site``, ``origin``,
        ``host``).
    :param public_origin: ``FT_PUBLIC_URL`` (``https://cards.example.org``), also accepted as
        ``Origin`` (a proxy may hand the server another ``Host``).
    """
    if method.upper() in SAFE_METHODS:
        return False
    site = headers.get("sec-fetch-site")
    if site is not None:
        return site.strip().lower() not in ("same-origin", "none")
    origin = headers.get("origin")
    if origin is None:
        return False
    origin = origin.strip().lower()
    if public_origin is not None and origin == public_origin.lower():
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return True
    return not parts.netloc or parts.netloc != headers.get("host", "").strip().lower()


def refusal_message() -> str:
    """What a refused cross-origin request is told, in the visitor's language."""
    return _(
        "This form was sent from another site, so it was refused and nothing changed. "
        "Open the game here and play from its own page."
    )


def refusal(scope: Scope) -> Response:
    """The 403 for a refused request: JSON under ``/api/``, else the error page."""
    request = Request(scope)
    if answers_json(request):
        detail = "cross-origin request refused: send it from this site's pages or without Origin/Sec-Fetch-Site"
        return JSONResponse({"error": "cross_origin", "detail": detail}, status_code=403)
    return error_page(request, refusal_message(), status_code=403)


class CrossOriginMiddleware:
    """ASGI middleware: refuses cross-origin unsafe requests (module docstring) with
    :func:`refusal`, before any route or cookie sees them.

    :param public_origin: ``FT_PUBLIC_URL``, or None.
    """

    def __init__(self, app: ASGIApp, public_origin: str | None = None) -> None:
        self.app = app
        self.public_origin = public_origin

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and cross_origin_refusal(scope["method"], Headers(scope=scope), self.public_origin):
            await refusal(scope)(scope, receive, send)
            return
        await self.app(scope, receive, send)


class SecurityHeadersMiddleware:
    """ASGI middleware: adds :data:`SECURITY_HEADERS` to every HTTP answer that does not set
    them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def server_error(request: Request, exc: Exception) -> Response:
    """The answer to a request that failed in the app (an unexpected exception: Starlette's
    ``ServerErrorMiddleware`` calls this, then re-raises for the server's log): a 500 like
    every other error, ``{"error": "internal_error", "detail": …}`` under ``/api/``, else the
    error page in the visitor's language, with :data:`SECURITY_HEADERS` (it is sent from
    outside :class:`SecurityHeadersMiddleware`)."""
    if answers_json(request):
        detail = "the server failed to answer this request; try again later"
        response: Response = JSONResponse({"error": "internal_error", "detail": detail}, status_code=500)
    else:
        with speaking(request.scope.get("state", {}).get("lang", DEFAULT)):
            message = _("Something went wrong on our side. Try again in a moment.")
            response = error_page(request, message, status_code=500)
    response.headers.update(SECURITY_HEADERS)
    return response


def unknown_host(scope: Scope) -> Response:
    """The 400 for a request to a host name this server does not answer to: JSON under
    ``/api/``, else the error page in the language the request names (it is refused before
    :class:`~app.web.middleware.language.LanguageMiddleware` runs)."""
    request = Request(scope)
    if answers_json(request):
        detail = "this server does not answer to that Host name"
        return JSONResponse({"error": "unknown_host", "detail": detail}, status_code=400)
    with speaking(pick_language(request.cookies.get(COOKIE), request.headers.get("accept-language"))):
        return error_page(request, _("This site does not answer at this address."), status_code=400)


class TrustedHostPages(TrustedHostMiddleware):
    """Starlette's trusted-host check (``allowed_hosts``: ``FT_ALLOWED_HOSTS``; ``*.example.org``
    patterns; a ``www.`` redirect as Starlette's), whose refusal is :func:`unknown_host`
    instead of a plain-text ``Invalid host header``."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self.allow_any and not self._answers(scope):
            await unknown_host(scope)(scope, receive, send)
            return
        await super().__call__(scope, receive, send)

    def _answers(self, scope: Scope) -> bool:
        """Whether Starlette's check would let the request through or redirect it to ``www.``."""
        parsed = parse_host_header(Headers(scope=scope).get("host"))
        if parsed is None:
            return False
        host = parsed.host.lower()
        return any(
            host == p or (p.startswith("*") and host.endswith(p[1:])) or (self.www_redirect and "www." + host == p)
            for p in self.allowed_hosts
        )
