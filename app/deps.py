"""FastAPI dependencies shared by both faces, as ``Annotated`` aliases."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app.settings import Settings


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


SessionDep = Annotated[Session, Depends(get_session)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
VisitorDep = Annotated[str, Depends(get_visitor)]
