"""A table's address with odd optional values (a play-tester's finding): ``/game/5?n=-3`` was
ignored but a 20-digit ``n`` gave a 422 page. The table's display values (``sel``, ``n``,
``notice``, ``hint``) now all forgive: a malformed, out-of-range or over-long one is ignored
and the plain table shows. The path's game number keeps its clear 4xx, and a mode is read in
any case (``?mode=RELAXED``), an unknown one still said with a notice."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from .test_pages import column_cards, version_of

ODD = ["-3", "9" * 20, "x" * 5000, "%00", "5%00", "%FF", "%C3%28", "1.5", "%EF%BC%94%EF%BC%92", "", "%3Cb%3E"]
"""Values no display parameter takes, as written in the address."""


@pytest.mark.parametrize("name", ["sel", "n", "notice", "hint"])
def test_an_odd_display_value_is_ignored_and_the_plain_table_shows(client: TestClient, name: str) -> None:
    plain = client.get("/game/5").text
    for value in ODD:
        r = client.get(f"/game/5?{name}={value}")
        assert r.status_code == 200, (name, value[:30], r.status_code)
        assert column_cards(r.text, 1) == column_cards(plain, 1) and "has-selection" not in r.text
        assert 'class="notice' not in r.text and "hint-note" not in r.text and "<b>" not in r.text
    # together with a good selection: the good one still counts, the odd count means "the top card"
    assert "has-selection" in client.get(f"/game/5?sel=1&n={'9' * 20}").text


def test_the_path_number_keeps_its_clear_4xx(client: TestClient) -> None:
    for number in ("0", "9" * 20, "-3", "4294967296", "abc"):
        r = client.get(f"/game/{number}?n=1&sel=1")
        assert r.status_code == 422 and "from 1 to 4294967295" in r.text, number


def test_a_mode_in_capitals_is_that_mode(client: TestClient) -> None:
    for written in ("RELAXED", "Relaxed", "rElAxEd"):
        r = client.get(f"/game/5?mode={written}&sel=1", follow_redirects=False)
        assert r.status_code == 301 and r.headers["location"] == "/game/5?mode=relaxed&sel=1"  # its one address
    html = client.get("/game/5?mode=RELAXED").text
    assert re.search(r'class="mode current"[^>]*>Relaxed<', html) and 'data-mode="relaxed"' in html
    assert 'aria-current="page">Relaxed<' in client.get("/stats?mode=Relaxed").text
    r = client.get("/?mode=RELAXED", follow_redirects=False)
    assert r.headers["location"].endswith("mode=relaxed")
    # a form's mode too: the draw is made in Relaxed, not refused as "not understood"
    version = version_of(client.get("/game/5?mode=relaxed").text)
    r = client.post("/game/5/draw", data={"mode": "RELAXED", "version": str(version)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/game/5?mode=relaxed"
    # an unknown mode is still said, not silently replaced
    r = client.get("/game/5?mode=RELAXEDX", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/game/5?mode=classic&notice=bad_mode"


def test_stats_of_a_mode_that_does_not_exist_show_classic_and_say_so(client: TestClient) -> None:
    r = client.get("/stats?mode=zzqx")
    assert r.status_code == 200
    assert 'aria-current="page">Classic<' in r.text and "There is no such game" in r.text
    for page in ("/stats", "/stats?mode=lucas", "/stats?mode=LUCAS"):
        assert "There is no such game" not in client.get(page).text


def test_an_odd_analysis_line_or_step_is_ignored(client: TestClient) -> None:
    """``/game/N/analysis?line=bogus&step=-3`` gave a bare 422 page (a play-tester's finding),
    while the table forgives its display values: the analysis now does too."""
    client.get("/game/5")
    client.post("/game/5/draw", data={"mode": "classic", "version": "0"})
    client.post("/game/5/resign", data={"mode": "classic", "version": "1"})
    plain = client.get("/game/5/analysis")
    assert plain.status_code == 200
    for name in ("line", "step"):
        for value in ODD:
            r = client.get(f"/game/5/analysis?{name}={value}")
            assert r.status_code == 200 and "<b>" not in r.text, (name, value[:30], r.status_code)
