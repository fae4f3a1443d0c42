"""QA polish in real Chromium: the preferred place's arrow passes taps to the place under it,
every page fits 390 px in Spanish without sideways scroll, the selection bar keeps its ▲/▼ at
full tap size when its note wraps, and the finish card is the one place with the way on while it
is open (with and without JavaScript). Screenshots under artifacts/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.engine import CLASSIC, Game, deal
from app.services import records
from app.web.hint_seal import HintSeal

from .conftest import DESKTOP, PHONE
from .test_finish_share import win_by_the_line
from .test_table import pile, top

HINT_6_5 = HintSeal("live-test-secret").seal_for(6, "classic", 0, "6-5", "line")
"""Deal 6's hint 6-5 as POST …/hint seals it for a fresh play (the live server's secret)."""


def arrow_centre(page: Page, pile_name: str) -> tuple[float, float]:
    """Where the preferred place's arrow is drawn (the centre of the foundation, or of the
    column's top card), after checking the arrow is really there."""
    column = not pile_name.startswith("F")
    target = top(page, int(pile_name)) if column else page.locator(f"#table [data-pile='{pile_name}']")
    arrow = target.evaluate("el => getComputedStyle(el, '::after').content")
    assert arrow == '"▼"', arrow
    box = target.bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def click_the_arrow(page: Page, pile_name: str, *, tap: bool = False) -> None:
    """Click (or tap) exactly where the arrow is; the move must happen."""
    expect(page.locator(f"#table [data-pile='{pile_name}'].preferred")).to_have_count(1)
    x, y = arrow_centre(page, pile_name)
    moves = page.locator("[data-stat=moves]").inner_text()
    if tap:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    expect(page.locator("[data-stat=moves]")).not_to_have_text(moves)


def test_clicking_the_preferred_arrow_makes_the_move(browser: Browser, base_url: str, screenshots: Path) -> None:
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport, has_touch=size == "phone")
        page = context.new_page()
        # Deal 2: A♣ on column 1 may go up (F7, preferred) or onto column 10's 2♣.
        page.goto(f"{base_url}/game/2?mode=classic")
        page.wait_for_function("() => window.htmx !== undefined")
        top(page, 1).click()
        page.screenshot(path=screenshots / f"{size}_preferred_arrow.png")
        click_the_arrow(page, "F7", tap=size == "phone")
        assert pile(page, "F7") == ["A♣"]
        expect(page.locator(".selection-bar:visible")).to_have_count(0)
        context.close()

    # Deal 6: column 6's top card has two columns to go to; the leftmost (1) is preferred.
    game = Game(deal(6, CLASSIC), CLASSIC)
    assert sorted(str(m) for m in game.legal_moves() if m.action == "move" and m.source == 6) == ["6-1", "6-5"]
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{base_url}/game/6?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    moving = pile(page, "6")[-1]
    top(page, 6).click()
    click_the_arrow(page, "1")
    assert pile(page, "1")[-1] == moving
    context.close()


