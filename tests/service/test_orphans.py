"""No process outlives the server (issue 13, "Orphans"): the real app under uvicorn in a
subprocess starts its children (the interactive solver process, the background pool worker's
solver process, multiprocessing's resource tracker), is killed with SIGKILL, and within 2 s
none of them is alive. Before, each ``kill -9`` left a solver process and the resource tracker
behind (93 over 50 crashes). Processes are read from ``/proc`` (Linux)."""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
from pathlib import Path

from app.engine import CLASSIC, deal
from tests.live_server import live_server

GRACE_S = 2.0


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` from the state on (state is [0], ppid [1], start
    time [19]), or None when there is no such process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) and fields[1] == str(pid):
            found.add(int(entry.name))
    return found


def _descendants(pid: int) -> dict[int, str]:
    """Every process below ``pid``, by pid, with its start time (to tell a reused pid)."""
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        for child in _children(todo.pop()):
            if (fields := _stat(child)) is not None:
                found[child] = fields[19]
                todo.append(child)
    return found


def _alive(pid: int, started: str) -> bool:
    """Whether that very process still runs (a zombie waiting for a reaper does not)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z" and fields[19] == started


def _server_pid(port: str) -> int:
    """The uvicorn child of this test process listening on ``port``."""
    for pid in _children(os.getpid()):
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        if b"uvicorn" in cmdline and port.encode() in cmdline:
            return pid
    raise AssertionError("the server process was not found")


def test_no_child_process_outlives_a_server_killed_with_sigkill(tmp_path: Path) -> None:
    env = {"FT_POOL_WORKER": "true", "FT_POOL_BUDGET_S": "0.5"}
    with live_server(tmp_path, **env) as url:
        server = _server_pid(url.rsplit(":", 1)[1])
        body = {"position": deal(3, CLASSIC).to_json(reveal_stock=True), "budget_ms": 200}
        req = urllib.request.Request(
            url + "/api/solve", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(req, timeout=60) as r:
            assert r.status == 200
        deadline = time.monotonic() + 30  # the pool worker starts its own solver after a rest
        while len(children := _descendants(server)) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(children) >= 3, children  # two solver processes and the resource tracker
        os.kill(server, signal.SIGKILL)
        killed = time.monotonic()
        try:
            while (alive := [p for p, s in children.items() if _alive(p, s)]) and time.monotonic() < killed + GRACE_S:
                time.sleep(0.05)
            assert alive == [], f"still running {GRACE_S} s after the server's SIGKILL: {alive}"
        finally:  # the test leaves nothing behind, whatever it found
            for pid, started in children.items():
                if _alive(pid, started):
                    os.kill(pid, signal.SIGKILL)
