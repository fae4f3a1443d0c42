"""The JSON API of API.md: every status code, and nothing changes on an error."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient

from app.engine import CLASSIC, Game, deal
from tests.cards_left import cards_left

CASE_POSITION: dict[str, Any] = {
    # seed 000's worked example: 6D onto 7D frees AC.
    "tableau": [["7D"], ["AC", "6D"], ["QH"], ["QC"], ["JH"], ["JC"], ["2H"], ["3H"], ["4H"], ["5H"]],
    "foundations": [None] * 8,
    "waste": [],
    "stock": [],
}


def _full_custom_position() -> dict[str, Any]:
    """CASE_POSITION with every other card in the stock (a valid 104-card position)."""
    return {**CASE_POSITION, "stock": cards_left(c for col in CASE_POSITION["tableau"] for c in col)}


def new_play(client: TestClient, number: int = 4242, **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/games/{number}/plays", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_create_play_deals_the_number_and_hides_the_stock_order(client: TestClient) -> None:
    play = new_play(client)
    start = deal(4242, CLASSIC)
    assert play["number"] == 4242 and play["mode"] == "classic" and play["custom"] is False
    assert play["position"]["tableau"] == start.to_json()["tableau"]
    assert play["position"]["stock_count"] == 64
    assert "stock" not in play["position"]
    assert play["legal_moves"] == [str(m) for m in Game(start, CLASSIC).legal_moves()]
    assert (play["version"], play["moves"], play["status"]) == (0, 0, "playing")


def test_stock_order_appears_in_no_response(client: TestClient) -> None:
    play = new_play(client)
    stock = [str(c) for c in deal(4242, CLASSIC).stock]
    body = client.get(f"/api/plays/{play['play_id']}").text
    assert ",".join(f'"{c}"' for c in stock[:6]) not in body
    page = client.get("/game/4242").text
    assert " ".join(stock[:6]) not in page and ",".join(stock[:6]) not in page


def test_move_applies_and_bumps_version(client: TestClient) -> None:
    play = new_play(client)
    r = client.post(f"/api/plays/{play['play_id']}/moves", json={"move": "2-1", "version": 0})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["version"] == 1 and after["moves"] == 1
    assert after["position"]["tableau"][0][-1] == "6D"


def test_draw_and_undo_redo_round_trip(client: TestClient) -> None:
    play = new_play(client, auto_safe=False)
    pid = play["play_id"]
    drawn = client.post(f"/api/plays/{pid}/moves", json={"move": "D", "version": 0}).json()
    assert drawn["position"]["stock_count"] == 63 and len(drawn["position"]["waste"]) == 1
    undone = client.post(f"/api/plays/{pid}/undo", json={"version": 1}).json()
    assert undone["position"] == play["position"] and undone["moves"] == 0 and undone["undos"] == 1
    redone = client.post(f"/api/plays/{pid}/redo", json={"version": 2}).json()
    assert redone["position"] == drawn["position"] and redone["moves"] == 1


def test_unknown_play_is_404(client: TestClient) -> None:
    assert client.get("/api/plays/nope").status_code == 404
    r = client.post("/api/plays/nope/moves", json={"move": "D", "version": 0})
    assert r.status_code == 404 and r.json()["error"] == "not_found"


def test_stale_version_is_409_with_current_play_and_changes_nothing(client: TestClient) -> None:
    play = new_play(client)
    pid = play["play_id"]
    client.post(f"/api/plays/{pid}/moves", json={"move": "D", "version": 0})
    r = client.post(f"/api/plays/{pid}/moves", json={"move": "D", "version": 0})
    assert r.status_code == 409
    assert r.json()["version"] == 1 and r.json()["position"]["stock_count"] == 63
    assert client.get(f"/api/plays/{pid}").json()["version"] == 1


def test_racing_submissions_of_one_version_apply_exactly_once(client: TestClient) -> None:
    play = new_play(client)
    pid = play["play_id"]
    barrier = threading.Barrier(4)
    codes: list[int] = []

    def submit() -> None:
        barrier.wait()
        codes.append(client.post(f"/api/plays/{pid}/moves", json={"move": "D", "version": 0}).status_code)

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409, 409, 409]
    final = client.get(f"/api/plays/{pid}").json()
    assert final["version"] == 1 and final["position"]["stock_count"] == 63


def test_illegal_move_is_422_and_changes_nothing(client: TestClient) -> None:
    play = new_play(client)
    pid = play["play_id"]
    r = client.post(f"/api/plays/{pid}/moves", json={"move": "1-2", "version": 0})
    assert r.status_code == 422
    assert r.json()["error"] == "illegal_move" and "1-2" in r.json()["detail"]
    assert client.get(f"/api/plays/{pid}").json() == play


def test_malformed_move_is_422(client: TestClient) -> None:
    play = new_play(client)
    for bad in ("3-", "X-1", "3-3", "W-F/2", ""):
        r = client.post(f"/api/plays/{play['play_id']}/moves", json={"move": bad, "version": 0})
        assert r.status_code == 422, bad
        assert r.json()["error"] == "malformed_move", bad
    r = client.post(f"/api/plays/{play['play_id']}/moves", json={"move": "D"})
    assert r.status_code == 422 and r.json()["error"] == "invalid_request" and "version" in r.json()["detail"]


def test_a_body_nested_too_deeply_to_read_is_an_unreadable_400(client: TestClient) -> None:
    """JSON nested past Python's recursion limit cannot be read: the documented 400, in words
    that say so, not the framework's (a play-tester posted 60 KB of ``[[[…]]]``)."""
    play = new_play(client)
    deep = b"[" * 30_000 + b"]" * 30_000
    for url in (f"/api/plays/{play['play_id']}/moves", "/api/solve"):
        r = client.post(url, content=deep, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] == "unreadable_body", url
        assert "nested too deeply" in r.json()["detail"]
    assert client.get(f"/api/plays/{play['play_id']}").json() == play


