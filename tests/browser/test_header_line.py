"""The table's header keeps its four counters on one line (issue 17): a Spanish play-tester's
phone header wrapped once the numbers grew ("Jugadas 99 En bases 11/104 Puntos 55" and
"Tiempo" on a second line), and the table jumped down mid-game. With the largest numbers a
game reaches (999 moves, 104/104, 1000 points, 59:59), in English and Spanish, from a 360 px
phone up, every counter's box shares one top, the header keeps its height, and each counter
still has its word for screen readers. Screenshots go to artifacts/screenshots/header_*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

WIDTHS = {"phone360": (360, 780), "phone390": (390, 844), "tablet": (768, 1024), "desktop": (1366, 768)}
WORDS = {"en": ["Moves", "Cards home", "Points", "Time"], "es": ["Jugadas", "En las bases", "Puntos", "Tiempo"]}
# The largest figures the table can show; the table's clock is stopped so that it keeps 59:59.
LARGEST = """() => {
  document.querySelector('#table').dataset.status = 'stopped';
  const figures = {moves: '999', home: '104/104', points: '1000', time: '59:59'};
  for (const [k, v] of Object.entries(figures)) document.querySelector(`[data-stat=${k}]`).textContent = v;
}"""


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", list(WIDTHS))
def test_the_header_counters_stay_on_one_line(
    browser: Browser, base_url: str, screenshots: Path, lang: str, size: str
) -> None:
    width, height = WIDTHS[size]
    phone = width < 760
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=phone,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    page = context.new_page()
    page.goto(f"{base_url}/game/4242?mode=relaxed")
    height = "() => document.querySelector('.topbar').getBoundingClientRect().height"
    before = page.evaluate(height)
    page.evaluate(LARGEST)
    assert page.evaluate(height) == before  # the numbers grew: the table does not move down
    counters = page.locator(".stats > div")
    tops = counters.evaluate_all("els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    page.screenshot(
        path=screenshots / f"header_{size}_{lang}.png", clip={"x": 0, "y": 0, "width": width, "height": 160}
    )
    assert len(tops) == 4 and len(set(tops)) == 1, tops
    row = page.locator(".stats").evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert row[0] <= row[1], row  # nothing runs out of the row either
    assert page.locator(".stats dt").all_text_contents() == WORDS[lang]  # the words stay for screen readers
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    context.close()
