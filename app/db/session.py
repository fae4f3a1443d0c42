"""Database engine, sessions and start-up migrations (Alembic ``upgrade head``)."""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, sessionmaker

from app.config import PROJECT_ROOT

SYNCHRONOUS = ("FULL", "NORMAL", "EXTRA")
"""The values of SQLite's ``PRAGMA synchronous`` an engine may take."""


def make_engine(url: str, synchronous: str = "FULL") -> Engine:
    """An engine for ``url``; SQLite gets a busy timeout, foreign keys on and
    ``PRAGMA synchronous`` = ``synchronous`` on every connection (FULL: a commit is on disk
    when it returns, so an acknowledged action survives a power loss; NORMAL in WAL mode may
    lose the last commits then).

    :raises ValueError: for a ``synchronous`` other than FULL, NORMAL or EXTRA.
    """
    if synchronous not in SYNCHRONOUS:
        raise ValueError(f"synchronous is one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            # WAL is kept in the file and set once, by migrate(): asked on a fresh connection
            # while another process writes, "PRAGMA journal_mode" answered "delete" once in a
            # hundred tries, and setting WAL again then took a lock SQLite refused at once.
            cur = dbapi_conn.cursor()
            cur.execute(f"PRAGMA synchronous={synchronous}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def alembic_config(url: str) -> Config:
    """Alembic's config for ``url``, pointing at the project's ``migrations/``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(PROJECT_ROOT / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def migrate(url: str) -> None:
    """Apply every migration up to head (idempotent); an SQLite file is put in WAL mode, which
    it keeps (readers and one writer at a time never block each other)."""
    command.upgrade(alembic_config(url), "head")
    if url.startswith("sqlite") and _sqlite_file(url):
        _use_wal(url)


def _use_wal(url: str) -> None:
    """Put the SQLite file of ``url`` in WAL mode unless it is in it already: setting it again
    takes a lock that another process's connection may hold, and SQLite refuses that one at
    once, without its busy wait. Read first, so the answer comes from the file's header."""
    engine = create_engine(url, connect_args={"timeout": 30})
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar()
            if conn.exec_driver_sql("PRAGMA journal_mode").scalar() != "wal":
                conn.exec_driver_sql("PRAGMA journal_mode=WAL")
    finally:
        engine.dispose()


WRITE_LOCK = "serial_writes"
"""The key of :attr:`Session.info` holding an SQLite database's in-process write lock."""
LOCAL_FILE = "local_file"
"""The key of :attr:`Session.info` that is True when the database is a local file (SQLite):
closing its session never waits on a network (:func:`app.deps.get_session`)."""


class WriteTurns:
    """The turns of the writers of one SQLite file (a context manager, re-entered by every
    write; not re-entrant). A writer first waits for the other threads of its process (a
    :class:`threading.Lock`), then for the other processes: an exclusive ``flock`` on
    ``<file>.writers.lock`` beside the database, opened once per process (a process forked
    after a first write opens its own, since a shared open file would not exclude). The kernel
    wakes a waiting process the moment the lock is free, where SQLite's busy handler sleeps
    1, 2, 5 … 100 ms between retries. ``path`` None (an in-memory database): threads only.

    :param path: the database file's path, or None.
    """

    def __init__(self, path: str | None) -> None:
        self._threads = threading.Lock()
        self._path = f"{path}.writers.lock" if path else None
        self._fd: int | None = None
        self._pid = 0

    def __enter__(self) -> None:
        self._threads.acquire()
        try:
            if self._path is not None:
                fcntl.flock(self._file(), fcntl.LOCK_EX)
        except BaseException:
            self._threads.release()
            raise

    def __exit__(self, *exc: object) -> None:
        try:
            if self._fd is not None and self._pid == os.getpid():
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._threads.release()

    def _file(self) -> int:
        if self._fd is None or self._pid != os.getpid():
            assert self._path is not None
            self._fd, self._pid = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600), os.getpid()
        return self._fd


def _sqlite_file(url: str) -> str | None:
    """The file of a SQLite URL, None for an in-memory database."""
    path = make_url(url).database
    return None if not path or path == ":memory:" or path.startswith("file:") else path


def serial_writes(session: Session) -> AbstractContextManager[Any]:
    """Hold this around a transaction's writes and its commit. On SQLite, the writers of every
    process serving the file take turns (:class:`WriteTurns`), first come first served, so they
    never meet SQLite's busy handler: a writer that finds the database locked sleeps and retries
    at growing intervals (up to 100 ms), which at 32 concurrent moves made the slowest answers
    twelve times the median. A no-op on other databases, whose row locks queue writers fairly."""
    lock: AbstractContextManager[Any] | None = session.info.get(WRITE_LOCK)
    if lock is None:
        return nullcontext()
    # The connection first, the turn second: a writer holding the turn never waits for the
    # pool, whose connections the writers queued behind it may all hold (a deadlock of 16
    # threads on a pool of 15, until the pool's 30 s timeout).
    session.connection()
    return lock


def check_migrated(engine: Engine) -> None:
    """Make sure the database is at the newest schema (a server process that does not migrate).

    :raises RuntimeError: naming the command that migrates it, when it is not.
    """
    head = ScriptDirectory.from_config(alembic_config("")).get_current_head()
    with engine.connect() as conn:
        current = MigrationContext.configure(conn).get_current_revision()
    if current != head:
        raise RuntimeError(f"the database is at schema {current or 'none'}, not {head}: run `python -m app migrate`")


class Database:
    """The process's engine and session factory (``synchronous``: see :func:`make_engine`)."""

    def __init__(self, url: str, synchronous: str = "FULL") -> None:
        self.url = url
        self.engine = make_engine(url, synchronous)
        info = {WRITE_LOCK: WriteTurns(_sqlite_file(url)), LOCAL_FILE: True} if url.startswith("sqlite") else {}
        self.sessions = sessionmaker(self.engine, expire_on_commit=False, info=info)

    def session(self) -> Iterator[Session]:
        """A session per request (FastAPI dependency style)."""
        with self.sessions() as s:
            yield s
