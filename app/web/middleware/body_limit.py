"""A limit on the size of a request's body, held before the app sees the request: no form or
JSON body of this site comes near :data:`MAX_BODY_BYTES`, so a larger one is refused with a
413 and nothing runs (a route that does not read its body would otherwise act on it)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 64 * 1024
"""The largest request body taken (bytes); a set-up position in JSON is about 2 KB."""

Refusal = Callable[[Scope, Receive], Awaitable[Response]]
"""Makes the 413 answer for a request (the page or the API's ``{error, detail}``)."""


class BodyLimitMiddleware:
    """ASGI middleware: a request whose ``Content-Length`` says more than ``max_bytes`` is
    answered ``refuse(...)`` (a 413) at once, its body unread; any other body is read first
    (chunked ones too), and answered the same as soon as it passes ``max_bytes``. A body within
    the limit is handed to the app whole, in one message.

    :param refuse: makes the 413 answer.
    :param max_bytes: the limit, :data:`MAX_BODY_BYTES` unless given.
    """

    def __init__(self, app: ASGIApp, refuse: Refusal, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.refuse = refuse
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and (not declared.isascii() or not declared.isdigit() or len(declared) > 12):
            declared = str(self.max_bytes + 1)  # not a length: refused as too large (uvicorn refuses it earlier)
        if declared is not None and int(declared) > self.max_bytes:
            await (await self.refuse(scope, receive))(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.max_bytes:
                await (await self.refuse(scope, receive))(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(b"".join(chunks), receive), send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` once, then listens to the client as before (for its
    disconnect)."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
