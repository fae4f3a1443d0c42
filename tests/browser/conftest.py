"""Browser tests in real Chromium (Playwright, sync API): the app served by uvicorn in a
subprocess on a free port with a temporary data folder, one browser for the session.

Chromium comes from the system (``/usr/bin/chromium``, or ``FT_CHROMIUM``); without it these
tests fail with a message saying so, they never skip.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from app.config import PROJECT_ROOT
from tests.live_server import live_server

CHROMIUM = os.environ.get("FT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
SCREENSHOTS = PROJECT_ROOT / "artifacts" / "screenshots"


@pytest.fixture(scope="session")
def browser_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live server's data folder (its SQLite file): tests/browser/seed.py stores plays there."""
    return tmp_path_factory.mktemp("browser-data")


@pytest.fixture(scope="session")
def base_url(browser_data: Path) -> Iterator[str]:
    """The app on ``http://127.0.0.1:<free port>``, with its own SQLite file and secret."""
    with live_server(browser_data) as url:
        yield url


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """System Chromium. Missing Chromium is a failure with a clear message, never a skip."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: the browser tests need a system Chromium "
            "(Debian/Ubuntu: apt-get install chromium; or set FT_CHROMIUM to its path)."
        )
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where screenshots go (git-ignored ``artifacts/screenshots``)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
