"""Restart this deal asks first once the play has moves (JavaScript), and a dismissed question
changes nothing."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.conftest import PHONE


def test_restart_asks_before_dealing_again(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{base_url}/game/4243?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    page.click("#stock")
    moves = page.locator("[data-stat=moves]")
    expect(moves).to_have_text("1")
    questions: list[str] = []
    page.once("dialog", lambda d: (questions.append(d.message), d.dismiss()))
    page.click("#act-restart")
    page.wait_for_timeout(300)
    expect(moves).to_have_text("1")
    assert questions and questions[0].startswith("Restart this deal?")
    page.once("dialog", lambda d: d.accept())
    page.click("#act-restart")
    expect(moves).to_have_text("0")
    context.close()
