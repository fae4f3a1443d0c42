"""Hints, the dead-end warning, /api/solve and the winnable pool, through the API."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete

from app.config import Settings
from app.db.models import SolvedDeal
from app.db.session import Database, migrate
from app.engine import CLASSIC, Game, Move, Position, deal
from app.main import create_app
from app.services.hints import heuristic_move
from app.services.solver_pool import RateLimited, RateLimiter, follow_line
from tests.cards_left import cards_left


def position_with(
    tableau: list[list[str]],
    foundations: list[str | None],
    waste: list[str] | None = None,
    stock: list[str] | None = None,
) -> dict[str, Any]:
    """A full 104-card position: the cards not named go to the waste (bottom first) unless a
    stock is given, in which case they go to the stock's end."""
    used: Counter[str] = Counter(c for col in tableau for c in col)
    used.update(waste or [])
    used.update(stock or [])
    for slot, top in enumerate(foundations):
        if top:
            suit = "SHDC"[slot // 2]
            used.update(f"{'A23456789TJQK'[r]}{suit}" for r in range("A23456789TJQK".index(top[0]) + 1))
    rest = cards_left(used.elements())
    if stock is None:
        return {"tableau": tableau, "foundations": foundations, "waste": (waste or []) + rest, "stock": []}
    return {"tableau": tableau, "foundations": foundations, "waste": waste or [], "stock": stock + rest}


def test_heuristic_puts_last_a_run_moved_off_a_card_it_builds_on_and_never_takes_a_move_back() -> None:
    """A play-tester's best-try hints sent 8♦ from one 9♦ to the other and back, ten times."""
    tops = [["9D"], ["KH"], ["KD"], ["KC"], ["KS"], ["KH"], ["KD"], ["9D", "8D"], ["5S"], ["6S"]]
    game = Game(Position.from_json(stuck_table(tops), CLASSIC), CLASSIC, auto_safe=False)
    assert [str(m) for m in game.legal_moves()] == ["8-1", "9-10"]  # 8♦ onto the other 9♦; 5♠ onto 6♠
    assert str(heuristic_move(game)) == "9-10"  # 8-1 frees nothing: 8♦ already lies on a 9♦
    game.play("8-1")
    assert str(heuristic_move(game)) == "9-10"  # not 1-8, straight back
    game.play("9-10")
    assert str(heuristic_move(game)) == "1-8"  # the only move left: a hint is always a legal move


def test_heuristic_prefers_a_card_home_and_never_draws_while_the_table_can_move() -> None:
    game = Game(deal(4242, CLASSIC), CLASSIC, auto_safe=False)
    assert str(heuristic_move(game)) == "3-F"  # the A♦ on column 3
    game.play("3-F")
    assert heuristic_move(game).action == "move"


def test_follow_line_finds_where_a_position_stands() -> None:
    start = deal(4242, CLASSIC)
    line = ["2-1", "D", "D"]
    game = Game(start, CLASSIC, auto_safe=False)
    game.play("2-1")
    assert follow_line(start, line, game.position, CLASSIC) == 1
    assert follow_line(start, line, start, CLASSIC) == 0
    game.play("3-F")
    assert follow_line(start, line, game.position, CLASSIC) is None


def test_rate_limiter_counts_per_visitor_over_a_sliding_minute(database_url: str) -> None:
    migrate(database_url)
    now = [1000.0]
    rate = RateLimiter(Database(database_url).sessions, per_minute=2, clock=lambda: now[0])
    rate.check("a")
    now[0] += 30
    rate.check("a")
    rate.check("b")
    with pytest.raises(RateLimited) as refused:
        rate.check("a")
    assert refused.value.retry_after_s == pytest.approx(30)
    now[0] += 30.5  # the first request left the window
    rate.check("a")
    with pytest.raises(RateLimited):
        rate.check("a")


def test_the_rate_limit_holds_across_processes(database_url: str) -> None:
    """Two server processes (two limiters, each with its own engine, on one database) share one window, per visitor and
    per address: ten requests racing from threads of both take exactly the limit."""
    migrate(database_url)
    limiters = [RateLimiter(Database(database_url).sessions, per_minute=4, per_address=6) for _ in range(2)]
    outcomes: list[str] = []

    def ask(i: int) -> None:
        try:
            limiters[i % 2].check("v1", "10.0.0.1")
            outcomes.append("ok")
        except RateLimited:
            outcomes.append("refused")

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["ok"] * 4 + ["refused"] * 6
    limiters[0].check("v2", "10.0.0.1")  # another visitor at the same address: 2 more
    limiters[1].check("v3", "10.0.0.1")
    with pytest.raises(RateLimited):
        limiters[0].check("v4", "10.0.0.1")


def test_following_every_hint_from_a_pool_deal_wins_it(settings: Settings) -> None:
    from app.solver import solve

    number = _solvable_number()
    result = solve(deal(number, CLASSIC), CLASSIC, max_nodes=400_000)
    assert result.status == "winnable"
    with TestClient(create_app(settings)) as client:
        with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
            s.execute(delete(SolvedDeal).where(SolvedDeal.number == number))
            s.add(
                SolvedDeal(
                    number=number,
                    mode="classic",
                    verdict="winnable",
                    line=list(result.moves),
                    line_length=len(result.moves),
                    nodes=result.nodes,
                    elapsed_ms=result.elapsed_ms,
                    solver_version="test",
                    solved_at=datetime.now(UTC),
                )
            )
            s.commit()
        play = client.post(f"/api/games/{number}/plays", json={"auto_safe": True}).json()
        pid = play["play_id"]
        for _ in range(400):
            if play["status"] != "playing":
                break
            h = client.post(f"/api/plays/{pid}/hint")
            assert h.status_code == 200, h.text
            assert h.json()["move"] in play["legal_moves"]
            assert h.json()["reason"] == "This move keeps a win within reach."  # on the winning line
            body = {"move": h.json()["move"], "version": play["version"]}
            play = client.post(f"/api/plays/{pid}/moves", json=body).json()
        assert play["status"] == "won" and play["hints"] > 0


def _solvable_number() -> int:
    """A deal the solver wins quickly (searched once; deterministic with a node budget)."""
    from app.solver import solve

    for n in range(1, 60):
        if solve(deal(n, CLASSIC), CLASSIC, max_nodes=60_000).status == "winnable":
            return n
    raise AssertionError("no quickly winnable deal among 1 … 59")


def stuck_table(tops: list[list[str]], stock: list[str] | None = None) -> dict[str, Any]:
    """All 104 cards on the table (or in ``stock``), aces buried: every other card is dealt
    round-robin under the given top cards (``tops[i]`` ends column i+1, bottom first)."""
    used: Counter[str] = Counter(c for col in tops for c in col)
    used.update(stock or [])
    filler = cards_left(used.elements())
    filler.sort(key=lambda c: c[0] != "A")  # aces first: they end up at the bottoms
    columns: list[list[str]] = [[] for _ in tops]
    for i, code in enumerate(filler):
        columns[i % len(tops)].append(code)
    return {
        "tableau": [col + top for col, top in zip(columns, tops, strict=True)],
        "foundations": [None] * 8,
        "waste": [],
        "stock": stock or [],
    }


KINGS_AND_FIVES = [["KS"], ["KH"], ["KD"], ["KC"], ["KS"], ["KH"], ["KD"], ["KC"], ["5S"], ["5H"]]


def test_hint_when_only_drawing_is_possible_is_draw(client: TestClient) -> None:
    pos = stuck_table(KINGS_AND_FIVES, stock=["2S"])
    play = client.post("/api/plays", json={"position": pos, "auto_safe": False}).json()
    assert play["legal_moves"] == ["D"]
    h = client.post(f"/api/plays/{play['play_id']}/hint").json()
    assert h["move"] == "D"


def test_a_table_with_no_legal_move_is_blocked_at_once(client: TestClient) -> None:
    play = client.post("/api/plays", json={"position": stuck_table(KINGS_AND_FIVES)}).json()
    assert play["status"] == "blocked" and play["legal_moves"] == []


def test_dead_end_is_reported_when_no_card_can_ever_go_home(client: TestClient) -> None:
    # One legal move (QC onto KC), after which nothing moves; every ace is buried.
    tops = [["KS"], ["KH"], ["KD"], ["KC"], ["KS"], ["KH"], ["KD"], ["9D", "QC"], ["5S"], ["5H"]]
    play = client.post("/api/plays", json={"position": stuck_table(tops), "auto_safe": False}).json()
    assert play["status"] == "playing" and play["legal_moves"] == ["8-4"]
    assert play["dead_end"] is True


def test_one_tableau_move_that_frees_an_ace_is_not_a_dead_end(client: TestClient) -> None:
    tops = [["AS", "2S"], ["3S"], ["KD"], ["KC"], ["KS"], ["KH"], ["KD"], ["KC"], ["5S"], ["5H"]]
    play = client.post("/api/plays", json={"position": stuck_table(tops), "auto_safe": False}).json()
    assert play["status"] == "playing" and play["legal_moves"] == ["1-2"]
    assert play["dead_end"] is False


def test_api_solve_answers_and_rejects_bad_positions(client: TestClient) -> None:
    near = position_with(
        [["KS"], ["KH"], ["KD"], ["KC"], [], [], [], [], [], []], ["QS", "KS", "QH", "KH", "QD", "KD", "QC", "KC"]
    )
    r = client.post("/api/solve", json={"position": near, "budget_ms": 2000})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "winnable" and sorted(body["moves"]) == ["1-F", "2-F", "3-F", "4-F"]
    r = client.post("/api/solve", json={"position": {**near, "stock": ["AS"]}})
    assert r.status_code == 422 and r.json()["error"] == "bad_position"


def test_a_client_without_the_visitor_cookie_is_rate_limited_by_its_address(client: TestClient) -> None:
    """Each cookieless request is a new visitor: its address counts every request all the same,
    and a visitor with a cookie at that address shares the address's count."""
    near = position_with(
        [["KS"], ["KH"], ["KD"], ["KC"], [], [], [], [], [], []], ["QS", "KS", "QH", "KH", "QD", "KD", "QC", "KC"]
    )
    client.app.state.services.rate.per_address = 2  # type: ignore[attr-defined]
    codes = []
    for _ in range(3):
        client.cookies.clear()
        codes.append(client.post("/api/solve", json={"position": near, "budget_ms": 500}).status_code)
    assert codes == [200, 200, 429]
    client.post("/api/games/42/plays")  # a visitor with a cookie, at the same address
    assert client.cookies.get("ft_visitor")
    assert client.post("/api/solve", json={"position": near, "budget_ms": 500}).status_code == 429


def test_a_bad_position_is_refused_before_the_rate_limit_counts_and_429_says_when(client: TestClient) -> None:
    """A position that does not read is a 422 that costs no solver request; the 429 that
    follows the limit carries ``Retry-After`` in whole seconds."""
    near = position_with(
        [["KS"], ["KH"], ["KD"], ["KC"], [], [], [], [], [], []], ["QS", "KS", "QH", "KH", "QD", "KD", "QC", "KC"]
    )
    client.app.state.services.rate.per_address = 1  # type: ignore[attr-defined]
    for _ in range(3):
        bad = client.post("/api/solve", json={"position": {**near, "stock": ["AS"]}})
        assert bad.status_code == 422 and bad.json()["error"] == "bad_position"
    assert client.post("/api/solve", json={"position": near, "budget_ms": 500}).status_code == 200
    limited = client.post("/api/solve", json={"position": near, "budget_ms": 500})
    assert limited.status_code == 429 and limited.json()["error"] == "rate_limited"
    assert 1 <= int(limited.headers["Retry-After"]) <= 60


def test_new_game_draws_from_the_winnable_pool_unless_switched_off(client: TestClient) -> None:
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        s.execute(delete(SolvedDeal))  # only this deal in the pool
        s.add(
            SolvedDeal(
                number=31337,
                mode="classic",
                verdict="winnable",
                line=None,
                line_length=None,
                nodes=1,
                elapsed_ms=1.0,
                solver_version="test",
                solved_at=datetime.now(UTC),
            )
        )
        s.commit()
    assert client.get("/", follow_redirects=False).headers["location"] == "/game/31337?mode=classic"
    assert client.get("/api/games/31337").json()["solvable"] is True
    client.post("/prefs/solvable/31337", data={"value": "off", "mode": "classic"})
    numbers = {client.get("/", follow_redirects=False).headers["location"] for _ in range(3)}
    assert "/game/31337?mode=classic" not in numbers


def test_shipped_pool_loads_at_start(client: TestClient) -> None:
    from app.services.deals import pool_file, read_pool_file

    rows = read_pool_file(pool_file("classic"))
    if rows:
        first = int(rows[0]["number"])
        assert client.get(f"/api/games/{first}").json()["solvable"] is (rows[0]["verdict"] == "winnable")
    else:
        pytest.fail("the shipped pool file app/pool/classic.csv.gz is missing or empty")


def test_stored_hint_line_replays_through_the_engine() -> None:
    from app.solver import solve

    start = deal(_solvable_number(), CLASSIC)
    result = solve(start, CLASSIC, max_nodes=400_000)
    pos: Position = start
    game = Game(start, CLASSIC, auto_safe=False)
    for text in result.moves:
        game.play(Move.parse(text))
    assert game.status == "won" and pos == start


def test_a_hint_that_finds_a_win_settles_its_deal_as_winnable(client: TestClient) -> None:
    # A play-tester saw "This move keeps a win within reach" beside the deal's "not yet known".
    number = _solvable_number()
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        s.execute(delete(SolvedDeal).where(SolvedDeal.number == number))
        s.commit()
    assert client.get(f"/api/games/{number}").json()["solvable"] is None
    play = client.post(f"/api/games/{number}/plays", json={"auto_safe": True}).json()
    first = next(m for m in play["legal_moves"] if m != "D")
    play = client.post(f"/api/plays/{play['play_id']}/moves", json={"move": first, "version": play["version"]}).json()
    hint = client.post(f"/api/plays/{play['play_id']}/hint").json()
    assert hint["reason"] == "This move keeps a win within reach."
    assert client.get(f"/api/games/{number}").json()["solvable"] is True
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        line = s.query(SolvedDeal).filter_by(number=number, mode="classic").one().line
    game = Game(deal(number, CLASSIC), CLASSIC, auto_safe=False)
    for text in line:  # the stored line is the play's moves, then the hint's line: it wins from the deal
        game.play(text)
    assert game.status.value == "won" and line[0] == first


def test_a_hint_on_a_set_up_position_settles_no_deal(client: TestClient) -> None:
    number = _solvable_number()
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        s.execute(delete(SolvedDeal))
        s.commit()
    position = Position.to_json(Game(deal(number, CLASSIC), CLASSIC).position, reveal_stock=True)
    play = client.post("/api/plays", json={"position": position, "mode": "classic"}).json()
    assert client.post(f"/api/plays/{play['play_id']}/hint").json()["reason"] == "This move keeps a win within reach."
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        assert s.query(SolvedDeal).count() == 0


def test_a_hint_the_solver_could_not_prove_is_kept_for_its_position(client: TestClient) -> None:
    # A play-tester asking again on an unchanged, undecided position waited the whole budget
    # each time, and each time it counted against the rate limit.
    client.app.state.services.rate.per_minute = 1  # type: ignore[attr-defined]
    play = client.post("/api/games/77/plays", json={"auto_safe": True}).json()  # no win found in 1 s
    first = client.post(f"/api/plays/{play['play_id']}/hint")
    again = client.post(f"/api/plays/{play['play_id']}/hint")
    assert first.status_code == again.status_code == 200
    assert first.json()["reason"].startswith("Best guess") and again.json() == first.json()
    assert client.get(f"/api/plays/{play['play_id']}").json()["hints"] == 2  # both counted
    play = client.post(
        f"/api/plays/{play['play_id']}/moves", json={"move": first.json()["move"], "version": play["version"]}
    ).json()
    assert client.post(f"/api/plays/{play['play_id']}/hint").status_code == 429  # a new position: solved again


def test_a_hint_skips_the_detours_of_the_line_it_follows(settings: Settings) -> None:
    """A play-tester following the hints of a Relaxed deal saw a run go back and forth 51
    times: the line a play takes up is kept without its detours (app/engine/detours.py)."""
    from app.engine import RELAXED
    from app.engine.detours import without_detours
    from app.solver import solve

    number, start = 36, deal(36, RELAXED)
    win = solve(start, RELAXED, max_nodes=100_000)
    assert win.status == "winnable"
    planted = ["6-4", "4-6", *win.moves]  # a card to the other copy of the card above it, and back
    followed = without_detours(start, planted, RELAXED)
    assert followed[:1] != ["6-4"] and len(followed) <= len(win.moves)
    with TestClient(create_app(settings)) as client:
        with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
            s.execute(delete(SolvedDeal).where(SolvedDeal.number == number, SolvedDeal.mode == "relaxed"))
            s.add(
                SolvedDeal(
                    number=number,
                    mode="relaxed",
                    verdict="winnable",
                    line=planted,
                    line_length=len(planted),
                    nodes=win.nodes,
                    elapsed_ms=win.elapsed_ms,
                    solver_version="test",
                    solved_at=datetime.now(UTC),
                )
            )
            s.commit()
        play = client.post(f"/api/games/{number}/plays", json={"mode": "relaxed", "auto_safe": False}).json()
        hint = client.post(f"/api/plays/{play['play_id']}/hint").json()
        assert hint["move"] == followed[0] and hint["reason"] == "This move keeps a win within reach."
