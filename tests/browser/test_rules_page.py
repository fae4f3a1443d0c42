"""The "How to play" page in real Chromium: at a phone's 390 × 844 and a desktop's 1366 × 768,
in English and Spanish, it never scrolls sideways, and each link of its contents brings its
section's heading into view (the address gets the section's anchor). Full-page screenshots
under artifacts/screenshots/ (rules_<lang>_<size>.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .conftest import DESKTOP, PHONE


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_rules_page_fits_and_its_contents_jump_to_their_sections(
    browser: Browser, base_url: str, screenshots: Path, lang: str, size: str, viewport: dict[str, int]
) -> None:
    context = browser.new_context(viewport=viewport, has_touch=size == "phone")  # type: ignore[arg-type]
    context.add_cookies([{"name": "ft_lang", "value": lang, "url": base_url}])
    page = context.new_page()
    page.goto(f"{base_url}/rules")
    page.wait_for_function("() => window.htmx !== undefined")
    assert page.locator("html").get_attribute("lang") == lang
    width = viewport["width"]
    assert page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)") <= width
    # Nothing pokes out past the right edge either (a long word, a key list, a wide table).
    overflow = page.evaluate(
        """w => [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > w + 0.5)
                 .map(e => e.tagName + '.' + e.className)""",
        width,
    )
    assert overflow == []
    page.screenshot(path=screenshots / f"rules_{lang}_{size}.png", full_page=True)

    links = page.locator("nav.toc a")
    targets = [str(links.nth(i).get_attribute("href")) for i in range(links.count())]
    assert len(targets) == 10 and all(t.startswith("#") for t in targets)  # with the family's
    for target in [*targets[1:], targets[0]]:  # the first last: the page has scrolled away by then
        page.locator(f"nav.toc a[href='{target}']").click()
        page.wait_for_function("t => location.hash === t", arg=target)
        heading = page.locator(f"{target} > h2")
        page.wait_for_function(
            "el => { const b = el.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }",
            arg=heading.element_handle(),
        )
        assert page.url.endswith(f"/rules{target}"), page.url  # an in-page jump, not a new page
    context.close()
