"""The solver as a service: a bounded process pool (solving never runs on the event loop or
in a request thread), a rate limit per visitor and per client address, hints that keep a proved line, the dead-end
check, and the pool of proved-winnable deals. ARCHITECTURE.md, "Rules of the house".
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from sqlalchemy.orm import Session, sessionmaker

from app.db.coordination import count_hit
from app.engine import MODES, Move, Position, Rules
from app.engine.moves import play
from app.solver.processes import end_with_parent

if TYPE_CHECKING:
    from app.solver import SolveResult


class SolverBusy(RuntimeError):
    """Every solver slot is taken; try again shortly."""


class RateLimited(RuntimeError):
    """This visitor asked the solver too often; ``retry_after_s`` says when to ask again."""

    def __init__(self, retry_after_s: float) -> None:
        super().__init__(f"too many solver requests; try again in {retry_after_s:.0f} s")
        self.retry_after_s = retry_after_s


def _start_worker() -> None:
    """Set up a solver process: it ends with the server (:func:`end_with_parent`), runs at a
    lower priority than the server's, and Ctrl+C (SIGINT, which a terminal sends to the server
    and its workers alike) ends it at once and quietly; the server is stopping then, and each
    worker printed a KeyboardInterrupt traceback."""
    end_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        os.nice(10)
    except OSError:
        pass


def _solve_job(position: dict[str, Any], mode: str, budget_ms: float | None, max_nodes: int | None) -> SolveResult:
    from app.solver import solve  # in the worker process only

    rules = MODES[mode]
    return solve(Position.from_json(position, rules), rules, budget_ms=budget_ms, max_nodes=max_nodes)


def _dead_end_job(position: dict[str, Any], mode: str, max_nodes: int) -> bool | None:
    from app.solver import can_reach_foundation  # in the worker process only

    rules = MODES[mode]
    return can_reach_foundation(Position.from_json(position, rules), rules, max_nodes)


class SolverPool:
    """A bounded pool of solver processes (``workers`` processes, at most ``queue`` jobs
    waiting or running); made on first use, lower CPU priority than the server.

    Each accepted job holds the calling thread (a request thread of the server's thread pool,
    never the event loop) until it answers; ``queue`` therefore also bounds how many of those
    threads the solver can hold, so other requests always find one. A job that has not started
    within ``max_wait_s`` is dropped (:class:`SolverBusy`): a caller waits at most about
    ``max_wait_s`` + its budget, never for the whole queue.

    :param workers: processes (``FT_SOLVER_WORKERS``).
    :param queue: jobs accepted at once (``FT_SOLVER_QUEUE``); beyond that :class:`SolverBusy`.
    :param max_wait_s: longest wait for a job to start (``FT_SOLVER_WAIT_S``).
    """

    MARGIN_S = 5.0
    """Allowance past a started job's budget (process start-up, a job queued in the worker)."""

    def __init__(self, workers: int = 1, queue: int = 8, max_wait_s: float = 10.0) -> None:
        self.workers = workers
        self.max_wait_s = max_wait_s
        self._slots = threading.BoundedSemaphore(queue)
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker
                )
            return self._executor

    def _run(self, fn: Any, *args: Any, budget_s: float) -> Any:
        if not self._slots.acquire(blocking=False):
            raise SolverBusy("the solver is busy; try again in a moment")
        try:
            pool = self._pool()
            future: Future[Any] = pool.submit(fn, *args)
            try:
                return future.result(timeout=self.max_wait_s)
            except FutureTimeout:
                if future.cancel():  # still waiting for a worker: give up on it
                    raise SolverBusy("the solver is busy; try again in a moment") from None
            try:
                return future.result(timeout=budget_s + self.MARGIN_S)
            except FutureTimeout:
                raise SolverBusy("the solver is busy; try again in a moment") from None
        except BrokenProcessPool:
            self._discard_pool(pool)
            raise SolverBusy("a solver process stopped; try again in a moment") from None
        finally:
            self._slots.release()

    def _discard_pool(self, broken: ProcessPoolExecutor) -> None:
        """Forget a broken pool (a worker died): the next job starts a fresh one."""
        with self._lock:
            if self._executor is broken:
                self._executor.shutdown(wait=False, cancel_futures=True)
                self._executor = None

    def solve(
        self, position: Position, rules: Rules, *, budget_ms: float | None = None, max_nodes: int | None = None
    ) -> SolveResult:
        """Solve ``position`` (stock order known) in a worker process. Blocks the calling
        thread (never the event loop: routes are sync and run in the thread pool).

        :raises SolverBusy: no slot free, the job did not start within ``max_wait_s``, or it
            overran its budget.
        """
        budget_s = budget_ms / 1000 if budget_ms is not None else 30.0  # a node budget: allow 30 s
        result: SolveResult = self._run(
            _solve_job, position.to_json(reveal_stock=True), rules.name, budget_ms, max_nodes, budget_s=budget_s
        )
        return result

    def can_reach_foundation(self, position: Position, rules: Rules, max_nodes: int) -> bool | None:
        """Whether some line of legal moves brings a card home (None: undecided)."""
        answer: bool | None = self._run(
            _dead_end_job, position.to_json(reveal_stock=True), rules.name, max_nodes, budget_s=25.0
        )
        return answer

    def shutdown(self) -> None:
        """Stop the worker processes (waiting for a running job, at most its budget)."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=True, cancel_futures=True)
                self._executor = None


class RateKey(NamedTuple):
    """Whom a solver request counts against: its visitor (None for a request that brought no
    visitor cookie, whose id is new each time) and its client address (None when unknown)."""

    visitor: str | None
    address: str | None


class RateLimiter:
    """At most ``per_minute`` solver requests per visitor, and ``per_address`` per client
    address, in any 60 s window. The address counts every request, so a client
    that takes a new visitor cookie before each one is held by it; it is higher than a
    visitor's, as people behind one address (a household, an office) share it.

    The window lives in the database (``solver_hits``), so every server process counts the
    same requests (:func:`app.db.coordination.count_hit`).

    :param sessions: the app's session factory.
    :param clock: seconds since the epoch (shared by processes; a test may move it).
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        per_minute: int = 20,
        per_address: int = 60,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.sessions = sessions
        self.per_minute = per_minute
        self.per_address = per_address
        self.clock = clock

    def check(self, visitor_id: str | None, address: str | None = None) -> None:
        """Count one request against the visitor and the address (either may be None: not
        counted); counted against neither when it is refused.

        :raises RateLimited: when the visitor or the address is over its limit.
        """
        limits = [(f"v:{visitor_id}", self.per_minute)] if visitor_id is not None else []
        if address is not None:
            limits.append((f"a:{address}"[:100], self.per_address))
        if not limits:
            return
        with self.sessions() as session:
            wait_s = count_hit(session, limits, now=self.clock())
        if wait_s is not None:
            raise RateLimited(wait_s)