def test_undo_with_nothing_to_undo_is_422(client: TestClient) -> None:
    play = new_play(client)
    r = client.post(f"/api/plays/{play['play_id']}/undo", json={"version": 0})
    assert r.status_code == 422 and "nothing to undo" in r.json()["detail"]


def test_bad_game_number_and_mode_are_422(client: TestClient) -> None:
    assert client.post("/api/games/0/plays", json={}).status_code == 422
    assert client.post("/api/games/4294967296/plays", json={}).status_code == 422
    r = client.post("/api/games/5/plays", json={"mode": "spider"})
    assert r.status_code == 422 and r.json()["error"] == "invalid_request"


def test_custom_play_from_position(client: TestClient) -> None:
    r = client.post("/api/plays", json={"position": _full_custom_position(), "auto_safe": False})
    assert r.status_code == 201, r.text
    play = r.json()
    assert play["custom"] is True and play["number"] is None
    assert "2-1" in play["legal_moves"] and "2-F" not in play["legal_moves"]
    after = client.post(f"/api/plays/{play['play_id']}/moves", json={"move": "2-1", "version": 0}).json()
    assert "2-F" in after["legal_moves"]


def test_a_set_up_position_may_write_a_ten_as_10(client: TestClient) -> None:
    """RULES.md: "input also accepts 10" (a tester's 10S got a 422 naming the pattern)."""
    pos = _full_custom_position()
    pos["tableau"] = [["10D" if c == "TD" else c for c in col] for col in pos["tableau"]]
    pos["tableau"][2] = ["10S", *pos["tableau"][2]]
    pos["stock"] = list(pos["stock"])
    pos["stock"].remove("TS")
    r = client.post("/api/plays", json={"position": pos})
    assert r.status_code == 201, r.text
    assert r.json()["position"]["tableau"][2] == ["TS", "QH"]  # the answer writes it T, as always
    pos["tableau"][2][0] = "1S"
    assert client.post("/api/plays", json={"position": pos}).status_code == 422


def test_custom_position_errors_say_what_is_wrong(client: TestClient) -> None:
    pos = _full_custom_position()
    pos["stock"] = pos["stock"][1:]
    r = client.post("/api/plays", json={"position": pos})
    assert r.status_code == 422 and r.json()["error"] == "bad_position"
    assert "missing" in r.json()["detail"]
    pos = _full_custom_position()
    pos["foundations"] = ["AH"] + [None] * 7
    r = client.post("/api/plays", json={"position": pos})
    assert r.status_code == 422 and "S slot" in r.json()["detail"]
    pos = {**_full_custom_position(), "stock_count": 64}  # a field of the play's form, not the set-up's
    r = client.post("/api/plays", json={"position": pos})
    assert r.status_code == 422 and "position.stock_count is not a set-up field" in r.json()["detail"]
    r = client.post("/api/solve", json={"position": pos})
    assert r.status_code == 422 and "position.stock_count" in r.json()["detail"]


