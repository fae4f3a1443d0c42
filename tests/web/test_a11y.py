"""Keyboard and screen reader (issue 12, §4): accessible names in words (no notation), the
columns and foundations as named groups, the table's announcement of the last action, and
the display options (four-colour deck, larger cards) kept in a cookie."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.web.test_pages import HX, version_of

NOTATION = re.compile(r'aria-label="[^"]*(?:\(|\b)(?:W|\d{1,2})-(?:F|\d{1,2})\b')


def announce(html: str) -> str:
    m = re.search(r'data-announce="([^"]*)"', html)
    assert m, "the table carries data-announce"
    return m.group(1)


def test_piles_are_named_groups_and_names_have_no_notation(client: TestClient) -> None:
    html = client.get("/game/4242").text
    assert 'data-pile="1" role="group" aria-label="Column 1, 4 cards, top 7♦"' in html
    assert 'role="group" aria-label="Foundation ♠, empty"' in html
    assert not NOTATION.search(html)
    assert re.search(r'aria-label="(?:10|[A2-9JQK])[♠♥♦♣]: (?:pick up|move (?:onto|to) [^"]+)"', html)
    lifted = client.get("/game/4242?sel=2").text
    assert not NOTATION.search(lifted)
    assert re.search(r'class="drop[^"]*"[^>]*aria-label="Move to (?:column \d+|the foundation)', lifted)


def test_names_in_spanish(client: TestClient) -> None:
    client.cookies.set("ft_lang", "es")
    html = client.get("/game/4242").text
    assert 'aria-label="Columna 1, 4 cartas, arriba 7♦"' in html
    assert 'aria-label="Base ♠, vacía"' in html


def test_the_table_announces_what_the_last_action_did(client: TestClient) -> None:
    html = client.get("/game/4242").text
    assert announce(html) == ""
    r = client.post("/game/4242/move", data={"mode": "classic", "version": version_of(html), "move": "2-1"}, headers=HX)
    assert re.match(r"(?:10|[A2-9JQK])[♠♥♦♣] from column 2 to column 1\.", announce(r.text)), announce(r.text)
    r = client.post("/game/4242/draw", data={"mode": "classic", "version": version_of(r.text)}, headers=HX)
    drew = announce(r.text)
    assert re.match(r"Drew (?:10|[A2-9JQK])[♠♥♦♣]\.", drew), drew
    r = client.post("/game/4242/undo", data={"mode": "classic", "version": version_of(r.text)}, headers=HX)
    assert announce(r.text) == f"Undone: {drew}"  # which step went back, not "Undone." alone
    r = client.post("/game/4242/redo", data={"mode": "classic", "version": version_of(r.text)}, headers=HX)
    assert announce(r.text) == f"Redone: {drew}"
    r = client.post("/game/4242/undo", data={"mode": "classic", "version": version_of(r.text)}, headers=HX)
    r = client.post("/game/4242/undo", data={"mode": "classic", "version": version_of(r.text)}, headers=HX)
    assert re.fullmatch(r"Undone: (?:10|[A2-9JQK])[♠♥♦♣] from column 2 to column 1\.", announce(r.text))
    r = client.post("/game/4242/undo", data={"mode": "classic", "version": "0"}, headers=HX)
    assert "The table had changed" in announce(r.text)


def test_display_options_are_forms_kept_in_a_cookie(client: TestClient) -> None:
    html = client.get("/game/4242").text
    assert 'formaction="/prefs/display/4242/four"' in html and 'formaction="/prefs/display/4242/large"' in html
    assert "deck-four" not in html.split("<form", 1)[0] and "cards-large" not in html.split("<form", 1)[0]
    r = client.post("/prefs/display/4242/four", data={"mode": "classic", "value": "on"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/game/4242?mode=classic"
    client.post("/prefs/display/4242/large", data={"mode": "classic", "value": "on"})
    head = client.get("/game/4242").text.split("<form", 1)[0]
    assert "deck-four" in head and "cards-large" in head
    client.post("/prefs/display/4242/four", data={"mode": "classic", "value": "off"})
    client.post("/prefs/display/4242/bogus", data={"mode": "classic", "value": "on"})
    head = client.get("/game/4242").text.split("<form", 1)[0]
    assert "deck-four" not in head and "cards-large" in head
    assert 'id="act-cards-large" class="btn toggle on"' in client.get("/game/4242").text
    client.post("/prefs/display/4242/four", data={"mode": "classic", "value": "on"})
    analysis = client.get("/game/4242/analysis").text  # the analysis board looks like the table
    assert '<main class="table analysis-page mode-classic deck-four cards-large">' in analysis


def test_the_page_has_one_live_region_whatever_it_shows(client: TestClient) -> None:
    """API.md: "the page has one live region, aria-live="polite"". A notice, a hint note and the
    end banners were role="status" too, each a live region of its own (a tester's finding): the
    one region says them, from data-announce."""
    notice = client.get("/game/5?notice=illegal").text
    hinted = client.post(
        "/game/4242/hint", data={"version": version_of(client.get("/game/4242").text)}, headers=HX
    ).text
    client.post("/game/4242/resign", data={"version": version_of(hinted)})
    gave_up = client.get("/game/4242/card").text
    for html, shown in ((notice, 'class="notice"'), (hinted, "hint-note"), (gave_up, "end-banner")):
        assert shown in html
        assert not re.search(r'class="(?:notice|banner)[^"]*"[^>]*(?:role=|aria-live)', html), shown
        assert html.count('aria-live="polite"') == (shown != "hint-note"), shown  # a swap's answer: none
    assert 'aria-live="polite"' in notice and "That move is not allowed here." in announce(notice)
