"""FastAPI dependencies shared by both faces, as ``Annotated`` aliases."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app.config import Settings
from app.services.solver_pool import DeadEndCache, GuessCache, RateLimiter, SolverPool


def get_session(request: Request) -> Iterator[Session]:
    """A database session for one request."""
    yield from request.app.state.db.session()


def get_settings_dep(request: Request) -> Settings:
    """The app's settings."""
    settings: Settings = request.app.state.settings
    return settings


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


def get_solver(request: Request) -> SolverPool:
    """The process pool for interactive solving (hints, ``/api/solve``, dead ends)."""
    pool: SolverPool = request.app.state.solver
    return pool


def get_rate(request: Request) -> RateLimiter:
    """The per-visitor solver rate limit."""
    rate: RateLimiter = request.app.state.rate
    return rate


def get_dead_ends(request: Request) -> DeadEndCache:
    """Dead-end verdicts by play and version."""
    cache: DeadEndCache = request.app.state.dead_ends
    return cache


def get_guesses(request: Request) -> GuessCache:
    """The hints the solver could not prove, by play and version."""
    cache: GuessCache = request.app.state.guesses
    return cache


SessionDep = Annotated[Session, Depends(get_session)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
VisitorDep = Annotated[str, Depends(get_visitor)]
RateKeyDep = Annotated[str, Depends(get_rate_key)]
SolverDep = Annotated[SolverPool, Depends(get_solver)]
RateDep = Annotated[RateLimiter, Depends(get_rate)]
DeadEndsDep = Annotated[DeadEndCache, Depends(get_dead_ends)]
GuessesDep = Annotated[GuessCache, Depends(get_guesses)]
