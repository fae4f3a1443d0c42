"""English and Spanish: the catalog translates every message (fails on an untranslated msgid),
every page renders in both languages without a missing string, the language comes from
Accept-Language, and the switch (a cookie) sticks."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from jinja2_fragments import render_block

from app import i18n
from app.config import PROJECT_ROOT
from app.web.middleware.language import pick_language
from tests.records import winning
from tests.records.positions import blocked

PO = PROJECT_ROOT / "app/locale/es/LC_MESSAGES/messages.po"
METHODS = [("app/**.py", "python"), ("templates/**.html", "jinja2")]
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def source_messages() -> set[str]:
    """Every msgid in the code and templates, extracted now (so a new string without a
    translation fails here even if nobody re-ran the extraction)."""
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(PROJECT_ROOT), METHODS, keywords=KEYWORDS):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def test_every_message_in_the_code_has_a_spanish_translation() -> None:
    with PO.open("rb") as f:
        catalog = read_po(f)
    untranslated = []
    for msgid in sorted(source_messages()):
        entry = catalog.get(msgid)
        strings = [] if entry is None else ([entry.string] if isinstance(entry.string, str) else list(entry.string))
        if entry is None or entry.fuzzy or not all(strings):
            untranslated.append(msgid)
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        allowed = {name for i in ids for name in PLACEHOLDER.findall(i)}
        for text in strings:
            # A translation uses only the message's placeholders (and, singular, all of them).
            assert set(PLACEHOLDER.findall(text)) <= allowed, (msgid, text)
            if len(ids) == 1:
                assert set(PLACEHOLDER.findall(text)) == allowed, (msgid, text)
    assert untranslated == [], f"untranslated in Spanish: {untranslated}"


def test_pick_language() -> None:
    assert pick_language(None, None) == "en"
    assert pick_language(None, "es-MX,es;q=0.9,en;q=0.8") == "es"
    assert pick_language(None, "fr-FR,fr;q=0.9,en;q=0.5,es;q=0.4") == "en"
    assert pick_language(None, "de, es;q=0.2") == "es"
    assert pick_language(None, "es;q=0") == "en"
    assert pick_language("es", "en") == "es"
    assert pick_language("xx", "es") == "es"
    assert pick_language(None, "garbage;;q=x,,") == "en"


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", ["9.4", "0.0", "1,234.6", "7"]), ("es", ["9,4", "0,0", "1.234,6", "7"])]
)
def test_decimals_take_the_separators_of_the_language(lang: str, expected: list[str]) -> None:
    token = i18n.use_language(lang)
    try:
        assert [i18n.decimal(9.4), i18n.decimal(0.04), i18n.decimal(1234.56), i18n.decimal(7, digits=0)] == expected
    finally:
        i18n.reset_language(token)


@pytest.fixture
def missing() -> Iterator[list[tuple[str, str]]]:
    found: list[tuple[str, str]] = []
    remove = i18n.on_missing(lambda lang, msgid: found.append((lang, msgid)))
    yield found
    remove()


def every_page(client: TestClient, lang: str) -> dict[str, str]:
    """Render every page a player can reach (and the fragments), in the client's language."""
    pages: dict[str, str] = {}
    win = winning.win(client)
    assert win["status"] == "won"
    client.post("/me/name", data={"name": "Ana", "next": "/stats"})
    pages["won table with finish card"] = client.get(f"/game/{winning.NUMBER}?mode=classic").text
    pages["table"] = client.get("/game/4242").text
    pages["table, selection"] = client.get("/game/4242?sel=1&n=1").text
    pages["table, two selected"] = client.get("/game/4242?sel=2&n=1").text
    pages["table, notice"] = client.get("/game/4242?notice=stale").text
    pages["relaxed table"] = client.get("/game/4242?mode=relaxed").text
    pages["hint"] = client.post("/game/4242/hint", data={"mode": "classic"}, headers={"HX-Request": "true"}).text
    assert "hint-note" in pages["hint"]
    pages["give up"] = client.get("/game/4242/give-up?mode=classic").text
    pages["fragment"] = client.post(
        "/game/4242/draw", data={"mode": "classic", "version": "0"}, headers={"HX-Request": "true"}
    ).text
    pages["restart"] = client.get("/game/4242/restart-deal?mode=classic").text
    pages["nothing to give up"] = client.get("/game/4343/give-up?mode=classic").text
    pages["resigned card"] = client.post("/game/4242/resign", data={"mode": "classic", "version": "1"}).text
    pages["records"] = client.get(f"/game/{winning.NUMBER}/records").text
    pages["records, empty"] = client.get("/game/4242/records?mode=relaxed").text
    pages["stats"] = client.get("/stats").text
    pages["stats, empty"] = client.get("/stats?mode=relaxed").text
    pages["how to play"] = client.get("/rules").text
    shared = client.post("/s", data={"number": str(winning.NUMBER), "mode": "classic"})
    pages["challenge (sharer)"] = shared.text
    pages["challenge, unfinished"] = client.post("/s", data={"number": "9", "mode": "relaxed"}).text
    pages["bad number"] = client.get("/game/0").text
    pages["bad address"] = client.get("/game/abc").text
    pages["unknown challenge"] = client.get("/s/AAAAAAAAAAAA").text
    pages["long name"] = client.post("/me/name", data={"name": "x" * 30}).text
    pages["bad language"] = client.get("/lang/xx").text
    play = client.post("/api/plays", json={"position": blocked(), "mode": "relaxed"}).json()
    from app.services.plays import get_play
    from app.web.templating import templates
    from app.web.views.table import build_table

    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        table = build_table(get_play(s, play["play_id"]), None)
    table.number = 4242
    token = i18n.use_language(lang)
    try:
        pages["blocked banner"] = render_block(
            templates.env,
            "game.html",
            "table",
            t=table,
            finish=None,
            notice=None,
            modes=["classic", "relaxed"],
            idle_cap_s=60,
            hint_reason=None,
        )
    finally:
        i18n.reset_language(token)
    return pages


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_page_renders_without_a_missing_string(
    client: TestClient, missing: list[tuple[str, str]], lang: str
) -> None:
    client.cookies.set("ft_lang", lang)
    pages = every_page(client, lang)
    assert missing == [], f"no translation for: {sorted(set(m for _, m in missing))}"
    for name, html in pages.items():
        if "<html" in html:
            assert f'<html lang="{lang}">' in html, name
    if lang == "es":
        text = " ".join(pages.values())
        for seed_wording in [
            "Aún hay jugadas en la mesa",
            "Subir cartas seguras",
            "Clásico",
            "Relajado",
            "Cuarenta Ladrones",
            "¡Has ganado!",
            "¡Nuevo récord!",
            "Tus estadísticas",
        ]:
            assert seed_wording in text, seed_wording
        visible = re.sub(r"<[^>]+>", " ", text)
        assert not re.search(r"\d\.\d", visible), "an English decimal point on a Spanish page"
        for english in [
            "Undo",
            "Redo",
            "Give up",
            "New game",
            "Moves",
            "Points",
            "Records of",
            "Played",
            "There are still",
            "You won",
            "Share",
            "Cancel",
            "Forty Thieves",
        ]:
            assert not re.search(rf"\b{english}\b", visible), english


