"""The table at the speed of a tap (issue 12), in real Chromium at phone size with touch and at
desktop size with a mouse: selection with no request, drag and drop, double-click, keyboard
play with focus kept off the body, the slide of a moved card and none with reduced motion."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.engine import CLASSIC, Position
from tests.service.test_hints import stuck_table
from tests.web.test_dead_end_slot import DEAD_END_TOPS

from .conftest import DESKTOP, PHONE
from .latency import one_round, slow_network
from .seed import seed_play

DEAL = 4242  # column 2's 6♦ goes onto column 1's 7♦, column 3's A♦ goes home


@pytest.fixture(params=["phone", "desktop"])
def context(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    if request.param == "phone":
        ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    else:
        ctx = browser.new_context(viewport=DESKTOP)
    yield ctx
    ctx.close()


def _open(context: BrowserContext, base_url: str, number: int = DEAL) -> tuple[Page, list[str]]:
    """The table of deal ``number`` and the list of the POSTs it sends from now on."""
    page = context.new_page()
    page.goto(f"{base_url}/game/{number}")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    return page, posts


def _moves(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.locator("#table-moves").text_content() or "{}")
    return data


def _counter(page: Page) -> str:
    return page.locator('[data-stat="moves"]').text_content() or ""


def _wait_counter(page: Page, value: str) -> None:
    page.wait_for_function(f"() => document.querySelector('[data-stat=moves]').textContent === '{value}'", timeout=5000)


def _top(page: Page, pile: str) -> Any:
    return page.locator(f'#table [data-pile="{pile}"] .cards > [data-card]').last


def test_selecting_stepping_and_cancelling_send_no_request(context: BrowserContext, base_url: str) -> None:
    page, posts = _open(context, base_url)
    page.keyboard.press("2")  # a lone card with one place: the keyboard lifts it, it does not move
    assert page.locator("#table [data-pile].lit").count() == 1
    assert page.locator('#table [data-pile="1"]').get_attribute("class") == "column lit preferred"
    assert page.locator(".js-selection-bar").is_visible()
    assert page.locator(".js-selection-bar .step").first.is_disabled()  # ▲: the run is one card
    page.locator(".js-selection-bar .cancel").click()
    assert page.locator("#table .lit, #table .lifted").count() == 0
    assert not page.locator(".js-selection-bar").is_visible()
    _top(page, "5").click()  # 5♣ has no place: lifted, nothing lit, nothing sent
    assert page.locator("#table .lifted").count() == 1 and page.locator("#table [data-pile].lit").count() == 0
    page.locator("header").click()
    assert page.locator("#table .lifted").count() == 0
    assert posts == []


def test_a_tap_on_a_lit_place_moves_there(context: BrowserContext, base_url: str) -> None:
    page, posts = _open(context, base_url)
    page.keyboard.press("2")
    page.locator('#table [data-pile="1"]').click()
    _wait_counter(page, "1")
    assert (
        len(posts) == 1 and page.locator('#table [data-pile="1"] [data-card]').last.get_attribute("data-card") == "6D"
    )


def _drag(page: Page, source: Any, to: dict[str, float]) -> None:
    box = source.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 12, box["y"] + box["height"] / 2 + 12, steps=3)
    page.mouse.move(to["x"] + to["width"] / 2, to["y"] + 40, steps=8)
    page.mouse.up()


def test_drag_onto_a_lit_column_moves_and_onto_a_dark_place_sends_nothing(
    context: BrowserContext, base_url: str
) -> None:
    page, posts = _open(context, base_url)
    _drag(page, _top(page, "2"), page.locator('#table [data-pile="5"]').bounding_box())
    page.wait_for_timeout(400)  # the slide back
    assert posts == [] and _counter(page) == "0"
    assert page.locator(".drag-ghost").count() == 0 and page.locator("#table .dragging").count() == 0
    _drag(page, _top(page, "2"), page.locator('#table [data-pile="1"]').bounding_box())
    _wait_counter(page, "1")
    assert len(posts) == 1


def test_a_touch_drag_moves_and_does_not_scroll(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page, posts = _open(ctx, base_url)
    cdp = ctx.new_cdp_session(page)
    start, end = _top(page, "2").bounding_box(), page.locator('#table [data-pile="1"]').bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + 40

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for i in range(1, 11):
        touch("touchMove", x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10)
    assert page.evaluate("window.scrollY") == 0
    touch("touchEnd", x1, y1)
    _wait_counter(page, "1")
    assert len(posts) == 1
    ctx.close()


def test_a_double_click_sends_a_card_home_despite_latency(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    page.route("**/game/*/move", lambda route: (page.wait_for_timeout(300), route.continue_()))
    ace = _top(page, "3")
    assert ace.get_attribute("data-card") == "AD"
    page.keyboard.press("2")  # something else lifted first: the double-click still sends the ace
    ace.dblclick()
    # shown at once, before the answer; then the answer confirms it
    assert page.locator('#table [data-pile="F5"] [data-card]').count() == 1
    _wait_counter(page, "1")
    assert len(posts) == 1 and page.locator('#table [data-pile="F5"] [data-card]').get_attribute("data-card") == "AD"
    ctx.close()


def test_keyboard_play_keeps_focus_off_the_body(context: BrowserContext, base_url: str) -> None:
    page, posts = _open(context, base_url)
    page.locator("header h1").click()
    page.keyboard.press("d")
    _wait_counter(page, "1")
    page.wait_for_function("() => document.activeElement.id === 'stock'", timeout=3000)  # once settled
    target = next(
        (src, dst)
        for src, counts in _moves(page)["sources"].items()
        if src != "W"
        for dst in counts["1"]["t"]
        if not dst.startswith("F")
    )
    page.keyboard.press("0" if target[0] == "10" else target[0])
    page.keyboard.press("0" if target[1] == "10" else target[1])
    _wait_counter(page, "2")
    page.wait_for_function(
        f"() => document.querySelector('[data-pile=\"{target[1]}\"]').contains(document.activeElement)", timeout=3000
    )
    page.keyboard.press("u")
    _wait_counter(page, "1")
    page.wait_for_timeout(100)  # settled
    assert page.evaluate("document.activeElement !== document.body")
    assert len(posts) == 3


def test_a_hint_that_lights_the_focused_foundation_keeps_the_focus_on_it(browser: Browser, base_url: str) -> None:
    """Deal 1405: 5 then F sends A♥ up, the focus on its foundation; H's hint (2♥ to that
    foundation, or another) answered with a new foundation, and the focus fell to the body (a
    keyboard player's finding)."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url, 1405)
    page.locator("header h1").click()
    page.keyboard.press("5")
    page.keyboard.press("f")
    _wait_counter(page, "1")
    page.wait_for_function("() => document.activeElement.closest('[data-pile]')?.dataset.pile?.startsWith('F')")
    pile = page.evaluate("document.activeElement.closest('[data-pile]')?.dataset.pile")
    page.keyboard.press("h")
    page.wait_for_function("() => document.querySelector('#table .hinted') !== null", timeout=5000)
    page.wait_for_function(  # once the answer has settled
        f"() => document.activeElement.closest('[data-pile]')?.dataset.pile === {pile!r}", timeout=3000
    )
    ctx.close()


def test_space_on_a_focused_card_link_picks_it_up(browser: Browser, base_url: str) -> None:
    """The keys' help says Space presses a focused card: it did so for a card that is a move
    button, but a card that is a link ("K♦: pick up") did nothing."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    card = page.locator("#table .column a[data-card]").first
    card.focus()
    page.keyboard.press(" ")
    expect(page.locator("#table .lifted").last).to_have_attribute("data-card", card.get_attribute("data-card") or "")
    assert posts == []
    ctx.close()


def test_a_moved_card_slides_and_reduced_motion_turns_it_off(browser: Browser, base_url: str) -> None:
    """The moved card is seen, in the frame after the tap, at a transform that is not its own
    place (measured in the page, so a busy machine's slow driver does not miss it), and with
    reduced motion it never is."""
    watch = """() => document.addEventListener('click', () => requestAnimationFrame(() => {
        const card = document.querySelector('#table [data-card="6D"]');
        window.__probe = [getComputedStyle(card).transform, document.getAnimations().length];
    }), true)"""
    for reduce, expect_motion in (("no-preference", True), ("reduce", False)):
        ctx = browser.new_context(viewport=DESKTOP, reduced_motion=reduce)
        page, _ = _open(ctx, base_url)
        page.evaluate(watch)
        page.keyboard.press("2")
        page.wait_for_selector('#table [data-pile="1"].lit')
        page.locator('#table [data-pile="1"]').click()
        page.wait_for_function("() => window.__probe !== undefined")
        transform, animations = page.evaluate("window.__probe")
        assert (transform != "none" and animations > 0) is expect_motion, (reduce, transform, animations)
        _wait_counter(page, "1")
        page.wait_for_timeout(50)
        if not expect_motion:
            assert page.evaluate("document.getAnimations().length") == 0
        ctx.close()


def test_after_a_keyboard_move_the_focus_is_on_the_moved_card_in_view(browser: Browser, base_url: str) -> None:
    """Deal 785: 5 then Enter moves Q♦ onto K♦ in column 1. The focus went to K♦, the pile's
    first card, which rose over the Q♦ on it (a play-tester saw a blank K♦); it goes to Q♦."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, _ = _open(ctx, base_url, 785)
    page.keyboard.press("5")
    page.keyboard.press("Enter")
    _wait_counter(page, "1")
    assert _top(page, "1").get_attribute("data-card") == "QD"
    page.wait_for_timeout(300)  # the slide
    seen = page.evaluate(
        """(() => {
          const a = document.activeElement, r = a.getBoundingClientRect();
          const under = document.elementFromPoint(r.x + r.width / 2, r.y + r.height - 8);
          return [a.dataset.card, under && under.closest("[data-card]").dataset.card];
        })()"""
    )
    assert seen == ["QD", "QD"]
    ctx.close()


def test_question_mark_opens_the_keyboard_help_and_escape_closes_it(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    page.keyboard.press("?")
    help_panel = page.locator("#keyboard-help")
    assert help_panel.is_visible() and "Draw a card from the stock" in (help_panel.text_content() or "")
    for key in ("d", "2", "u", "h"):  # keys of the table play nothing under the open dialog
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert help_panel.is_visible() and posts == []
    page.keyboard.press("?")  # and "?" closes it, as it opened it
    assert not help_panel.is_visible()
    page.keyboard.press("?")
    page.keyboard.press("Escape")
    assert not help_panel.is_visible() and posts == []
    ctx.close()


def test_the_keyboard_help_opens_at_its_top_with_the_focus_on_its_heading(
    browser: Browser, base_url: str, screenshots: Path
) -> None:
    """At 1366x768 the keys' list was taller than the dialog: it opens at its top, its
    "Keyboard" heading in view and focused (not the Close button at its foot, scrolled to); in
    two columns now, the whole list and Close fit the window (a play-tester scrolled to Close)."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, _ = _open(ctx, base_url)
    page.keyboard.press("?")
    help_panel = page.locator("#keyboard-help")
    assert help_panel.is_visible()
    page.wait_for_timeout(100)
    assert page.evaluate("document.getElementById('keyboard-help').scrollTop") == 0
    heading, dialog = page.locator("#keyboard-help-title").bounding_box(), help_panel.bounding_box()
    assert heading and dialog and heading["y"] >= dialog["y"]
    assert page.evaluate("document.activeElement.id") == "keyboard-help-title"
    close = page.locator("#keyboard-help form .btn").bounding_box()
    assert close and close["y"] + close["height"] <= dialog["y"] + dialog["height"] <= DESKTOP["height"]
    assert page.evaluate("(d => d.scrollHeight <= d.clientHeight)(document.getElementById('keyboard-help'))")
    page.screenshot(path=screenshots / "keyboard_help_desktop_en.png")
    page.keyboard.press("Escape")
    assert not help_panel.is_visible()
    ctx.close()


def test_with_150_ms_of_latency_places_light_and_cards_move_within_50_ms(browser: Browser, base_url: str) -> None:
    taps, drops = [], []
    for _ in range(5):
        ctx = browser.new_context(viewport=DESKTOP)
        page = ctx.new_page()
        slow_network(ctx, page, 150)
        tap, drop = one_round(page, base_url)
        taps.append(tap)
        drops.append(drop)
        ctx.close()
    taps.sort()
    drops.sort()
    assert taps[2] < 50 and drops[2] < 50, (taps, drops)  # the medians; the network is not waited for


def test_a_double_tap_sends_a_card_home_despite_latency(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{base_url}/game/2")  # column 1's A♣ has two places: a foundation (preferred) and column 10
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.route("**/game/*/move", lambda route: (page.wait_for_timeout(300), route.continue_()))
    ace = _top(page, "1")
    assert ace.get_attribute("data-card") == "AC"
    box = ace.bounding_box()
    assert box
    for _ in range(2):
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    _wait_counter(page, "1")
    assert len(posts) == 1
    assert page.locator('#table [data-pile="F7"] [data-card]').get_attribute("data-card") == "AC"
    ctx.close()


def test_actions_during_a_request_wait_for_it_and_are_sent_once_each(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    page.route("**/game/*/draw", lambda route: (page.wait_for_timeout(300), route.continue_()))
    page.locator("header h1").click()
    page.keyboard.press("d")
    page.keyboard.press("d")  # while the first draw is on its way: queued, not lost
    _wait_counter(page, "2")
    page.wait_for_timeout(400)
    assert len(posts) == 2 and _counter(page) == "2"
    ctx.close()


def test_taps_on_cards_shown_before_the_answer_wait_for_it_and_every_pile_stays(
    browser: Browser, base_url: str
) -> None:
    """With 600 ms of latency, a move, Undo at once, then taps on the source's and the target's
    top cards: the tap on the card shown at once (not in the page's moves yet) followed its
    link, a request of its own that raced the undo, and most piles vanished (a play-tester's
    finding). Now it waits for the answers, no other request goes, and every pile stays."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url, 800)
    page.goto(f"{base_url}/game/800?mode=lucas")  # 13 columns: column 1's top card onto column 11
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    gets: list[str] = []
    page.on("request", lambda r: gets.append(r.url) if r.method == "GET" and "/game/" in r.url else None)
    source, target = next(
        (src, dest)
        for src, counts in _moves(page)["sources"].items()
        if src != "W"
        for dest in counts.get("1", {}).get("t", {})
        if not dest.startswith("F")
    )
    piles = page.locator("#table [data-pile]").count()
    slow_network(ctx, page, 600)
    a, b = _top(page, source).bounding_box(), _top(page, target).bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + 8)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 10, a["y"] + 20, steps=2)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=4)
    page.mouse.up()  # the move, shown at once
    page.keyboard.press("u")  # queued
    _top(page, source).click(force=True)  # force: not waiting for the slide to end
    _top(page, target).click(force=True)  # the card just moved there: not in the page's moves yet
    _wait_counter(page, "0")  # moved, then undone
    page.wait_for_function("() => document.querySelector('#table').dataset.version === '2'", timeout=10000)
    page.wait_for_timeout(1500)
    assert [p.split("/")[-1] for p in posts] == ["move", "undo"] and not [g for g in gets if "dead-end" not in g]
    assert page.locator("#table [data-pile]").count() == piles
    assert page.locator('#table [id^="pile-"]:not([data-pile])').count() == 0  # no stand-in left empty
    ctx.close()


def test_the_options_menu_closes_on_a_tap_outside_it(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page, posts = _open(ctx, base_url)
    page.locator(".options > summary").tap()
    assert page.locator("details.options[open]").count() == 1
    page.locator("header h1").tap()
    assert page.locator("details.options[open]").count() == 0 and posts == []
    ctx.close()


def test_the_options_panel_open_when_an_answer_comes_stays_open(browser: Browser, base_url: str) -> None:
    """A play-tester opened Options while a move was on its way: the answer closed the panel,
    and the tap meant for a toggle landed on the table and moved a card."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page, posts = _open(ctx, base_url)
    page.route("**/game/*/draw", lambda route: (page.wait_for_timeout(400), route.continue_()))
    page.locator("#stock").tap()
    page.locator(".options > summary").tap()
    _wait_counter(page, "1")
    page.wait_for_timeout(200)  # settled
    expect(page.locator("details.options[open]")).to_have_count(1)
    page.locator("#act-deck-four").tap()  # a toggle's own answer closes it, as before
    expect(page.locator("#table.deck-four")).to_have_count(1)
    expect(page.locator("details.options[open]")).to_have_count(0)
    assert [p.rsplit("/", 1)[-1] for p in posts] == ["draw", "four"]
    ctx.close()


def test_give_up_confirmed_while_a_move_is_on_its_way_goes_after_it(browser: Browser, base_url: str) -> None:
    """A play-tester's Give up, confirmed while a move's answer was on its way, went nowhere."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    page.locator("#stock").click()
    _wait_counter(page, "1")
    page.route("**/game/*/draw", lambda route: (page.wait_for_timeout(500), route.continue_()))
    page.locator("#stock").click()
    page.locator("#act-give-up").click()
    page.locator("#confirm-yes").click()
    expect(page.locator("#finish-card .fc-headline")).to_have_text("You gave up", timeout=5000)
    assert [p.rsplit("/", 1)[-1] for p in posts] == ["draw", "draw", "resign"]
    expect(page).to_have_url(f"{base_url}/game/{DEAL}/card?mode=classic")
    ctx.close()


def test_a_reload_drops_what_waits_for_the_answer_on_its_way(browser: Browser, base_url: str) -> None:
    """Two quick taps on the stock, then a reload: the second draw, queued, was sent after the
    reload had started; the server took it, the reloaded page did not show it (a play-tester's
    finding). Leaving the page drops what waits."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    page.locator("#stock").click()
    _wait_counter(page, "1")
    slow_network(ctx, page, 900)
    page.locator("#stock").click()
    page.wait_for_timeout(50)
    page.locator("#stock").click()  # waits for the first draw's answer
    page.wait_for_timeout(100)
    page.reload(wait_until="commit")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'", timeout=15000)
    page.wait_for_timeout(3000)
    shown = page.locator("#stock .count").text_content()
    page.reload()
    assert page.locator("#stock .count").text_content() == shown  # what it showed is what the server has
    ctx.close()


def _touch_tap(cdp: Any, x: float, y: float) -> None:
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_fast_taps_on_the_stock_only_draw(browser: Browser, base_url: str) -> None:
    """A play-tester's six quick taps on the stock also played two waste cards: the drawn card,
    sliding from the stock, took the next tap. Each tap is a draw, none is lost."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page, posts = _open(ctx, base_url, 2903)
    cdp = ctx.new_cdp_session(page)
    box = page.locator("#stock").bounding_box()
    assert box
    for _ in range(6):
        _touch_tap(cdp, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(50)
    _wait_counter(page, "6")
    page.wait_for_timeout(500)
    assert all(url.endswith("/draw") for url in posts) and len(posts) == 6
    assert page.locator("#stock .count").text_content() == "58"
    ctx.close()


def test_a_tap_on_the_waste_under_a_card_still_sliding_in_takes_the_top_card(browser: Browser, base_url: str) -> None:
    """A quick "draw, then play it": the card just drawn was still sliding in, so the tap landed
    on the waste card below it and picked nothing up (a play-tester's finding). Only the top
    card plays, so a tap anywhere on the waste means it."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page, posts = _open(ctx, base_url, 555)
    for drawn in range(1, 12):
        page.locator("#stock").click()
        _wait_counter(page, str(drawn))
        if drawn >= 2 and "W" in _moves(page)["sources"]:
            break
    waste = page.locator('#table [data-pile="W"] [data-card]')
    top = waste.last.get_attribute("data-card")
    sent = len(posts)
    waste.nth(waste.count() - 2).dispatch_event("click")  # where a tap lands during the slide
    moved = page.locator("#table .lifted").count() == 0
    if moved:  # a lone card with one place goes there at once
        _wait_counter(page, str(drawn + 1))
        assert len(posts) == sent + 1
    else:
        expect(page.locator("#table .lifted")).to_have_attribute("data-card", top or "")
    ctx.close()


def test_a_double_click_on_a_card_that_moves_at_once_moves_only_it(browser: Browser, base_url: str) -> None:
    """The second click of a double-click on a lone card (it moves at once) must not pick up,
    nor move, the card it uncovered."""
    for touch in (False, True):
        ctx = browser.new_context(viewport=PHONE if touch else DESKTOP, has_touch=touch, is_mobile=touch)
        page, posts = _open(ctx, base_url, 2903)
        card = _top(page, "2")
        assert card.get_attribute("data-card") == "AD"
        box = card.bounding_box()
        assert box
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if touch:
            cdp = ctx.new_cdp_session(page)
            _touch_tap(cdp, x, y)
            page.wait_for_timeout(120)
            _touch_tap(cdp, x, y)
        else:
            page.mouse.dblclick(x, y)
        _wait_counter(page, "1")
        page.wait_for_timeout(500)
        assert len(posts) == 1 and _counter(page) == "1", touch
        assert page.locator("#table .lifted").count() == 0, touch
        ctx.close()


def test_a_slow_double_tap_on_an_ace_over_its_two_moves_only_the_ace(browser: Browser, base_url: str) -> None:
    """Deal 1340: column 7 ends 2♣, A♣. A double-tap (or double-click) on A♣, its two taps
    300 ms apart as a thumb makes them, sends A♣ home and nothing more: neither the second tap
    nor the double-tap after it moves the 2♣ it uncovered (a play-tester's phone moved both)."""
    for touch in (False, True):
        ctx = browser.new_context(viewport=PHONE if touch else DESKTOP, has_touch=touch, is_mobile=touch)
        page, posts = _open(ctx, base_url, 1340)
        cards = page.locator('#table [data-pile="7"] .cards > [data-card]')
        assert [cards.nth(-2).get_attribute("data-card"), cards.last.get_attribute("data-card")] == ["2C", "AC"]
        box = cards.last.bounding_box()
        assert box
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if touch:
            cdp = ctx.new_cdp_session(page)
            _touch_tap(cdp, x, y)
            page.wait_for_timeout(300)
            _touch_tap(cdp, x, y)
        else:
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.up()
            page.wait_for_timeout(400)
            page.mouse.down(click_count=2)
            page.mouse.up(click_count=2)
        _wait_counter(page, "1")
        page.wait_for_timeout(800)
        assert len(posts) == 1 and _counter(page) == "1", touch
        assert _top(page, "7").get_attribute("data-card") == "2C", touch
        ctx.close()


def test_a_server_out_of_reach_is_said_and_the_move_shown_is_taken_back(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page, _ = _open(ctx, base_url)
    page.route("**/game/*/move", lambda route: route.abort("connectionrefused"))
    page.keyboard.press("2")
    page.wait_for_selector('#table [data-pile="1"].lit')
    page.locator('#table [data-pile="1"]').click()
    page.wait_for_selector("#offline-note")
    assert "could not be reached" in (page.locator("#offline-note").text_content() or "")
    assert _top(page, "2").get_attribute("data-card") == "6D"  # back where the server has it
    assert _counter(page) == "0"
    page.locator("#offline-note").click()  # a tap puts it away: it covered the top bar for good
    expect(page.locator("#offline-note")).to_have_count(0)
    page.locator('#table [data-pile="1"]').click()  # put down
    page.keyboard.press("2")
    page.wait_for_selector('#table [data-pile="1"].lit')
    page.locator('#table [data-pile="1"]').click()
    page.wait_for_selector("#offline-note")
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the connection is back
    expect(page.locator("#offline-note")).to_have_count(0)
    page.unroute("**/game/*/move")
    page.keyboard.press("2")
    page.wait_for_selector('#table [data-pile="1"].lit')
    page.locator('#table [data-pile="1"]').click()
    _wait_counter(page, "1")
    assert page.locator("#offline-note").count() == 0
    ctx.close()


def _focused_pile(page: Page) -> str | None:
    """The data-pile of the pile holding the focus, or None (the body, anything else)."""
    found: str | None = page.evaluate(
        "() => { const p = document.activeElement.closest('#table [data-pile]'); return p && p.dataset.pile; }"
    )
    return found


def test_a_key_that_picks_a_pile_up_puts_the_focus_on_it(browser: Browser, base_url: str) -> None:
    """Picked up by its key (nothing focused before), the pile holds the focus on the element a
    Tab lands on, so the arrow keys go on from there: → reaches the next column, not column 1."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("5")  # 5♣: picked up, no place takes it
    assert page.locator('#table [data-pile="5"] .lifted').count() == 1
    assert _focused_pile(page) == "5"
    assert page.evaluate(
        "document.activeElement === document.querySelector('#table [data-pile=\"5\"]').querySelector('a, button')"
    )
    page.keyboard.press("ArrowRight")
    assert _focused_pile(page) == "6"
    page.keyboard.press("Escape")
    page.keyboard.press("d")
    _wait_counter(page, "1")
    page.wait_for_function("() => document.activeElement.id === 'stock'", timeout=3000)
    page.keyboard.press("w")
    assert page.locator('#table [data-pile="W"] .lifted').count() == 1
    assert _focused_pile(page) == "W"
    assert len(posts) == 1
    ctx.close()


_TAP_LABELS = """() => Object.fromEntries(Array.from(document.querySelectorAll('#table [data-pile].lit'))
    .map((p) => [p.dataset.pile, Array.from(p.querySelectorAll('a[data-card], button[data-card]'))
        .map((c) => c.getAttribute('aria-label'))]))"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_while_carrying_a_lit_places_card_is_named_for_the_move_as_without_a_script(
    browser: Browser, base_url: str, lang: str
) -> None:
    """A card of a lit place sends the carried cards there when tapped: its accessible name says
    so in the words of the lit place without a script (?sel=…), and Cancel gives its name back."""
    plain = browser.new_context(viewport=DESKTOP, java_script_enabled=False, locale=lang)
    plain.add_cookies([{"name": "ft_lang", "value": lang, "url": base_url}])
    page = plain.new_page()
    page.goto(f"{base_url}/game/{DEAL}?sel=2&n=1")
    server = {
        d.evaluate("e => e.closest('[data-pile]').dataset.pile"): d.get_attribute("aria-label")
        for d in page.locator("#table .drop").all()
    }
    plain.close()
    assert server == {"1": "Move to column 1 (preferred)" if lang == "en" else "Mover a la columna 1 (preferida)"}
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_cookies([{"name": "ft_lang", "value": lang, "url": base_url}])
    page, posts = _open(ctx, base_url)
    before = page.locator('#table [data-pile="1"] .cards > [data-card]').last.get_attribute("aria-label")
    assert before == ("7♦: pick up" if lang == "en" else "7♦: coger")
    page.keyboard.press("2")
    assert page.evaluate(_TAP_LABELS) == {key: [label] for key, label in server.items()}
    page.keyboard.press("Escape")
    assert page.locator('#table [data-pile="1"] .cards > [data-card]').last.get_attribute("aria-label") == before
    assert posts == []
    ctx.close()


EMPTY_COLUMN_ONE = (
    "1:- | 2:AD 4C KC 4S | 3:6D KD 7S JD | 4:JC 2S 4H TC | 5:2H KS 8C 7D | 6:QC 6H 9D QH | 7:5D 4S 7C 6C"
    " | 8:3H 9S KS 9H | 9:7S 6H KC QD | 10:AS 8H 9C 2C | F:- - - - - - - - | W:- | S:* | R:0"
)
"""Column 1 empty; column 2's 4♠ has one place, that column (no 5♠ is a column's top)."""


def test_while_carrying_an_empty_lit_column_is_named_for_the_move_as_without_a_script(
    browser: Browser, base_url: str, browser_data: Path
) -> None:
    """An empty lit column has no card to name: the keys focus the column itself, so it takes
    the words of its button without a script, and Escape gives it its own name back."""
    ctx = browser.new_context(viewport=DESKTOP)
    url = seed_play(ctx, base_url, browser_data, EMPTY_COLUMN_ONE, 319, "classic")
    plain = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    plain.add_cookies(ctx.cookies())
    page = plain.new_page()
    page.goto(f"{url}&sel=2&n=1")
    server = page.locator('#table [data-pile="1"] .drop').get_attribute("aria-label")
    plain.close()
    assert server == "Move to column 1 (preferred)"
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    column = page.locator('#table [data-pile="1"]')
    own = column.get_attribute("aria-label")
    assert own and own != server
    page.keyboard.press("2")
    assert page.locator("#table [data-pile].lit").count() == 1
    page.keyboard.press("ArrowLeft")
    assert _focused_pile(page) == "1"
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == server
    page.keyboard.press("Escape")
    assert column.get_attribute("aria-label") == own
    ctx.close()


def test_a_card_lifted_before_hint_or_draw_is_put_down_by_the_answer(context: BrowserContext, base_url: str) -> None:
    """The selection bar lies over the waste on a phone: a lifted card kept across Hint's answer
    hid the waste card the hint named (a play-tester's finding)."""
    page, posts = _open(context, base_url)
    _top(page, "5").click()  # 5♣ has no place: lifted, the bar up
    assert page.locator(".js-selection-bar").is_visible()
    page.locator("#act-hint").click()
    page.wait_for_function("() => document.querySelector('#table .card.hinted') !== null", timeout=5000)
    page.wait_for_timeout(100)
    assert page.locator("#table .lifted").count() == 0
    assert not page.locator(".js-selection-bar").is_visible()
    hinted = page.locator("#table .card.hinted").first
    box = hinted.bounding_box()
    assert box
    seen = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('[data-card]')?.dataset.card",
        [box["x"] + box["width"] / 2, box["y"] + 12],
    )
    assert seen == hinted.get_attribute("data-card")
    _top(page, "5").click()  # lifted again, then a draw: its answer puts it down too
    page.keyboard.press("d")
    _wait_counter(page, "1")
    page.wait_for_timeout(100)
    assert page.locator("#table .lifted").count() == 0 and not page.locator(".js-selection-bar").is_visible()
    assert len(posts) == 2


def test_lifting_cards_other_than_the_hinted_ones_drops_the_hint(context: BrowserContext, base_url: str) -> None:
    """As without a script, where the address keeps a hint only while its cards are picked up:
    the glow pointed away from the cards carried (a play-tester's finding)."""
    page, posts = _open(context, base_url)
    page.locator("#act-hint").click()
    page.wait_for_function("() => document.querySelector('#table .card.hinted') !== null", timeout=5000)
    source = page.locator("#table .card.hinted").first.evaluate("c => c.closest('[data-pile]').dataset.pile")
    assert source != "5"
    _top(page, "5").click()  # 5♣ has no place: lifted, and the hint goes
    expect(page.locator("#table .lifted")).to_have_count(1)
    expect(page.locator("#table .hinted")).to_have_count(0)
    expect(page.locator("#table .hint-note")).to_have_count(0)
    assert len(posts) == 1


def test_f_with_a_card_no_foundation_takes_says_so_and_sends_nothing(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    assert _top(page, "5").get_attribute("data-card") == "5C"  # no club is up yet
    page.locator("header h1").click()
    page.keyboard.press("5")
    page.keyboard.press("f")
    assert page.locator("#announce").text_content() == "No foundation takes it now"
    assert page.locator(".js-selection-bar .max").text_content() == "No foundation takes it now"
    assert page.locator("#table .lifted").count() == 1 and posts == []
    ctx.close()


def test_a_card_lifted_by_a_key_is_announced_and_named_for_a_tap_on_it(browser: Browser, base_url: str) -> None:
    """A screen reader hears what was picked up and the bar's note, and the lifted card's name
    says what a tap on it does, as the page without a script names it (a play-tester heard
    nothing and read "5♣: pick up" on a lifted card)."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    page.locator("header h1").click()
    page.keyboard.press("5")  # 5♣: no place takes it
    assert page.locator("#announce").text_content() == "Picked up: 5♣. No place takes it"
    assert _top(page, "5").get_attribute("aria-label") == "5♣: put down"
    page.keyboard.press("2")  # 6♦: onto 7♦ in column 1, its one place
    assert page.locator("#announce").text_content() == "Picked up: 6♦"
    assert _top(page, "2").get_attribute("aria-label") == "6♦: move to column 1 (preferred)"  # lower case, as the rest
    page.keyboard.press("Escape")
    assert _top(page, "2").get_attribute("aria-label") == "6♦: move onto 7♦ in column 1"  # its own name back
    assert page.locator("#announce").text_content() == "Put down: 6♦"  # not "Picked up: 6♦" still
    page.keyboard.press("5")
    page.locator(".js-selection-bar .cancel").click()
    assert page.locator("#announce").text_content() == "Put down: 5♣"
    assert posts == []
    ctx.close()


def test_a_hint_is_heard_whole_with_its_reason_each_part_a_sentence(browser: Browser, base_url: str) -> None:
    """The live region said the hint note's own text, "Hint: A♣ to its foundation (from column
    1) This move keeps a win within reach.", with no stop between the move and its reason (a
    play-tester's finding): it says the answer's words, each part a sentence."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url, 2)
    page.locator("header h1").click()
    page.keyboard.press("h")
    note = page.locator("#table .hint-note")
    expect(note).to_have_count(1)
    move = note.locator("strong").text_content() or ""
    assert move == "Hint: A♣ to its foundation (from column 1)"
    # its reason: a win within reach, or the best guess when the solver (800 ms) is slow here
    reason = (note.text_content() or "").replace(move, "", 1).strip()
    assert reason.endswith(".") and reason[0].isupper(), reason
    expect(page.locator("#announce")).to_have_text(f"{move}. {reason}")  # said once the answer settles
    assert len(posts) == 1
    ctx.close()


def _keydown(page: Page, key: str, code: str, shift: bool = False) -> None:
    """A key as a keyboard of another layout sends it (Playwright types a US keyboard's)."""
    page.evaluate(
        "([key, code, shiftKey]) => document.activeElement.dispatchEvent("
        "new KeyboardEvent('keydown', {key, code, shiftKey, bubbles: true, cancelable: true}))",
        [key, code, shift],
    )


def test_the_column_keys_go_by_the_keys_place_so_an_azerty_keyboard_plays_too(browser: Browser, base_url: str) -> None:
    """On an AZERTY keyboard the digits' row types "&", "é", "(" … unshifted and the digits with
    Shift: the column keys did nothing there, and Shift+1 lifted column 1 where it meant 11."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, posts = _open(ctx, base_url)
    page.locator("header h1").click()
    _keydown(page, "(", "Digit5")  # AZERTY's 5 key, unshifted
    assert page.locator("#table [data-pile='5'] .lifted").count() == 1
    page.keyboard.press("Escape")
    _keydown(page, "2", "Digit2", shift=True)  # with Shift: no column 12 here, so column 2
    assert page.locator("#table [data-pile='2'] .lifted").count() == 1
    page.keyboard.press("Escape")
    _keydown(page, "5", "Numpad5")  # the keypad
    assert page.locator("#table [data-pile='5'] .lifted").count() == 1
    assert posts == []
    ctx.close()


def test_on_a_phone_the_stock_and_buttons_stay_put_at_the_foot_of_the_window(browser: Browser, base_url: str) -> None:
    """The bottom bar sat just under the tableau and moved down each time a column grew (Hint
    20 px after one move, a play-tester's finding): it sits at the window's foot from the start,
    and the first row keeps room for its columns to grow."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page, posts = _open(ctx, base_url)
    before = [page.locator(s).bounding_box() for s in ("#stock", "#act-hint", "#table [data-pile='6']")]
    foot = page.locator(".bottom").evaluate("el => el.getBoundingClientRect().bottom")
    assert abs(foot - PHONE["height"]) <= 1, foot
    page.locator("#table [data-pile='2'] .cards > :last-child").tap()  # 6♦ onto 7♦: column 1 grows
    _wait_counter(page, "1")
    assert page.locator("#table [data-pile='1'] [data-card]").count() == 5
    # nor does the second row of columns (it went 24 px down as column 1 grew to 5 cards)
    assert [page.locator(s).bounding_box() for s in ("#stock", "#act-hint", "#table [data-pile='6']")] == before
    ctx.close()


def test_at_a_dead_end_the_note_of_moves_left_goes(browser: Browser, base_url: str, browser_data: Path) -> None:
    """A play-tester read "There are still moves on the table" under "Dead end: no card can reach
    a foundation any more": true, but the moves lead nowhere, so the note goes with the banner."""
    start = Position.from_json(stuck_table(DEAD_END_TOPS), CLASSIC)  # one move, 8-4, leads nowhere
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(seed_play(ctx, base_url, browser_data, start.text(reveal_stock=True), 31338, "classic"))
    expect(page.locator("#table .dead-end")).to_be_visible(timeout=20_000)
    expect(page.locator("#table .hint-moves")).to_be_hidden()
    ctx.close()


@pytest.mark.parametrize("width, height, number", [(740, 360, 31339), (844, 390, 31340), (667, 375, 31341)])
def test_on_a_phone_held_sideways_the_dead_end_banner_leaves_the_stock_and_waste_in_view(
    browser: Browser, base_url: str, browser_data: Path, screenshots: Path, width: int, height: int, number: int
) -> None:
    """At 740×360 the banner (its words and four buttons) covered the foundations and the waste
    (a play-tester's finding): on a short window it keeps to two short lines."""
    start = Position.from_json(stuck_table(DEAD_END_TOPS), CLASSIC)
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(seed_play(ctx, base_url, browser_data, start.text(reveal_stock=True), number, "classic"))
    banner = page.locator("#table .dead-end")
    expect(banner).to_be_visible(timeout=20_000)
    page.screenshot(path=screenshots / f"dead_end_{width}x{height}.png")
    box = banner.bounding_box()
    assert box and box["height"] <= 80, box
    for pile in ("stock", "waste"):
        other = page.locator(f"#table .pile.{pile}").bounding_box()
        assert other
        apart = (
            box["x"] + box["width"] <= other["x"]
            or other["x"] + other["width"] <= box["x"]
            or box["y"] + box["height"] <= other["y"]
        )
        assert apart, (pile, box, other)  # in view beside or below the banner
    ctx.close()


def test_d_with_the_stock_spent_says_so(browser: Browser, base_url: str) -> None:
    """D with nothing to draw was silent, the live region keeping the last draw's words (a
    keyboard player's finding)."""
    ctx = browser.new_context(viewport=DESKTOP)
    page, _ = _open(ctx, base_url, 2906)
    for version in range(64):
        assert page.request.post(f"{base_url}/game/2906/draw", form={"mode": "classic", "version": str(version)}).ok
    page.reload()
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.locator("header h1").click()
    page.keyboard.press("d")
    expect(page.locator("#announce")).to_have_text("Stock is empty")
    ctx.close()