V = TypeVar("V")


class PlayCache(Generic[V]):
    """What the solver said of a play's position, by (play id, version), so that each position
    is worked out once: the dead-end verdicts (:data:`DeadEndCache`) and the hints it could not
    prove (:data:`GuessCache`). Bounded: past ``size`` the oldest go first."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, int], V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[str, int]) -> V | None:
        with self._lock:
            return self._items.get(key)

    def put(self, key: tuple[str, int], value: V) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)


DeadEndCache = PlayCache[bool]
"""Dead-end verdicts by (play id, version)."""


def follow_line(origin: Position, line: list[str], current: Position, rules: Rules) -> int | None:
    """Where ``current`` stands on a proved ``line`` from ``origin``: the index of the next
    move to play, or None when ``current`` is not one of the line's positions. The line's
    moves are trusted (it replayed to a win when it was stored)."""
    pos = origin
    for i, text in enumerate(line):
        if pos == current:
            return i
        pos = play(pos, Move.parse(text), rules)
    return None


@dataclass(frozen=True)
class Hint:
    """A hint: ``move`` in the notation and ``kind`` of reason (``app.services.hints.REASONS``)."""

    move: str
    kind: str


GuessCache = PlayCache[Hint]
"""Hints that the solver could not prove (a best guess, or a move from a lost position), by
(play id, version): asked again on the same position, they answer at once without solving."""
