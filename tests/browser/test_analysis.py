"""The post-game analysis in a real browser at phone size: from the finish card to the
analysis, the "Analysing…" state giving way to the result (htmx poll, or the meta refresh
without JavaScript), and stepping through the winning line with plain links."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.browser.conftest import PHONE

NUMBER = 1
"""A deal of the shipped winnable pool (its line is known: the analysis needs no search)."""


def test_give_up_then_see_the_analysis_and_step_through_the_line(browser: Browser, base_url: str,
                                                                 screenshots: Path) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{base_url}/game/{NUMBER}?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    page.once("dialog", lambda d: d.accept())
    page.locator("#act-give-up").click()
    page.locator("#fc-analysis").click()
    expect(page).to_have_url(f"{base_url}/game/{NUMBER}/analysis?mode=classic")
    expect(page.locator(".stock-known")).to_have_text("Analysis with the stock known")
    expect(page.locator(".an-verdict h2")).to_have_text("You could still have won", timeout=15_000)
    expect(page.locator(".an-counter")).to_contain_text("Move 1 of")
    page.locator("#an-next").click()
    expect(page.locator(".an-counter")).to_contain_text("Move 2 of")
    expect(page).to_have_url(f"{base_url}/game/{NUMBER}/analysis?mode=classic&line=deal&step=1")
    page.screenshot(path=screenshots / "analysis_phone_en.png")
    page.locator("#an-prev").click()
    expect(page.locator(".an-counter")).to_contain_text("Move 1 of")
    context.close()


def test_the_analysis_without_javascript(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/game/{NUMBER + 1}?mode=classic")
    page.locator("#act-give-up").click()
    page.locator("#confirm-give-up").click()
    page.locator("#fc-analysis").click()
    expect(page.locator(".an-verdict h2")).to_be_visible(timeout=20_000)  # the meta refresh reloads
    page.locator("#an-next").click()
    expect(page.locator(".an-counter")).to_contain_text("Move 2 of")
    context.close()
