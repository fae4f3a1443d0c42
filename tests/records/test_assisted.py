"""A win after seeing the solver's line for the deal (the post-game analysis) is marked
assisted: it counts in the statistics, never for records."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.testclient import TestClient
from sqlalchemy import select

from app.db.models import PlayAnalysis, PlayRow
from tests.records.winning import NUMBER, win


def test_a_win_after_seeing_the_analysis_is_assisted_and_no_record(client: TestClient) -> None:
    first = client.post(f"/api/games/{NUMBER}/plays", json={"mode": "classic"}).json()
    client.post(f"/api/plays/{first['play_id']}/resign", json={"version": 0})
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        row_id = s.scalar(select(PlayRow.id).where(PlayRow.play_id == first["play_id"]))
        s.add(
            PlayAnalysis(
                play_row_id=row_id,
                version=1,
                outcome="still_winnable",
                positions=1,
                last_winnable=0,
                first_lost=None,
                lost_line=None,
                deal_line=["D"],
                probes=1,
                elapsed_ms=1.0,
                solver_version="test",
                analysed_at=datetime.now(UTC),
            )
        )
        s.commit()
    won = win(client)
    card = won["finish_card"]
    assert won["status"] == "won" and card["assisted"] is True
    assert card["new_record"] is False and card["best_on_deal"] is False
    info = client.get(f"/api/games/{NUMBER}").json()
    assert info["records"] == [] and info["your_best"] is None


def test_a_win_without_the_analysis_is_a_record(client: TestClient) -> None:
    won = win(client)
    assert won["finish_card"]["assisted"] is False and won["finish_card"]["new_record"] is True
    assert client.get(f"/api/games/{NUMBER}").json()["records"][0]["moves"] == won["moves"]
