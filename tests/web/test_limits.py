"""Limits that hold (issue 13): a page view stores nothing and gives no visitor cookie, a play
is stored at its first action; the solver's rate limit counts the client's address too, so a
client that takes a new visitor cookie before each request is still held, and the address is
the one a trusted proxy names, never an untrusted one."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.config import Settings
from app.db.models import PlayRow
from app.main import create_app
from app.web.middleware.visitor import COOKIE, VisitorCookie
from tests.service.test_hints import position_with

NEAR_WIN = position_with(
    [["KS"], ["KH"], ["KD"], ["KC"], [], [], [], [], [], []], ["QS", "KS", "QH", "KH", "QD", "KD", "QC", "KC"]
)
"""A position the solver wins at once (each solve is quick)."""


def _plays(client: TestClient) -> list[PlayRow]:
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        return list(s.scalars(select(PlayRow)))


def _sets_visitor_cookie(response: Any) -> bool:
    return any(v.startswith(f"{COOKIE}=") for v in response.headers.get_list("set-cookie"))


def _version(page: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found is not None
    return found.group(1)


def test_anonymous_page_views_store_nothing_and_set_no_visitor_cookie(client: TestClient) -> None:
    for _ in range(20):
        client.cookies.clear()
        r = client.get("/game/42")
        assert r.status_code == 200 and 'data-version="0"' in r.text
        assert not _sets_visitor_cookie(r)
    for path in ("/", "/game/42/records", "/game/42/analysis", "/game/42/give-up", "/stats", "/api/games/42"):
        client.cookies.clear()
        assert not _sets_visitor_cookie(client.get(path)), path
    assert _plays(client) == []


@pytest.mark.parametrize("htmx", [False, True])
def test_the_first_action_stores_exactly_one_play_and_sets_the_cookie(client: TestClient, htmx: bool) -> None:
    page = client.get("/game/42").text
    assert _version(page) == "0"
    headers = {"HX-Request": "true"} if htmx else {}
    r = client.post("/game/42/draw", data={"mode": "classic", "version": "0"}, headers=headers, follow_redirects=False)
    assert r.status_code == (200 if htmx else 303)
    assert _sets_visitor_cookie(r)
    [row] = _plays(client)
    assert (row.number, row.version, row.steps) == (42, 1, "D;")
    again = client.get("/game/42")
    assert 'data-version="1"' in again.text and not _sets_visitor_cookie(again)
    assert len(_plays(client)) == 1


def test_a_refused_first_action_stores_nothing(client: TestClient) -> None:
    r = client.post("/game/42/move", data={"mode": "classic", "version": "0", "move": "W-1"}, follow_redirects=False)
    assert r.status_code == 303 and "notice=illegal" in r.headers["location"]
    assert not _sets_visitor_cookie(r) and _plays(client) == []


def test_two_tabs_on_a_fresh_deal_store_one_play(client: TestClient) -> None:
    client.post("/game/7/draw", data={"mode": "classic", "version": "0"})  # the visitor has a cookie now
    first, second = client.get("/game/42").text, client.get("/game/42").text
    assert _version(first) == _version(second) == "0"
    hx = {"HX-Request": "true"}
    assert 'data-version="1"' in client.post("/game/42/draw", data={"mode": "classic", "version": "0"}, headers=hx).text
    stale = client.post("/game/42/draw", data={"mode": "classic", "version": "0"}, headers=hx)
    assert 'data-version="1"' in stale.text and "another tab" in stale.text
    assert sorted(row.number for row in _plays(client)) == [7, 42]


def test_two_first_actions_at_once_store_one_play(client: TestClient) -> None:
    """Two tabs' first actions on the same fresh deal, the second based on what it read before
    the first was stored: the second is stale and stores nothing."""
    from app.services import plays
    from app.services.actions import parse_act

    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        first, second = (plays.current_play(s, "v1", 42, "classic") for _ in range(2))
        assert not first.stored and not second.stored
        plays.act(s, first, parse_act("draw"), version=0)
        with pytest.raises(plays.StaleVersion) as stale:
            plays.act(s, second, parse_act("draw"), version=0)
        assert stale.value.current.row.play_id == first.row.play_id and stale.value.current.row.version == 1
    assert [row.play_id for row in _plays(client)] == [first.row.play_id]


def test_a_hint_on_a_fresh_deal_stores_the_play_and_counts_the_hint(client: TestClient) -> None:
    r = client.post("/game/42/hint", data={"mode": "classic"}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and "Hint:" in r.text
    assert _sets_visitor_cookie(r)
    [row] = _plays(client)
    assert (row.number, row.version, row.hints) == (42, 0, 1)


def test_giving_up_a_fresh_deal_stores_it_given_up(client: TestClient) -> None:
    """The table's Give up (posted straight with JavaScript) on a deal not started yet."""
    r = client.post("/game/42/resign", data={"mode": "classic", "version": "0"})
    assert r.status_code == 200 and r.url.path == "/game/42/card"
    [row] = _plays(client)
    assert row.status == "resigned"
    fresh = client.get("/game/42")  # the deal again: shown fresh, not stored until played
    assert 'data-version="2"' in fresh.text and 'data-status="playing"' in fresh.text
    assert len(_plays(client)) == 1
    client.post("/game/42/draw", data={"mode": "classic", "version": "2"})
    assert [(p.status, p.version) for p in _plays(client)] == [("resigned", 1), ("playing", 3)]


