"""The dead-end warning (RULES.md, Dead end): once the stock is exhausted, whether any card can
still reach a foundation by any sequence of legal moves. The check needs the solver, so it
runs in the background, started by the action that reached the position; a page shows what is
known and fetches the verdict later as a small fragment (ARCHITECTURE.md: rendering never
waits). Verdicts are kept by (play id, version), so each position is worked out once.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from app.engine import Position
from app.services.plays import LoadedPlay, PlayStatus
from app.services.solver_pool import DeadEndCache, SolverBusy, SolverPool

DEAD_END_NODES = 50_000
"""The check's node budget: beyond it the position counts as not a dead end (no false alarm)."""

log = logging.getLogger(__name__)


def stock_exhausted(position: Position) -> bool:
    """No card left to draw and no redeal to make (RULES.md, Dead end)."""
    return not position.stock and not (position.waste and position.redeals_left > 0)


class DeadEndWatch:
    """Runs dead-end checks on a background thread through the solver pool and keeps their
    verdicts.

    :param solver: the interactive solver pool (the check holds one of its slots).
    :param cache: verdicts by (play id, version): True dead end, False not (or undecided).
    """

    def __init__(self, solver: SolverPool, cache: DeadEndCache | None = None) -> None:
        self.solver = solver
        self.cache = cache if cache is not None else DeadEndCache()
        self._running: dict[tuple[str, int], Future[None]] = {}
        self._lock = threading.Lock()
        self._threads = ThreadPoolExecutor(1, thread_name_prefix="dead-end")

    @staticmethod
    def _key(play: LoadedPlay) -> tuple[str, int]:
        return play.row.play_id, play.row.version

    @staticmethod
    def applies(play: LoadedPlay) -> bool:
        """Whether the play is at a position the check is for: playing, stock exhausted."""
        return play.status is PlayStatus.PLAYING and stock_exhausted(play.game.position)

    def known(self, play: LoadedPlay) -> bool | None:
        """The verdict for the play's position without waiting: True (a dead end), False (not,
        or the check does not apply), None (being checked)."""
        if not self.applies(play):
            return False
        return self.cache.get(self._key(play))

    def start(self, play: LoadedPlay) -> Future[None] | None:
        """Start the check of the play's position unless it is known or running; the running
        check, if any (None when there is nothing to check)."""
        if self.known(play) is not None:
            return None
        key = self._key(play)
        with self._lock:
            running = self._running.get(key)
            if running is None:
                running = self._threads.submit(self._check, key, play.game.position, play)
                self._running[key] = running
            return running

    def wait(self, play: LoadedPlay, timeout_s: float = 30.0) -> bool:
        """The verdict, waiting for the check if needed (for the JSON API, whose Play carries a
        plain ``dead_end`` flag); False when it cannot be had in time."""
        running = self.start(play)
        if running is not None:
            running.result(timeout=timeout_s)
        return bool(self.known(play))

    def _check(self, key: tuple[str, int], position: Position, play: LoadedPlay) -> None:
        try:
            reach = self.solver.can_reach_foundation(position, play.game.rules, DEAD_END_NODES)
            self.cache.put(key, reach is False)
        except SolverBusy:
            pass  # not kept: the next look starts it again
        except Exception:  # a failed check must not take the server down; no warning then
            log.exception("dead-end check")
            self.cache.put(key, False)
        finally:
            with self._lock:
                self._running.pop(key, None)

    def shutdown(self) -> None:
        """Stop taking checks; running ones finish."""
        self._threads.shutdown(wait=False, cancel_futures=True)
