"""The family on the site (issue 16): every variant's table reads its row (columns, foundation
slots, face-down backs with no identity), the game menu, ``/games`` (description, share won,
layout drawing, new-deal link), ``/rules`` sections, records and statistics per variant, and the
API's list of modes, in English and Spanish."""

from __future__ import annotations

import re
import typing
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete

from app.api.schemas import Mode
from app.config import Settings
from app.db.models import SolvedDeal, SurveyVerdict
from app.engine import MODES, Game, Position, Rules, deal
from app.engine.rules import FAMILY
from app.main import create_app
from app.services import survey as sv
from app.web.templating import templates
from app.web.views.board import board_view
from app.web.views.family import BLURBS
from app.web.views.names import TITLES
from app.web.views.stats import CHART_H, chart_bars

ROWS = {r.name: r for r in FAMILY}


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """An app with every variant offered and no shipped survey (the tests store their own)."""
    for rules in FAMILY:
        monkeypatch.setitem(MODES, rules.name, rules)
    monkeypatch.setattr(sv, "SURVEY_DIR", tmp_path / "no-survey")
    app = create_app(Settings(data_dir=tmp_path / "data", secret_key="test-secret", pool_worker=False))
    with TestClient(app) as c:
        c.app_state = app.state  # type: ignore[attr-defined]
        yield c


def test_every_variant_has_a_name_a_description_and_an_api_slug() -> None:
    assert list(TITLES) == list(BLURBS) == [r.name for r in FAMILY]
    assert [TITLES[r.name] for r in FAMILY] == [r.title for r in FAMILY]
    assert list(typing.get_args(Mode)) == [r.name for r in FAMILY]


@pytest.mark.parametrize("row", FAMILY, ids=lambda r: r.name)
def test_each_variants_table_has_its_columns_and_foundation_slots(client: TestClient, row: Rules) -> None:
    html = client.get(f"/game/7?mode={row.name}").text
    assert f'data-mode="{row.name}"' in html
    assert f'data-cols="{row.columns}"' in html and f'data-slots="{row.foundation_slots}"' in html
    assert f'data-phone-row="{row.phone_rows[0]}"' in html
    columns = re.findall(r'class="column[^"]*" data-key="[0-9a-f]+" data-pile="(\d+)"', html)
    assert columns == [str(n) for n in range(1, row.columns + 1)]
    slots = re.findall(r'data-pile="(F\d+)"', html)
    assert slots == [f"F{n}" for n in range(1, row.foundation_slots + 1)]
    assert f"/{row.card_count}</dd>" in html  # cards home out of the variant's count


def test_the_game_menu_lists_the_family_classic_and_relaxed_first(client: TestClient) -> None:
    html = client.get("/game/7?mode=maria").text
    menu = html.split('<details class="mode-menu">', 1)[1].split("</details>", 1)[0]
    assert "<summary" in menu and "María" not in menu  # English by default
    links = re.findall(r'href="/game/7\?mode=([a-z-]+)"', menu)
    assert links == [r.name for r in FAMILY]
    assert links[:2] == ["classic", "relaxed"]
    assert 'href="/games"' in menu
    assert re.search(r'mode=maria"[^>]*aria-current="page"', menu)
    client.cookies.set("ft_lang", "es")
    menu_es = client.get("/game/7?mode=maria").text.split('<details class="mode-menu">', 1)[1]
    assert "María" in menu_es and "Sesenta ladrones" in menu_es and "Todos los juegos" in menu_es


def test_a_variant_slug_is_taken_in_any_case_and_an_unknown_one_is_refused_clearly(client: TestClient) -> None:
    r = client.get("/game/7?mode=Sixty-Thieves", follow_redirects=False)
    assert r.status_code == 301 and r.headers["location"].endswith("mode=sixty-thieves")
    r = client.get("/game/7?mode=forty-two", follow_redirects=False)
    assert r.status_code == 303 and "notice=bad_mode" in r.headers["location"]
    assert client.get("/api/games/7?mode=forty-two").status_code == 422
    assert client.get("/api/games/7?mode=maria").json()["mode"] == "maria"


def _board_html(position: Position, mode: str) -> str:
    b = board_view(position, ROWS[mode], mode)
    return templates.env.get_template("partials/board.html").render(b=b)