def test_restart_of_a_fresh_deal_stores_nothing(client: TestClient) -> None:
    r = client.post("/game/42/restart", data={"mode": "classic", "version": "0"}, follow_redirects=False)
    assert r.status_code == 303 and not _sets_visitor_cookie(r)
    assert _plays(client) == []


def test_creating_a_play_through_the_api_stores_it_and_sets_the_cookie(client: TestClient) -> None:
    r = client.post("/api/games/42/plays", json={})
    assert r.status_code == 201 and _sets_visitor_cookie(r)
    assert [row.play_id for row in _plays(client)] == [r.json()["play_id"]]
    assert client.get("/api/plays/" + r.json()["play_id"]).json()["version"] == 0


def _solve(client: TestClient, **headers: str) -> int:
    return client.post("/api/solve", json={"position": NEAR_WIN, "budget_ms": 500}, headers=headers).status_code


def test_a_client_that_takes_a_new_visitor_cookie_before_each_solve_is_limited_by_its_address(
    client: TestClient,
) -> None:
    rate = client.app.state.services.rate  # type: ignore[attr-defined]
    rate.per_minute, rate.per_address = 20, 3
    signer = VisitorCookie("test-secret")
    codes = []
    for _ in range(5):
        client.cookies.clear()
        client.cookies.set(COOKIE, signer.set_cookie_header(secrets.token_urlsafe(12)).split(";")[0].split("=", 1)[1])
        codes.append(_solve(client))
    assert codes == [200, 200, 200, 429, 429]
    client.cookies.clear()
    assert _solve(client) == 429  # and without any cookie


@pytest.fixture
def behind_proxy(settings: Settings) -> Iterator[dict[str, TestClient]]:
    """Clients of an app that trusts the proxy 10.0.0.1: ``proxy`` connects from it, ``other``
    from 10.0.0.2 (not named)."""
    app = create_app(settings.model_copy(update={"trusted_proxies": "10.0.0.1"}))
    with TestClient(app, client=("10.0.0.1", 4000)) as proxy, TestClient(app, client=("10.0.0.2", 4000)) as other:
        rate = app.state.services.rate
        rate.per_minute, rate.per_address = 20, 2
        yield {"proxy": proxy, "other": other}


def test_a_trusted_proxy_names_the_client_whose_address_is_counted(behind_proxy: dict[str, TestClient]) -> None:
    proxy = behind_proxy["proxy"]
    assert [_solve(proxy, **{"X-Forwarded-For": "203.0.113.5"}) for _ in range(3)] == [200, 200, 429]
    assert _solve(proxy, **{"X-Forwarded-For": "203.0.113.6"}) == 200  # another client behind it


def test_an_untrusted_client_cannot_choose_its_address(behind_proxy: dict[str, TestClient]) -> None:
    other = behind_proxy["other"]
    codes = [_solve(other, **{"X-Forwarded-For": f"203.0.113.{n}"}) for n in range(1, 5)]
    assert codes == [200, 200, 429, 429]


def test_no_proxy_is_trusted_by_default_not_even_a_local_one(settings: Settings) -> None:
    assert Settings().trusted_proxies == ""
    with TestClient(create_app(settings), client=("127.0.0.1", 4000)) as local:
        local.app.state.services.rate.per_address = 1  # type: ignore[attr-defined]
        assert _solve(local, **{"X-Forwarded-For": "203.0.113.1"}) == 200
        assert _solve(local, **{"X-Forwarded-For": "203.0.113.2"}) == 429


def test_python_m_app_leaves_proxy_headers_to_the_setting() -> None:
    """uvicorn's own proxy headers trust 127.0.0.1 whatever the setting: ``python -m app``
    switches them off, and the app reads them from ``FT_TRUSTED_PROXIES`` alone."""
    import app.__main__ as entry

    config = entry.server_config(Settings(trusted_proxies="10.0.0.1"))
    assert config.proxy_headers is False


@pytest.mark.parametrize("value", ["10.0.0.1/8", "proxy.example", "*, 10.0.0.1"])
def test_a_trusted_proxy_setting_that_is_not_an_address_is_refused(value: str) -> None:
    with pytest.raises(ValueError):
        Settings(trusted_proxies=value)
