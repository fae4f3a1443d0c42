"""Issue 17: a long column never hides the stock and the action buttons, the phone's selection bar
leaves the stock clear and says "Ningún sitio las admite" on one line, and the Options menu
closes on a tap outside, on Escape and on its own button, which it never covers.

The long columns are real plays stored for a visitor (tests/browser/seed.py): column 1 holds
16 (or 20) cards, its last twelve the run K♦ … 2♦ that Relaxed builds. Screenshots in English and
Spanish at 390×844 (touch), 1366×768 and 1366×650 go to artifacts/screenshots/long_*.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .seed import seed_play

SIZES = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1366, "height": 768},
    "short": {"width": 1366, "height": 650},
}
REST = (
    "2:AD 4C KC 4S | 3:6D KD 7S JD | 4:JC 2S 4H TC | 5:2H KS 8C 7D | 6:QC 6H 9D QH | 7:5D 4S 7C 6C"
    " | 8:3H 9S KS 9H | 9:7S 6H KC QD | 10:AS 8H 9C 2C | F:- - - - - - - - | W:- | S:* | R:1"
)
RUN = "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
COLUMNS = {16: f"1:TH AC 8S AC {RUN} | {REST}", 20: f"1:TH AC 8S AC 5C 9C 3H {RUN} AD | {REST}"}
"""Column 1 of 16 or 20 cards; no column top is a 4♦ and none is empty, so 3♦ 2♦ have no place."""
CONTROLS = [
    "#stock",
    "#act-undo",
    "#act-redo",
    "#act-hint",
    "#act-give-up",
    "#act-restart",
    "#act-new",
    ".options > summary",
]


def _context(browser: Browser, size: str, *, js: bool = True) -> BrowserContext:
    phone = size == "phone"
    return browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone, java_script_enabled=js)


def _open(context: BrowserContext, base_url: str, data: Path, cards: int, lang: str = "en") -> Page:
    context.add_cookies([{"name": "ft_lang", "value": lang, "url": base_url}])
    url = seed_play(context, base_url, data, COLUMNS[cards], 317)
    page = context.new_page()
    page.goto(url)
    expect(page.locator("#table [data-pile='1'] .cards > .card")).to_have_count(cards)
    return page


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box, selector
    return box


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def _in_view(page: Page, selector: str) -> bool:
    """The control is inside the window and the topmost thing at its centre (nothing sits on it)."""
    return bool(
        page.locator(selector).evaluate(
            """el => { const r = el.getBoundingClientRect();
              if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return !!hit && (el === hit || el.contains(hit)); }"""
        )
    )


def _steps(page: Page) -> list[float]:
    """The visible strip of each covered card of column 1 (px)."""
    tops: list[float] = page.locator("#table [data-pile='1'] .cards > .card").evaluate_all(
        "cards => cards.map(c => c.getBoundingClientRect().top)"
    )
    return [b - a for a, b in zip(tops, tops[1:], strict=False)]


@pytest.mark.parametrize("js", [True, False], ids=["js", "no_js"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_long_column_leaves_the_stock_and_the_buttons_in_view(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, size: str, js: bool
) -> None:
    # A play-tester's 14-card column pushed the stock and every button below the fold.
    for lang in ("en", "es"):
        for cards in (16, 20):
            context = _context(browser, size, js=js)
            page = _open(context, base_url, browser_data, cards, lang)
            if cards == 16:
                page.screenshot(path=screenshots / f"long_{size}_{lang}_{cards}_{'js' if js else 'no_js'}.png")
            hidden = [s for s in CONTROLS if not _in_view(page, s)]
            assert hidden == [], (size, lang, cards, hidden)
            assert min(_steps(page)) >= 16, _steps(page)  # every covered corner keeps its rank and suit
            assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
            # the whole column can still be scrolled into view, its top card clear of the bar
            page.locator("#table [data-pile='1'] .cards > .card").last.scroll_into_view_if_needed()
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            assert _in_view(page, "#table [data-pile='1'] .cards > .card:last-child")
            context.close()


@pytest.mark.parametrize("js", [True, False], ids=["js", "no_js"])
def test_the_phones_selection_bar_leaves_the_stock_clear_and_its_note_on_one_line(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, js: bool
) -> None:
    for lang, note in (("es", "Ningún sitio las admite"), ("en", "No place takes them")):
        context = _context(browser, "phone", js=js)
        page = _open(context, base_url, browser_data, 16, lang)
        before = {s: _box(page, s) for s in CONTROLS}
        three = page.locator("#table [data-pile='1'] .cards > .card").nth(14)  # 3♦: 3♦ 2♦ picked up
        if js:
            page.wait_for_function("() => window.htmx !== undefined")
            three.tap(position={"x": 20, "y": 8})  # on its corner, the strip in view
        else:
            three.click(position={"x": 20, "y": 8})
        bar = page.locator(".selection-bar:visible")
        expect(bar.locator(".max")).to_have_text(note)
        page.screenshot(path=screenshots / f"long_phone_{lang}_selection_{'js' if js else 'no_js'}.png")
        assert {s: _box(page, s) for s in CONTROLS} == before  # the bar moves nothing
        bar_box = _box(page, ".selection-bar:visible")
        for s in CONTROLS:
            assert not _overlap(bar_box, _box(page, s)), (s, bar_box)
        assert _in_view(page, ".selection-bar:visible .cancel")
        lines = bar.locator(".max").evaluate(
            "el => { const r = document.createRange(); r.selectNodeContents(el);"
            " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"
        )
        assert lines == 1, lines
        for step in (".step >> nth=0", ".step >> nth=1", ".cancel"):
            b = bar.locator(step).bounding_box()
            assert b and b["width"] >= 40 and b["height"] >= 40, (step, b)
        context.close()


def _tap(page: Page, selector: str, phone: bool) -> None:
    if phone:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


@pytest.mark.parametrize("size", ["phone", "laptop", "short"])
def test_the_options_menu_closes_outside_on_escape_and_on_its_button(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, size: str
) -> None:
    phone = size == "phone"
    for lang in ("en", "es"):
        context = _context(browser, size)
        page = _open(context, base_url, browser_data, 16, lang)
        page.wait_for_function("() => window.htmx !== undefined")
        menu = page.locator("details.options[open]")
        summary = ".options > summary"

        _tap(page, summary, phone)
        expect(menu).to_have_count(1)
        page.screenshot(path=screenshots / f"long_{size}_{lang}_menu_open.png")
        panel = _box(page, ".options-panel")
        for s in CONTROLS:  # the open menu covers neither its button nor the stock and the actions
            assert not _overlap(panel, _box(page, s)), (s, panel)
        assert _in_view(page, summary)
        assert all(_in_view(page, f".options-panel > :nth-child({i + 1})") for i in range(5))
        _tap(page, summary, phone)  # its button closes it
        expect(menu).to_have_count(0)

        _tap(page, summary, phone)
        expect(menu).to_have_count(1)
        page.keyboard.press("Tab")  # into the menu: its first switch
        assert page.evaluate("() => document.activeElement.matches('.options-panel > :first-child')")
        page.keyboard.press("Escape")  # Escape closes it, and the focus is back on its button
        expect(menu).to_have_count(0)
        assert page.evaluate("() => document.activeElement.matches('.options > summary')")

        for outside in ("#table [data-pile='2'] .cards > .card >> nth=-1", "header h1"):
            _tap(page, summary, phone)
            expect(menu).to_have_count(1)
            _tap(page, outside, phone)  # a tap outside closes it (a card tap does its own work too)
            expect(menu).to_have_count(0)
            if page.locator(".selection-bar:visible").count():
                page.keyboard.press("Escape")
        context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_without_javascript_the_options_menu_opens_and_closes_on_its_button(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, size: str
) -> None:
    context = _context(browser, size, js=False)
    page = _open(context, base_url, browser_data, 16, "es")
    page.locator(".options > summary").click()
    expect(page.locator("details.options[open]")).to_have_count(1)
    page.screenshot(path=screenshots / f"long_{size}_es_menu_open_no_js.png")
    assert _in_view(page, ".options > summary")
    page.locator(".options > summary").click()
    expect(page.locator("details.options[open]")).to_have_count(0)
    context.close()


@pytest.mark.parametrize("js", [True, False], ids=["js", "no_js"])
def test_a_card_lifted_from_the_waste_stays_in_view_beside_the_selection_bar(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, js: bool
) -> None:
    # The bar lies over the waste when a column's cards are picked up; a waste card picked up is
    # played by a second tap on it, so then the bar keeps to the notes beside it.
    context = _context(browser, "phone", js=js)
    context.add_cookies([{"name": "ft_lang", "value": "es", "url": base_url}])
    page = context.new_page()
    page.goto(
        seed_play(context, base_url, browser_data, REST.replace("2:", "1:TH AC 8S AC | 2:").replace("W:-", "W:9D"), 318)
    )
    if js:
        page.wait_for_function("() => window.htmx !== undefined")
    page.locator("#table .waste .card").last.click()  # 9♦: no place takes it
    expect(page.locator(".selection-bar:visible .max")).to_have_text("Ningún sitio la admite")
    page.screenshot(path=screenshots / f"long_phone_es_waste_selection_{'js' if js else 'no_js'}.png")
    assert _in_view(page, "#table .waste .card.lifted")
    bar_box = _box(page, ".selection-bar:visible")
    for s in [*CONTROLS, "#table .waste .card.lifted"]:
        assert not _overlap(bar_box, _box(page, s)), (s, bar_box)
    assert _in_view(page, ".selection-bar:visible .cancel")
    context.close()