def test_face_down_cards_show_only_their_backs_and_nothing_of_who_they_are() -> None:
    rules = ROWS["rank-and-file"]
    start = deal(11, ROWS["classic"])
    hidden = Position(
        tableau=start.tableau,
        foundations=start.foundations,
        waste=start.waste,
        stock=start.stock,
        redeals_left=0,
        face_down=(rules.face_down,) * 10,
    )
    # the same table with the face-down cards of columns 1 and 2 swapped: not a byte differs
    one, two = hidden.tableau[0], hidden.tableau[1]
    swapped_cols = (two[:3] + one[3:], one[:3] + two[3:], *hidden.tableau[2:])
    swapped = Position(
        tableau=swapped_cols,
        foundations=hidden.foundations,
        waste=hidden.waste,
        stock=hidden.stock,
        face_down=hidden.face_down,
    )
    assert set(one[:3]) != set(two[:3])
    html = _board_html(hidden, "rank-and-file")
    assert html == _board_html(swapped, "rank-and-file")
    assert html.count('data-card="back"') == 30
    shown = Counter(re.findall(r'data-card="([2-9TJQKA][SHDC])"', html))
    assert shown == Counter(str(col[-1]) for col in hidden.tableau)
    assert "3 face down" in html


def test_games_lists_every_variant_with_its_words_drawing_share_and_link(client: TestClient) -> None:
    with client.app_state.services.db.sessions() as session:  # type: ignore[attr-defined]
        # Three variants as if nothing had been shipped for them: a survey, deals tried, nothing.
        for table in (SurveyVerdict, SolvedDeal):
            session.execute(delete(table).where(table.mode.in_(("maria", "lucas", "indian"))))
        now = datetime.now(UTC)
        session.add_all(
            SurveyVerdict(
                sample="random-3", number=i, mode="maria", solver_version="9.9", budget="100000n",
                verdict="winnable" if i < 3 else "unwinnable", nodes=1, elapsed_ms=1.0, line=None,
                line_length=None, solved_at=now,
            )
            for i in range(8)
        )  # fmt: skip
        session.add_all(
            SolvedDeal(number=n, mode="lucas", verdict=v, line=None, line_length=None, nodes=1, elapsed_ms=1.0,
                       solver_version="9.9", solved_at=now)
            for n, v in ((1, "winnable"), (2, "unknown"), (3, "winnable"), (4, "unwinnable"))
        )  # fmt: skip
        session.commit()
    html = client.get("/games").text
    items = re.findall(r'<li class="variant" id="game-([a-z-]+)"', html)
    assert items == [r.name for r in FAMILY]
    blocks = dict(zip(items, html.split('<li class="variant"')[1:], strict=True))
    for rules in FAMILY:
        block = blocks[rules.name]
        assert f'href="/?mode={rules.name}"' in block
        assert BLURBS[rules.name].replace("'", "&#39;") in block
        assert block.count('class="slot') == rules.foundation_slots
        assert block.count('class="back"') == rules.columns * rules.face_down
        assert block.count('class="face"') == rules.columns * (rules.cards_per_column - rules.face_down)
        assert block.count('class="back stock"') == 1
    assert blocks["lucas"].count('class="slot ace"') == 8
    assert "The solver won 37.5 % of 8 random deals." in visible(blocks["maria"])
    assert "The solver won 50.0 % of the 4 deals it has tried so far (not a random sample)." in visible(blocks["lucas"])
    assert "Share of deals won: not measured yet." in visible(blocks["indian"])
    client.cookies.set("ft_lang", "es")
    text = visible(client.get("/games").text)
    assert "La familia de Cuarenta Ladrones" in text and "Pequeño cuarenta" in text
    assert "El solucionador ganó el 37,5 % de 8 partidas al azar." in text
    assert "Parte de partidas ganadas: aún sin medir." in text


def test_footer_rules_and_the_table_link_to_games(client: TestClient) -> None:
    for page in ("/game/7", "/rules", "/stats"):
        assert 'href="/games"' in client.get(page).text


def test_rules_has_a_section_per_variant_saying_what_differs(client: TestClient) -> None:
    text = client.get("/rules").text
    for rules in FAMILY[2:]:
        assert f'id="mode-{rules.name}"' in text
    sixty = visible(text.split('id="mode-sixty-thieves"', 1)[1].split("</section>", 1)[0])
    assert "12 columns of 5 cards." in sixty and "3 decks: 156 cards, 12 foundations, 3 for each suit." in sixty
    indian = visible(text.split('id="mode-indian"', 1)[1].split("</section>", 1)[0])
    assert "The lowest card of each column is dealt face down" in indian and "never onto 8♠" in indian
    little = visible(text.split('id="mode-little-forty"', 1)[1].split("</section>", 1)[0])
    assert "Each draw turns 3 cards onto the waste" in little and "3 times" in little
    lucas = visible(text.split('id="mode-lucas"', 1)[1].split("</section>", 1)[0])
    assert "The 8 aces start on the foundations." in lucas and "The stock holds 57 cards." in lucas
    client.cookies.set("ft_lang", "es")
    es = visible(client.get("/rules").text)
    assert "Los otros juegos de la familia" in es and "Solo rey" in es and "3 barajas: 156 cartas" in es


