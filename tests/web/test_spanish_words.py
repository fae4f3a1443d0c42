"""The Spanish a play-tester asked for (issue 17), through the catalog: one verb for drawing,
"Nueva partida", "No quedan vueltas", a gentler give-up question, no "Un reto de un jugador",
a result that reads on after a colon, and a distinct name for each of the three buttons that
all read "Repetir la partida"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from app import i18n
from app.config import PROJECT_ROOT

PO = PROJECT_ROOT / "app/locale/es/LC_MESSAGES/messages.po"


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.compile_catalogs()  # as the app does when it starts
    token = i18n.use_language("es")
    yield
    i18n.reset_language(token)


def test_the_spanish_wording_fixes(spanish: None) -> None:
    _ = i18n.gettext
    assert _("New game") == "Nueva partida"
    assert _("No redeals left") == "No quedan vueltas"
    assert _("Give up this game?") == "¿Seguro que quieres rendirte?"
    assert _("You are challenged to this deal") == "Te retan a esta partida"
    assert _("Draw a card from the stock") == "Pasa una carta del montón"
    # Three buttons, three meanings: mid-game, after a dead end or a block, after the end.
    buttons = [_("Restart this deal"), _("Try this deal again"), _("Play this deal again")]
    assert buttons == ["Empezar de nuevo", "Volver a intentarlo", "Jugar otra vez"]
    # A result follows a colon ("Su resultado: se rindió…"), in both languages.
    their = _("Their result: %(result)s.") % {
        "result": _("gave up with %(home)s of %(count)s cards home") % {"home": 40, "count": 104}
    }
    assert their == "Su resultado: se rindió con 40 de 104 cartas en las bases."


def test_drawing_has_one_verb_in_spanish() -> None:
    with PO.open("rb") as f:
        catalog = read_po(f)
    texts = [t for m in catalog if m.id for t in ([m.string] if isinstance(m.string, str) else m.string)]
    assert [t for t in texts if "robar" in t.lower() or "sacaste" in t.lower()] == []
    assert "Repetir la partida" not in texts


def test_a_blocked_relaxed_table_says_no_redeals_left_and_offers_to_try_again(client: TestClient) -> None:
    from jinja2_fragments import render_block

    from app.services.plays import get_play
    from app.web.templating import templates
    from app.web.views.table import build_table
    from tests.records.positions import blocked

    play = client.post("/api/plays", json={"position": blocked(), "mode": "relaxed"}).json()
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        table = build_table(get_play(s, play["play_id"]), None)
    token = i18n.use_language("es")
    try:
        html = render_block(
            templates.env, "game.html", "table", t=table, finish=None, notice=None, idle_cap_s=60, hint_reason=None
        )
    finally:
        i18n.reset_language(token)
    assert '<span class="redeals">No quedan vueltas</span>' in html and "Quedan 0" not in html
    assert ">Volver a intentarlo</button>" in html and "Repetir la partida" not in html
