"""Exactly one finish card per finished play, whatever ended it (last card from the waste, from
a column, by Finish, by an auto-move, giving up, a blocked table acknowledged), and none for a
play that is restarted or abandoned."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from app.db.models import FinishCard, PlayRow
from tests.records.positions import blocked, near_won

HX = {"HX-Request": "true"}


def cards(client: TestClient) -> list[FinishCard]:
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        return list(s.scalars(select(FinishCard).order_by(FinishCard.id)))


def custom(client: TestClient, position: dict[str, Any], auto_safe: bool = False) -> dict[str, Any]:
    r = client.post("/api/plays", json={"position": position, "mode": "classic", "auto_safe": auto_safe})
    assert r.status_code == 201, r.text
    return r.json()


def move(client: TestClient, play: dict[str, Any], notation: str) -> dict[str, Any]:
    r = client.post(f"/api/plays/{play['play_id']}/moves", json={"move": notation, "version": play["version"]})
    assert r.status_code == 200, r.text
    return r.json()


def version_of(html: str) -> int:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m
    return int(m.group(1))


def test_last_card_from_the_waste_stores_one_won_card(client: TestClient) -> None:
    play = custom(client, near_won(slot_tops={7: "QC"}, waste=["KC"]))
    play = move(client, play, "W-F")
    assert play["status"] == "won"
    [card] = cards(client)
    assert (card.result, card.custom, card.cards_home, card.moves, card.points) == ("won", True, 104, 1, 1000)


def test_last_card_from_a_column_stores_one_won_card(client: TestClient) -> None:
    play = custom(client, near_won(slot_tops={0: "QS"}, tableau={4: ["KS"]}))
    assert move(client, play, "4-F")["status"] == "won"
    assert [c.result for c in cards(client)] == ["won"]


def test_finish_action_stores_one_won_card(client: TestClient) -> None:
    play = custom(client, near_won(slot_tops={2: "QH", 3: "QH"}, tableau={1: ["KH"], 2: ["KH"]}))
    assert play["can_finish"]
    r = client.post(f"/api/plays/{play['play_id']}/finish", json={"version": play["version"]})
    assert r.json()["status"] == "won"
    [card] = cards(client)
    assert card.result == "won" and card.moves == 0


def test_last_card_by_auto_move_stores_one_won_card(client: TestClient) -> None:
    # Clubs slots at J and Q; Q♣ goes up by hand, then both K♣ are safe and go up by themselves.
    position = near_won(slot_tops={6: "JC", 7: "QC"}, tableau={1: ["QC"], 2: ["KC"], 3: ["KC"]})
    play = custom(client, position, auto_safe=True)
    play = move(client, play, "1-F")
    assert play["status"] == "won" and play["moves"] == 1
    assert [c.result for c in cards(client)] == ["won"]


def test_giving_up_stores_one_resigned_card_and_a_second_give_up_changes_nothing(client: TestClient) -> None:
    play = client.post("/api/games/4242/plays", json={}).json()
    play = move(client, play, "D")
    r = client.post(f"/api/plays/{play['play_id']}/resign", json={"version": play["version"]})
    assert r.json()["status"] == "resigned"
    again = client.post(f"/api/plays/{play['play_id']}/resign", json={"version": r.json()["version"]})
    assert again.status_code == 422 and again.json()["error"] == "play_over"
    [card] = cards(client)
    assert (card.result, card.number, card.moves, card.custom) == ("resigned", 4242, 1, False)


def test_blocked_table_acknowledged_stores_one_blocked_card(client: TestClient) -> None:
    play = custom(client, blocked())
    assert play["status"] == "blocked" and play["legal_moves"] == []
    assert cards(client) == []  # blocked alone stores nothing: the player may still undo
    r = client.post(f"/api/plays/{play['play_id']}/resign", json={"version": play["version"]})
    assert r.json()["status"] == "resigned"
    [card] = cards(client)
    assert card.result == "blocked"


def test_restarted_and_abandoned_plays_store_no_card(client: TestClient) -> None:
    client.get("/game/4242")
    client.post("/game/4242/draw", data={"mode": "classic", "version": "0"})
    client.post("/game/4242/restart", data={"mode": "classic"})
    client.get("/game/77")
    client.post("/game/77/draw", data={"mode": "classic", "version": "0"})
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        assert len(list(s.scalars(select(PlayRow)))) == 3
    assert cards(client) == []


def test_give_up_without_javascript_confirms_then_shows_the_card_over_the_table(client: TestClient) -> None:
    html = client.get("/game/4242").text
    assert 'href="/game/4242/give-up?mode=classic"' in html and "hx-confirm" in html
    client.post("/game/4242/draw", data={"mode": "classic", "version": "0"})
    page = client.get("/game/4242/give-up?mode=classic")
    assert page.status_code == 200 and 'action="/game/4242/resign"' in page.text
    assert cards(client) == []  # asking changes nothing
    r = client.post(
        "/game/4242/resign", data={"mode": "classic", "version": str(version_of(page.text))}, follow_redirects=False
    )
    assert r.status_code == 303 and r.headers["location"] == "/game/4242/card?mode=classic"
    card_page = client.get(r.headers["location"]).text
    assert 'id="finish-card"' in card_page and "You gave up" in card_page
    assert 'data-fc="moves">1<' in card_page
    # The deal's page then deals a fresh play; the card stays one.
    assert 'id="finish-card"' not in client.get("/game/4242").text
    assert len(cards(client)) == 1


def test_give_up_with_htmx_answers_the_table_with_its_finish_card(client: TestClient) -> None:
    client.get("/game/4242")
    r = client.post("/game/4242/resign", data={"mode": "classic", "version": "0"}, headers=HX)
    assert r.text.lstrip().startswith('<main id="table"') and 'id="finish-card"' in r.text
    assert "Play this deal again" in r.text and 'action="/s"' in r.text


def test_blocked_banner_offers_end_game_which_posts_resign(client: TestClient) -> None:
    from jinja2_fragments import render_block

    from app.services.plays import get_play
    from app.web.templating import templates
    from app.web.views.table import build_table, table_urls

    play = custom(client, blocked())
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        table = build_table(get_play(s, play["play_id"]), None)
    table.number = 4242  # the page serves numbered deals; the banner only needs the status
    table.urls = table_urls(4242, "classic")
    html = render_block(
        templates.env,
        "game.html",
        "table",
        t=table,
        finish=None,
        notice=None,
        idle_cap_s=60,
        hint_reason=None,
    )
    assert re.search(r'id="act-end-game" formaction="/game/4242/resign"', html)
    assert 'id="act-end-game"' not in client.get("/game/4242").text  # only on a blocked table


def test_a_play_that_ended_cannot_take_further_actions_and_keeps_one_card(client: TestClient) -> None:
    play = custom(client, near_won(slot_tops={7: "QC"}, waste=["KC"]))
    play = move(client, play, "W-F")
    r = client.post(f"/api/plays/{play['play_id']}/undo", json={"version": play["version"]})
    assert r.status_code == 422
    assert len(cards(client)) == 1


def test_the_api_play_carries_its_finish_card_marked_custom_for_a_set_up_position(client: TestClient) -> None:
    play = custom(client, near_won(slot_tops={7: "QC"}, waste=["KC"]))
    assert play["finish_card"] is None
    play = move(client, play, "W-F")
    card = play["finish_card"]
    assert card["result"] == "won" and card["custom"] is True and card["counts"] is False
    assert card["new_record"] is False and card["best_on_deal"] is False  # custom: never a record
    assert client.get(f"/api/plays/{play['play_id']}").json()["finish_card"] == card
    numbered = client.post("/api/games/4242/plays", json={}).json()
    r = client.post(f"/api/plays/{numbered['play_id']}/resign", json={"version": numbered["version"]}).json()
    assert r["finish_card"]["result"] == "resigned" and r["finish_card"]["counts"] is True


def test_a_finish_card_reads_the_deals_wins_once(client: TestClient, monkeypatch: Any) -> None:
    """Honours, the visitor's best and the deal's records come from one read of the wins."""
    from app.db import queries
    from app.web.views.finish import finish_view

    calls: list[int] = []
    real = queries.record_wins

    def counting(*args: Any) -> list[FinishCard]:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(queries, "record_wins", counting)
    client.get("/game/4242")
    html = client.get("/game/4242").text
    client.post("/game/4242/resign", data={"mode": "classic", "version": str(version_of(html))})
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        card = s.scalars(select(FinishCard)).one()
        card.number = 4242
        calls.clear()  # the card page the resign led to read them once too
        view = finish_view(s, card)
    assert len(calls) == 1 and view.records == [] and view.your_best is None


def test_the_give_up_question_of_a_deal_not_started_says_there_is_nothing_to_give_up(client: TestClient) -> None:
    for lang, words in (("en", "Nothing to give up"), ("es", "No hay nada a lo que rendirse")):
        page = client.get("/game/4242/give-up?mode=classic", headers={"Accept-Language": lang})
        assert page.status_code == 200 and words in page.text
        assert 'action="/game/4242/resign"' not in page.text and "move so far" not in page.text
        assert 'href="/game/4242?mode=classic" hx-boost="false" id="back-to-table"' in page.text
    assert cards(client) == []


def test_restart_without_javascript_asks_first_and_asking_changes_nothing(client: TestClient) -> None:
    fresh = client.get("/game/4242").text  # nothing to lose yet: the button restarts at once
    assert re.search(r'<button type="submit" id="act-restart" class="btn" formaction="/game/4242/restart">', fresh)
    client.post("/game/4242/draw", data={"mode": "classic", "version": "0"})
    html = client.get("/game/4242").text
    link = re.search(
        r'<a class="btn" id="act-restart" href="([^"]+)" hx-post="/game/4242/restart"[^>]*hx-confirm', html
    )
    assert link and link.group(1) == "/game/4242/restart-deal?mode=classic"
    for lang, words in (("en", "Restart this deal?"), ("es", "¿Empezar de nuevo esta partida?")):
        page = client.get(link.group(1), headers={"Accept-Language": lang})
        assert page.status_code == 200 and words in page.text and 'action="/game/4242/restart"' in page.text
    assert 'data-stat="moves">1<' in client.get("/game/4242").text  # asking changes nothing
    r = client.post("/game/4242/restart", data={"mode": "classic", "version": str(version_of(page.text))})
    assert r.url.path == "/game/4242" and 'data-stat="moves">0<' in r.text
