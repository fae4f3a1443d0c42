"""Anonymous visitors: an id in a signed cookie (itsdangerous), made on the first request.

A play belongs to the visitor that dealt it (API.md). The id is random; the signature stops a
visitor from claiming another's id by editing the cookie.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable

from itsdangerous import BadSignature, URLSafeSerializer
from starlette.requests import Request
from starlette.responses import Response

COOKIE = "ft_visitor"
ONE_YEAR_S = 365 * 24 * 3600


class VisitorCookie:
    """Signs and reads visitor ids.

    :param secret: the signing key (``FT_SECRET_KEY`` or the generated one).
    """

    def __init__(self, secret: str, secure: bool = False) -> None:
        self._signer = URLSafeSerializer(secret, salt="visitor")
        self.secure = secure

    def read(self, value: str | None) -> str | None:
        """The visitor id in a cookie value, or None if absent or tampered with."""
        if not value:
            return None
        try:
            vid = self._signer.loads(value)
        except BadSignature:
            return None
        return vid if isinstance(vid, str) and 0 < len(vid) <= 32 else None

    async def middleware(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        """Put ``request.state.visitor_id`` in place, setting the cookie on first sight."""
        vid = self.read(request.cookies.get(COOKIE))
        fresh = vid is None
        if vid is None:
            vid = secrets.token_urlsafe(12)
        request.state.visitor_id = vid
        request.state.fresh_visitor = fresh
        response = await call_next(request)
        if fresh:
            response.set_cookie(
                COOKIE, self._signer.dumps(vid), max_age=ONE_YEAR_S, httponly=True, samesite="lax", secure=self.secure
            )
        return response
