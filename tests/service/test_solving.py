"""The solver processes: how they start and stop."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time

import pytest

from app.engine import CLASSIC, deal
from app.services.solver_pool import SolverPool


def test_ctrl_c_ends_a_solver_process_quietly(capfd: pytest.CaptureFixture[str]) -> None:
    # A play-tester stopping the server with Ctrl+C saw a KeyboardInterrupt traceback per worker.
    before = set(multiprocessing.active_children())  # other tests' processes are not this pool's
    pool = SolverPool(workers=1)
    try:
        assert pool.solve(deal(2, CLASSIC), CLASSIC, max_nodes=2_000).nodes > 0  # the worker is up
        (worker,) = set(multiprocessing.active_children()) - before
        os.kill(worker.pid, signal.SIGINT)  # type: ignore[arg-type]
        deadline = time.monotonic() + 10
        while worker.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not worker.is_alive()
        assert worker.exitcode == -signal.SIGINT
    finally:
        pool.shutdown()
    assert "KeyboardInterrupt" not in capfd.readouterr().err
