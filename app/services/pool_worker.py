"""The background worker that solves deals not yet known, so that the pool of proved-winnable
numbers grows while the server runs and a table's "not yet known" gets its verdict."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from sqlalchemy.orm import Session, sessionmaker

from app.db import coordination, queries
from app.engine import MAX_GAME_NUMBER, MODES, deal
from app.services.deals import store_result, verdict
from app.services.solver_pool import SolverBusy, SolverPool

log = logging.getLogger(__name__)

BUSY_TRIES = 3
"""A deal the solver answers :class:`SolverBusy` for this many times in a row counts as failed."""


class PoolWorker:
    """A background thread that solves deals not yet known, one at a time through the
    solver pool (lower CPU priority): numbers asked for by shared links first (the wanted-deals
    queue in the database, which every server process fills), then the next
    numbers after the run of known ones from 1 (a far number someone opened does not move it),
    alternating modes. It stays within 1 … 4294967295, and a deal that fails is logged once
    and skipped.

    :param budget_ms: time per deal.
    :param share: the fraction of one core it may use: after a deal that took t seconds it
        rests t × (1/share − 1) seconds (at least ``pause_s``). A wanted deal (someone is
        looking at its "not yet known") cuts a rest short; the rest it cut is then owed and
        added to the next rest, which nothing cuts, so the share holds over two deals.
    :param pause_s: the shortest rest between two deals.
    :param error_pause_s: the rest after an unexpected error (it is logged; the worker goes on).
    :param poll_s: how often a rest looks at the wanted queue (any process may fill it).
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        solver: SolverPool,
        budget_ms: float = 10_000,
        share: float = 0.25,
        pause_s: float = 2.0,
        error_pause_s: float = 30.0,
        poll_s: float = 1.0,
    ) -> None:
        self.sessions = sessions
        self.solver = solver
        self.budget_ms = budget_ms
        self.share = share
        self.pause_s = pause_s
        self.error_pause_s = error_pause_s
        self.poll_s = poll_s
        self._failed: set[tuple[int, str]] = set()  # deals that failed: skipped until restart
        self._busy_job: tuple[int, str] | None = None  # the last deal the solver was busy for
        self._busy_tries = 0  # how many times in a row
        self._stop = threading.Event()
        self._wake = threading.Event()  # set by want() and stop(): ends a rest early
        self._thread = threading.Thread(target=self._run, name="deal-pool-worker", daemon=True)

    def start(self) -> None:
        """Start the worker's thread."""
        self._thread.start()

    def stop(self) -> None:
        """Ask the thread to end (after the deal it is solving, if any)."""
        self._stop.set()
        self._wake.set()

    @property
    def running(self) -> bool:
        """Whether the worker's thread is alive."""
        return self._thread.is_alive()

    def want(self, number: int, mode: str) -> None:
        """Ask for this deal to be solved soon (:func:`want`), and cut this worker's rest short."""
        want(self.sessions, number, mode)
        self.wake()

    def wake(self) -> None:
        """Cut the current rest short, unless it is owed (a deal was just wanted)."""
        self._wake.set()

    def _any_wanted(self) -> bool:
        with self.sessions() as session:
            return coordination.any_wanted(session)

    def _next(self, session: Session, turn: int) -> tuple[int, str] | None:
        """The next deal to solve: a wanted one, else the first with no verdict in this turn's
        mode; never one that failed (:meth:`_solve`). None when there is nothing to solve."""
        while (wanted := coordination.next_wanted(session)) is not None:
            number, mode = wanted
            # any verdict stored, "unknown" included: the same budget would only say it again
            if (number, mode) not in self._failed and verdict(session, number, mode) is None:
                return number, mode
        mode = list(MODES)[turn % len(MODES)]
        found = queries.first_unsolved(session, mode)
        while found is not None and (found, mode) in self._failed:
            found = queries.first_unsolved(session, mode, after=found)
        return None if found is None else (found, mode)

    def _solve(self, session: Session, number: int, mode: str) -> float:
        """Deal, solve and store one deal; returns the rest to take after it. A deal that
        cannot be dealt or solved (an error, or :class:`SolverBusy` :data:`BUSY_TRIES` times in
        a row: its process died or it overran its budget) is logged once and skipped from then
        on: retrying the same number stalled the pool for good.

        :raises SolverBusy: the solver is busy (the deal is tried again after a rest).
        """
        rules = MODES[mode]
        try:
            result = self.solver.solve(deal(number, rules), rules, budget_ms=self.budget_ms)
        except SolverBusy:
            self._busy_tries = self._busy_tries + 1 if self._busy_job == (number, mode) else 1
            self._busy_job = (number, mode)
            if self._busy_tries < BUSY_TRIES:
                raise
            return self._skip(number, mode)
        except Exception:
            return self._skip(number, mode)
        store_result(session, number, mode, result.status, list(result.moves), result.nodes, result.elapsed_ms)
        return max(self.pause_s, result.elapsed_ms / 1000 * (1 / self.share - 1))

    def _skip(self, number: int, mode: str) -> float:
        """Skip a deal that failed until the server restarts, logging why (called while its
        error is handled); returns the rest to take."""
        self._failed.add((number, mode))
        log.exception("deal pool worker: deal %d (%s) failed; skipped until the server restarts", number, mode)
        return self.error_pause_s

    def _rest(self, seconds: float, owed: float) -> float:
        """Rest ``seconds`` plus the ``owed`` rest of the last cut; a want may cut it short only
        when nothing is owed. Returns the rest owed now."""
        if owed:
            self._stop.wait(seconds + owed)
            return 0.0
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            # another process's want cannot wake this thread: look at the queue every second
            self._wake.wait(min(left, self.poll_s))
            self._wake.clear()
            if self._stop.is_set() or self._any_wanted():
                return max(0.0, end - time.monotonic())
        return 0.0

    def _run(self) -> None:
        turn = 0
        rest, owed = self.pause_s, 0.0
        while True:
            owed = self._rest(rest, owed)
            if self._stop.is_set():
                return
            try:
                with self.sessions() as session:
                    job = self._next(session, turn)
                    rest = self.pause_s if job is None else self._solve(session, *job)
                turn += 1
            except SolverBusy:
                continue
            except Exception:  # keep the worker alive; the server must not die with it
                log.exception("deal pool worker")
                rest = self.error_pause_s


