"""The API's documentation page (``/docs``) in real Chromium: Swagger UI from this site's own
files lists the API's operations under the site's Content-Security-Policy, with no request to
another host and no CSP complaint in the console."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, expect

from tests.browser.conftest import DESKTOP


def test_the_api_docs_list_the_operations_from_our_own_files(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    console: list[str] = []
    hosts: set[str] = set()
    page.on("console", lambda m: console.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: console.append(str(e)))
    page.on("request", lambda r: hosts.add(urlsplit(r.url).netloc) if r.url.startswith("http") else None)
    page.goto(f"{base_url}/docs")
    expect(page.locator(".opblock-summary-path", has_text="/api/plays/{play_id}/moves")).to_be_visible(timeout=15_000)
    assert page.locator(".opblock").count() >= 5
    page.wait_for_timeout(300)
    page.screenshot(path=screenshots / "api_docs_desktop.png")
    assert hosts == {urlsplit(base_url).netloc}
    assert not [m for m in console if "Content Security Policy" in m or "Refused" in m], console
    context.close()
