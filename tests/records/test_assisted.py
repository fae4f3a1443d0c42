"""A win with hints, or after seeing the solver's line for the deal (the post-game analysis),
is marked assisted: it counts in the statistics, never for records."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.db.models import FinishCard, PlayAnalysis, PlayRow
from app.services.records import stats
from tests.records.winning import MOVES, NUMBER, win


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
    page = _text(client.get(f"/game/{NUMBER}/card?mode=classic").text)
    assert "Played after seeing the solver's line for this deal" in page and "New record!" not in page


def test_a_win_without_the_analysis_is_a_record(client: TestClient) -> None:
    won = win(client)
    assert won["finish_card"]["assisted"] is False and won["finish_card"]["new_record"] is True
    assert client.get(f"/api/games/{NUMBER}").json()["records"][0]["moves"] == won["moves"]


def _hinted_win(client: TestClient, hints: int = 2) -> dict[str, Any]:
    """Deal :data:`NUMBER` won along the known line after ``hints`` hints."""
    play = client.post(f"/api/games/{NUMBER}/plays", json={"mode": "classic", "auto_safe": False}).json()
    for _ in range(hints):
        assert client.post(f"/api/plays/{play['play_id']}/hint").status_code == 200
    for move in MOVES:
        play = client.post(
            f"/api/plays/{play['play_id']}/moves", json={"move": move, "version": play["version"]}
        ).json()
    assert play["status"] == "won" and play["hints"] == hints
    return play


def test_a_win_with_hints_counts_in_statistics_and_not_for_records(client: TestClient) -> None:
    """Following every hint on a pool deal wins it: such a win takes no "New record!" and no
    place in the deal's records, but it is a win in the player's statistics."""
    card = _hinted_win(client)["finish_card"]
    assert card["assisted"] is True and card["hints"] == 2
    assert card["new_record"] is False and card["best_on_deal"] is False
    info = client.get(f"/api/games/{NUMBER}").json()
    assert info["records"] == [] and info["record"] is None and info["your_best"] is None
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        visitor = s.scalar(select(FinishCard.visitor_id))
        assert visitor is not None
        figures = stats(s, visitor, "classic")
    assert (figures.played, figures.won, figures.fewest_moves) == (1, 1, len(MOVES))
    # Someone who wins it alone afterwards holds the records, and the honours.
    alone = win(TestClient(client.app))["finish_card"]
    assert alone["assisted"] is False and alone["new_record"] is True and alone["best_on_deal"] is True
    assert [r["moves"] for r in client.get(f"/api/games/{NUMBER}").json()["records"]] == [len(MOVES)]


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("en", "Won with 2 hints: it counts in your statistics, not for records."),
        ("es", "Ganada con 2 pistas: cuenta en tus estadísticas, no para los récords."),
    ],
)
def test_the_finish_card_of_a_hinted_win_says_so_and_the_records_page_leaves_it_out(
    client: TestClient, lang: str, note: str
) -> None:
    client.cookies.set("ft_lang", lang)
    _hinted_win(client)
    card = client.get(f"/game/{NUMBER}/card?mode=classic")
    assert card.status_code == 200
    text = _text(card.text)
    assert note in text
    assert 'class="badge record"' not in card.text and 'class="badge best"' not in card.text
    assert 'class="your-best"' not in card.text
    records_page = client.get(f"/game/{NUMBER}/records?mode=classic").text
    assert 'class="records-empty"' in records_page and 'class="records-list"' not in records_page
    assert 'class="your-best"' not in records_page
    stats_page = client.get("/stats?mode=classic").text
    assert re.search(r'data-stat="won">1<', stats_page) and re.search(r'data-stat="played">1<', stats_page)


def test_the_rules_say_hinted_wins_are_not_records(client: TestClient) -> None:
    en = _text(client.get("/rules").text)
    assert "A win with hints, after “See where it was lost” has shown you the solver's line" in en
    assert "on a deal whose winning line the winnability page publishes" in en
    client.cookies.set("ft_lang", "es")
    es = _text(client.get("/rules").text)
    assert "Una victoria con pistas" in es and "no para los récords" in es and "¿Cuántas tienen solución?" in es


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")
