"""The background pool worker: solves wanted deals first, stores verdicts, survives errors."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

from app.db import queries
from app.db.session import Database, migrate
from app.engine import MAX_GAME_NUMBER, MODES, Position, Rules
from app.services.deals import choose_deal, solvable, store_result
from app.services.pool_worker import BUSY_TRIES, PoolWorker
from app.services.solver_pool import SolverBusy
from app.solver import SolveResult


class FakeSolver:
    """Stands in for SolverPool: even numbers winnable, odd unwinnable; number 13 raises."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def solve(self, position: Position, rules: Rules, **_: Any) -> SolveResult:
        from app.engine import deal

        number = next(n for n in (7, 8, 13, 14, 1, 2, 3) if deal(n, rules) == position)
        self.seen.append(number)
        if number == 13:
            raise RuntimeError("worker crashed")
        if number % 2 == 0:
            return SolveResult("winnable", ("D",), 10, 1.0)
        return SolveResult("unwinnable", (), 10, 1.0)


def test_worker_solves_wanted_deals_first_and_keeps_going_after_an_error(database_url: str) -> None:
    url = database_url
    migrate(url)
    db = Database(url)
    solver = FakeSolver()
    worker = PoolWorker(db.sessions, solver, budget_ms=10, pause_s=0.01, error_pause_s=0.01)  # type: ignore[arg-type]
    for n in (7, 8, 13, 14):
        worker.want(n, "classic")
    worker.start()
    deadline = time.monotonic() + 20
    with db.sessions() as s:
        while solvable(s, 14, "classic") is None and time.monotonic() < deadline:
            time.sleep(0.05)
            s.expire_all()
        worker.stop()
        assert solver.seen[:4] == [7, 8, 13, 14]
        assert solvable(s, 7, "classic") is False and solvable(s, 8, "classic") is True
        assert solvable(s, 13, "classic") is None and solvable(s, 14, "classic") is True
        # The worker may have gone on to fill the pool (1, 2, ...) before it stopped: any pick
        # must be a deal it proved winnable, never an unwinnable or failed one.
        picked = choose_deal(s, "classic", "someone", only_solvable=True).number
        assert picked % 2 == 0 and solvable(s, picked, "classic") is True


class SlowFakeSolver(FakeSolver):
    """As FakeSolver, but every deal reports 5 s of solving: the worker then rests 15 s."""

    def __init__(self) -> None:
        super().__init__()
        self.solved_at: dict[int, float] = {}

    def solve(self, position: Position, rules: Rules, **kw: Any) -> SolveResult:
        result = super().solve(position, rules, **kw)
        self.solved_at[self.seen[-1]] = time.monotonic()
        return SolveResult(result.status, result.moves, result.nodes, 5_000.0)


def test_a_wanted_deal_cuts_the_rest_short_once_and_the_rest_it_cut_is_owed(database_url: str) -> None:
    # A play-tester's shared link stayed "not yet known" for minutes while the worker rested.
    url = database_url
    migrate(url)
    db = Database(url)
    solver = SlowFakeSolver()
    worker = PoolWorker(db.sessions, solver, budget_ms=10, pause_s=0.01)  # type: ignore[arg-type]
    worker.start()
    try:
        deadline = time.monotonic() + 10
        while 1 not in solver.solved_at and time.monotonic() < deadline:  # the next unknown deal: 1
            time.sleep(0.02)
        asked = time.monotonic()
        worker.want(8, "classic")  # the worker now rests 15 s; a want cuts that short
        while 8 not in solver.solved_at and time.monotonic() < asked + 10:
            time.sleep(0.02)
        assert solver.solved_at.get(8, float("inf")) - asked < 5
        worker.want(14, "classic")  # this rest is owed whole (15 s plus the cut): no cutting it
        time.sleep(3)
        assert 14 not in solver.solved_at and solver.seen == [1, 8]
    finally:
        worker.stop()


