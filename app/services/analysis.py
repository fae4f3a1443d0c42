"""Post-game analysis (issue: the solver): after a loss, a resignation or a dead end, the last
position of the play from which the deal could still be won, the move that lost it, and the
solver's winning lines from there and from the deal. Analysis with the stock order known.

The play's line of positions is ``start = 0, 1, … n-1`` (``Game.start``, then each step's
position). Winnability only falls along it: every step is legal moves, so a win from position
``i`` is a win from ``i - 1`` too. :func:`find_last_winnable` bisects that line with a solver
that may answer "unknown"; it claims a lost move only when the next position is proved lost.

:class:`AnalysisRunner` computes in a background thread (never on the event loop), the solver
running in the :class:`~app.services.solver_pool.SolverPool`, and stores the result (``play_analyses``).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlalchemy.orm import Session, sessionmaker

from app.db import coordination, queries
from app.db.models import FinishCard, Lease, PlayAnalysis
from app.engine import Position
from app.services.deals import store_result
from app.services.plays import LoadedPlay, get_play_by_row
from app.services.solver_pool import SolverBusy, SolverPool
from app.solver import UNKNOWN, UNWINNABLE, WINNABLE

log = logging.getLogger(__name__)

STILL_WINNABLE, LOST, LOST_UNPROVED = "still_winnable", "lost", "lost_unproved"
DEAL_UNWINNABLE, UNDECIDED = "deal_unwinnable", "undecided"
OUTCOMES = (STILL_WINNABLE, LOST, LOST_UNPROVED, DEAL_UNWINNABLE, UNDECIDED)
"""What an analysis can conclude (see :class:`app.db.models.PlayAnalysis`)."""

PER_CALL_MS = 1500.0
"""Solver budget of one probe of the bisection (milliseconds)."""
TOTAL_S = 20.0
"""Most time one analysis spends (seconds): the README's "up to about 20 s"."""
ALL_LEFT = math.inf
"""The budget of a probe whose verdict the analysis ends on (the deal's, the closing one):
all the time left. An "unknown" there ends the analysis, so time kept back would be wasted;
the solver stops at its first win, so an easy position costs no more than it takes."""
MIN_PROBE_MS = 100.0
"""A probe is not started with less time than this left."""


@dataclass(frozen=True)
class Probe:
    """The solver's verdict on one position: ``winnable`` (with ``line``), ``unwinnable``
    (proved) or ``unknown``."""

    verdict: str
    line: tuple[str, ...] = ()


ProbeFn = Callable[[int, float], Probe]
"""``probe(index, budget_ms)``: the verdict on position ``index`` of the play's line."""


@dataclass
class Search:
    """What :func:`find_last_winnable` learnt.

    :ivar count: positions in the line (indices 0 … count-1).
    :ivar last_winnable: highest index proved winnable, or None.
    :ivar first_lost: lowest index proved unwinnable, or None.
    :ivar lines: the winning line found at each index proved winnable.
    :ivar probes: solver calls made (verdicts given in ``known`` not counted).
    """

    count: int
    last_winnable: int | None = None
    first_lost: int | None = None
    lines: dict[int, tuple[str, ...]] = field(default_factory=dict)
    verdicts: dict[int, str] = field(default_factory=dict)
    probes: int = 0

    def note(self, index: int, answer: Probe) -> str:
        """Keep the verdict at ``index`` (and its line when winnable); the verdict."""
        self.verdicts[index] = answer.verdict
        if answer.verdict == WINNABLE:
            self.lines[index] = answer.line
            if self.last_winnable is None or index > self.last_winnable:
                self.last_winnable = index
        elif answer.verdict == UNWINNABLE and (self.first_lost is None or index < self.first_lost):
            self.first_lost = index
        return answer.verdict

    @property
    def outcome(self) -> str:
        """One of :data:`OUTCOMES`."""
        start = self.verdicts.get(0, UNKNOWN)
        if start == UNWINNABLE:
            return DEAL_UNWINNABLE
        if start != WINNABLE or self.last_winnable is None:
            return UNDECIDED
        if self.last_winnable == self.count - 1:
            return STILL_WINNABLE
        if self.first_lost == self.last_winnable + 1:
            return LOST
        return LOST_UNPROVED


