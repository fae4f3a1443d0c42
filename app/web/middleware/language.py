"""The request's language: from the ``ft_lang`` cookie (the page's switch), else the best of
``Accept-Language``, else English; made current (:func:`app.i18n.use_language`) while the
request is served. ``scope["state"]["lang_named"]`` says whether the request named it (cookie
or header) or it is the fallback: a shared link's preview then speaks the sharer's language."""

from __future__ import annotations

from http.cookies import SimpleCookie

from starlette.types import ASGIApp, Receive, Scope, Send

from app.i18n import COOKIE, DEFAULT, LANGUAGES, reset_language, use_language


def pick_language(cookie: str | None, accept_language: str | None) -> str:
    """The language to serve: the cookie's if it names one we have, else the best of
    ``Accept-Language`` (by q-value, then order; ``es-MX`` counts as ``es``), else English."""
    return named_language(cookie, accept_language) or DEFAULT


def named_language(cookie: str | None, accept_language: str | None) -> str | None:
    """The language the request names (as :func:`pick_language`), or None when neither the
    cookie nor ``Accept-Language`` names one we have (a link-preview crawler sends neither)."""
    if cookie in LANGUAGES:
        return cookie
    best: tuple[float, int, str] | None = None
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        if code not in LANGUAGES:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0 and (best is None or (-q, i) < (-best[0], best[1])):
            best = (q, i, code)
    return best[2] if best else None


class LanguageMiddleware:
    """ASGI middleware: picks the request's language and makes it current while it is served
    (``scope["state"]["lang"]`` too, and ``lang_named``: whether the request named it)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        cookie = None
        if "cookie" in headers:
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(headers["cookie"])
            except Exception:  # a malformed Cookie header: ignore it, as browsers do
                jar = SimpleCookie()
            if COOKIE in jar:
                cookie = jar[COOKIE].value
        named = named_language(cookie, headers.get("accept-language"))
        lang = named or DEFAULT
        state = scope.setdefault("state", {})
        state["lang"], state["lang_named"] = lang, named is not None
        token = use_language(lang)
        try:
            await self.app(scope, receive, send)
        finally:
            reset_language(token)
