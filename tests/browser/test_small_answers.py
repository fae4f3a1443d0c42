"""An action's answer carries only the piles it changed (issue 11): the browser names the piles
it shows by their keys and the others come back as ``hx-preserve`` stand-ins that htmx fills
with the piles already on the page. After a run of taps, drags, draws, undos and redos (each
shown at once, before the answer), every pile on the page is what a fresh load shows."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page

from .conftest import DESKTOP

DEAL = 4242  # column 2's 6♦ goes onto column 1's 7♦ (and A♦ goes up, a safe card)

PILES = """() => Array.from(document.querySelectorAll('#table [data-pile]')).map((p) => [
    p.dataset.pile, p.className, p.dataset.key || null, p.getAttribute('style'),
    Array.from(p.querySelectorAll('[data-card]')).map((c) => c.dataset.card + ' ' + c.className)])"""


PREFERRED = """() => { const d = JSON.parse(document.getElementById('table-moves').textContent);
    return Object.keys(d.sources).find((k) => k !== 'W' && d.sources[k]['1'].p) || null; }"""


def _moves(page: Page) -> str:
    return page.locator('[data-stat="moves"]').text_content() or ""


def _settled(page: Page, moves: str) -> None:
    page.wait_for_function(f"() => document.querySelector('[data-stat=moves]').textContent === '{moves}'", timeout=5000)
    page.wait_for_timeout(120)  # the answer settled (htmx settles after 20 ms)


def _drag(page: Page, source: Any, target: Any) -> None:
    box, to = source.bounding_box(), target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 12, box["y"] + box["height"] / 2 + 12, steps=3)
    page.mouse.move(to["x"] + to["width"] / 2, to["y"] + 40, steps=8)
    page.mouse.up()


def test_the_answers_are_small_and_the_page_ends_as_a_fresh_load(browser: Browser, base_url: str) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(f"{base_url}/game/{DEAL}")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    answers: list[str] = []
    page.on("response", lambda r: answers.append(r.text()) if r.request.method == "POST" else None)

    page.keyboard.press("2")
    page.locator('#table [data-pile="1"]').click()  # 6♦ onto 7♦: shown at once, then confirmed
    _settled(page, "1")
    source = page.evaluate(PREFERRED)
    page.locator(f'#table [data-pile="{source}"] [data-card]').last.dblclick()  # to its preferred place
    _settled(page, "2")
    for moves in ("3", "4", "5"):
        page.keyboard.press("d")
        _settled(page, moves)
    page.keyboard.press("u")
    _settled(page, "4")
    page.keyboard.press("Shift+U")
    _settled(page, "5")
    _drag(page, page.locator('#table [data-pile="1"] [data-card]').last, page.locator('#table [data-pile="2"]'))
    page.wait_for_timeout(500)  # a move or a slide back, whichever the deal allows
    settled = _moves(page)
    _settled(page, settled)

    shown = page.evaluate(PILES)
    fresh = ctx.new_page()
    fresh.goto(f"{base_url}/game/{DEAL}")
    assert shown == fresh.evaluate(PILES)
    assert _moves(fresh) == settled
    # every answer left most of the 18 piles to the page; none was the whole tableau
    assert len(answers) >= 7
    kept = [len(re.findall(r"hx-preserve", a)) for a in answers]
    assert all(k >= 12 for k in kept), kept
    ctx.close()


def test_a_refused_move_shown_at_once_is_put_right_by_its_answer(browser: Browser, base_url: str) -> None:
    """A move the server refuses (here: the play moved on in another tab) was already shown;
    the piles it touched have no key, so the answer brings them whole and the page is right."""
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(f"{base_url}/game/{DEAL + 1}")
    other = ctx.new_page()
    other.goto(f"{base_url}/game/{DEAL + 1}")
    other.locator("#stock").click()  # the play moves on behind the first tab's back
    other.wait_for_function("() => document.querySelector('[data-stat=moves]').textContent === '1'")
    source = page.evaluate(PREFERRED)
    assert source is not None
    page.keyboard.press("0" if source == "10" else source)
    page.keyboard.press("Enter")
    page.wait_for_selector(".notice")
    page.wait_for_timeout(120)
    fresh = ctx.new_page()
    fresh.goto(f"{base_url}/game/{DEAL + 1}")
    assert page.evaluate(PILES) == fresh.evaluate(PILES)
    ctx.close()
