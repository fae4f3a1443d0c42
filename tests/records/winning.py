"""A known winning line (tests/data/winning_line_2_classic.json: the solver's line for deal 2,
Classic, replayed with "Move safe cards up" off) and a helper that wins it through the API."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from app.config import PROJECT_ROOT

LINE: dict[str, Any] = json.loads((PROJECT_ROOT / "tests/data/winning_line_2_classic.json").read_text())
NUMBER: int = LINE["number"]
MOVES: list[str] = LINE["moves"]


def win(client: TestClient, upto: int | None = None) -> dict[str, Any]:
    """Deal :data:`NUMBER` as a new play with safe auto-moves off and play the line (all of
    it, or its first ``upto`` moves); returns the last Play."""
    play = client.post(f"/api/games/{NUMBER}/plays", json={"mode": "classic", "auto_safe": False}).json()
    for move in MOVES[:upto]:
        r = client.post(f"/api/plays/{play['play_id']}/moves", json={"move": move, "version": play["version"]})
        assert r.status_code == 200, (move, r.text)
        play = r.json()
    return play
