"""Solved deals: the shipped pool of proved-winnable numbers, what is known of any deal, and
the draw of a new winnable number (the background worker that solves more is
:mod:`app.services.pool_worker`).

The shipped files ``app/pool/{mode}.csv.gz`` are made by ``python -m app.solver survey``
(reproducible: same numbers, budget and solver version give the same verdicts with a node
budget) and loaded into the ``solved_deals`` table at start.
"""

from __future__ import annotations

import csv
import functools
import gzip
import io
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import insert
from sqlalchemy.orm import Session

from app.db import queries
from app.db.models import SolvedDeal
from app.engine import MAX_GAME_NUMBER, MODES
from app.services.published import shipped_lines
from app.solver import UNKNOWN, UNWINNABLE, WINNABLE

POOL_DIR = Path(__file__).resolve().parent.parent / "pool"
log = logging.getLogger(__name__)


def pool_file(mode: str) -> Path:
    """The shipped pool file of ``mode``."""
    return POOL_DIR / f"{mode}.csv.gz"


def read_pool_file(path: Path) -> list[dict[str, Any]]:
    """Rows of a pool file: number, mode, verdict, line (space-separated moves), nodes,
    elapsed_ms, solver_version."""
    if not path.exists():
        return []
    with gzip.open(path, "rt", newline="") as fh:
        return list(csv.DictReader(fh))


def write_pool_file(path: Path, rows: Iterable[dict[str, Any]]) -> int:
    """Write rows (as :func:`read_pool_file` gives them) sorted by number; returns the count.
    Deterministic bytes (gzip mtime 0) so a re-run makes the same file."""
    fields = ["number", "mode", "verdict", "line_length", "nodes", "elapsed_ms", "solver_version", "line"]
    ordered = sorted(rows, key=lambda r: int(r["number"]))
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(ordered)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        gz.write(buf.getvalue().encode())
    return len(ordered)


def _solver_version() -> str:
    from app.solver import SOLVER_VERSION

    return str(SOLVER_VERSION)


def load_shipped_pool(session: Session) -> int:
    """Insert the shipped pool's verdicts not yet in the table (one bulk insert per mode);
    returns how many were added."""
    added = 0
    now = datetime.now(UTC)
    for mode in MODES:
        known = queries.solved_numbers(session, mode)
        new_rows = [
            {**r, "line": r["line"].split() if r["line"] else None, "solved_at": now}
            for r in shipped_pool_rows(mode)
            if r["number"] not in known
        ]
        if new_rows:
            session.execute(insert(SolvedDeal), new_rows)
            added += len(new_rows)
    session.commit()
    return added


def shipped_pool_rows(mode: str) -> tuple[dict[str, Any], ...]:
    """The rows of ``mode``'s shipped pool file as the ``solved_deals`` table takes them
    (without ``solved_at``, and ``line`` as one string of moves, space-separated, or None),
    read once per process for each version of the file (its size and modification time): a
    pool of 5,000 deals with their lines takes about a second to read, which every app start on
    a fresh database would pay again (the tests make hundreds). The lines stay whole strings:
    split, every pool's moves would keep about 400 MB alive in each server process."""
    path = pool_file(mode)
    if not path.exists():
        return ()
    stat = path.stat()
    return _pool_rows(path, mode, stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=2 * len(MODES))
def _pool_rows(path: Path, mode: str, size: int, mtime_ns: int) -> tuple[dict[str, Any], ...]:
    """:func:`shipped_pool_rows` of one version of a file (``size`` and ``mtime_ns`` name it)."""
    rows = []
    for r in read_pool_file(path):
        line = r.get("line") or None
        rows.append(
            {
                "number": int(r["number"]),
                "mode": mode,
                "verdict": r["verdict"],
                "line": line,
                "line_length": line.count(" ") + 1 if line else None,
                "nodes": int(r.get("nodes") or 0),
                "elapsed_ms": float(r.get("elapsed_ms") or 0),
                "solver_version": r.get("solver_version") or "?",
            }
        )
    return tuple(rows)


def verdict(session: Session, number: int, mode: str) -> str | None:
    """The stored verdict on a deal: :data:`WINNABLE`, :data:`UNWINNABLE`, :data:`UNKNOWN`
    (the solver tried and could not decide it within its budget; it is not tried again), or
    None (never tried)."""
    return queries.verdict(session, number, mode)


class DecidedVerdicts:
    """The decided verdicts (winnable, unwinnable) read so far, by (number, mode): a decided
    verdict is never replaced (:func:`store_result`), so a table asks the database only for
    deals still unknown. Bounded: past ``size`` the oldest go first."""

    def __init__(self, size: int = 65_536) -> None:
        self.size = size
        self._items: OrderedDict[tuple[int, str], str] = OrderedDict()
        self._lock = threading.Lock()

    def verdict(self, session: Session, number: int, mode: str) -> str | None:
        """As :func:`verdict`, from memory once decided."""
        key = (number, str(mode))
        with self._lock:
            known = self._items.get(key)
        if known is not None:
            return known
        stored = verdict(session, number, mode)
        if stored in (WINNABLE, UNWINNABLE):
            with self._lock:
                self._items[key] = stored
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        return stored


