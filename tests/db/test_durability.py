"""Durability (issue 13): the app's SQLite connections run with ``synchronous=FULL``, so an
acknowledged action is on disk when it is answered and survives a power loss (NORMAL in WAL mode
could lose the last commits then). ``FT_SQLITE_SYNCHRONOUS`` may choose another level."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from app.config import Settings
from app.db.session import Database
from app.runtime import Services

FULL, NORMAL = 2, 1
"""What ``PRAGMA synchronous`` answers for each level."""


def _synchronous(db: Database) -> list[int]:
    """``PRAGMA synchronous`` on two connections of ``db``'s engine held at once (two pool
    connections: the setting is made on every connection, not once)."""
    with db.engine.connect() as first, db.engine.connect() as second:
        return [int(c.execute(text("PRAGMA synchronous")).scalar_one()) for c in (first, second)]


def test_the_apps_database_connections_run_with_synchronous_full(tmp_path: Path) -> None:
    services = Services.build(Settings(data_dir=tmp_path, secret_key="s"))
    try:
        assert _synchronous(services.db) == [FULL, FULL]
    finally:
        services.db.engine.dispose()
    assert _synchronous(Database(f"sqlite:///{tmp_path / 'other.db'}")) == [FULL, FULL]


def test_a_setting_may_choose_normal_and_nothing_else_is_taken(tmp_path: Path) -> None:
    services = Services.build(Settings(data_dir=tmp_path, secret_key="s", sqlite_synchronous="NORMAL"))
    try:
        assert _synchronous(services.db) == [NORMAL, NORMAL]
    finally:
        services.db.engine.dispose()
    with pytest.raises(ValueError, match="synchronous is one of FULL, NORMAL, EXTRA"):
        Database(f"sqlite:///{tmp_path / 'x.db'}", "OFF")
