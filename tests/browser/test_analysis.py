"""The post-game analysis in a real browser at phone size: from the finish card to the
analysis, the "Analysing…" state giving way to the result (htmx poll, or the meta refresh
without JavaScript), stepping through the winning line with plain links, and each step's lit
cards on the first screen of a phone and a desktop."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import DESKTOP, PHONE

NUMBER = 1
"""A deal of the shipped winnable pool (its line is known: the analysis needs no search)."""
PLACES = ("waste", "stock", "foundation", "column")


def test_give_up_then_see_the_analysis_and_step_through_the_line(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{base_url}/game/{NUMBER}?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#act-give-up").click()
    page.locator("#confirm-yes").click()  # the table's question
    page.locator("#fc-analysis").click()
    expect(page).to_have_url(re.compile(rf"/game/{NUMBER}/analysis\?mode=classic&card=\d+$"))  # this card's play
    expect(page.locator(".stock-known")).to_have_text("Analysis with the stock known")
    expect(page.locator(".an-verdict h2")).to_have_text("You could still have won", timeout=15_000)
    expect(page.locator(".an-counter")).to_contain_text("Move 1 of")
    page.locator("#an-next").click()
    expect(page.locator(".an-counter")).to_contain_text("Move 2 of")
    expect(page).to_have_url(re.compile(rf"/game/{NUMBER}/analysis\?mode=classic&card=\d+&line=deal&step=1$"))
    page.screenshot(path=screenshots / "analysis_phone_en.png")
    page.locator("#an-prev").click()
    expect(page.locator(".an-counter")).to_contain_text("Move 1 of")
    context.close()


def _analysis_without_javascript(
    browser: Browser, base_url: str, number: int, viewport: dict[str, int]
) -> tuple[BrowserContext, Page]:
    """A new context without JavaScript that gives up a play of ``number`` and waits on its
    analysis (the meta refresh reloads the page until the result is in)."""
    context = browser.new_context(viewport=viewport, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/game/{number}?mode=classic")
    page.locator("#stock").click()  # a deal not started has nothing to give up
    page.locator("#act-give-up").click()
    page.locator("#confirm-give-up").click()
    page.locator("#fc-analysis").click()
    expect(page.locator(".an-verdict h2")).to_be_visible(timeout=20_000)
    return context, page


def test_the_analysis_without_javascript(browser: Browser, base_url: str) -> None:
    context, page = _analysis_without_javascript(browser, base_url, NUMBER + 1, PHONE)
    page.locator("#an-next").click()
    expect(page.locator(".an-counter")).to_contain_text("Move 2 of")
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_cards_each_step_moves_are_lit_on_the_first_screen(
    browser: Browser, base_url: str, screenshots: Path, viewport: dict[str, int]
) -> None:
    """Every step of the line's first 72 moves (draws, waste and column moves, long columns)
    shows its lit source and destination without scrolling, JavaScript off: it is layout."""
    context, page = _analysis_without_javascript(browser, base_url, NUMBER, viewport)
    lit_places: set[str] = set()
    for step in range(72):
        page.goto(f"{base_url}/game/{NUMBER}/analysis?mode=classic&line=deal&step={step}")
        lit = page.eval_on_selector_all(
            ".hinted",
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [e.closest('.pile, .column').className, r.top, r.bottom]; })",
        )
        assert lit, step
        for place, top, bottom in lit:
            assert 0 <= top and bottom <= viewport["height"], (step, place, top, bottom)
        if "waste" not in lit_places and page.locator(".waste .card.hinted").count():
            page.screenshot(path=screenshots / f"analysis_waste_lit_{viewport['width']}x{viewport['height']}.png")
        lit_places.update(name for place, _top, _bottom in lit for name in PLACES if name in place.split())
    assert lit_places == set(PLACES)
    context.close()


def test_stepping_with_the_keys_keeps_the_focus_on_the_step_links(browser: Browser, base_url: str) -> None:
    """Enter on Next at the line's last move, on « and on a line's tab: the link pressed gives
    way to a disabled one (or stays) under the same id, so the focus never falls to the page (a
    play-tester found it on the page's body each time)."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base_url}/game/{NUMBER}?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#stock").click()  # a move made: the line from where it stopped is not the deal's
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    page.locator("#act-give-up").click()
    page.locator("#confirm-yes").click()
    page.locator("#fc-analysis").click()
    expect(page.locator(".an-verdict h2")).to_be_visible(timeout=20_000)
    page.goto(page.url + "&line=deal&step=9999")  # the end of the line
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#an-prev").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".an-counter")).to_contain_text("Move")
    page.locator("#an-next").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".an-counter")).to_have_text("End of the line")
    _wait_focus(page, "an-next")
    page.locator("#an-first").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".an-counter")).to_contain_text("Move 1 of")
    _wait_focus(page, "an-first")
    tab = page.locator(".an-tab:not(.current)").first
    tab_id = tab.get_attribute("id")
    tab.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"#{tab_id}")).to_have_attribute("aria-current", "page")
    _wait_focus(page, tab_id or "")
    context.close()


def _wait_focus(page: Page, element_id: str) -> None:
    """Wait (3 s at most) until the element ``element_id`` has the focus: htmx gives it back
    once the swap has settled, a moment after the new words show (a CI run read it too soon)."""
    page.wait_for_function(
        f"() => document.activeElement && document.activeElement.id === {element_id!r}", timeout=3000
    )


def _analysis_after_giving_up(page: Page, table: str) -> Page:
    """``page`` at the analysis of a play of the table at ``table`` given up at once, its
    verdict shown."""
    page.goto(table)
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#act-give-up").click()
    page.locator("#confirm-yes").click()
    page.locator("#fc-analysis").click()
    expect(page.locator(".an-verdict h2")).to_be_visible(timeout=20_000)
    return page


def test_on_a_small_phone_the_title_and_the_badge_do_not_overlap(browser: Browser, base_url: str) -> None:
    """At 320 px the title ("Analysis #1 · Classic") shrank to 74 px beside the badge and ran
    under it (a play-tester's finding): the badge now goes to the next line."""
    context = browser.new_context(viewport={"width": 320, "height": 568}, has_touch=True)
    page = _analysis_after_giving_up(context.new_page(), f"{base_url}/game/{NUMBER}?mode=classic")
    title, badge = page.locator(".analysis .title"), page.locator(".stock-known")
    t, b = title.bounding_box(), badge.bounding_box()
    assert t and b
    apart = t["x"] + t["width"] <= b["x"] or t["y"] + t["height"] <= b["y"]
    assert apart, (t, b)
    assert title.evaluate("e => e.scrollWidth <= e.clientWidth + 1")  # its words fit its box
    context.close()


def test_on_a_small_phone_held_sideways_the_board_fits_the_window(browser: Browser, base_url: str) -> None:
    """The table's one-row layout for small phones held sideways reached the analysis board too:
    ten 68 px columns made the page 741 px wide at 667×375 (a play-tester's finding)."""
    context = browser.new_context(viewport={"width": 667, "height": 375}, has_touch=True, is_mobile=True)
    page = _analysis_after_giving_up(context.new_page(), f"{base_url}/game/{NUMBER + 1}?mode=classic")
    assert page.evaluate("document.documentElement.scrollWidth") <= 667
    context.close()