def test_finish_and_resign(client: TestClient) -> None:
    play = new_play(client)
    pid = play["play_id"]
    r = client.post(f"/api/plays/{pid}/finish", json={"version": 0})
    assert r.status_code == 422 and r.json()["error"] == "illegal_move"
    r = client.post(f"/api/plays/{pid}/resign", json={"version": 0})
    assert r.status_code == 200 and r.json()["status"] == "resigned" and r.json()["legal_moves"] == []
    r = client.post(f"/api/plays/{pid}/moves", json={"move": "D", "version": 1})
    assert r.status_code == 422 and r.json()["error"] == "play_over"


def test_finish_clears_the_table_in_one_action(client: TestClient) -> None:
    # Everything home but one king per suit-slot column: Finish is offered and wins.
    foundations = ["QS", "KS", "QH", "KH", "QD", "KD", "QC", "KC"]
    tableau: list[list[str]] = [["KS"], ["KH"], ["KD"], ["KC"], [], [], [], [], [], []]
    r = client.post(
        "/api/plays",
        json={
            "position": {"tableau": tableau, "foundations": foundations, "waste": [], "stock": []},
            "auto_safe": False,
        },
    )
    assert r.status_code == 201, r.text
    play = r.json()
    assert play["can_finish"] is True
    done = client.post(f"/api/plays/{play['play_id']}/finish", json={"version": 0}).json()
    assert done["status"] == "won" and done["cards_home"] == 104 and done["points"] == 1000
    assert done["moves"] == 0


def test_game_info(client: TestClient) -> None:
    r = client.get("/api/games/4242?mode=relaxed")
    assert r.status_code == 200
    assert r.json()["number"] == 4242 and r.json()["mode"] == "relaxed"


def test_openapi_documents_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/plays/{play_id}/moves" in paths and "/api/games/{number}/plays" in paths


def test_create_play_needs_no_body_and_versions_must_be_integers(client: TestClient) -> None:
    r = client.post("/api/games/5/plays")
    assert r.status_code == 201 and r.json()["mode"] == "classic" and r.json()["auto_safe"] is True
    pid = r.json()["play_id"]
    r = client.post(f"/api/plays/{pid}/moves", json={"move": "D", "version": "0"})
    assert r.status_code == 422 and "version" in r.json()["detail"]
    # a play-tester's version -1 got 409 "stale", as if it had been a version once
    for path, body in (("moves", {"move": "D", "version": -1}), ("undo", {"version": -1})):
        r = client.post(f"/api/plays/{pid}/{path}", json=body)
        detail = r.json()["detail"]
        assert r.status_code == 422 and "version" in detail and "greater than or equal to 0" in detail
    assert client.get(f"/api/plays/{pid}").json()["version"] == 0


