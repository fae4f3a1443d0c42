"""The code stays ruff-clean (the rules in pyproject.toml) and ruff-formatted."""

from __future__ import annotations

import subprocess
import sys

from app.config import PROJECT_ROOT

CHECKED = ["app", "tests", "migrations", "bench", "tools"]


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, *CHECKED], cwd=PROJECT_ROOT, capture_output=True, text=True
    )


def test_ruff_finds_nothing() -> None:
    run = _ruff("check")
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_format_is_applied() -> None:
    run = _ruff("format", "--check")
    assert run.returncode == 0, "run .venv/bin/ruff format .\n" + run.stdout + run.stderr