def find_last_winnable(
    count: int,
    probe: ProbeFn,
    *,
    known: dict[int, Probe] | None = None,
    per_call_ms: float = PER_CALL_MS,
    total_s: float = TOTAL_S,
    clock: Callable[[], float] = time.monotonic,
) -> Search:
    """Bisect a line of ``count`` positions for the last one the solver proves winnable.

    Order: the deal (index 0, with all of ``total_s``: if it is not proved winnable the search
    stops there, so an "unknown" after a mere ``per_call_ms`` would give up with most of the
    time unspent), the last position, then bisection between the highest index proved winnable
    and the lowest index not proved winnable (an "unknown" steers like a loss but proves
    nothing), each with ``per_call_ms``. When the answer's next position is still unproved, one
    closing probe with all the time left tries to prove it lost.

    :param probe: the solver on position ``index`` with a budget in milliseconds (never more
        than the time left before ``total_s`` is up).
    :param known: verdicts already known by index (the deal's from the solved-deals table, a
        blocked last position); used without a probe.
    :param total_s: time cap of the whole search; each probe gets at most what is left.
    :raises ValueError: for an empty line.
    """
    if count < 1:
        raise ValueError("a play's line holds at least the deal")
    found = Search(count)
    known = dict(known or {})
    deadline = clock() + total_s

    def ask(index: int, budget_ms: float) -> str | None:
        """The verdict at ``index`` (None: no time left to ask)."""
        if index in found.verdicts:
            return found.verdicts[index]
        answer = known.get(index)
        if answer is None:
            left_ms = (deadline - clock()) * 1000
            if left_ms < MIN_PROBE_MS:
                return None
            answer = probe(index, min(budget_ms, left_ms))
            found.probes += 1
        return found.note(index, answer)

    if ask(0, ALL_LEFT) != WINNABLE:
        return found
    if count == 1 or ask(count - 1, per_call_ms) in (WINNABLE, None):
        return found
    lo, hi = 0, count - 1  # lo proved winnable; hi not proved winnable
    while hi - lo > 1:
        mid = (lo + hi) // 2
        verdict = ask(mid, per_call_ms)
        if verdict is None:
            break
        if verdict == WINNABLE:
            lo = mid
        else:
            hi = mid
    after = found.last_winnable + 1 if found.last_winnable is not None else None
    if after is not None and after < count and found.verdicts.get(after) != UNWINNABLE:
        found.verdicts.pop(after, None)
        ask(after, ALL_LEFT)
    return found


def line_of_positions(play: LoadedPlay) -> list[Position]:
    """The play's positions: the deal, then the position after each step of its current line."""
    return [play.game.start, *(step.position for step in play.game.steps)]


def known_verdicts(session: Session, play: LoadedPlay, positions: list[Position]) -> dict[int, Probe]:
    """Verdicts known without solving: the deal's stored winning line (the solved-deals table)
    and a last position with no legal move (blocked: nothing can be won from it)."""
    known: dict[int, Probe] = {}
    row = play.row
    if row.number is not None and not row.custom:
        solved = queries.solved_deal(session, row.number, row.mode)
        if solved is not None and solved.verdict == WINNABLE and solved.line:
            known[0] = Probe(WINNABLE, tuple(solved.line))
        elif solved is not None and solved.verdict == UNWINNABLE:
            known[0] = Probe(UNWINNABLE)
    if play.game.status.value == "blocked":
        known.setdefault(len(positions) - 1, Probe(UNWINNABLE))
    return known