def test_tapping_the_hinted_card_prefers_the_hints_destination(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    # Deal 6 again, with the hint 6-5 shown (the address a hint leads to without JavaScript):
    # picking up the hinted card keeps the hint, and column 5, not 1, is the preferred place.
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{base_url}/game/6?mode=classic&hint={HINT_6_5}")
    page.wait_for_function("() => window.htmx !== undefined")
    moving = pile(page, "6")[-1]
    top(page, 6).tap()
    expect(page.locator("#table [data-pile='5'].preferred")).to_have_count(1)
    expect(page.locator("#table")).to_contain_text("This move keeps a win within reach.")
    page.screenshot(path=screenshots / "phone_hinted_pick_up.png")
    click_the_arrow(page, "5", tap=True)
    assert pile(page, "5")[-1] == moving
    context.close()


def _spanish(browser: Browser, base_url: str, **options: object) -> BrowserContext:
    context = browser.new_context(viewport=PHONE, **options)  # type: ignore[arg-type]
    context.add_cookies([{"name": "ft_lang", "value": "es", "url": base_url}])
    return context


def _width(page: Page) -> int:
    return int(page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"))


def test_every_page_fits_a_phone_in_spanish_without_sideways_scroll(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    context = _spanish(browser, base_url)
    page = context.new_page()
    number = 31
    page.goto(f"{base_url}/game/{number}?mode=classic")
    # The longest display name, one word: every page that shows it wraps or shortens it.
    name = "W" * records.NAME_MAX
    r = page.request.post(f"{base_url}/me/name", form={"name": name}, max_redirects=0)
    assert r.status == 303
    page.locator(".stock .card").click()  # a play in progress: the give-up page asks
    expect(page.locator("[data-stat=moves]")).to_have_text("1")
    widths: dict[str, int] = {}

    def measure(name: str, path: str) -> None:
        page.goto(base_url + path)
        widths[name] = _width(page)
        page.screenshot(path=screenshots / f"fit_phone_es_{name.replace(' ', '_')}.png", full_page=True)

    measure("table", f"/game/{number}?mode=classic")
    measure("give-up", f"/game/{number}/give-up?mode=classic")
    expect(page.locator("main p").first).to_contain_text("1 jugada hasta ahora")  # the singular
    measure("records", f"/game/{number}/records?mode=classic")
    measure("stats", "/stats?mode=classic")
    measure("unknown challenge", "/s/AAAAAAAAAAAA")
    measure("bad game number", "/game/0")
    page.goto(f"{base_url}/game/{number}/give-up?mode=classic")
    page.locator("#confirm-give-up").click()
    expect(page.locator("#finish-card")).to_be_visible()
    widths["finish card"] = _width(page)
    measure("analysis", f"/game/{number}/analysis?mode=classic")
    r = page.request.post(f"{base_url}/s", form={"number": str(number), "mode": "classic"}, max_redirects=0)
    assert r.status == 303
    measure("challenge sharer", r.headers["location"])
    friend = _spanish(browser, base_url)
    other = friend.new_page()
    other.goto(base_url + r.headers["location"])
    widths["challenge"] = _width(other)
    expect(other.locator("h1")).to_have_text(f"Un reto de {name}")
    expect(other.locator("meta[property='og:description']")).to_have_attribute(
        "content", f"{name} te reta: se rindió con 0 de 104 cartas en las bases. ¿Puedes hacerlo mejor?"
    )
    other.screenshot(path=screenshots / "fit_phone_es_challenge.png", full_page=True)
    friend.close()
    context.close()
    assert widths == dict.fromkeys(widths, PHONE["width"]), widths


def test_selection_bar_keeps_full_size_steps_when_its_note_wraps(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    # Deal 2: a top card with no place to go, so the bar says "Ningún sitio la admite".
    game = Game(deal(2, CLASSIC), CLASSIC)
    stuck = next(c for c in range(1, 11) if not any(m.source == c for m in game.legal_moves() if m.action == "move"))
    context = _spanish(browser, base_url)
    page = context.new_page()
    page.goto(f"{base_url}/game/2?mode=classic")
    page.wait_for_function("() => window.htmx !== undefined")
    top(page, stuck).click()
    bar = page.locator(".selection-bar")
    expect(bar.locator(".max")).to_have_text("Ningún sitio la admite")
    page.screenshot(path=screenshots / "phone_es_selection_bar.png")
    box = bar.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    steps = bar.locator(".step")
    expect(steps).to_have_count(2)
    for i in range(2):
        b = steps.nth(i).bounding_box()
        assert b and b["width"] >= 40 and b["height"] >= 40, b
        # One card of one: both disabled, and they look it (faint, hollow, dashed).
        look = steps.nth(i).evaluate(
            "el => [el.matches('.disabled'), +getComputedStyle(el).opacity, getComputedStyle(el).borderTopStyle]"
        )
        assert look[0] is True and look[1] <= 0.5 and look[2] == "dashed", look
    for cls in ("sel-size", "cancel"):
        assert (bar.locator(f".{cls}").bounding_box() or {}).get("width", 0) >= 40
    context.close()


def visible(page: Page, role: str, name: str) -> int:
    found = page.get_by_role(role, name=name, exact=True)  # type: ignore[arg-type]
    return sum(found.nth(i).is_visible() for i in range(found.count()))


def test_the_open_finish_card_is_the_one_place_with_the_way_on(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    win_by_the_line(page, base_url)
    url = page.url
    no_js = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    no_js.add_cookies(context.cookies())
    for p in (page, no_js.new_page()):
        p.goto(url)
        expect(p.locator("#finish-card")).to_have_attribute("open", "")
        expect(p.locator(".end-banner")).to_be_hidden()
        assert visible(p, "link", "New game") == 1
        assert visible(p, "button", "Play this deal again") == 1
        assert visible(p, "button", "Restart this deal") == 0
        p.screenshot(path=screenshots / f"desktop_finish_card_{'js' if p is page else 'no_js'}.png")
        # Folded, the card shows the final table with its banner, and still one of each.
        p.locator("#finish-card summary").click()
        expect(p.locator(".end-banner")).to_be_visible()
        assert visible(p, "link", "New game") == 1
        assert visible(p, "button", "Play this deal again") == 1
        p.screenshot(path=screenshots / f"desktop_finish_card_folded_{'js' if p is page else 'no_js'}.png")
    no_js.close()
    context.close()


def test_with_a_card_picked_up_every_link_of_the_page_can_be_scrolled_clear_of_the_bar(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    # Two play-testers: on a phone, with cards picked up, the floating selection bar covered the
    # footer's links (Records, EN/ES) at the bottom of the page, with no way to scroll them clear.
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{base_url}/game/6?mode=classic&hint={HINT_6_5}")
    page.wait_for_function("() => window.htmx !== undefined")
    top(page, 6).tap()
    bar = page.locator(".selection-bar")
    expect(bar).to_be_visible()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => innerHeight + scrollY >= document.documentElement.scrollHeight - 1")
    page.screenshot(path=screenshots / "phone_selection_bar_page_end.png")
    bar_box = bar.bounding_box()
    assert bar_box
    links = page.locator("footer a")
    assert links.count() >= 2
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        clear = box and (box["y"] >= bar_box["y"] + bar_box["height"] or box["y"] + box["height"] <= bar_box["y"])
        assert clear, (links.nth(i).inner_text(), box, bar_box)
    context.close()


LENGTHEN = """(n) => {
  // column 1 made n cards long from copies of its own cards: what the stylesheet does with a
  // long column is what is measured (a played game reaches 9-13 cards only after many moves)
  const col = document.querySelector('.column[data-pile="1"]');
  const cards = col.querySelector('.cards');
  while (cards.querySelectorAll('.card').length < n) {
    cards.insertBefore(cards.firstElementChild.cloneNode(true), cards.firstChild);
  }
  col.style.setProperty('--count', n);
  col.style.setProperty('--over', n - 1);
  const shown = col.querySelectorAll('.card');
  return {peek: shown[1].getBoundingClientRect().top - shown[0].getBoundingClientRect().top,
          stock: document.querySelector('.stock-row').getBoundingClientRect().bottom,
          actions: document.querySelector('.actions').getBoundingClientRect().bottom,
          card_w: shown[0].getBoundingClientRect().width};
}"""


def test_a_long_column_leaves_the_stock_and_actions_in_view_on_a_laptop(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    # A 1366x768 laptop leaves about 650 px to the page; a play-tester found a column of 9+
    # cards pushed the stock and the buttons below the fold.
    for height, length in ((650, 9), (768, 13), (900, 17)):
        context = browser.new_context(viewport={"width": 1366, "height": height})
        page = context.new_page()
        page.goto(f"{base_url}/game/1471?mode=classic")
        fit = page.evaluate(LENGTHEN, length)
        page.screenshot(path=screenshots / f"laptop_{height}_column_of_{length}.png")
        assert fit["stock"] <= height and fit["actions"] <= height, (height, length, fit)
        assert fit["peek"] >= 19.5, fit  # every covered card's corner stays readable
        # as wide as the window allows beside the side column of the stock and the actions
        assert abs(fit["card_w"] - (min(96, (1366 - 72 - 270 - 9 * 14) / 10) if height > 820 else 84)) < 0.5
        context.close()


def test_a_notice_is_said_once_and_leaves_the_address(browser: Browser, base_url: str) -> None:
    # Notices stayed in the address: a reload or a bookmark said "There is no such mode" again.
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.goto(f"{base_url}/game/4242?mode=zzqx")
    expect(page.locator(".notice")).to_contain_text("There is no such mode")
    page.wait_for_function("() => !location.search.includes('notice')")
    assert page.url.endswith("/game/4242?mode=classic")
    page.reload()
    expect(page.locator(".table-form")).to_be_visible()
    expect(page.locator(".notice", has_text="There is no such mode")).to_have_count(0)
    context.close()


def test_every_column_is_in_view_at_tablet_and_small_window_widths(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    # At 601-1100 px the ten columns of 96 px cards were wider than the window: on a tablet held
    # upright (768 px) columns 1, 9 and 10 were cut off at the edges.
    for width, height in ((601, 960), (700, 1000), (768, 1024), (1024, 768), (1366, 768)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(f"{base_url}/game/1471?mode=classic")
        edges = page.evaluate("""() => [...document.querySelectorAll('#table .column')].map(c => {
            const b = c.getBoundingClientRect(); return [b.left, b.right]; })""")
        page.screenshot(path=screenshots / f"width_{width}_table.png")
        assert len(edges) == 10
        assert all(left >= 0 and right <= width for left, right in edges), (width, edges)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        context.close()


def test_tapping_an_unknown_verdict_says_what_it_means(browser: Browser, base_url: str, screenshots: Path) -> None:
    # The meaning of "not yet known" / "undecided" was a hover tooltip: never seen on a phone.
    for js in (True, False):
        context = browser.new_context(viewport=PHONE, has_touch=True, java_script_enabled=js)
        page = context.new_page()
        page.goto(f"{base_url}/game/77?mode=classic")  # no win found in 10 s: never "winnable" here
        note = page.locator("#solver-note")
        expect(note).to_be_hidden()
        page.locator(".solvable").tap()
        expect(note).to_be_visible()
        expect(note).to_contain_text("solver")
        page.screenshot(path=screenshots / f"phone_solver_note_{'js' if js else 'no_js'}.png")
        context.close()


def test_the_phone_top_bar_keeps_one_line_whatever_the_verdict_says(browser: Browser, base_url: str) -> None:
    """A play-tester saw the table jump 24 px on a phone when "not yet known" became "winnable":
    the longer badge had pushed the game menu onto a line of its own. The unknown verdict is a
    "?" there (its words kept for screen readers), and the menu shares the title's line."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    tops = {}
    for number, badge in ((2, "winnable"), (77, "?")):
        page.goto(f"{base_url}/game/{number}?mode=classic")
        expect(page.locator(".title .solvable")).to_have_text(re.compile(re.escape(badge)))
        title, menu = page.locator(".title").bounding_box(), page.locator(".mode-menu summary").bounding_box()
        assert title and menu and abs((title["y"] + title["height"] / 2) - (menu["y"] + menu["height"] / 2)) < 8
        tops[number] = page.locator(".tableau").bounding_box()["y"]  # type: ignore[index]
    assert tops[2] == tops[77], tops
    # a screen reader hears the words, not the "?"
    expect(page.get_by_role("button", name=re.compile(r"^(not yet known|undecided)$"))).to_be_visible()
    context.close()


def test_on_a_320_px_phone_in_spanish_the_name_gives_way_and_the_verdict_is_whole(
    browser: Browser, base_url: str
) -> None:
    """ "con solución" lost its last letters to an ellipsis at 360 px (the name and the badge
    shrank together, the badge by a pixel); the name alone gives way, down to 320 px."""
    for width in (360, 320):
        context = browser.new_context(
            viewport={"width": width, "height": 740},
            has_touch=True,
            locale="es",
            extra_http_headers={"Accept-Language": "es"},
        )
        page = context.new_page()
        page.goto(f"{base_url}/game/684138?mode=relaxed")  # a winnable deal of the shipped pool
        badge = page.locator(".title .solvable")
        expect(badge).to_have_text(re.compile("con solución"))
        whole = page.evaluate(
            "[...document.querySelectorAll('.title .solvable, .game-no')].map(e => e.scrollWidth <= e.clientWidth)"
        )
        assert whole == [True, True], width
        assert page.evaluate("document.documentElement.scrollWidth") == width
        context.close()


def test_a_phone_held_sideways_shows_every_corner_whole_with_twelve_columns(browser: Browser, base_url: str) -> None:
    """A play-tester saw the suit of "10♣" cut by the card's edge in Sixty Thieves at 844×390."""
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)
    page = context.new_page()
    for mode in ("sixty-thieves", "lucas"):
        page.goto(f"{base_url}/game/1?mode={mode}")
        cut = page.evaluate(
            """Array.from(document.querySelectorAll('.tableau .card .corner:not(.corner-end)'))
              .filter(c => c.getBoundingClientRect().right > c.closest('.card').getBoundingClientRect().right - 1)
              .map(c => c.textContent.trim())"""
        )
        assert cut == [], (mode, cut)
    context.close()
