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
from app.runtime import ServicesDep
from app.services.dead_end import DeadEndWatch
from app.services.solver_pool import GuessCache, RateLimiter, SolverPool

_CLOSING = anyio.CapacityLimiter(1)
"""Sessions close in a worker thread of their own (as FastAPI closes its ``yield``
dependencies): closing gives a connection back, so it must never wait behind requests that
wait for a connection."""


async def get_session(services: ServicesDep) -> AsyncIterator[Session]:
    """A database session for one request: made on the event loop (a session touches the
    database only when first used, in the route's worker thread), closed in a worker thread
    (closing gives its connection back, which may talk to the database)."""
    session = services.db.sessions()
    try:
        yield session
    finally:
        await anyio.to_thread.run_sync(session.close, limiter=_CLOSING)


async def get_visitor(request: Request) -> str:
    """This request's anonymous visitor id (set by the visitor-cookie middleware)."""
    vid: str = request.state.visitor_id
    return vid


async def get_rate_key(request: Request) -> str:
    """Whom the solver rate limit counts a request against: its visitor, or, when it brought no
    visitor cookie (a client that drops cookies gets a new visitor id every time), its client
    address."""
    if getattr(request.state, "fresh_visitor", False) and request.client is not None:
        return f"addr:{request.client.host}"
    vid: str = request.state.visitor_id
    return vid


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
RateKeyDep = Annotated[str, Depends(get_rate_key)]
SolverDep = Annotated[SolverPool, Depends(_solver)]
RateDep = Annotated[RateLimiter, Depends(_rate)]
DeadEndsDep = Annotated[DeadEndWatch, Depends(_dead_ends)]
GuessesDep = Annotated[GuessCache, Depends(_guesses)]
