"""The family in real Chromium (issue 16): every variant's table at phone (390×844, touch) and
desktop (1366×768) size, with a screenshot each under artifacts/screenshots/family/; the columns
in two rows on a phone as the row says (9 = 5 + 4 … 13 = 7 + 6) and in one row on a desktop,
every covered corner readable, no sideways scroll; the game menu; axe on /games and on a
13-column table; and play at phone size in Lucas, Indian, Little Forty and Sixty Thieves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.engine import MODES, Game, Move, Rules, deal
from app.engine.rules import FAMILY

from .conftest import DESKTOP, PHONE
from .test_axe import violations

ROWS = {r.name: r for r in FAMILY}
MEASURE = """() => {
  const cols = [...document.querySelectorAll('#table .column')].map(c => c.getBoundingClientRect());
  const peeks = [...document.querySelectorAll('#table .column')].flatMap(c => {
    const cards = [...c.querySelectorAll('.cards > .card')].map(e => e.getBoundingClientRect().top);
    return cards.slice(1).map((t, i) => t - cards[i]);
  });
  const slots = [...document.querySelectorAll('#table .foundation')].map(f => f.getBoundingClientRect());
  return {width: document.documentElement.scrollWidth,
          tops: cols.map(r => Math.round(r.top)),
          right: Math.max(...cols.map(r => r.right), ...slots.map(r => r.right)),
          left: Math.min(...cols.map(r => r.left), ...slots.map(r => r.left)), peek: Math.min(...peeks),
          slotTops: [...new Set(slots.map(r => Math.round(r.top)))].length};
}"""


@pytest.fixture(scope="module")
def shots(screenshots: Path) -> Path:
    folder = screenshots / "family"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_variant_fits_a_phone_in_two_rows(browser: Browser, base_url: str, shots: Path, lang: str) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{base_url}/lang/{lang}?next=/games")
    try:
        for rules in MODES.values():
            page.goto(f"{base_url}/game/21?mode={rules.name}")
            m = page.evaluate(MEASURE)
            page.screenshot(path=shots / f"phone-{lang}-{rules.name}.png")
            first, second = rules.phone_rows
            assert m["width"] <= PHONE["width"], (rules.name, m)
            assert m["left"] >= 0 and m["right"] <= PHONE["width"], (rules.name, m)
            assert len(set(m["tops"][:first])) == 1 and len(set(m["tops"][first:])) == 1, (rules.name, m)
            assert len(m["tops"]) == first + second and m["tops"][first] > m["tops"][0], (rules.name, m)
            assert m["peek"] >= 16, (rules.name, m)  # every covered card's corner stays readable
            assert m["slotTops"] == 1, (rules.name, m)  # the foundations share one row
    finally:
        context.close()


def test_every_variant_fits_a_desktop_in_one_row(browser: Browser, base_url: str, shots: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        for rules in MODES.values():
            page.goto(f"{base_url}/game/21?mode={rules.name}")
            m = page.evaluate(MEASURE)
            page.screenshot(path=shots / f"desktop-{rules.name}.png")
            assert m["width"] <= DESKTOP["width"] and m["right"] <= DESKTOP["width"], (rules.name, m)
            assert len(set(m["tops"])) == 1 and len(m["tops"]) == rules.columns, (rules.name, m)
            assert m["peek"] >= 19.5, (rules.name, m)
            stock = page.locator(".stock").bounding_box()
            assert stock and stock["y"] + stock["height"] <= DESKTOP["height"], rules.name
    finally:
        context.close()


@pytest.mark.parametrize("address", ["21?mode=maria", "4242?mode=classic", "4242?mode=number-ten"])
def test_the_game_menu_opens_without_a_script_and_lists_the_family(
    browser: Browser, base_url: str, shots: Path, address: str
) -> None:
    """Open, the list lies inside the phone's screen wherever the pill stands (a play-tester
    found it hanging off the left edge when the pill wrapped under the title)."""
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{base_url}/game/{address}")
    menu = page.locator("details.mode-menu")
    expect(menu.locator(".mode-list")).to_be_hidden()
    menu.locator("summary").click()
    expect(menu.locator(".mode-list")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = menu.locator(".mode-list").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.screenshot(path=shots / "phone-menu.png")
    links = menu.locator(".mode-list a.mode")
    assert [links.nth(i).inner_text() for i in range(2)] == ["Classic", "Relaxed"]
    assert links.count() == len(MODES)
    menu.get_by_role("link", name="Lucas").click()
    expect(page.locator("#table")).to_have_attribute("data-mode", "lucas")
    expect(page.locator("#table .column")).to_have_count(13)
    context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_games_and_a_thirteen_column_table_have_no_serious_violation(
    browser: Browser, base_url: str, lang: str, size: dict[str, int], shots: Path
) -> None:
    context = browser.new_context(viewport=size)  # type: ignore[arg-type]
    page = context.new_page()
    tag = f"{lang} {size['width']}"
    try:
        page.goto(f"{base_url}/lang/{lang}?next=/games")
        assert page.locator("li.variant").count() == len(MODES)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        page.screenshot(path=shots / f"games-{lang}-{size['width']}.png", full_page=True)
        problems = violations(page, f"games {tag}")
        page.goto(f"{base_url}/game/22?mode=lucas")
        problems += violations(page, f"lucas {tag}")
        page.locator("summary.mode-current").click()
        problems += violations(page, f"lucas menu {tag}")
    finally:
        context.close()
    assert not problems, "\n".join(problems)


# -- play at phone size ---------------------------------------------------------------------


def moves_data(page: Page) -> dict[str, object]:
    return json.loads(page.locator("#table-moves").text_content() or "{}")  # type: ignore[no-any-return]


def moves_made(page: Page) -> int:
    return int(page.locator("[data-stat=moves]").inner_text())


def tap_move(page: Page, move: Move) -> None:
    """Play ``move`` (a column or waste move) by taps: its cards, then (when more than one place
    takes them) the place; waits for the table to count it."""
    before = moves_made(page)
    key = "W" if move.source == 0 else str(move.source)
    cards = page.locator(f"#table [data-pile='{key}'] [data-card]")
    cards.nth(cards.count() - move.count).click()
    places = moves_data(page)["sources"][key][str(move.count)]["t"]  # type: ignore[index]
    if len(places) > 1 or move.count > 1:
        target = next(p for p, m in places.items() if m == str(move))
        page.locator(f"#table [data-pile='{target}']").click()
    expect(page.locator("[data-stat=moves]")).not_to_have_text(str(before))


def settle(page: Page) -> None:
    """Wait until no card is sliding (for a screenshot)."""
    page.wait_for_function("() => document.getAnimations().length === 0")


def draw(page: Page) -> None:
    before = moves_made(page)
    page.locator("#stock").click()
    expect(page.locator("[data-stat=moves]")).not_to_have_text(str(before))


def open_phone(browser: Browser, base_url: str, number: int, mode: str) -> tuple[Page, BrowserContext]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(f"{base_url}/game/{number}?mode={mode}")
    page.wait_for_function("() => window.htmx !== undefined")
    return page, context


def first_column_move(rules: Rules, number: int) -> Move:
    """A legal move from a column of the deal (the engine says)."""
    game = Game(deal(number, rules), rules)
    return next(m for m in game.legal_moves() if m.action == "move" and m.source != 0)


def line_that_turns_a_card(rules: Rules, depth: int = 3) -> tuple[int, list[Move]]:
    """A deal and its first line of column moves (at most ``depth``) whose last move turns a
    face-down card face up, found by the engine (deals 1, 2, … tried in turn)."""
    for number in range(1, 200):
        frontier: list[tuple[Game, list[Move]]] = [(Game(deal(number, rules), rules), [])]
        for _ in range(depth):
            grown = []
            for game, line in frontier:
                for move in game.legal_moves():
                    if move.action != "move" or move.source == 0:
                        continue
                    after = game.clone()
                    step = after.play(move)
                    if sum(step.position.face_down) < sum(game.position.face_down):
                        return number, [*line, move]
                    grown.append((after, [*line, move]))
            frontier = grown[:400]
    raise AssertionError("no deal turns a face-down card within reach")


def test_lucas_deals_its_aces_home_and_plays_on_a_phone(browser: Browser, base_url: str, shots: Path) -> None:
    rules = ROWS["lucas"]
    page, context = open_phone(browser, base_url, 31, "lucas")
    try:
        expect(page.locator("#table .column")).to_have_count(13)
        aces = [page.locator(f"#table [data-pile='F{i}'] [data-card]").get_attribute("data-card") for i in range(1, 9)]
        assert aces == ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]
        expect(page.locator("[data-stat=home]")).to_have_text("8/104")
        tap_move(page, first_column_move(rules, 31))
        draw(page)
        expect(page.locator(".waste [data-card]")).not_to_have_count(0)
        settle(page)
        page.screenshot(path=shots / "play-lucas.png")
    finally:
        context.close()


def test_indian_turns_a_face_down_card_when_a_move_uncovers_it(browser: Browser, base_url: str, shots: Path) -> None:
    rules = ROWS["indian"]
    number, line = line_that_turns_a_card(rules)
    page, context = open_phone(browser, base_url, number, "indian")
    try:
        backs = page.locator("#table .column [data-card='back']")
        expect(backs).to_have_count(rules.columns * rules.face_down)
        source = line[-1].source
        for move in line:
            tap_move(page, move)
        expect(backs).to_have_count(rules.columns * rules.face_down - 1)
        column = page.locator(f"#table [data-pile='{source}'] .cards > [data-card]")
        assert column.last.get_attribute("data-card") != "back"  # its new top card shows its face
        expect(page.locator("#announce")).to_contain_text("turned face up")
        settle(page)
        page.screenshot(path=shots / "play-indian.png")
    finally:
        context.close()


def test_little_forty_draws_three_cards_at_a_time(browser: Browser, base_url: str, shots: Path) -> None:
    rules = ROWS["little-forty"]
    page, context = open_phone(browser, base_url, 41, "little-forty")
    try:
        stock = page.locator("#stock")
        expect(stock).to_have_attribute("aria-label", f"Stock: draw 3 cards ({rules.stock_size} left)")
        draw(page)
        expect(stock).to_have_attribute("aria-label", f"Stock: draw 3 cards ({rules.stock_size - 3} left)")
        expect(page.locator(".waste [data-card]")).to_have_count(3)
        page.wait_for_function(  # the live region names the three cards drawn
            "() => (document.querySelector('#announce').textContent.match(/[♠♥♦♣]/g) || []).length >= 3"
        )
        expect(page.locator(".redeals")).to_have_text("3 redeals left")
        tap_move(page, first_column_move(rules, 41))
        settle(page)
        page.screenshot(path=shots / "play-little-forty.png")
    finally:
        context.close()


def test_sixty_thieves_plays_on_twelve_foundations(browser: Browser, base_url: str, shots: Path) -> None:
    rules = ROWS["sixty-thieves"]
    page, context = open_phone(browser, base_url, 61, "sixty-thieves")
    try:
        expect(page.locator("#table .foundation")).to_have_count(12)
        expect(page.locator("[data-stat=home]")).to_have_text("0/156")
        tap_move(page, first_column_move(rules, 61))
        draw(page)
        expect(page.locator("#stock")).to_have_attribute(
            "aria-label", f"Stock: draw a card ({rules.stock_size - 1} left)"
        )
        settle(page)
        page.screenshot(path=shots / "play-sixty-thieves.png")
    finally:
        context.close()


def test_the_keyboard_reaches_columns_11_to_13_and_enter_sends_to_the_lit_place_reached(
    browser: Browser, base_url: str
) -> None:
    """Lucas 103: ``3`` lifts 2♥ (lit: a foundation, preferred, and columns 4 and 13); the arrows
    reach column 4 and Enter sends it there (the move ``3-4``), not to the foundation. Shift+1
    lifts column 11."""
    rules = ROWS["lucas"]
    assert {"3-F", "3-4", "3-13"} <= {str(m) for m in Game(deal(103, rules), rules).legal_moves()}
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    page = context.new_page()
    try:
        page.goto(f"{base_url}/game/103?mode=lucas")
        page.locator("#table").click(position={"x": 5, "y": 5})
        page.keyboard.press("3")
        expect(page.locator("#table [data-pile='3'] .lifted")).to_have_count(1)
        for _ in range(6):
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(100)
            if page.evaluate("document.activeElement.closest('[data-pile]')?.dataset.pile") == "4":
                break
        assert page.evaluate("document.activeElement.closest('[data-pile]')?.dataset.pile") == "4"
        # The move sent is the check: "Move safe cards up" (on) then takes 2♥ home from column 4,
        # so the table the answer brings looks as if it had gone up at once.
        with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/move")) as sent:
            page.keyboard.press("Enter")
        assert "move=3-4" in (sent.value.post_data or "")
        expect(page.locator("#table").first).to_have_attribute("data-version", "1")
        page.keyboard.press("Shift+Digit1")
        expect(page.locator("#table [data-pile='11'] .lifted")).to_have_count(1)
    finally:
        context.close()


def test_a_held_d_draws_on_but_never_redeals(browser: Browser, base_url: str) -> None:
    """Holding D ran past the empty stock into a redeal in Little Forty and Three Passes (a
    play-tester's finding): a held key draws, a fresh press redeals."""
    rules = ROWS["little-forty"]
    page, context = open_phone(browser, base_url, 43, "little-forty")
    try:
        draws = -(-rules.stock_size // rules.draw)
        for version in range(draws - 1):  # all but the last draw, by the table's own form
            r = page.request.post(f"{base_url}/game/43/draw", form={"mode": "little-forty", "version": str(version)})
            assert r.ok
        page.reload()
        page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
        posts: list[str] = []
        page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
        page.locator("header h1").click()
        page.keyboard.down("d")  # the last draw
        expect(page.locator("#table .pile.stock .redeal")).to_be_visible()
        for _ in range(3):
            page.keyboard.down("d")  # held: auto-repeat
        page.keyboard.up("d")
        page.wait_for_timeout(500)
        assert [p.rsplit("/", 1)[-1] for p in posts] == ["draw"]
        expect(page.locator(".redeals")).to_have_text("3 redeals left")
        page.keyboard.press("d")  # a fresh press: the redeal
        expect(page.locator(".redeals")).to_have_text("2 redeals left")
    finally:
        context.close()
