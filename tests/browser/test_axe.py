"""axe-core (via axe-playwright-python, which ships it) over every page in real Chromium: no
serious or critical violation on the table (plain, with a selection, with a hint, at the end
with a finish card), records, statistics, a share page, the analysis, How to play and How winnable, at phone
and desktop size, in English and Spanish (issue 12, §4).

Each test prints its pages' violation counts by impact (``pytest -s`` shows them)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from .conftest import DESKTOP, PHONE

AXE = Axe()
BLOCKING = {"serious", "critical"}
OPTIONS = {"resultTypes": ["violations"], "rules": {"label-content-name-mismatch": {"enabled": True}}}
"""axe's default rules, and the one that checks a control's name holds its visible text (experimental)."""
FLATTEN = """which => {
  // Each gradient background becomes one of its solid colour stops (the first or the last), so
  // axe's color-contrast, which leaves text over a gradient undecided, measures the real colours.
  const saved = [];
  for (const el of document.querySelectorAll("*")) {
    const bg = getComputedStyle(el).backgroundImage;
    if (!bg.includes("gradient")) continue;
    const stops = [...bg.matchAll(/rgba?\\([^)]*\\)/g)].map(m => m[0])
      .filter(c => !/^rgba\\([^)]*,\\s*(0|0?\\.\\d+)\\)$/.test(c));
    if (!stops.length) continue;
    saved.push([el, el.getAttribute("style")]);
    el.style.setProperty("background-image", "none", "important");
    el.style.setProperty("background-color", which === "first" ? stops[0] : stops[stops.length - 1], "important");
  }
  window.__unflatten = () => saved.forEach(([el, style]) =>
    style === null ? el.removeAttribute("style") : el.setAttribute("style", style));
}"""


def violations(page: Page, name: str) -> list[str]:
    """The page's serious and critical violations as ``rule (impact): target`` lines: axe's
    rules as the page is, then color-contrast with its gradients flattened to their first and
    then their last colour stop (the counts by impact and the rules are printed)."""
    found = AXE.run(page, options=OPTIONS).response["violations"]
    for which in ("first", "last"):
        page.evaluate(FLATTEN, which)
        found += AXE.run(page, options={"resultTypes": ["violations"], "runOnly": ["color-contrast"]}).response[
            "violations"
        ]
        page.evaluate("() => window.__unflatten()")
    counts = Counter(v["impact"] for v in found for _ in v["nodes"])
    print(f"axe {name}: {dict(counts) or 'none'} {sorted({v['id'] for v in found})}")
    return sorted(
        {
            f"{v['id']} ({v['impact']}): {n['target']} {n.get('failureSummary', '')[:200]}"
            for v in found
            if v["impact"] in BLOCKING
            for n in v["nodes"]
        }
    )


def version(page: Page) -> str:
    return page.locator("#table input[name=version]").get_attribute("value") or "0"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_pages_have_no_serious_violation(browser: Browser, base_url: str, lang: str, size: dict[str, int]) -> None:
    context = browser.new_context(viewport=size)  # type: ignore[arg-type]
    page = context.new_page()
    tag = f"{lang} {size['width']}"
    number = 7 if lang == "en" else 8
    problems: list[str] = []
    try:
        page.goto(f"{base_url}/lang/{lang}?next=/rules")
        problems += violations(page, f"rules {tag}")

        page.goto(f"{base_url}/winnability")
        assert page.locator("svg.lines-chart").count() >= 1  # the shipped survey, with its charts
        problems += violations(page, f"winnability {tag}")

        page.goto(f"{base_url}/game/{number}?mode=classic")
        problems += violations(page, f"table {tag}")

        column = page.locator("#table .column").filter(has=page.locator("a.card.tap, button.card.tap")).first
        sel = column.get_attribute("data-pile")
        page.goto(f"{base_url}/game/{number}?mode=classic&sel={sel}")
        assert page.locator("#table .card.lifted").count() >= 1
        problems += violations(page, f"selection {tag}")

        page.request.post(f"{base_url}/game/{number}/hint", form={"mode": "classic"}, max_redirects=0)
        r = page.request.post(f"{base_url}/game/{number}/hint", form={"mode": "classic"}, max_redirects=0)
        hint_url = r.headers.get("location", f"/game/{number}?mode=classic")
        page.goto(base_url + hint_url)
        assert page.locator(".hint-note").count() == 1, hint_url
        problems += violations(page, f"hint {tag}")

        page.goto(f"{base_url}/game/{number}/records?mode=classic")
        problems += violations(page, f"records {tag}")

        page.goto(f"{base_url}/stats")
        problems += violations(page, f"stats {tag}")

        page.goto(f"{base_url}/game/{number}?mode=classic")
        page.request.post(
            f"{base_url}/game/{number}/resign", form={"mode": "classic", "version": version(page)}, max_redirects=0
        )
        page.goto(f"{base_url}/game/{number}/card?mode=classic")
        assert page.locator(".finish-card").count() == 1
        problems += violations(page, f"finish {tag}")

        r = page.request.post(f"{base_url}/s", form={"number": str(number), "mode": "classic"}, max_redirects=0)
        code = r.headers["location"]
        assert re.fullmatch(r"/s/[\w-]+", code)
        page.goto(base_url + code)
        problems += violations(page, f"share {tag}")

        page.goto(f"{base_url}/game/{number}/analysis?mode=classic")
        page.wait_for_load_state("networkidle")
        problems += violations(page, f"analysis {tag}")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
