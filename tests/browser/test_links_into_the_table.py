"""Links into the table from the pages around it (records, a challenge, the analysis, the
give-up question) open the whole table page with JavaScript on: its footer and language switch,
its live region and its keyboard help, not the table block alone swapped into another page."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import DESKTOP


def _assert_whole_table(page: Page, number: int) -> None:
    """The page shows the table of ``number`` with everything around it, as a reload would."""
    expect(page).to_have_url(re.compile(rf"/game/{number}\?mode=classic"))
    expect(page.locator("#table")).to_have_attribute("data-number", str(number))
    expect(page.locator("footer.page-links .lang-switch")).to_be_visible()
    expect(page.locator("#announce[aria-live=polite]")).to_have_count(1)
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.keyboard.press("?")
    expect(page.locator("#keyboard-help")).to_be_visible()
    page.keyboard.press("Escape")


def test_play_this_deal_from_the_records_and_from_a_challenge(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base_url}/game/2293/records?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    page.get_by_role("link", name="Play this deal").click()
    _assert_whole_table(page, 2293)

    shared = page.request.post(f"{base_url}/s", form={"number": "2294", "mode": "classic"}, max_redirects=0)
    assert shared.status == 303
    page.goto(base_url + shared.headers["location"])
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#play-challenge").click()
    _assert_whole_table(page, 2294)
    context.close()


def test_back_to_the_table_from_the_analysis_and_keep_playing(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base_url}/game/2295?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#act-give-up").click()
    page.locator("#confirm-yes").click()  # the table's question
    page.locator("#fc-analysis").click()
    page.wait_for_function("() => window.htmx !== undefined")
    page.get_by_role("link", name="Back to the table").click()
    _assert_whole_table(page, 2295)

    page.locator("#stock").click()
    expect(page.locator("[data-stat=moves]")).to_have_text("1")
    page.goto(f"{base_url}/game/2295/give-up?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    page.get_by_role("link", name="Keep playing").click()
    _assert_whole_table(page, 2295)
    context.close()
