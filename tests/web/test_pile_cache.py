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
