"""A fresh play-tester's faults after issues 13 and 17: a phone held sideways (844×390) whose
bottom bar hid the columns' top cards and whose finish card cut off its buttons, notes over the
top bar that stayed on it, and a hint that left the focus on the stock, where Enter draws.

Each is checked at 844×390 and 667×375 (touch), 390×844 (touch) and 1366×768. Screenshots in English and
Spanish go to artifacts/screenshots/short_*.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .seed import seed_play
from .test_long_columns_and_menu import COLUMNS, CONTROLS, _in_view

SIZES = {
    "sideways": {"width": 844, "height": 390},
    # a small phone held sideways: it had the upright two rows, the stock and buttons out of view
    "sideways_small": {"width": 667, "height": 375},
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1366, "height": 768},
}
TOP_CARDS = [f"#table [data-pile='{i}'] .cards > :last-child" for i in range(1, 11)]
TOP_BAR = [".title .game-no", "[data-stat=moves]", "[data-stat=time]", ".mode-menu summary"]
NEAR_WIN = (
    "1:KS | 2:KH | 3:KD | 4:KC | 5:- | 6:- | 7:- | 8:- | 9:- | 10:- | F:QS KS QH KH QD KD QC KC | W:- | S:- | R:0"
)
"""Four kings left on the table, stock and waste empty: Finish wins."""


def _context(browser: Browser, base_url: str, size: str, lang: str = "en") -> BrowserContext:
    touch = size != "laptop"
    context = browser.new_context(viewport=SIZES[size], has_touch=touch, is_mobile=touch)
    context.add_cookies([{"name": "ft_lang", "value": lang, "url": base_url}])
    return context


def _open(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.htmx !== undefined")
    return page


def _settled(page: Page) -> None:
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    page.wait_for_timeout(150)


def _tap(page: Page, selector: str, size: str) -> None:
    if size == "laptop":
        page.locator(selector).click()
    else:
        page.locator(selector).tap()


@pytest.mark.parametrize("size", list(SIZES))
def test_every_columns_top_card_and_the_controls_are_in_view_together(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, size: str
) -> None:
    # At 844×390 the bottom bar, stuck to the foot of the window, lay over the columns' top cards.
    for lang in ("en", "es"):
        context = _context(browser, base_url, size, lang)
        page = _open(context, f"{base_url}/game/2?mode=classic")
        page.screenshot(path=screenshots / f"short_table_{size}_{lang}.png")
        hidden = [s for s in TOP_CARDS + CONTROLS if not _in_view(page, s)]
        assert hidden == [], (size, lang, hidden)
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
        context.close()
    # A 16-card column: once its top card is scrolled into view, the stock and the buttons are too.
    # (Not yet sideways: there the side column, stuck to the top, rides up with the table's end and
    # the stock's top edge leaves the window; the closing note of session 8 says so.)
    if size.startswith("sideways"):
        return
    context = _context(browser, base_url, size)
    page = _open(context, seed_play(context, base_url, browser_data, COLUMNS[16], 318))
    page.locator(TOP_CARDS[0]).evaluate("el => el.scrollIntoView({block: 'center'})")
    page.screenshot(path=screenshots / f"short_long_column_{size}.png")
    hidden = [s for s in TOP_CARDS[:1] + CONTROLS if not _in_view(page, s)]
    assert hidden == [], (size, hidden)
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_note_over_the_top_bar_goes_at_a_tap_and_by_itself(
    browser: Browser, base_url: str, screenshots: Path, size: str
) -> None:
    # The hint note (position: fixed) lay over the title, the score and, on a phone, the modes.
    for lang in ("en", "es"):
        context = _context(browser, base_url, size, lang)
        page = _open(context, f"{base_url}/game/3?mode=classic")
        page.locator("#act-hint").click()
        expect(page.locator(".hint-note")).to_be_visible()
        page.screenshot(path=screenshots / f"short_hint_{size}_{lang}.png")
        _tap(page, ".hint-note", size)  # a tap puts it away
        expect(page.locator(".hint-note")).to_be_hidden()
        assert [s for s in TOP_BAR if not _in_view(page, s)] == []
        assert page.locator("[data-stat=moves]").text_content() == "0"  # the tap did nothing else
        page.locator("#act-hint").click()
        expect(page.locator(".hint-note")).to_be_visible()
        expect(page.locator(".hint-note")).to_be_hidden(timeout=10_000)  # and it goes by itself
        assert [s for s in TOP_BAR if not _in_view(page, s)] == []
        context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_after_a_hint_enter_does_not_draw_a_card(browser: Browser, base_url: str, size: str) -> None:
    # The hint's answer left the focus on the stock: the next Enter drew a card.
    context = _context(browser, base_url, size)
    page = _open(context, f"{base_url}/game/4?mode=classic")
    stock = page.locator("#stock .count").text_content()
    page.locator("header h1").click()  # the focus on nothing in particular
    page.keyboard.press("h")
    expect(page.locator(".hint-note")).to_be_visible()
    _settled(page)
    assert page.evaluate("document.activeElement.id") != "stock"
    page.keyboard.press("Enter")
    _settled(page)
    assert page.locator("#stock .count").text_content() == stock
    # From the Hint button, the focus is back on it after the answer.
    page.locator("#act-hint").focus()
    page.keyboard.press("Enter")
    _settled(page)
    assert page.evaluate("document.activeElement.id") == "act-hint"
    assert page.locator("#stock .count").text_content() == stock
    context.close()


def test_after_a_draw_then_a_hint_enter_plays_the_hint(browser: Browser, base_url: str) -> None:
    """A play-tester pressed D, then H (4♥ from the waste onto 5♥ in deal 781), then Enter: the
    stock, which had the focus from the draw, drew again. The hint takes the focus to its card,
    and Enter there plays it."""
    context = _context(browser, base_url, "laptop")
    page = _open(context, f"{base_url}/game/781?mode=classic")
    page.keyboard.press("d")
    expect(page.locator("[data-stat=moves]")).to_have_text("1")
    page.keyboard.press("h")
    expect(page.locator('[data-pile="W"] .card.hinted')).to_have_count(1)
    _settled(page)
    assert page.evaluate("document.activeElement.closest('[data-pile]').dataset.pile") == "W"
    with page.expect_request(lambda r: r.method == "POST" and "move=W-10" in (r.post_data or "")):
        page.keyboard.press("Enter")
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_finish_cards_buttons_are_in_view(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, size: str
) -> None:
    # At 844×390 a finish card showed half its buttons, with no sign that it scrolls.
    for lang in ("en", "es"):
        context = _context(browser, base_url, size, lang)
        page = _open(context, seed_play(context, base_url, browser_data, NEAR_WIN, 9001 + len(lang), "classic"))
        page.locator("#act-finish").click()
        expect(page.locator("#finish-card .fc-records")).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=screenshots / f"short_finish_won_{size}_{lang}.png")
        buttons = page.locator("#finish-card .fc-actions .btn")
        assert buttons.count() >= 3
        hidden = [i for i in range(buttons.count()) if not _in_view(page, f"#finish-card .fc-actions .btn >> nth={i}")]
        assert hidden == [], (size, lang, hidden)
        context.close()


SMALL_PHONES = {"320x568": {"width": 320, "height": 568}, "375x667": {"width": 375, "height": 667}}


@pytest.mark.parametrize("size", list(SMALL_PHONES))
def test_on_a_small_phone_the_bottom_bar_covers_no_columns_top_card(
    browser: Browser, base_url: str, screenshots: Path, size: str
) -> None:
    """At 320×568 the stock and the buttons took 221 px (267 in Spanish) of the window and lay
    over the second row of columns: compact, every column's top card shows whole above them,
    and a card picked up brings a selection bar that covers no button."""
    for lang in ("en", "es"):
        context = _context(browser, base_url, "phone", lang)
        page = context.new_page()
        page.set_viewport_size(SMALL_PHONES[size])
        page.goto(f"{base_url}/game/2?mode=classic")
        page.wait_for_function("() => window.htmx !== undefined")
        page.screenshot(path=screenshots / f"small_phone_{size}_{lang}.png")
        bar_top = page.locator(".bottom").evaluate("el => el.getBoundingClientRect().top")
        for selector in TOP_CARDS:
            box = page.locator(selector).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= bar_top, (size, lang, selector, box, bar_top)
        hidden = [s for s in CONTROLS if not _in_view(page, s)]
        assert hidden == [], (size, lang, hidden)
        assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONES[size]["width"]
        page.locator(TOP_CARDS[0]).tap()  # deal 2: column 1's top card is picked up, not moved
        expect(page.locator(".selection-bar")).to_be_visible()
        page.screenshot(path=screenshots / f"small_phone_{size}_{lang}_selection.png")
        sel = page.locator(".selection-bar").bounding_box()
        actions = page.locator(".actions").bounding_box()
        assert sel and actions and sel["y"] + sel["height"] <= actions["y"], (size, lang, sel, actions)
        context.close()


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


@pytest.mark.parametrize("size", list(SIZES))
def test_undo_and_redo_sit_side_by_side_with_no_empty_slot_before_them(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, size: str
) -> None:
    # At 844×390 an unseen Finish took the first cell of the two-by-two buttons: Undo sat alone
    # at the top right, Redo began the next row.
    context = _context(browser, base_url, size)
    page = _open(context, f"{base_url}/game/4242")
    page.screenshot(path=screenshots / f"short_actions_{size}.png")
    undo, redo, actions = _box(page, "#act-undo"), _box(page, "#act-redo"), _box(page, ".actions")
    assert undo["y"] == redo["y"] and undo["x"] < redo["x"], (size, undo, redo)
    if size.startswith("sideways"):
        assert undo["x"] == actions["x"] and undo["y"] == actions["y"], (undo, actions)
    # Finish, when offered, comes first and Undo and Redo still share a row.
    page = _open(context, seed_play(context, base_url, browser_data, NEAR_WIN, 9100 + len(size), "classic"))
    page.screenshot(path=screenshots / f"short_actions_finish_{size}.png")
    undo, redo, finish = _box(page, "#act-undo"), _box(page, "#act-redo"), _box(page, "#act-finish")
    assert undo["y"] == redo["y"] and undo["x"] < redo["x"], (size, undo, redo)
    assert finish["y"] <= undo["y"] and _in_view(page, "#act-finish")
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_options_panel_opens_whole_and_readable(browser: Browser, base_url: str, size: str) -> None:
    """At 667×375 the upright phone's panel rules and the side column's met: the panel was 16 px
    wide, its labels spilling over the stock (a play-tester's finding)."""
    context = _context(browser, base_url, size)
    page = _open(context, f"{base_url}/game/19960?mode=classic")
    _tap(page, ".options > summary", size)
    panel = _box(page, ".options-panel")
    width, height = SIZES[size]["width"], SIZES[size]["height"]
    assert panel["width"] >= 180 and panel["x"] >= 0 and panel["x"] + panel["width"] <= width, panel
    assert panel["y"] >= 0 and panel["y"] + panel["height"] <= height, panel
    assert _in_view(page, "#act-auto-safe")
    context.close()