def test_a_wanted_deal_already_tried_is_not_solved_again(database_url: str) -> None:
    # Every view of a deal left "unknown" asked for it again, and the worker spent its share
    # solving it again at the same budget.
    from app.services.deals import store_result

    url = database_url
    migrate(url)
    db = Database(url)
    with db.sessions() as s:
        store_result(s, 7, "classic", "unknown", [], 10, 1.0)
    solver = FakeSolver()
    worker = PoolWorker(db.sessions, solver, budget_ms=10, pause_s=0.01)  # type: ignore[arg-type]
    worker.want(7, "classic")
    worker.want(8, "classic")
    worker.start()
    deadline = time.monotonic() + 10
    while 8 not in solver.seen and time.monotonic() < deadline:
        time.sleep(0.02)
    worker.stop()
    assert solver.seen[0] == 8 and 7 not in solver.seen


class DealtSolver:
    """Stands in for SolverPool: every deal is winnable."""

    def solve(self, position: Position, rules: Rules, **_: Any) -> SolveResult:
        return SolveResult("winnable", ("D",), 10, 1.0)


def _recording_deal(monkeypatch: pytest.MonkeyPatch, failing: set[tuple[int, str]]) -> list[tuple[int, str]]:
    """Make the worker's ``deal`` record every (number, mode) it deals and raise for those in
    ``failing`` (as it raised for 4294967296); returns the record."""
    from app.engine import deal
    from app.services import pool_worker

    dealt: list[tuple[int, str]] = []

    def recording(number: int, rules: Rules) -> Position:
        dealt.append((number, rules.name))
        if (number, rules.name) in failing:
            raise ValueError(f"no deal {number}")
        return deal(number, rules)

    monkeypatch.setattr(pool_worker, "deal", recording)
    return dealt


def _wait_for(condition: Any, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)


def test_a_deal_that_fails_is_logged_once_and_skipped(
    database_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # A deal that raised was tried again every 30 s, for good: the pool stopped growing.
    url = database_url
    migrate(url)
    db = Database(url)
    dealt = _recording_deal(monkeypatch, failing={(2, "classic")})
    worker = PoolWorker(db.sessions, DealtSolver(), budget_ms=10, pause_s=0.01, error_pause_s=0.01)  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR, logger="app.services.pool_worker"):
        worker.start()
        _wait_for(lambda: (5, "classic") in dealt)
        worker.stop()
    assert (5, "classic") in dealt and dealt.count((2, "classic")) == 1
    assert [r.getMessage() for r in caplog.records] == [
        "deal pool worker: deal 2 (classic) failed; skipped until the server restarts"
    ]
    with db.sessions() as s:
        assert solvable(s, 2, "classic") is None and solvable(s, 3, "classic") is True


