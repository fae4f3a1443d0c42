"""Typed SQLAlchemy 2.0 models. Migrations in ``migrations/versions`` create these tables."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, Index, MetaData, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a naming convention (stable constraint names for migrations)."""

    metadata = MetaData(naming_convention=NAMING)


class PlayRow(Base):
    """One play: a deal (number + mode, or a set-up position) plus its list of actions.

    ``history`` holds each step's text (``"1-6 +1-F"``, see ``app.engine.Step.text``),
    ``cursor`` how many are in effect (the rest can be redone). ``version`` rises by one with
    every accepted action (optimistic concurrency: API.md's 409).
    """

    __tablename__ = "plays"

    id: Mapped[int] = mapped_column(primary_key=True)
    play_id: Mapped[str] = mapped_column(String(32), unique=True)
    visitor_id: Mapped[str] = mapped_column(String(32))
    number: Mapped[int | None]
    mode: Mapped[str] = mapped_column(String(16))
    custom: Mapped[bool] = mapped_column(default=False)
    start_position: Mapped[dict[str, object] | None] = mapped_column(JSON)
    auto_safe: Mapped[bool] = mapped_column(default=True)
    history: Mapped[list[str]] = mapped_column(JSON, default=list)
    cursor: Mapped[int] = mapped_column(default=0)
    version: Mapped[int] = mapped_column(default=0)
    undos: Mapped[int] = mapped_column(default=0)
    hints: Mapped[int] = mapped_column(default=0)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    elapsed_s: Mapped[float] = mapped_column(default=0.0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_action_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_plays_visitor_deal", "visitor_id", "number", "mode", "id"),)
