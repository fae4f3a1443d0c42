"""The "How to play" page (``/rules``): both languages, its sections and contents links, the
rules of both modes, the keyboard list, "winnable"; and the links to it from every page's
footer and from the table's Options menu."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

SECTIONS = ["aim", "classic", "relaxed", "family", "playing", "keyboard", "helpers", "winnable", "records", "strategy"]
KEYS = ["1", "9", "0", "W", "F", "D", "U", "Z", "Y", "H", "Esc", "?"]


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_rules_page_in_english(client: TestClient) -> None:
    r = client.get("/rules")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    assert '<html lang="en">' in html
    assert re.search(r"<h1>How to play Forty Thieves</h1>", html)
    assert len(re.findall(r"<h2\b", html)) == len(SECTIONS) + 1  # and the contents' own heading
    for section in SECTIONS:
        assert f'<section id="{section}"' in html, section
        assert f'href="#{section}"' in html, section
    text = visible(html)
    for words in ["Classic rules", "Relaxed rules", "104 cards", "empty column", "turn the waste over once"]:
        assert words in text, words
    assert "winnable" in text and "not yet known" in text and "undecided" in text
    for key in ["Enter", "Space", "Shift", *KEYS]:
        assert f"<kbd>{key}</kbd>" in html, key
    assert "Double-click or double-tap" in text and "drag" in text
    assert 'class="keys"' in html and "Strategy tips" in text


@pytest.mark.parametrize("how", ["accept-language", "cookie"])
def test_rules_page_in_spanish(client: TestClient, how: str) -> None:
    if how == "cookie":
        client.cookies.set("ft_lang", "es")
        html = client.get("/rules").text
    else:
        html = client.get("/rules", headers={"Accept-Language": "es-ES,es;q=0.9"}).text
    assert '<html lang="es">' in html
    assert "<h1>Cómo se juega a Cuarenta Ladrones</h1>" in html
    text = visible(html)
    for words in ["Reglas del modo Clásico", "Reglas del modo Relajado", "montón", "descarte", "bases", "escalera"]:
        assert words in text, words
    assert "con solución" in text and "aún no se sabe" in text
    assert "<kbd>Intro</kbd>" in html and "<kbd>Espacio</kbd>" in html and "<kbd>Mayús</kbd>" in html
    for english in ["How to play", "Classic", "Relaxed", "winnable", "Undo", "stock", "waste", "Forty Thieves"]:
        assert not re.search(rf"\b{english}\b", text), english


def test_every_footer_and_the_table_menu_link_to_the_rules(client: TestClient) -> None:
    table = client.get("/game/4242").text
    footer = table.split('<footer class="page-links">', 1)[1]
    assert '<a href="/rules">How to play</a>' in footer
    menu = table.split('class="options-panel"', 1)[1].split("</details>", 1)[0]
    assert 'href="/rules"' in menu and "How to play" in menu
    for page in ["/stats", "/game/4242/records"]:
        assert '<a href="/rules">How to play</a>' in client.get(page).text, page
    rules = client.get("/rules").text
    assert '<a href="/rules" aria-current="page">How to play</a>' in rules
    assert '<a href="/rules">Cómo se juega</a>' in client.get("/game/4242", headers={"Accept-Language": "es"}).text