def want(sessions: sessionmaker[Session], number: int, mode: str) -> None:
    """Ask for this deal to be solved soon (a shared link of unknown solvability): queued in the
    database, for whichever process runs the pool worker. A number outside 1 …
    :data:`~app.engine.MAX_GAME_NUMBER` or an unknown mode is no deal: ignored."""
    if not 1 <= number <= MAX_GAME_NUMBER or mode not in MODES:
        return
    with sessions() as session:
        coordination.want_deal(session, number, mode)


class PoolLeader:
    """Runs the pool worker in exactly one of the server's processes, however many there are:
    the one holding the ``pool_worker`` lease in the database. Every process runs a leader
    thread that tries to take (or renew) the lease every ``lease_s`` / 3 seconds; the holder
    runs a worker, any other process none. A holder that dies stops renewing, and another
    process takes over once the lease expires (within ``lease_s``).

    :param make_worker: a fresh :class:`PoolWorker` (a stopped one cannot start again).
    """

    LEASE = "pool_worker"

    def __init__(
        self, sessions: sessionmaker[Session], make_worker: Callable[[], PoolWorker], lease_s: float = 30.0
    ) -> None:
        self.sessions = sessions
        self.make_worker = make_worker
        self.lease_s = lease_s
        self.holder = coordination.holder_name()
        self.worker: PoolWorker | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="deal-pool-leader", daemon=True)

    def start(self) -> None:
        """Start trying for the lease."""
        self._thread.start()

    def stop(self) -> None:
        """Stop the worker, if this process runs it, and give the lease up."""
        self._stop.set()
        self._thread.join(timeout=10)
        self._step_down()
        try:
            with self.sessions() as session:
                coordination.end_lease(session, self.LEASE, self.holder)
        except Exception:
            log.exception("deal pool leader: could not give the lease up; it expires by itself")

    def wake(self) -> None:
        """Cut the running worker's rest short (a deal was wanted in this process)."""
        if self.worker is not None:
            self.worker.wake()

    def _step_down(self) -> None:
        if self.worker is not None:
            self.worker.stop()
            self.worker = None

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with self.sessions() as session:
                    lease = coordination.take_lease(session, self.LEASE, self.holder, self.lease_s)
                    mine = lease.holder == self.holder and lease.state == "running"
            except Exception:  # the database is away: not the leader until it answers again
                log.exception("deal pool leader")
                mine = False
            if mine and self.worker is None:
                self.worker = self.make_worker()
                self.worker.start()
            elif not mine:
                self._step_down()
            self._stop.wait(self.lease_s / 3)
