"""Kept piles are exactly what a fresh render gives: the same table rendered with an empty pile
cache and with a warm one is the same HTML, in both languages, with and without a selection."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from app.web.templating import templates


def _table(client: TestClient, url: str, lang: str) -> str:
    html = client.get(url, headers={"HX-Request": "true", "Accept-Language": lang}).text
    return re.sub(r'data-(elapsed|last-action)="[^"]*"', "", html)


def test_a_warm_cache_renders_what_a_cold_one_does(client: TestClient) -> None:
    cache = templates.env.globals["pile"]
    for url in ("/game/77", "/game/77?sel=1", "/game/77?sel=W", "/game/77?sel=4&n=2"):
        for lang in ("en", "es"):
            cache._items.clear()
            cold = _table(client, url, lang)
            warm = _table(client, url, lang)
            assert cold == warm and len(cache._items) >= 18


def test_the_lifted_card_and_the_lit_places_follow_the_selection(client: TestClient) -> None:
    plain = _table(client, "/game/77", "en")
    lifted = _table(client, "/game/77?sel=1", "en")
    assert "lifted" not in plain and "lifted" in lifted
    assert _table(client, "/game/77", "en") == plain  # put down again: no lifted card kept


def test_game_url_encodes_as_urlencode_does() -> None:
    from urllib.parse import urlencode

    from app.web.views.table import game_url

    for params in ({}, {"sel": "W", "n": 2}, {"hint": "a.b-c_d~e"}, {"hint": "1-2/2 x&y=é"}, {"card": None}):
        query = {"mode": "classic", **{k: v for k, v in params.items() if v is not None}}
        assert game_url(7, "classic", "", **params) == f"/game/7?{urlencode(query)}"


KEYED = re.compile(r'data-key="([0-9a-f]{8})" data-pile="([^"]+)"')
STAND_IN = re.compile(r'<div id="pile-([^"]+)" hx-preserve></div>')


def _shown(html: str) -> str:
    """The ``FT-Piles`` header a browser showing ``html`` sends."""
    return " ".join(f"{name}={key}" for key, name in KEYED.findall(html))


def _draw(client: TestClient, html: str, piles: str) -> str:
    version = re.search(r'name="version" value="(\d+)"', html)
    assert version
    headers = {"HX-Request": "true", "FT-Piles": piles}
    answer = client.post("/game/78/draw", data={"mode": "classic", "version": version.group(1)}, headers=headers)
    assert answer.status_code == 200
    return answer.text


def test_an_answer_leaves_out_the_piles_the_browser_shows_already(client: TestClient) -> None:
    page = client.get("/game/78").text
    shown = dict((name, key) for key, name in KEYED.findall(page))
    assert len(shown) == 18  # 8 foundations, 10 columns (the first draw also sends the aces up)
    answer = _draw(client, page, _shown(page))
    kept = STAND_IN.findall(answer)
    sent = dict((name, key) for key, name in KEYED.findall(answer))
    assert len(kept) >= 12 and set(kept) | set(sent) == set(shown) and not set(kept) & set(sent)
    assert all(shown[name] != key for name, key in sent.items())  # only what changed comes whole
    assert len(answer) < len(page) / 2
    # a stand-in only where the browser's key is this very pile's: a wrong or stale key gets it whole
    again = client.get("/game/78").text
    wrong = " ".join(f"{name}=00000000" for name in shown)
    assert STAND_IN.findall(_draw(client, again, wrong)) == []


def test_a_piles_header_that_is_not_well_formed_is_ignored(client: TestClient) -> None:
    for header in ("1=zz", "1=12345678 " * 40, "x" * 5000, "1=1234567", "S=12345678", "1=12345678;drop"):
        page = client.get("/game/79").text
        answer = client.post(
            "/game/79/draw",
            data={"mode": "classic", "version": re.findall(r'name="version" value="(\d+)"', page)[0]},
            headers={"HX-Request": "true", "FT-Piles": header},
        )
        assert answer.status_code == 200 and STAND_IN.findall(answer.text) == []
        assert len(KEYED.findall(answer.text)) == 18


def test_a_whole_page_never_has_stand_ins(client: TestClient) -> None:
    page = client.get("/game/80").text
    again = client.get("/game/80", headers={"FT-Piles": _shown(page)}).text
    assert STAND_IN.findall(again) == [] and len(KEYED.findall(again)) == 18
