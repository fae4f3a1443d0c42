"""The app type-checks under ``mypy --strict`` (the settings in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys

from app.config import PROJECT_ROOT


def test_mypy_strict_finds_nothing_in_app() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy", "app"], cwd=PROJECT_ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
