"""The code stays ruff-clean (the rules in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys

from app.settings import PROJECT_ROOT


def test_ruff_finds_nothing() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "app", "tests", "migrations", "bench", "tools"],
        cwd=PROJECT_ROOT, capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
