"""Child processes that end with their parent: the solver processes of the server's pools and
of a survey (issue 13: a ``kill -9`` of the server left them running for good)."""

from __future__ import annotations

import multiprocessing
import os
import threading


def end_with_parent() -> None:
    """In a child process made by :mod:`multiprocessing`: end it as soon as its parent dies,
    whatever the signal (a ``kill -9`` of the server left its solver processes, and through
    them the resource tracker, running for good). A daemon thread waits on the pipe that
    multiprocessing keeps from the parent to each child (its ``parent_process().sentinel``,
    at end of file once the parent is gone) and then exits the process. Not
    ``PR_SET_PDEATHSIG``: that fires when the parent's *thread* that started the child ends,
    and the pools start children from request threads, which come and go. Does nothing in a
    process that multiprocessing did not start."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()
