"""Migrations are the only way the schema changes: they build exactly the models' schema, and
they go down and up again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, text

from app.db.models import Base
from app.db.session import Database, alembic_config, migrate


def test_migrations_build_the_models_schema(database_url: str) -> None:
    url = database_url
    migrate(url)
    with create_engine(url).connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_migrating_an_sqlite_file_puts_it_in_wal_mode_once_for_every_connection(tmp_path: Path) -> None:
    """WAL is set by migrate() and kept in the file: a connection opened later, which sets no
    journal mode of its own, reads and writes in it (readers never wait for the writer)."""
    path = tmp_path / "wal.db"
    sqlite3.connect(path).close()
    assert _journal_mode(path) == "delete"
    migrate(f"sqlite:///{path}")
    migrate(f"sqlite:///{path}")  # again, as every server start does: it stays
    assert _journal_mode(path) == "wal"
    with Database(f"sqlite:///{path}").engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def _journal_mode(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        mode: str = conn.execute("PRAGMA journal_mode").fetchone()[0]
        return mode
    finally:
        conn.close()


def test_migrations_downgrade_and_upgrade_again(database_url: str) -> None:
    url = database_url
    migrate(url)
    command.downgrade(alembic_config(url), "base")
    migrate(url)
    with create_engine(url).connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []


def test_hinted_cards_stored_before_0009_leave_the_records(database_url: str) -> None:
    """A win with hints stored before hints made a play assisted is marked assisted by 0009,
    so it leaves the deal's records; a card without hints stays as it was."""
    url = database_url
    command.upgrade(alembic_config(url), "0008")
    engine = create_engine(url)
    with engine.begin() as conn:
        for row_id, hints in ((1, 0), (2, 3)):
            conn.execute(  # the card's play first: PostgreSQL holds the foreign key
                text(
                    "INSERT INTO plays (id, play_id, visitor_id, number, mode, custom, auto_safe, steps, cursor,"
                    " version, undos, hints, status, elapsed_s, created_at, last_action_at)"
                    " VALUES (:id, :play, 'v', 2, 'classic', false, true, '', 0, 0, 0, :hints, 'won', 60.0,"
                    " '2026-12-01 00:00:00', '2026-12-01 00:00:00')"
                ),
                {"id": row_id, "play": f"p{row_id}", "hints": hints},
            )
            conn.execute(
                text(
                    "INSERT INTO finish_cards (id, play_row_id, visitor_id, number, mode, custom, assisted,"
                    " result, moves, elapsed_s, undos, hints, cards_home, points, finished_at)"
                    " VALUES (:id, :id, 'v', 2, 'classic', false, false, 'won', 200, 60.0, 0, :hints, 104, 1000,"
                    " '2026-12-01 00:00:00')"
                ),
                {"id": row_id, "hints": hints},
            )
    migrate(url)
    with engine.connect() as conn:
        marked = dict(conn.execute(text("SELECT hints, assisted FROM finish_cards")).all())
    assert {hints: bool(assisted) for hints, assisted in marked.items()} == {0: False, 3: True}
