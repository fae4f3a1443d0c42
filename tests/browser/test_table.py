"""The table in real Chromium: tap play (seed 001) with htmx and with JavaScript off, the layout
at phone (390×844) and desktop (1366×768) sizes, and screenshots under artifacts/screenshots/.

Deal 2 (Classic) starts with column 1 topped by A♣, which can go up (F7, preferred) or onto
column 10's 2♣; column 3's J♦ has exactly one place (column 9's Q♦), so tapping it moves at once.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

from playwright.sync_api import Browser, Page, expect

from app.engine import CLASSIC, Game, Position
from app.engine.cards import full_pack
from app.services.plays import LoadedPlay
from app.web.templating import templates
from app.web.views.table import build_table, parse_selection

from .conftest import DESKTOP, PHONE

DEAL = 2


def pile(page: Page, name: str) -> list[str]:
    """Card names in a pile, bottom first (from the aria-labels, ``"A♣: pick up"`` → ``"A♣"``)."""
    cards = page.locator(f"#table [data-pile='{name}'] .card")
    return [(cards.nth(i).get_attribute("aria-label") or "").split(":")[0] for i in range(cards.count())]


def top(page: Page, column: int):  # noqa: ANN201 - a Locator
    return page.locator(f"#table [data-pile='{column}'] .cards > .card").last


def places(page: Page, cls: str) -> list[str]:
    found = page.locator(f"#table [data-pile].{cls}")
    return [found.nth(i).get_attribute("data-pile") or "" for i in range(found.count())]


def stat(page: Page, name: str):  # noqa: ANN201 - a Locator
    return page.locator(f"[data-stat={name}]")


def table_state(page: Page) -> dict[str, object]:
    """Everything a player sees on the table except the running clock."""
    names = [f"F{i}" for i in range(1, 9)] + [str(i) for i in range(1, 11)]
    waste = page.locator(".waste .card")
    return {
        "piles": {n: pile(page, n) for n in names},
        "waste": [(waste.nth(i).get_attribute("aria-label") or "").split(":")[0] for i in range(waste.count())],
        "stock": page.locator(".stock .card").get_attribute("aria-label"),
        "stats": [stat(page, s).inner_text() for s in ("moves", "home", "points")],
        "version": page.locator("input[name=version]").get_attribute("value"),
    }


def play_a_few_moves(page: Page, shots: Path | None, *, javascript: bool) -> None:
    """Select A♣ (two lit places, the foundation preferred), move it onto column 10, send J♦
    to its only place with one tap, draw twice from the stock, undo the second draw."""
    expect(page.locator(".hint-moves")).to_have_text("There are still moves on the table")
    top(page, 1).click()
    expect(page.locator(".selection-bar")).to_be_visible()
    # opaque: the footer links it floats over must not show through
    assert page.eval_on_selector(".selection-bar", "e => getComputedStyle(e).backgroundColor").startswith("rgb(")
    assert places(page, "lit") == ["F7", "10"]
    assert places(page, "preferred") == ["F7"]
    expect(top(page, 1)).to_have_class(re.compile(r"\blifted\b"))
    assert ("sel=1" in page.url) is not javascript  # htmx swaps the table; the URL stays clean
    if shots:
        page.screenshot(path=shots / "phone_selection.png")

    # a lit place that is not the preferred one (without JavaScript, its form button)
    page.locator("[data-pile='10']" if javascript else "[data-pile='10'] .drop").click()
    expect(page.locator(".selection-bar:visible")).to_have_count(0)
    expect(stat(page, "moves")).to_have_text("1")
    # The ace went onto 2♣ and, being safe, straight on up (auto-move, no extra move).
    expect(stat(page, "home")).to_have_text("1/104")
    assert pile(page, "1")[-1] == "8♠" and pile(page, "F7") == ["A♣"] and pile(page, "10")[-1] == "2♣"

    top(page, 3).click()  # J♦ has one place only: it goes at once
    expect(stat(page, "moves")).to_have_text("2")
    assert pile(page, "9")[-1] == "J♦" and pile(page, "3")[-1] == "7♠"

    page.locator(".stock .card").click()  # A♠: a safe card, it goes straight up
    expect(page.locator(".stock .card")).to_have_attribute("aria-label", "Stock: draw a card (63 left)")
    expect(stat(page, "moves")).to_have_text("3")
    expect(stat(page, "home")).to_have_text("2/104")
    assert pile(page, "F1") == ["A♠"]
    page.locator(".stock .card").click()  # 10♦ stays on the waste
    expect(page.locator(".waste .card")).to_have_count(1)
    assert (page.locator(".waste .card").get_attribute("aria-label") or "").startswith("10♦")
    expect(stat(page, "moves")).to_have_text("4")

    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".stock .card")).to_have_attribute("aria-label", "Stock: draw a card (63 left)")
    expect(stat(page, "moves")).to_have_text("3")
    expect(page.locator(".waste .card")).to_have_count(0)
    expect(page.get_by_role("button", name="Redo")).to_be_enabled()


def test_tap_play_with_htmx_on_a_phone_survives_a_reload(browser: Browser, base_url: str, screenshots: Path) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    posts: list[tuple[str, str | None, int]] = []
    page.on(
        "response",
        lambda r: (
            posts.append((r.url, r.request.headers.get("hx-request"), r.status)) if r.request.method == "POST" else None
        ),
    )
    start = f"{base_url}/game/{DEAL}?mode=classic"
    page.goto(start)
    page.wait_for_function("() => window.htmx !== undefined")
    page.screenshot(path=screenshots / "phone_table.png")
    page.evaluate("() => { window.__sameDocument = true; }")

    play_a_few_moves(page, screenshots, javascript=True)

    # Every action was an htmx request answered with the fragment, in the same document.
    assert page.evaluate("() => window.__sameDocument") is True
    assert page.url == start
    assert [p[0].rsplit("/", 1)[1] for p in posts] == ["move", "move", "draw", "draw", "undo"]
    assert all(hx == "true" and status == 200 for _, hx, status in posts)

    before = table_state(page)
    page.reload()
    assert table_state(page) == before
    context.close()


def test_tap_play_without_javascript_survives_a_reload(browser: Browser, base_url: str, screenshots: Path) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{base_url}/game/{DEAL}?mode=classic")

    play_a_few_moves(page, None, javascript=False)

    assert page.url == f"{base_url}/game/{DEAL}?mode=classic"  # each POST answered 303 → the game page
    before = table_state(page)
    page.screenshot(path=screenshots / "phone_no_javascript.png")
    page.reload()
    assert table_state(page) == before
    context.close()


def test_phone_layout_two_rows_of_five_and_no_sideways_scroll(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{base_url}/game/3?mode=classic")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    tops = [page.locator(f"[data-pile='{i}']").bounding_box()["y"] for i in range(1, 11)]  # type: ignore[index]
    assert len(set(tops[:5])) == 1 and len(set(tops[5:])) == 1 and tops[5] > tops[0]
    # Foundations above the columns, stock bottom-left.
    assert page.locator("[data-pile='F1']").bounding_box()["y"] < tops[0]  # type: ignore[index]
    stock = page.locator(".stock").bounding_box()
    assert stock and stock["x"] < 20 and stock["y"] > tops[5]
    # The whole starting table fits the screen: every column above the bottom bar, which sits at
    # the window's foot (the links under the table may need a scroll).
    bar = page.locator(".bottom").bounding_box()
    assert bar and bar["y"] + bar["height"] <= PHONE["height"] + 0.5
    columns = [page.locator(f"[data-pile='{i}']").bounding_box() for i in range(6, 11)]
    assert max(c["y"] + c["height"] for c in columns if c) <= bar["y"]
    context.close()


def test_desktop_layout_one_row_of_ten_with_lit_places(browser: Browser, base_url: str, screenshots: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base_url}/game/{DEAL}?mode=classic")
    page.screenshot(path=screenshots / "desktop_table.png")
    tops = {page.locator(f"[data-pile='{i}']").bounding_box()["y"] for i in range(1, 11)}  # type: ignore[index]
    assert len(tops) == 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= DESKTOP["width"]
    assert page.evaluate("() => document.documentElement.scrollHeight") <= DESKTOP["height"]
    top(page, 1).click()
    expect(page.locator(".selection-bar")).to_be_visible()
    # opaque: the footer links it floats over must not show through
    assert page.eval_on_selector(".selection-bar", "e => getComputedStyle(e).backgroundColor").startswith("rgb(")
    assert places(page, "lit") == ["F7", "10"]
    page.screenshot(path=screenshots / "desktop_selection.png")
    # Keyboard: the selected card is a real control with a visible focus ring.
    top(page, 1).focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('[data-pile=\"1\"] .card.lifted')")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")
    context.close()


def _position(columns: list[list[str]]) -> Position:
    """A Classic position with these columns; every other card in the stock."""
    rest = [str(c) for c in full_pack(2)]
    for code in (c for col in columns for c in col):
        rest.remove(code)
    return Position.from_json({"tableau": columns, "foundations": [None] * 8, "waste": [], "stock": rest}, CLASSIC)


def _render(position: Position, sel: str, n: int) -> str:
    """The real game template for a set-up position (as the page route renders it)."""
    row = SimpleNamespace(
        number=7, mode="classic", version=0, hints=0, elapsed_s=0.0, status="playing", last_action_at=datetime.now(UTC)
    )
    play = LoadedPlay(row=row, game=Game(position, CLASSIC))  # type: ignore[arg-type]
    table = build_table(play, parse_selection(sel, n, play))
    return templates.env.get_template("game.html").render(t=table, notice=None, idle_cap_s=60.0)


def _show(page: Page, base_url: str, html: str) -> None:
    url = f"{base_url}/set-up-position"
    page.route(url, lambda route, _request=None: route.fulfill(body=html, content_type="text/html; charset=utf-8"))
    page.goto(url)
    page.unroute(url)


def test_max_at_once_and_a_twenty_card_column_fit_without_sideways_scroll(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    # Seed 001's example: column 3 ends K♦ 9♠ 8♠ 7♠, column 6 ends 10♠, one empty column.
    seed_example = _position(
        [
            ["2H", "5C", "QD", "4H"],
            ["9D", "3C", "8H", "JC"],
            ["4C", "KD", "9S", "8S", "7S"],
            ["6H", "JH", "3D", "KC"],
            ["5D", "2C", "7H", "QS"],
            ["8D", "4D", "6C", "TS"],
            ["9H", "JD", "5H", "3S"],
            ["TH", "QC", "6D", "KH"],
            ["2D", "7C", "JS", "5S"],
            [],
        ]
    )
    spades = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
    long_column = _position(
        [spades + ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H"], *[[c + s for s in "DC"] for c in "A23456789"]]
    )
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        _show(page, base_url, _render(seed_example, "3", 3))
        expect(page.locator(".selection-bar .max")).to_have_text("Max 2 at once")
        assert places(page, "lit") == []  # 10♠ and the empty column stay dark
        page.screenshot(path=screenshots / f"{size}_max_at_once.png")

        _show(page, base_url, _render(long_column, "1", 8))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
        boxes = [page.locator("[data-pile='1'] .card").nth(i).bounding_box() for i in range(20)]
        steps = [b2["y"] - b1["y"] for b1, b2 in zip(boxes, boxes[1:], strict=False)]  # type: ignore[index]
        assert min(steps) >= 15, steps  # every covered corner keeps its rank and suit in view
        page.screenshot(path=screenshots / f"{size}_long_column.png", full_page=True)
        context.close()