def test_language_from_accept_language_and_the_switch_sticks(client: TestClient) -> None:
    es = client.get("/game/5", headers={"Accept-Language": "es-ES,es;q=0.9"}).text
    assert '<html lang="es">' in es and "Deshacer" in es
    assert '<html lang="en">' in client.get("/game/5").text
    r = client.get("/lang/es", params={"next": "/game/5?mode=relaxed"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/game/5?mode=relaxed"
    assert "ft_lang=es" in r.headers["set-cookie"]
    page = client.get("/game/5?mode=relaxed").text
    assert "Relajado" in page and 'href="/lang/en?next=/game/5%3Fmode%3Drelaxed"' in page
    # The cookie wins over Accept-Language; switching back works the same way.
    assert "Deshacer" in client.get("/game/5", headers={"Accept-Language": "en"}).text
    client.get("/lang/en", params={"next": "/game/5"})
    assert "Undo" in client.get("/game/5", headers={"Accept-Language": "es"}).text
    for evil in ["https://evil.example/", "//evil.example", "/\\evil.example"]:
        r = client.get("/lang/es", params={"next": evil}, follow_redirects=False)
        assert r.headers["location"] == "/", evil
    assert client.get("/lang/xx").status_code == 422


def test_hint_reasons_and_notices_are_translated(client: TestClient) -> None:
    from app.services import hints
    from app.web.routes.table import NOTICES

    token = i18n.use_language("es")
    try:
        for text in [*NOTICES.values(), *hints.REASONS.values()]:
            assert i18n.gettext(text) != text, text
    finally:
        i18n.reset_language(token)
    html = client.get("/game/4242?notice=illegal", headers={"Accept-Language": "es"}).text
    assert "Esa jugada no está permitida aquí." in html