def solver_probe(
    solver: SolverPool,
    positions: list[Position],
    play: LoadedPlay,
    deadline: float,
    *,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> ProbeFn:
    """A :data:`ProbeFn` over ``positions`` that runs the solver in ``solver``'s processes.

    While every slot is taken it waits, up to the analysis' ``deadline`` (on ``clock``), then
    solves with its budget cut to the time the wait left before the deadline: the wait comes out
    of the analysis' time, not out of the verdict ("unknown" only once the time is up).
    """
    rules = play.game.rules

    def probe(index: int, budget_ms: float) -> Probe:
        while (left_ms := (deadline - clock()) * 1000) >= MIN_PROBE_MS:
            try:
                result = solver.solve(positions[index], rules, budget_ms=min(budget_ms, left_ms))
            except SolverBusy:
                sleep(0.25)
                continue
            return Probe(result.status, tuple(result.moves))
        return Probe(UNKNOWN)

    return probe


def stored_analysis(session: Session, play: LoadedPlay) -> PlayAnalysis | None:
    """The stored analysis of ``play`` as it is now (None if none, or of an older version)."""
    found = session.get(PlayAnalysis, play.row.id)
    return found if found is not None and found.version == play.row.version else None


def analyse(
    session: Session, play: LoadedPlay, probe: ProbeFn, *, per_call_ms: float = PER_CALL_MS, total_s: float = TOTAL_S
) -> PlayAnalysis:
    """Analyse ``play`` with ``probe`` and store the result (committed); returns it."""
    from app.solver import SOLVER_VERSION

    t0 = time.perf_counter()
    positions = line_of_positions(play)
    found = find_last_winnable(
        len(positions), probe, known=known_verdicts(session, play, positions), per_call_ms=per_call_ms, total_s=total_s
    )
    last = found.last_winnable
    values = {
        "version": play.row.version,
        "outcome": found.outcome,
        "positions": len(positions),
        "last_winnable": last,
        "first_lost": found.first_lost,
        "lost_line": list(found.lines[last]) if last is not None else None,
        "deal_line": list(found.lines[0]) if 0 in found.lines else None,
        "probes": found.probes,
        "elapsed_ms": (time.perf_counter() - t0) * 1000,
        "solver_version": SOLVER_VERSION,
        "analysed_at": datetime.now(UTC),
    }
    row = session.get(PlayAnalysis, play.row.id)
    if row is None:
        row = PlayAnalysis(play_row_id=play.row.id, **values)
        session.add(row)
    else:
        for key, value in values.items():
            setattr(row, key, value)
    session.commit()
    _keep_deal_verdict(session, play, row.deal_line, found.outcome, row.elapsed_ms)
    return row


def _keep_deal_verdict(
    session: Session, play: LoadedPlay, deal_line: list[str] | None, outcome: str, elapsed_ms: float
) -> None:
    """A winning line from the deal, or a proof that the deal cannot be won, settles the deal
    itself: keep it in the solved-deals table, so its table says "winnable" or "not winnable"
    instead of "not yet known" (an unknown verdict only: :func:`app.services.deals.store_result`)."""
    row = play.row
    if row.number is None or row.custom:
        return
    if deal_line:
        store_result(session, row.number, row.mode, WINNABLE, deal_line, 0, elapsed_ms)
    elif outcome == DEAL_UNWINNABLE:
        store_result(session, row.number, row.mode, UNWINNABLE, [], 0, elapsed_ms)


class AnalysisRunner:
    """Runs analyses in background threads (``threads`` at a time, at most ``pending``
    waiting), each play and version once across every server process: an analysis under way
    holds a lease in the database (``analysis:<play row>:<version>``, :mod:`app.db.coordination`),
    and one that failed keeps it as ``failed`` for :attr:`FAILED_FOR_S`. The page polls
    :meth:`ensure` meanwhile, through whichever process.

    :param sessions: the app's session factory.
    :param solver: the pool whose processes solve.
    """

    RUNNING, FAILED, BUSY = "running", "failed", "busy"
    FAILED_FOR_S = 60.0
    """A failed analysis is shown as such, not tried again, for this long."""
    MARGIN_S = 30.0
    """Allowance past an analysis' time in its lease (a process that died: another may take it
    over once the lease expires)."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        solver: SolverPool,
        *,
        threads: int = 1,
        pending: int = 16,
        per_call_ms: float = PER_CALL_MS,
        total_s: float = TOTAL_S,
    ) -> None:
        self.sessions = sessions
        self.solver = solver
        self.per_call_ms = per_call_ms
        self.total_s = total_s
        self.pending = pending
        self.holder = coordination.holder_name()
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="analysis")
        self._running: set[tuple[int, int]] = set()
        self._lock = threading.Lock()

    @staticmethod
    def _lease(key: tuple[int, int]) -> str:
        return f"analysis:{key[0]}:{key[1]}"

    def _take(self, key: tuple[int, int], queued: int) -> Lease:
        """Take (or renew) the analysis' lease, long enough for the ``queued`` analyses ahead
        of it in this process and its own."""
        with self.sessions() as session:
            ttl = (queued + 1) * self.total_s + self.MARGIN_S
            return coordination.take_lease(session, self._lease(key), self.holder, ttl)

    def ensure(self, play: LoadedPlay) -> str:
        """Start analysing ``play`` (as it is now) unless that is under way in any process;
        returns :attr:`RUNNING`, :attr:`FAILED` (the last try failed less than
        :attr:`FAILED_FOR_S` ago) or :attr:`BUSY` (too many analyses waiting here: ask again
        later)."""
        key = (play.row.id, play.row.version)
        with self._lock:
            if key in self._running:
                return self.RUNNING
            if len(self._running) >= self.pending:
                return self.BUSY
            self._running.add(key)
            queued = len(self._running) - 1
        try:
            lease = self._take(key, queued)
        except BaseException:
            self._forget(key)
            raise
        if lease.holder != self.holder or lease.state != "running":  # another's, or failed
            self._forget(key)
            return self.FAILED if lease.state == "failed" else self.RUNNING
        self._executor.submit(self._job, key)
        return self.RUNNING

    def _forget(self, key: tuple[int, int]) -> None:
        with self._lock:
            self._running.discard(key)

    def _job(self, key: tuple[int, int]) -> None:
        failed: float | None = None
        try:
            lease = self._take(key, 0)  # renewed for its own run: it may have waited
            if lease.holder != self.holder:  # it expired while waiting, and another took it
                return
            with self.sessions() as session:
                play = get_play_by_row(session, key[0])
                if play.row.version == key[1] and stored_analysis(session, play) is None:
                    deadline = time.monotonic() + self.total_s  # the probes' and the search's
                    probe = solver_probe(self.solver, line_of_positions(play), play, deadline)
                    analyse(session, play, probe, per_call_ms=self.per_call_ms, total_s=self.total_s)
        except Exception:  # a failed analysis is shown as such, not retried for a minute
            log.exception("analysis of play row %s failed", key[0])
            failed = self.FAILED_FOR_S
        finally:
            self._forget(key)
        try:
            with self.sessions() as session:
                coordination.end_lease(session, self._lease(key), self.holder, failed_for_s=failed)
        except Exception:
            log.exception("analysis of play row %s: its lease is left to expire", key[0])

    def wait_idle(self, timeout_s: float) -> bool:
        """Wait until no analysis runs (tests); True if none does."""
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            with self._lock:
                if not self._running:
                    return True
            time.sleep(0.05)
        return False

    def shutdown(self) -> None:
        """Stop taking analyses; the one running finishes in its thread."""
        self._executor.shutdown(wait=False, cancel_futures=True)


def play_of_card(session: Session, visitor: str, number: int, mode: str, card_id: int) -> LoadedPlay | None:
    """The play that finish card ``card_id`` ended, if the card is this visitor's, for this
    deal and mode."""
    card = session.get(FinishCard, card_id)
    if card is None or card.visitor_id != visitor or card.number != number or card.mode != mode:
        return None
    return get_play_by_row(session, card.play_row_id)
