"""Anonymous visitors: an id in a signed cookie (itsdangerous), given with the first answer
whose request stored something for the visitor (a play, a finish card, a name, a shared deal).

A play belongs to the visitor that dealt it (API.md). The id is random; the signature stops a
visitor from claiming another's id by editing the cookie. A request without the cookie gets a
new id, but the cookie only when something is stored under it: page views store nothing and
give no cookie (:func:`watch_sessions` learns what a request stored from its database session).
"""

from __future__ import annotations

import secrets
from typing import Any

from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker
from starlette.datastructures import MutableHeaders
from starlette.requests import cookie_parser
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "ft_visitor"
ONE_YEAR_S = 365 * 24 * 3600
STORED = "visitor_stored"
"""The request-state key set once the request has committed a row of its new visitor."""
_STATE = "request_state"
_PENDING = "visitor_rows"


def bind_session(session: Session, state: dict[str, Any]) -> None:
    """Let ``session`` (one request's) tell the request's ``state`` (``scope["state"]``) when
    it commits a row of the request's new visitor (see :func:`watch_sessions`)."""
    session.info[_STATE] = state


def watch_sessions(sessions: sessionmaker[Session]) -> None:
    """Watch the sessions ``sessions`` makes: when one bound to a request (:func:`bind_session`)
    of a new visitor commits a row whose ``visitor_id`` is that visitor's, the request's state
    gets :data:`STORED`, and :class:`VisitorMiddleware` sets the cookie on its answer. A rolled
    back row does not count."""

    @event.listens_for(sessions, "after_flush")
    def _note(session: Session, _context: Any) -> None:
        state = session.info.get(_STATE)
        if state is None or not state.get("fresh_visitor"):
            return
        vid = state.get("visitor_id")
        if any(getattr(obj, "visitor_id", None) == vid for obj in session.new):
            session.info[_PENDING] = True

    @event.listens_for(sessions, "after_commit")
    def _committed(session: Session) -> None:
        if session.info.pop(_PENDING, False):
            session.info[_STATE][STORED] = True

    @event.listens_for(sessions, "after_rollback")
    def _rolled_back(session: Session) -> None:
        session.info.pop(_PENDING, None)


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

    def set_cookie_header(self, vid: str) -> str:
        """The ``Set-Cookie`` value that gives a new visitor its signed id for a year."""
        carrier = Response()
        carrier.set_cookie(
            COOKIE, self._signer.dumps(vid), max_age=ONE_YEAR_S, httponly=True, samesite="lax", secure=self.secure
        )
        return carrier.headers["set-cookie"]


class VisitorMiddleware:
    """ASGI middleware: puts ``request.state.visitor_id`` (and ``fresh_visitor``) in place for
    every request but static files, and sets the cookie on a new visitor's answer when its
    request stored something for it (:data:`STORED`), unless that answer is cached ``public``
    (a shared cache would give the same id to everyone).

    :param cookie: what signs and reads the ids.
    """

    def __init__(self, app: ASGIApp, cookie: VisitorCookie) -> None:
        self.app = app
        self.cookie = cookie

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        raw = next((v for k, v in scope["headers"] if k == b"cookie"), b"")
        vid = self.cookie.read(cookie_parser(raw.decode("latin-1")).get(COOKIE)) if raw else None
        fresh = vid is None
        state = scope.setdefault("state", {})
        state["visitor_id"] = vid or secrets.token_urlsafe(12)
        state["fresh_visitor"] = fresh
        if not fresh:
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and state.get(STORED):
                headers = MutableHeaders(scope=message)
                if "public" not in headers.get("cache-control", ""):  # a shared cache must not hand it on
                    headers.append("set-cookie", self.cookie.set_cookie_header(state["visitor_id"]))
            await send(message)

        await self.app(scope, receive, send_with_cookie)
