"""A table that stays still (issue 12, §5): the hint note, a notice, the "still moves on the
table" line, the end banners and the finish card appear without moving a column, a foundation,
the stock or an action button, at phone size (390×844, touch) and on a laptop (1366×768).
Before/after screenshots go to /tmp/still-shots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.engine import CLASSIC, Game, deal

from .conftest import DESKTOP, PHONE

SHOTS = Path("/tmp/still-shots")
SIZES = {"phone": PHONE, "desktop": DESKTOP}
PILES = [str(i) for i in range(1, 11)] + [f"F{i}" for i in range(1, 9)] + ["S"]
BUTTONS = ["act-undo", "act-redo", "act-hint", "act-give-up", "act-restart", "act-new"]
Box = tuple[float, ...]


@pytest.fixture(params=list(SIZES))
def context(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    size = request.param
    ctx = browser.new_context(viewport=SIZES[size], has_touch=size == "phone")
    ctx.size = size  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield ctx
    ctx.close()


def boxes(page: Page, buttons: list[str] = BUTTONS) -> dict[str, Box]:
    """Where every column (x, y, width), foundation, the stock and the action buttons (x, y,
    width, height) are, in page coordinates."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    found: dict[str, Box] = {}
    for name in [f"pile {p}" for p in PILES] + buttons:
        sel = f"#table [data-pile='{name[5:]}']" if name.startswith("pile ") else f"#{name}"
        el = page.locator(sel)
        expect(el).to_have_count(1)
        box = el.evaluate(
            "e => { const r = e.getBoundingClientRect(); return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }"
        )
        if name[5:].isdigit():
            box = box[:3]  # a column's height is its cards (a safe card may go up after a draw)
        found[name] = tuple(round(v, 1) for v in box)  # type: ignore[assignment]
    return found


def moved(before: dict[str, Box], after: dict[str, Box]) -> dict[str, tuple[Box, Box]]:
    """What moved or changed size, with the largest jump (px) first."""
    diff = {k: (before[k], after[k]) for k in before if before[k] != after[k]}
    if diff:
        jump = max(max(abs(a - b) for a, b in zip(x, y, strict=True)) for x, y in diff.values())
        return {"largest jump (px)": jump, **diff}  # type: ignore[dict-item]
    return diff


def shot(page: Page, context: BrowserContext, name: str) -> None:
    page.screenshot(path=SHOTS / f"{context.size}_{name}.png")  # type: ignore[attr-defined]


def open_table(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.htmx !== undefined")


def test_a_hint_moves_nothing(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    open_table(page, f"{base_url}/game/2?mode=classic")
    before = boxes(page)
    shot(page, context, "hint_before")
    page.locator("#act-hint").click()
    expect(page.locator(".hint-note")).to_be_visible()
    after = boxes(page)
    shot(page, context, "hint_after")
    assert moved(before, after) == {}


def test_a_notice_moves_nothing(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    open_table(page, f"{base_url}/game/4242?mode=classic")
    before = boxes(page)
    shot(page, context, "notice_before")
    open_table(page, f"{base_url}/game/4242?mode=classic&notice=stale")
    expect(page.locator(".notice")).to_be_visible()
    after = boxes(page)
    shot(page, context, "notice_after")
    assert moved(before, after) == {}


def test_the_still_moves_line_coming_and_going_moves_nothing(context: BrowserContext, base_url: str) -> None:
    # Deal 31 (Classic) has no column or waste move before the first draw, and one after it;
    # deal 19 has one before and none after.
    for number, shown_first in ((31, False), (19, True)):
        game = Game(deal(number, CLASSIC), CLASSIC)
        assert game.moves_on_table is shown_first
        page = context.new_page()
        open_table(page, f"{base_url}/game/{number}?mode=classic")
        expect(page.locator(".hint-moves")).to_be_visible(visible=shown_first)
        before = boxes(page)
        shot(page, context, f"still_moves_{number}_before")
        page.locator(".stock .card").click()
        expect(page.locator("[data-stat=moves]")).to_have_text("1")
        expect(page.locator(".hint-moves")).to_be_visible(visible=not shown_first)
        after = boxes(page)
        shot(page, context, f"still_moves_{number}_after")
        assert moved(before, after) == {}
        page.close()


def test_giving_up_moves_nothing_behind_the_finish_card(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    open_table(page, f"{base_url}/game/31?mode=classic")
    page.locator(".stock .card").click()
    expect(page.locator("[data-stat=moves]")).to_have_text("1")
    kept = ["act-undo", "act-redo"]
    before = boxes(page, kept)
    shot(page, context, "give_up_before")
    page.locator("#act-give-up").click()
    page.locator("#confirm-yes").click()  # the table's question
    expect(page.locator("#finish-card")).to_be_visible()
    after = boxes(page, kept)
    shot(page, context, "give_up_after")
    assert moved(before, after) == {}
    # folded, the card shows the table and its end banner: still nothing moved
    page.locator("#finish-card summary").click()
    expect(page.locator(".end-banner")).to_be_visible()
    assert moved(before, boxes(page, kept)) == {}
    shot(page, context, "give_up_folded")


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_selection_bar_covers_no_button_the_player_needs(context: BrowserContext, base_url: str) -> None:
    page = context.new_page()
    open_table(page, f"{base_url}/game/2?mode=classic")
    before = boxes(page)
    page.locator("#table [data-pile='1'] .cards > .card").last.click()
    bar = page.locator(".selection-bar:visible")
    expect(bar).to_have_count(1)
    shot(page, context, "selection")
    assert moved(before, boxes(page)) == {}
    bar_box = bar.bounding_box()
    assert bar_box
    for sel in ["#stock", *(f"#{b}" for b in BUTTONS), ".options > summary"]:
        box = page.locator(sel).bounding_box()
        assert box and not overlap(bar_box, box), (sel, box, bar_box)


def test_on_a_laptop_a_column_that_grows_moves_no_other_pile(browser: Browser, base_url: str) -> None:
    """On a laptop the side column (stock, actions) spans the foundations' row and the
    tableau's: a column growing from 4 cards to 5 shrank the foundations' row and lifted every
    column 9 px, and undo put them back (a play-tester's finding). (On a phone the columns
    stand in two rows, and the second starts below the first's longest column.)"""
    context = browser.new_context(viewport=DESKTOP)
    context.size = "desktop"  # type: ignore[attr-defined]
    page = context.new_page()
    open_table(page, f"{base_url}/game/4242?mode=classic")
    before = boxes(page)
    page.locator('#table [data-pile="2"] .cards > [data-card]').last.click()  # 6♦ onto 7♦: column 1 has 5
    page.wait_for_function("() => document.querySelector('[data-stat=moves]').textContent === '1'")
    assert page.locator('#table [data-pile="1"] .cards > [data-card]').count() == 5
    after = boxes(page)
    shot(page, context, "column_grows_after")
    context.close()
    assert moved(before, after) == {}
