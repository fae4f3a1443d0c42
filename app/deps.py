"""FastAPI dependencies shared by both faces, as ``Annotated`` aliases. Each reaches the app's
:class:`~app.runtime.Services` through :data:`~app.runtime.ServicesDep`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app.config import Settings
from app.runtime import ServicesDep
from app.services.dead_end import DeadEndWatch
from app.services.solver_pool import GuessCache, RateLimiter, SolverPool


def get_session(services: ServicesDep) -> Iterator[Session]:
    """A database session for one request."""
    yield from services.db.session()


def get_visitor(request: Request) -> str:
    """This request's anonymous visitor id (set by the visitor-cookie middleware)."""
    vid: str = request.state.visitor_id
    return vid


def get_rate_key(request: Request) -> str:
    """Whom the solver rate limit counts a request against: its visitor, or, when it brought no
    visitor cookie (a client that drops cookies gets a new visitor id every time), its client
    address."""
    if getattr(request.state, "fresh_visitor", False) and request.client is not None:
        return f"addr:{request.client.host}"
    vid: str = request.state.visitor_id
    return vid


def _settings(services: ServicesDep) -> Settings:
    return services.settings


def _solver(services: ServicesDep) -> SolverPool:
    return services.solver


def _rate(services: ServicesDep) -> RateLimiter:
    return services.rate


def _dead_ends(services: ServicesDep) -> DeadEndWatch:
    return services.dead_ends


def _guesses(services: ServicesDep) -> GuessCache:
    return services.guesses


SessionDep = Annotated[Session, Depends(get_session)]
SettingsDep = Annotated[Settings, Depends(_settings)]
VisitorDep = Annotated[str, Depends(get_visitor)]
RateKeyDep = Annotated[str, Depends(get_rate_key)]
SolverDep = Annotated[SolverPool, Depends(_solver)]
RateDep = Annotated[RateLimiter, Depends(_rate)]
DeadEndsDep = Annotated[DeadEndWatch, Depends(_dead_ends)]
GuessesDep = Annotated[GuessCache, Depends(_guesses)]