def test_solve_budget_must_be_a_real_number(client: TestClient) -> None:
    body = b'{"position": {}, "budget_ms": NaN}'
    r = client.post("/api/solve", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422 and "budget_ms" in r.json()["detail"]


def test_booleans_and_integers_are_json_ones(client: TestClient) -> None:
    """``auto_safe`` takes true or false only; a version is a whole number (``3`` or ``3.0``,
    as JSON Schema's integer), never ``true``, ``"0"`` or ``0.5``."""
    for auto_safe in (0, 1, "true", None):
        for path, extra in (("/api/games/5/plays", {}), ("/api/plays", {"position": _full_custom_position()})):
            r = client.post(path, json={"auto_safe": auto_safe, **extra})
            assert r.status_code == 422, (path, auto_safe, r.text)
            assert r.json()["error"] == "invalid_request" and "auto_safe" in r.json()["detail"]
    pid = new_play(client)["play_id"]
    for version in (True, "0", 0.5, None):
        r = client.post(f"/api/plays/{pid}/moves", json={"move": "D", "version": version})
        assert r.status_code == 422 and "version" in r.json()["detail"], (version, r.text)
    r = client.post(f"/api/plays/{pid}/moves", json={"move": "D", "version": 0.0})
    assert r.status_code == 200 and r.json()["version"] == 1


def test_a_position_is_checked_at_the_edge(client: TestClient) -> None:
    """Cards are written as RULES.md says (``7S``, ``TD``; ``10D`` is read as ``TD``), the layout
    is one of the family's (9 to 13 columns, 8 or 12 foundation slots), and nothing else is a 500
    or slips through; a layout
    of the family that is not the mode's is the engine's 422, saying what is wrong."""
    for change in (
        {"waste": ["7s"]},
        {"waste": ["1S"]},
        {"tableau": [[]] * 8},
        {"tableau": [[]] * 14},
        {"foundations": [None] * 7},
        {"redeals_left": None},
        {"redeals_left": True},
        {"stock": "AS"},
    ):
        for path in ("/api/plays", "/api/solve"):
            r = client.post(path, json={"position": {**_full_custom_position(), **change}})
            assert r.status_code == 422 and r.json()["error"] == "invalid_request", (change, r.text)
            assert set(r.json()) == {"error", "detail"} and "position" in r.json()["detail"]
    r = client.post("/api/plays", json={"position": {**_full_custom_position(), "tableau": [[]] * 9}})
    assert r.status_code == 422 and r.json()["error"] == "bad_position" and "10 columns" in r.json()["detail"]


def test_the_document_describes_errors_and_positions(client: TestClient) -> None:
    """Each /api operation documents 400 and 422 as ``{error, detail}``; the solver's operations
    429 (and /api/solve 503); a position is an object of its own, not a free-form one."""
    doc = client.get("/openapi.json").json()
    schemas = doc["components"]["schemas"]
    error_ref = {"$ref": "#/components/schemas/ErrorBody"}
    assert schemas["ErrorBody"]["required"] == ["error", "detail"]
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if not path.startswith("/api/"):
                continue
            for code in ("400", "422"):
                assert op["responses"][code]["content"]["application/json"]["schema"] == error_ref, (method, path)
    solve = doc["paths"]["/api/solve"]["post"]["responses"]
    hint = doc["paths"]["/api/plays/{play_id}/hint"]["post"]["responses"]
    assert {"429", "503"} <= set(solve) and "429" in hint
    assert "HTTPValidationError" not in schemas
    position = schemas["PositionIn"]
    assert position["required"] == ["tableau", "foundations", "waste", "stock"]
    assert position["additionalProperties"] is False
    assert schemas["PlayOut"]["properties"]["position"] == {"$ref": "#/components/schemas/PositionOut"}
    assert "stock" not in schemas["PositionOut"]["properties"]


def test_an_unreadable_body_is_a_documented_400(client: TestClient) -> None:
    """A body that is not UTF-8 cannot be read: 400 ``{error, detail}``, as documented."""
    r = client.post("/api/solve", content=b'{"position": "\xff"}', headers={"content-type": "application/json"})
    assert r.status_code == 400 and set(r.json()) == {"error", "detail"}
    assert r.json()["error"] == "unreadable_body" and "not UTF-8" in r.json()["detail"]
    assert "400" in client.get("/openapi.json").json()["paths"]["/api/solve"]["post"]["responses"]


def test_a_body_that_is_no_json_object_is_told_what_to_send(client: TestClient) -> None:
    """A tester read "body.14: JSON decode error" (14 is a character, not a field) and, for a
    form sent to the API, "Input should be a valid dictionary"."""
    pid = new_play(client)["play_id"]
    broken = client.post(
        f"/api/plays/{pid}/moves", content='{"move": "D", ', headers={"Content-Type": "application/json"}
    )
    assert broken.status_code == 422
    assert broken.json()["detail"].startswith("the body is not valid JSON at character 14: Expecting")
    for body, kind in (("move=D&version=0", "application/x-www-form-urlencoded"), ("D", "text/plain")):
        r = client.post(f"/api/plays/{pid}/moves", content=body, headers={"Content-Type": kind})
        assert r.status_code == 422, kind
        assert r.json() == {
            "error": "invalid_request",
            "detail": "the body must be a JSON object, sent with Content-Type: application/json",
        }
    assert client.get(f"/api/plays/{pid}").json()["version"] == 0  # nothing changed