def solvable(session: Session, number: int, mode: str) -> bool | None:
    """True (proved winnable), False (proved unwinnable), None (not yet known)."""
    return solvable_of(verdict(session, number, mode))


def solvable_of(stored: str | None) -> bool | None:
    """A stored verdict (see :func:`verdict`) as :func:`solvable` says it."""
    if stored == WINNABLE:
        return True
    return False if stored == UNWINNABLE else None


def store_result(
    session: Session, number: int, mode: str, status: str, moves: list[str], nodes: int, elapsed_ms: float
) -> None:
    """Keep a solver verdict (a decided verdict replaces an unknown one; commits)."""
    row = queries.solved_deal(session, number, mode)
    if row is not None and row.verdict != UNKNOWN:
        return
    if row is None:
        row = SolvedDeal(number=number, mode=mode)
        session.add(row)
    row.verdict, row.nodes, row.elapsed_ms = status, nodes, elapsed_ms
    row.line = moves or None
    row.line_length = len(moves) if moves else None
    row.solver_version, row.solved_at = _solver_version(), datetime.now(UTC)
    session.commit()


class Pick(NamedTuple):
    """A new game's number (:func:`choose_deal`), and why it is a random one when the visitor
    asked for winnable deals only: ``"no_winnable"`` (none of the mode is proved winnable yet)
    or ``"all_played"`` (the visitor has played the ones drawn); None otherwise."""

    number: int
    random_because: str | None


def choose_deal(session: Session, mode: str, visitor_id: str, only_solvable: bool) -> Pick:
    """A game number for a new game: from the proved-winnable pool, one this visitor has not
    played, and one whose winning line the winnability page publishes only when no other is
    left (:func:`app.db.queries.random_winnable`; the shipped survey counts before it is loaded
    into the database); any number when ``only_solvable`` is off, when the mode has no deal
    proved winnable (Kings Only may have none), or when six draws from the pool found only deals
    the visitor has played (a small pool: a new variant's first proved deal must not come back
    game after game)."""
    why = None
    if only_solvable:
        why = "no_winnable"
        for _ in range(6):
            number = queries.random_winnable(session, mode, avoid=shipped_lines(mode))
            if number is None:
                break
            if not queries.has_played(session, visitor_id, number, mode):
                return Pick(number, None)
            why = "all_played"
    return Pick(secrets.randbelow(MAX_GAME_NUMBER) + 1, why)


def build(mode: str, first: int, count: int, budget: str, workers: int, database_url: str | None = None) -> None:
    """Solve deals ``first`` … ``first + count - 1`` in ``mode``, store every verdict in the
    database and merge the decided ones into the shipped pool file (``app/pool/{mode}.csv.gz``).
    Prints the survey's summary table. This is how the shipped pool is made (reproducible:
    a node budget such as ``200000n`` gives the same verdicts on every machine)."""
    from app.config import get_settings
    from app.db.session import Database, migrate
    from app.solver import parse_budget, survey
    from app.solver.survey import summary_lines

    url = database_url or get_settings().resolved_database_url()
    migrate(url)
    db = Database(url)
    limit = parse_budget(budget)
    rows = {int(r["number"]): r for r in read_pool_file(pool_file(mode))}
    done = []
    with db.sessions() as session:
        for row in survey(
            range(first, first + count), mode, budget_ms=limit.ms, max_nodes=limit.nodes, workers=workers
        ):
            done.append(row)
            store_result(session, row.number, mode, row.verdict, list(row.moves), row.nodes, row.elapsed_ms)
            if row.verdict != UNKNOWN:
                rows[row.number] = {
                    "number": row.number,
                    "mode": mode,
                    "verdict": row.verdict,
                    "line_length": len(row.moves),
                    "nodes": row.nodes,
                    "elapsed_ms": round(row.elapsed_ms, 1),
                    "solver_version": row.solver_version,
                    "line": " ".join(row.moves),
                }
            if len(done) % 50 == 0:
                write_pool_file(pool_file(mode), rows.values())
    kept = write_pool_file(pool_file(mode), rows.values())
    print("\n".join(summary_lines(done)))
    winnable = sum(1 for r in rows.values() if r["verdict"] == WINNABLE)
    print(f"{pool_file(mode)}: {kept} decided deals, {winnable} winnable")


def main(argv: list[str] | None = None) -> None:
    """``python -m app.services.deals --mode classic --from 1 --count 1000 --budget 1s --workers 1``."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m app.services.deals", description=build.__doc__)
    ap.add_argument("--mode", choices=list(MODES), default="classic")
    ap.add_argument("--from", dest="first", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--budget", default="1s", help="per deal: 10s, 500ms, 200000n (nodes), 10s+5000n")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--database-url", default=None, help="default: FT_DATABASE_URL or the SQLite file in FT_DATA_DIR")
    args = ap.parse_args(argv)
    build(args.mode, args.first, args.count, args.budget, args.workers, args.database_url)


if __name__ == "__main__":
    main()
