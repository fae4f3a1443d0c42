"""The dead-end warning reaches the table without the render waiting on the solver: the action
that exhausts the stock starts the check, the page carries a slot that htmx polls, and the
slot's fragment shows the warning once the check has proved it."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from sqlalchemy import update

from app.db.models import PlayRow
from app.services import plays
from tests.service.test_hints import stuck_table

DEAD_END_TOPS = [["KS"], ["KH"], ["KD"], ["KC"], ["KS"], ["KH"], ["KD"], ["9D", "QC"], ["5S"], ["5H"]]
NUMBER = 31337


def _table_at_a_dead_end(client: TestClient) -> int:
    """This visitor's play of deal NUMBER, re-based on a stuck set-up (its one move leads to a
    dead end); the version of its table."""
    client.post(f"/api/games/{NUMBER}/plays")  # stored (a page view stores nothing)
    created = client.post("/api/plays", json={"position": stuck_table(DEAD_END_TOPS), "auto_safe": False}).json()
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        start = s.get(PlayRow, 2).start_position  # the set-up's full position, stock order included
        s.execute(update(PlayRow).where(PlayRow.id == 1).values(start_position=start, auto_safe=False))
        s.commit()
    plays._cache._items.clear()  # the deal's game was kept for this version
    assert created["legal_moves"] == ["8-4"]
    page = client.get(f"/game/{NUMBER}").text
    return int(re.search(r'name="version" value="(\d+)"', page).group(1))  # type: ignore[union-attr]


def test_the_page_polls_a_slot_and_the_fragment_brings_the_warning(client: TestClient) -> None:
    version = _table_at_a_dead_end(client)  # its page load started the check
    page = client.get(f"/game/{NUMBER}", headers={"HX-Request": "true"}).text
    slot = re.search(r'hx-get="(/game/\d+/dead-end\?[^"]+)"', page)
    if slot is not None:
        url = slot.group(1).replace("&amp;", "&")
        assert f"version={version}" in url
        for _ in range(200):
            fragment = client.get(url, headers={"HX-Request": "true"}).text
            if "dead-end-slot" not in fragment:
                break
        assert "Dead end: no card can reach a foundation" in fragment
    assert "Dead end: no card can reach a foundation" in client.get(f"/game/{NUMBER}").text


def test_a_fragment_for_an_old_version_is_empty(client: TestClient) -> None:
    version = _table_at_a_dead_end(client)
    r = client.get(f"/game/{NUMBER}/dead-end", params={"mode": "classic", "version": version + 5})
    assert r.status_code == 200 and r.text == ""


def test_a_fresh_deal_has_no_slot(client: TestClient) -> None:
    page = client.get("/game/4242").text
    assert "dead-end-slot" not in page and "Dead end" not in page