def test_records_and_statistics_pick_any_variant(client: TestClient) -> None:
    stats = client.get("/stats?mode=streets").text.split('<nav class="modes"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'href="/stats\?mode=([a-z-]+)"', stats) == [r.name for r in FAMILY]
    assert re.search(r'mode=streets"[^>]*aria-current="page"', stats)
    records = client.get("/game/7/records?mode=three-passes").text
    assert re.search(r'mode=three-passes"[^>]*aria-current="page"', records)
    client.get("/game/7?mode=sixty-thieves")
    client.post("/game/7/draw", data={"mode": "sixty-thieves", "version": "0"})
    give_up = visible(client.get("/game/7/give-up?mode=sixty-thieves").text)
    assert re.search(r"1 move so far, [0-9]+ of 156 cards home", give_up)


def test_the_statistics_chart_measures_cards_home_out_of_the_variants_count() -> None:
    half_of_sixty, half_of_forty = chart_bars([(False, 78)], 156)[0], chart_bars([(False, 52)], 104)[0]
    assert half_of_sixty.height == half_of_forty.height == round(0.5 * (CHART_H - 4), 1)


@pytest.mark.parametrize("mode", ["indian", "number-ten", "rank-and-file"])
def test_a_face_down_deal_shows_backs_and_nothing_of_those_cards(client: TestClient, mode: str) -> None:
    rules = MODES[mode]
    start = deal(7, rules)
    html = client.get(f"/game/7?mode={mode}").text
    assert html.count('data-card="back"') == rules.columns * rules.face_down + 1  # and the stock
    up = [c for i, col in enumerate(start.tableau) for c in col[start.hidden(i) :]]
    down = [c for i, col in enumerate(start.tableau) for c in col[: start.hidden(i)]]
    assert len(down) == rules.columns * rules.face_down
    assert Counter(re.findall(r'data-card="([2-9TJQKA][SHDC])"', html)) == Counter(str(c) for c in up)
    for card in set(down) - set(up):  # a card with no face-up twin is nowhere in the page
        assert card.label() not in html and f'"{card}"' not in html and f"{card}-" not in html
    moves = html.split('id="table-moves">', 1)[1].split("</script>", 1)[0]
    assert not re.search(r"[2-9TJQKA][SHDC]", moves)
    api = client.post("/api/games/7/plays", json={"mode": mode}).json()
    assert [col[: rules.face_down] for col in api["position"]["tableau"]] == [[None] * rules.face_down] * 10


def _turning_move(mode: str) -> tuple[int, str, int]:
    """A deal of ``mode`` whose first position has a move that turns a face-down card, the
    move, and how many cards lie face down after it (the engine says)."""
    rules = MODES[mode]
    for number in range(1, 300):
        game = Game(deal(number, rules), rules)
        for move in game.legal_moves():
            after = game.clone()
            left = sum(after.play(move).position.face_down)
            if left < sum(game.position.face_down):
                return number, str(move), left
    raise AssertionError("no deal turns a card at its first move")


def test_a_move_that_uncovers_a_face_down_card_turns_it_and_says_so(client: TestClient) -> None:
    number, move, left = _turning_move("rank-and-file")
    url = f"/game/{number}?mode=rank-and-file"
    before = client.get(url).text
    version = re.search(r'name="version" value="(\d+)"', before).group(1)  # type: ignore[union-attr]
    after = client.post(
        f"/game/{number}/move",
        data={"mode": "rank-and-file", "version": version, "move": move},
        headers={"HX-Request": "true"},  # the table's answer, with what the action did in words
    ).text
    assert before.count('data-card="back"') == 31 and after.count('data-card="back"') == left + 1  # and the stock
    assert "turned face up." in re.search(r'data-announce="([^"]*)"', after).group(1)  # type: ignore[union-attr]


def test_a_draw_of_three_names_the_three_cards(client: TestClient) -> None:
    rules = MODES["little-forty"]
    start = deal(5, rules)
    page = client.get("/game/5?mode=little-forty").text
    assert "Stock: draw 3 cards (64 left)" in page and "3 redeals left" in page
    version = re.search(r'name="version" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    after = client.post(
        "/game/5/draw", data={"mode": "little-forty", "version": version}, headers={"HX-Request": "true"}
    ).text
    said = re.search(r'data-announce="([^"]*)"', after).group(1)  # type: ignore[union-attr]
    assert said.startswith("Drew " + " ".join(c.label() for c in start.stock[:3]))
    assert "Stock: draw 3 cards (61 left)" in after
