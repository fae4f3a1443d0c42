"""HEAD answers wherever GET does (RFC 9110, 9.3.2): FastAPI's routes take only the methods
they name, so without this a HEAD of ``/`` was a 405."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadMiddleware:
    """ASGI middleware: serves a HEAD request as the GET of the same address, with the GET's
    status and headers (``Content-Length`` included) and no body. A HEAD of an address that
    takes no GET gets its 405, with ``Allow``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, send_headers_only)
