""" "How winnable is Forty Thieves?" in real Chromium, with the shipped survey: at a phone's
390 × 844 and a desktop's 1366 × 768, in English and Spanish, it never scrolls sideways, its
charts are drawn at a readable size and each names itself to a screen reader. Full-page
screenshots under artifacts/screenshots/ (winnability_<lang>_<size>.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .conftest import DESKTOP, PHONE


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_winnability_page_fits_and_its_charts_are_named(
    browser: Browser, base_url: str, screenshots: Path, lang: str, size: str, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport, has_touch=size == "phone")  # type: ignore[arg-type]
    context.add_cookies([{"name": "ft_lang", "value": lang, "url": base_url}])
    page = context.new_page()
    page.goto(f"{base_url}/winnability")
    assert page.locator("html").get_attribute("lang") == lang
    width = viewport["width"]
    assert page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)") <= width
    overflow = page.evaluate(
        """w => [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > w + 0.5)
                 .map(e => e.tagName + '.' + e.className)""",
        width,
    )
    assert overflow == []
    charts = page.locator("svg[role=img]")
    assert charts.count() >= 3  # a budget chart and a histogram per mode (Relaxed: a ladder too)
    for i in range(charts.count()):
        chart = charts.nth(i)
        box = chart.bounding_box()
        assert box is not None and box["width"] >= 300 and box["height"] >= 100
        ids = (chart.get_attribute("aria-labelledby") or "").split()
        names = [page.locator(f"#{i}").text_content() or "" for i in ids]
        assert len(ids) == 2 and all(len(n.strip()) > 20 for n in names), names
        # its axis labels never run into each other ("625675+" at a phone's width)
        spans = chart.evaluate(
            "el => [...el.querySelectorAll('text')].filter(t => !t.matches('.axis-name'))"
            ".map(t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right, r.top]; })"
        )
        for (a, _, right_a, top_a), (b, left_b, _, top_b) in zip(spans, spans[1:], strict=False):
            assert top_a != top_b or right_a + 4 <= left_b, (size, a, b, right_a, left_b)
    page.screenshot(path=screenshots / f"winnability_{lang}_{size}.png", full_page=True)
    context.close()
