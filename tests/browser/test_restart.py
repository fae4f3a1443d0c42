"""Restart this deal asks first once the play has moves (JavaScript), and a dismissed question
changes nothing."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.test_axe import violations


def test_restart_asks_before_dealing_again(browser: Browser, base_url: str, screenshots: Path) -> None:
    """The table's own dialog asks (never the browser's box): the question, "Restart this
    deal" on its button, Keep playing focused. Esc, Keep playing, a tap outside it and the keys
    under it change nothing; the action's button deals again. Desktop with the mouse, phone with touch."""
    for touch in (False, True):
        context = browser.new_context(viewport=PHONE if touch else DESKTOP, has_touch=touch, is_mobile=touch)
        page = context.new_page()
        native: list[str] = []
        page.on("dialog", lambda d, seen=native: (seen.append(d.message), d.dismiss()))
        page.goto(f"{base_url}/game/4243?mode=classic")
        page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
        page.locator("#stock").click()
        moves = page.locator("[data-stat=moves]")
        expect(moves).to_have_text("1")
        box = page.locator("#confirm-box")
        _press(page, touch, "#act-restart")
        expect(box).to_be_visible()
        expect(page.locator("#confirm-question")).to_have_text("Restart this deal?")
        expect(page.locator("#confirm-detail")).to_contain_text("This play is left unfinished")
        expect(page.locator("#confirm-yes")).to_have_text("Restart this deal")
        expect(page.locator("#confirm-no")).to_be_focused()
        page.screenshot(path=screenshots / f"restart_question_{'phone' if touch else 'desktop'}.png")
        page.keyboard.press("d")  # a key of the table: no draw under the question
        page.keyboard.press("Escape")
        expect(box).to_be_hidden()
        _press(page, touch, "#act-restart")
        _press(page, touch, "#confirm-no")
        expect(box).to_be_hidden()
        _press(page, touch, "#act-restart")
        if touch:  # a tap on the backdrop, outside the question
            page.touchscreen.tap(5, 5)
        else:
            page.mouse.click(5, 5)
        expect(box).to_be_hidden()
        page.wait_for_timeout(300)
        expect(moves).to_have_text("1")
        _press(page, touch, "#act-restart")
        _press(page, touch, "#confirm-yes")
        expect(moves).to_have_text("0")
        assert native == []
        context.close()


def _press(page: Page, touch: bool, selector: str) -> None:
    """A tap with touch, a click without."""
    if touch:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def test_give_up_asks_in_the_dialog_and_the_keyboard_answers(browser: Browser, base_url: str) -> None:
    """Give up asks the same way, with no serious axe violation; Shift+Tab reaches its button
    from Keep playing and Enter gives up."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base_url}/game/4245?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.keyboard.press("d")
    expect(page.locator("[data-stat=moves]")).to_have_text("1")
    page.locator("#act-give-up").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#confirm-question")).to_have_text("Give up this game?")
    expect(page.locator("#confirm-yes")).to_have_text("Give up")
    expect(page.locator("#confirm-detail")).to_contain_text("finish card is kept")
    assert violations(page, "give-up question") == []
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#confirm-yes")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#finish-card")).to_be_visible()
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
