"""Shared fixtures: an app on a fresh database per test, and its TestClient.

``database_url`` is a fresh, empty database: a SQLite file, and in the database, service and
API tests (:data:`BOTH_DATABASES`) a PostgreSQL database too, on a throwaway server the session
starts (tests/pg_server.py): each of those tests runs once on each.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.main import create_app
from tests.pg_server import PgServer

TESTS = Path(__file__).resolve().parent
BOTH_DATABASES = ("db", "service", "api")
"""The test folders whose tests taking ``database_url`` run on SQLite and on PostgreSQL."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "database_url" not in metafunc.fixturenames:
        return
    folder = Path(str(metafunc.definition.path)).resolve().relative_to(TESTS).parts[0]
    if folder in BOTH_DATABASES:
        metafunc.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A PostgreSQL server of the session's own (started on first use)."""
    server = PgServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database's URL: SQLite, or PostgreSQL where parametrised."""
    if getattr(request, "param", "sqlite") == "sqlite":
        yield f"sqlite:///{tmp_path / 'forty_thieves.sqlite3'}"
        return
    server: PgServer = request.getfixturevalue("pg_server")
    url = server.create_database()
    try:
        yield url
    finally:
        server.drop_database(url)


@pytest.fixture
def settings(tmp_path: Path, database_url: str) -> Settings:
    return Settings(data_dir=tmp_path / "data", database_url=database_url, secret_key="test-secret", pool_worker=False)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c
