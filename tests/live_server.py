"""Test helper: the real app under uvicorn in a subprocess, on a free loopback port, with its
own data folder and secret, and no background pool worker."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from app.config import PROJECT_ROOT


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(data: Path, **env_extra: str) -> Iterator[str]:
    """Serve the app from ``data`` and yield its base URL; ``env_extra`` adds ``FT_…``
    settings. Fails the test (with the server's log) if it does not start within 30 s."""
    port = free_port()
    env = {
        **os.environ,
        "FT_DATA_DIR": str(data),
        "FT_SECRET_KEY": "live-test-secret",
        "FT_POOL_WORKER": "false",
        **env_extra,
    }
    env.pop("FT_DATABASE_URL", None)
    log_path = data / "server.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "app.main:create_app",
                "--factory",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--log-level",
                "warning",
                # A kept-alive connection idle past uvicorn's 5 s may be closed just as a test's
                # client sends its next request on it (ECONNRESET on a busy machine): keep it.
                "--timeout-keep-alive",
                "300",
            ],
            cwd=PROJECT_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail("the app did not start:\n" + log_path.read_text())
                time.sleep(0.1)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
