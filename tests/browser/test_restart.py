"""Restart this deal asks first once the play has moves (JavaScript), and a dismissed question
changes nothing."""

from __future__ import annotations

from pathlib import Path

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


def test_restart_without_javascript_asks_on_a_page_first(browser: Browser, base_url: str, screenshots: Path) -> None:
    """Without JavaScript, Restart this deal opens a question page (as Give up does): Keep
    playing changes nothing, Restart this deal deals again."""
    for lang, question in (("en", "Restart this deal?"), ("es", "¿Empezar de nuevo esta partida?")):
        context = browser.new_context(viewport=PHONE, java_script_enabled=False, locale=lang)
        page = context.new_page()
        page.goto(f"{base_url}/game/4244?mode=classic")
        page.locator("#stock").click()
        moves = page.locator("[data-stat=moves]")
        expect(moves).to_have_text("1")
        page.locator("#act-restart").click()
        expect(page).to_have_url(f"{base_url}/game/4244/restart-deal?mode=classic")
        expect(page.locator("h1")).to_have_text(question)
        page.screenshot(path=screenshots / f"restart_question_nojs_phone_{lang}.png")
        page.locator(".confirm-form a.btn").click()
        expect(moves).to_have_text("1")
        page.locator("#act-restart").click()
        page.locator("#confirm-restart").click()
        expect(page).to_have_url(f"{base_url}/game/4244?mode=classic")
        expect(moves).to_have_text("0")
        context.close()
