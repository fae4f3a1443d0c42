"""One address per deal: ``/game/00042`` and ``/game/+42`` (and their ``/records``,
``/analysis``, ``/card`` … pages) redirect (301) to ``/game/42``, so a shared link stays one
link and the pages of a deal share their history. A mode that does not exist
(``?mode=zzqx``) is said, not silently replaced: 303 to the Classic page with the notice
``bad_mode`` (the table shows it)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from app.engine import MAX_GAME_NUMBER, MODES

_GAME_PATH = re.compile(r"/game/(\+?\d+)(/[^/]*)?")


def canonical_game_path(path: str) -> str | None:
    """The one path of a deal's page when ``path`` writes its number another way, else None
    (also for numbers out of range: their page says what is wrong)."""
    m = _GAME_PATH.fullmatch(path)
    if m is None:
        return None
    number = int(m.group(1))
    if not 1 <= number <= MAX_GAME_NUMBER or m.group(1) == str(number):
        return None
    return f"/game/{number}{m.group(2) or ''}"


async def redirect_to_one_address(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
    """HTTP middleware: a GET or HEAD of a deal's page at another spelling of its number, or
    with a mode that does not exist, is redirected (see the module docstring), the rest of the
    query kept; everything else passes (a form posted to such an address works)."""
    if request.method in ("GET", "HEAD") and request.url.path.startswith("/game/"):
        path = canonical_game_path(request.url.path)
        if path is not None:
            query = f"?{request.url.query}" if request.url.query else ""
            return RedirectResponse(path + query, status_code=301)
        mode = request.query_params.get("mode")
        if mode is not None and mode not in MODES:
            fixed = {**request.query_params, "mode": "classic", "notice": "bad_mode"}
            return RedirectResponse(f"{request.url.path}?{urlencode(fixed)}", status_code=303)
    return await call_next(request)
