"""One address per deal: ``/game/00042`` and ``/game/+42`` (and their ``/records``,
``/analysis``, ``/card`` … pages) redirect (301) to ``/game/42``, so a shared link stays one
link and the pages of a deal share their history; so does a mode written in capitals
(``?mode=RELAXED`` → ``?mode=relaxed``). A mode that does not exist
(``?mode=zzqx``) is said, not silently replaced: 303 to the Classic page with the notice
``bad_mode`` (the table shows it)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from starlette.datastructures import QueryParams
from starlette.responses import RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from app.engine import MAX_GAME_NUMBER, MODES

_GAME_PATH = re.compile(r"/game/(\+?[0-9]+)(/[^/]*)?")
"""A deal's page, its number in ASCII digits (``\\d`` would take ``٤٢`` and ``４２`` too)."""


def canonical_game_path(path: str) -> str | None:
    """The one path of a deal's page when ``path`` writes its number another way (leading
    zeros, a ``+``), else None (also for numbers out of range: their page says what is wrong)."""
    m = _GAME_PATH.fullmatch(path)
    if m is None:
        return None
    digits = m.group(1).lstrip("+").lstrip("0") or "0"
    if len(digits) > len(str(MAX_GAME_NUMBER)) or not 1 <= int(digits) <= MAX_GAME_NUMBER or digits == m.group(1):
        return None
    return f"/game/{digits}{m.group(2) or ''}"


def one_address(path: str, query: str) -> RedirectResponse | None:
    """The redirect for a GET of ``path`` with ``query`` (see the module docstring), or None
    when it is already the one address."""
    canonical = canonical_game_path(path)
    if canonical is not None:
        return RedirectResponse(canonical + (f"?{query}" if query else ""), status_code=301)
    params = QueryParams(query)
    mode = params.get("mode")
    if mode is not None and mode.lower() in MODES and mode not in MODES:  # ?mode=RELAXED: its one address
        return RedirectResponse(f"{path}?{urlencode({**params, 'mode': mode.lower()})}", status_code=301)
    if mode is not None and mode not in MODES:
        fixed = {**params, "mode": "classic", "notice": "bad_mode"}
        return RedirectResponse(f"{path}?{urlencode(fixed)}", status_code=303)
    return None


class OneAddressMiddleware:
    """ASGI middleware: a GET or HEAD of a deal's page at another spelling of its number, or
    with a mode that does not exist, is redirected, the rest of the query kept; everything
    else passes (a form posted to such an address works)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD") and scope["path"].startswith("/game/"):
            redirect = one_address(scope["path"], scope.get("query_string", b"").decode("latin-1"))
            if redirect is not None:
                await redirect(scope, receive, send)
                return
        await self.app(scope, receive, send)
