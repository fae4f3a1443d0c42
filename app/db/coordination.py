"""State that every server process shares through the database (ARCHITECTURE.md: any number of
processes on one SQLite file or PostgreSQL database): the migration lock, leases (one pool
worker, each analysis once), the wanted-deals queue and the solver rate-limit window.

SQLite and PostgreSQL only (the app's two databases); the upserts are each dialect's
``INSERT … ON CONFLICT``.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import socket
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import create_engine, delete, func, pool, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from app.db.models import Lease, SolverHit, WantedDeal
from app.db.session import serial_writes

MIGRATION_LOCK = 7_240_401
"""The PostgreSQL advisory lock key that serialises migrations (any fixed number)."""
WANTED_CAP = 1000
"""Most deals waiting in the wanted queue; a want beyond it is dropped (the queue is a hint)."""
RATE_WINDOW_S = 60.0
"""The solver rate limit's window (seconds)."""


def holder_name() -> str:
    """A new lease holder's name: ``host:pid:token``, the token new on each call (it tells
    apart two holders in one process, and two processes that got the same pid in two
    containers)."""
    return f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(4)}"


def _insert(session: Session) -> Any:
    """The dialect's ``insert`` (with ``on_conflict_do_…``).

    :raises ValueError: for a database other than SQLite or PostgreSQL.
    """
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert
    if dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return sqlite_insert
    raise ValueError(f"the app runs on SQLite or PostgreSQL, not {dialect}")


@contextmanager
def migration_lock(url: str) -> Iterator[None]:
    """Hold the database's migration lock: one process migrates at a time, the others wait and
    then find the schema at head. PostgreSQL: a session advisory lock; a SQLite file: an
    exclusive ``flock`` on ``<file>.migrate.lock`` beside it (an in-memory SQLite: none)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        engine = create_engine(url, poolclass=pool.NullPool)
        try:
            with engine.connect() as conn:
                conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK})
                conn.commit()
                try:
                    yield
                finally:
                    conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK})
                    conn.commit()
        finally:
            engine.dispose()
        return
    path = parsed.database if parsed.get_backend_name() == "sqlite" else None
    if not path or path == ":memory:" or path.startswith("file:"):
        yield
        return
    with open(f"{path}.migrate.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


# -- leases ----------------------------------------------------------------------------------
def take_lease(session: Session, name: str, holder: str, ttl_s: float, *, now: float | None = None) -> Lease:
    """Take lease ``name`` for ``holder`` for ``ttl_s`` seconds if it is free, expired or
    already ``holder``'s (then renewed, state ``running``); committed. Returns the lease as it
    stands: ``holder`` has it when ``lease.holder == holder and lease.state == "running"``."""
    now = time.time() if now is None else now
    values = {"name": name, "holder": holder, "state": "running", "expires_at": now + ttl_s}
    stmt = _insert(session)(Lease).values(**values)
    mine = (Lease.holder == holder) & (Lease.state == "running")
    stmt = stmt.on_conflict_do_update(
        index_elements=[Lease.name],
        set_={"holder": holder, "state": "running", "expires_at": now + ttl_s},
        where=(Lease.expires_at < now) | mine,
    )
    with serial_writes(session):
        session.execute(stmt)
        session.commit()
    lease = session.get(Lease, name, populate_existing=True)
    assert lease is not None  # just written, or held by another
    return lease


def end_lease(session: Session, name: str, holder: str, *, failed_for_s: float | None = None) -> None:
    """Give up ``holder``'s lease ``name`` (committed): deleted, or with ``failed_for_s`` kept
    as ``failed`` for that long (no process takes it again before)."""
    mine = (Lease.name == name) & (Lease.holder == holder)
    with serial_writes(session):
        if failed_for_s is None:
            session.execute(delete(Lease).where(mine))
        else:
            row = session.scalar(select(Lease).where(mine))
            if row is not None:
                row.state, row.expires_at = "failed", time.time() + failed_for_s
        session.commit()


# -- the wanted-deals queue ------------------------------------------------------------------
def want_deal(session: Session, number: int, mode: str) -> None:
    """Queue a deal for the pool worker (committed); a deal already queued keeps its place, and
    past :data:`WANTED_CAP` queued deals the want is dropped."""
    queued = select(WantedDeal.id).where(WantedDeal.number == number, WantedDeal.mode == mode)
    if session.scalar(queued) is not None:  # a page view of a deal already wanted writes nothing
        return
    if (session.scalar(select(func.count()).select_from(WantedDeal)) or 0) >= WANTED_CAP:
        return
    with serial_writes(session):
        session.execute(_insert(session)(WantedDeal).values(number=number, mode=mode).on_conflict_do_nothing())
        session.commit()


def next_wanted(session: Session) -> tuple[int, str] | None:
    """Take the oldest queued deal off the queue (committed); None when it is empty."""
    row = session.scalar(select(WantedDeal).order_by(WantedDeal.id).limit(1))
    if row is None:
        return None
    with serial_writes(session):
        session.delete(row)
        session.commit()
    return int(row.number), row.mode


def any_wanted(session: Session) -> bool:
    """Whether a deal is queued."""
    return session.scalar(select(WantedDeal.id).limit(1)) is not None


# -- the solver rate limit -------------------------------------------------------------------
def count_hit(session: Session, limits: Sequence[tuple[str, int]], *, now: float | None = None) -> float | None:
    """Count one solver request against each ``(key, limit)`` unless one of the keys already
    has ``limit`` requests in the last :data:`RATE_WINDOW_S` seconds; then nothing is counted
    and the answer is the seconds until it may ask again (None: counted). Committed.

    Every process's requests go through one lock (PostgreSQL: a table lock held to the commit;
    SQLite: the database's write lock, taken by the first statement), so two processes never
    both take the last request of a window."""
    now = time.time() if now is None else now
    with serial_writes(session):
        if session.get_bind().dialect.name == "postgresql":
            session.execute(text("LOCK TABLE solver_hits IN SHARE ROW EXCLUSIVE MODE"))
        session.execute(delete(SolverHit).where(SolverHit.at <= now - RATE_WINDOW_S))
        for key, limit in limits:
            times = session.scalars(
                select(SolverHit.at).where(SolverHit.key == key).order_by(SolverHit.at.desc()).limit(limit)
            ).all()
            if len(times) >= limit:
                session.rollback()
                return max(0.0, RATE_WINDOW_S - (now - min(times)))
        session.add_all(SolverHit(key=key, at=now) for key, _ in limits)
        session.commit()
        return None
