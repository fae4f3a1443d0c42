"""Time, in the page, how quickly the table answers: from a tap on a card to its lit places,
and from a drop on a lit place to the first frame of the cards' slide (the event's timestamp to
the moment the page shows it, so the driver's own delays do not count). Used by
tests/browser/test_instant_table.py and bench/table_latency.py."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page

DEAL = 2  # column 1's A♣ has two places (a foundation, column 10); column 3's J♦ goes onto column 9

WATCH = """() => {
  window.__t = {};
  const table = () => document.getElementById('table');
  document.addEventListener('pointerdown', e => { window.__t.down = e.timeStamp; }, true);
  document.addEventListener('pointerup', e => { window.__t.up = e.timeStamp; }, true);
  new MutationObserver(() => {
    if (window.__t.lit === undefined && table().querySelector('[data-pile].lit')) window.__t.lit = performance.now();
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class']});
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (window.__t.moved === undefined && window.__t.up !== undefined) window.__t.moved = performance.now();
    return animate.apply(this, args);
  };
}"""


def one_round(page: Page, base_url: str) -> tuple[float, float]:
    """Open a fresh play of the deal, tap A♣ (lit places), put it down, then drag J♦ onto
    column 9 (the slide)."""
    page.goto(f"{base_url}/game/{DEAL}")
    page.evaluate(WATCH)
    ace: Any = page.locator('#table [data-pile="1"] .cards > [data-card]').last.bounding_box()
    page.mouse.click(ace["x"] + ace["width"] / 2, ace["y"] + ace["height"] / 2)
    page.wait_for_function("() => window.__t.lit !== undefined")
    tap_to_light = page.evaluate("window.__t.lit - window.__t.down")
    page.keyboard.press("Escape")
    page.evaluate("window.__t = {lit: 0}")
    box: Any = page.locator('#table [data-pile="3"] .cards > [data-card]').last.bounding_box()
    target: Any = page.locator('#table [data-pile="9"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + 40, steps=6)
    page.mouse.up()
    page.wait_for_function("() => window.__t.moved !== undefined")
    drop_to_motion = page.evaluate("window.__t.moved - window.__t.up")
    page.wait_for_function("() => document.querySelector('[data-stat=moves]').textContent === '1'")
    return tap_to_light, drop_to_motion


def slow_network(context: BrowserContext, page: Page, latency_ms: float) -> None:
    """Add ``latency_ms`` to every request of ``page`` (DevTools' network emulation)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )
