"""FastAPI dependencies shared by both faces, as ``Annotated`` aliases. Each reaches the app's
:class:`~app.runtime.Services` through :data:`~app.runtime.ServicesDep`. They are ``async``
because they never wait: a plain ``def`` would cost each request a hop to a worker thread."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

import anyio
import anyio.to_thread
from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app.config import Settings
from app.db.session import LOCAL_FILE
from app.runtime import ServicesDep
from app.services.dead_end import DeadEndWatch
from app.services.solver_pool import GuessCache, RateKey, RateLimiter, SolverPool
from app.web.middleware.visitor import bind_session


async def get_session(request: Request, services: ServicesDep) -> AsyncIterator[Session]:
    """A database session for one request: made on the event loop (a session touches the
    database only when first used, in the route's worker thread). A session still in a
    transaction on a database server is closed in a worker thread: closing rolls it back and
    gives its connection back, which talks to the server. One that holds no connection, or
    whose database is a local file (SQLite, where that rollback never waits on a network),
    closes at once, with no hop to a thread. The thread's close has a
    limiter of its own, made per call as FastAPI does for its ``yield`` dependencies: it must
    never wait behind requests that wait for a connection, and a limiter made once would be
    bound to the first event loop that used it. It tells the request when it stores something
    for a new visitor (the cookie is set then: :mod:`app.web.middleware.visitor`)."""
    session = services.db.sessions()
    bind_session(session, request.scope.setdefault("state", {}))
    try:
        yield session
    finally:
        if session.in_transaction() and not session.info.get(LOCAL_FILE):
            await anyio.to_thread.run_sync(session.close, limiter=anyio.CapacityLimiter(1))
        else:
            session.close()


async def get_visitor(request: Request) -> str:
    """This request's anonymous visitor id (set by the visitor-cookie middleware)."""
    vid: str = request.state.visitor_id
    return vid


async def get_rate_key(request: Request) -> RateKey:
    """Whom the solver rate limit counts a request against: its visitor (none when it brought
    no visitor cookie: a client that drops cookies gets a new id every time) and its client
    address, which counts every request, cookie or not. The address is the connection's, or the
    one a trusted proxy (``FT_TRUSTED_PROXIES``) says in ``X-Forwarded-For``."""
    fresh = getattr(request.state, "fresh_visitor", False)
    return RateKey(None if fresh else request.state.visitor_id, request.client.host if request.client else None)


async def _settings(services: ServicesDep) -> Settings:
    return services.settings


async def _solver(services: ServicesDep) -> SolverPool:
    return services.solver


async def _rate(services: ServicesDep) -> RateLimiter:
    return services.rate


async def _dead_ends(services: ServicesDep) -> DeadEndWatch:
    return services.dead_ends


async def _guesses(services: ServicesDep) -> GuessCache:
    return services.guesses


SessionDep = Annotated[Session, Depends(get_session)]
SettingsDep = Annotated[Settings, Depends(_settings)]
VisitorDep = Annotated[str, Depends(get_visitor)]
RateKeyDep = Annotated[RateKey, Depends(get_rate_key)]
SolverDep = Annotated[SolverPool, Depends(_solver)]
RateDep = Annotated[RateLimiter, Depends(_rate)]
DeadEndsDep = Annotated[DeadEndWatch, Depends(_dead_ends)]
GuessesDep = Annotated[GuessCache, Depends(_guesses)]