def test_at_the_top_of_the_range_the_worker_stays_within_it(
    database_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # After GET /api/games/4294967295 the worker's next number was 4294967296, which no deal has.
    url = database_url
    migrate(url)
    db = Database(url)
    dealt = _recording_deal(monkeypatch, failing=set())
    worker = PoolWorker(db.sessions, DealtSolver(), budget_ms=10, pause_s=0.01, error_pause_s=0.01)  # type: ignore[arg-type]
    for number in (MAX_GAME_NUMBER, MAX_GAME_NUMBER + 1, 0, -1):
        worker.want(number, "classic")
    worker.want(7, "no-such-mode")
    with caplog.at_level(logging.ERROR, logger="app.services.pool_worker"):
        worker.start()
        _wait_for(lambda: {(2, mode) for mode in MODES} <= set(dealt), seconds=60)
        worker.stop()
    assert dealt[0] == (MAX_GAME_NUMBER, "classic")  # then on from the first number with no verdict
    # every variant in turn: deal 1 of each, then deal 2 of each
    assert set(dealt[1 : 1 + 2 * len(MODES)]) == {(n, mode) for n in (1, 2) for mode in MODES}
    assert all(1 <= n <= MAX_GAME_NUMBER for n, _ in dealt) and caplog.records == []
    with db.sessions() as s:
        assert solvable(s, MAX_GAME_NUMBER, "classic") is True


def test_the_first_number_with_no_verdict_never_passes_the_top(database_url: str) -> None:
    url = database_url
    migrate(url)
    db = Database(url)
    top = MAX_GAME_NUMBER
    with db.sessions() as s:
        for number in (1, 2, top - 1, top):
            store_result(s, number, "classic", "unknown", [], 1, 1.0)
        assert queries.first_unsolved(s, "classic") == 3
        assert queries.first_unsolved(s, "classic", after=3) == 4
        assert queries.first_unsolved(s, "classic", after=top - 3) == top - 2
        assert queries.first_unsolved(s, "classic", after=top - 2) is None  # not top + 1
        assert queries.first_unsolved(s, "classic", after=top) is None
        store_result(s, top - 2, "classic", "unknown", [], 1, 1.0)
        assert queries.first_unsolved(s, "classic", after=top - 3) is None
        assert queries.first_unsolved(s, "relaxed", after=top - 1) == top


class BusyFor2Solver:
    """Stands in for SolverPool: busy whenever it is asked for deal 2 (as when the deal kills
    its solver process or overruns its budget), else every deal is winnable."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str]] = []

    def solve(self, position: Position, rules: Rules, **_: Any) -> SolveResult:
        from app.engine import deal

        number = next(n for n in range(1, 10) if deal(n, rules) == position)
        self.seen.append((number, rules.name))
        if number == 2:
            raise SolverBusy("a solver process stopped; try again in a moment")
        return SolveResult("winnable", ("D",), 10, 1.0)


def test_a_deal_the_solver_gives_up_on_again_and_again_is_skipped(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    url = database_url
    migrate(url)
    db = Database(url)
    solver = BusyFor2Solver()
    worker = PoolWorker(db.sessions, solver, budget_ms=10, pause_s=0.01, error_pause_s=0.01)  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR, logger="app.services.pool_worker"):
        worker.start()
        _wait_for(lambda: {(4, mode) for mode in MODES} <= set(solver.seen), seconds=60)
        worker.stop()
    assert all(solver.seen.count((2, mode)) == BUSY_TRIES for mode in MODES)
    said = "deal pool worker: deal 2 ({}) failed; skipped until the server restarts"
    assert sorted(r.getMessage() for r in caplog.records) == sorted(said.format(mode) for mode in MODES)


FAR_DEAL = 4_000_000_007
"""A deal no shipped pool holds."""


class FarDealSolver:
    """A service's background solver that knows one deal, :data:`FAR_DEAL` (winnable); any
    other fails (the worker skips it)."""

    def __init__(self) -> None:
        self.seen: list[int] = []

    def solve(self, position: Position, rules: Rules, **_: Any) -> SolveResult:
        from app.engine import deal

        if position != deal(FAR_DEAL, rules):
            raise RuntimeError("not this deal")
        self.seen.append(FAR_DEAL)
        return SolveResult("winnable", ("D",), 10, 1.0)

    def shutdown(self) -> None:
        pass


def test_two_server_processes_run_one_pool_worker_and_either_may_want_a_deal(database_url: str, tmp_path: Any) -> None:
    """Two servers' services on one database (as two processes have): one holds the lease and
    runs the pool worker, the other runs none; a deal wanted through the one without a worker
    is queued in the database and solved by the other. Stopped, the leader hands over."""
    from app.config import Settings
    from app.runtime import Services

    services = [
        Services.build(Settings(data_dir=tmp_path / f"d{i}", database_url=database_url, secret_key="s", pool_lease_s=1))
        for i in range(2)
    ]
    for s in services:
        s.background_solver = FarDealSolver()  # type: ignore[assignment]
        s.start()
    try:
        _wait_for(lambda: any(s.pool_worker is not None for s in services))
        for _ in range(5):  # across several renewals: one worker, always in the same process
            assert [s.pool_worker is not None for s in services].count(True) == 1
            time.sleep(0.3)
        leader, follower = sorted(services, key=lambda s: s.pool_worker is None)
        follower.want_verdict(FAR_DEAL, "classic")
        with leader.db.sessions() as session:
            _wait_for(lambda: (session.expire_all(), solvable(session, FAR_DEAL, "classic"))[1] is True)
        assert FAR_DEAL in leader.background_solver.seen and not follower.background_solver.seen  # type: ignore[attr-defined]
        leader.stop()
        _wait_for(lambda: follower.pool_worker is not None, 10)
        assert follower.pool_worker is not None
    finally:
        for s in services:
            s.stop()
