"""The pages: the table, its actions as plain forms (303) and as HTMX fragments, ownership,
and persistence across a server restart."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.engine import RELAXED, Game, deal
from app.main import create_app
from app.web.hint_seal import HintSeal

HX = {"HX-Request": "true"}


def version_of(html: str) -> int:
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m, "the table form carries its version"
    return int(m.group(1))


def column_cards(html: str, column: int) -> list[str]:
    """Card codes shown in a column, bottom first (from aria-labels)."""
    block = html.split(f'data-pile="{column}"', 1)[1].split('class="column', 1)[0]
    return re.findall(r'aria-label="((?:10|[A2-9JQK])[♠♥♦♣])', block)


def test_root_redirects_to_a_fresh_game_number(client: TestClient) -> None:
    r = client.get("/", follow_redirects=False)
    assert r.status_code == 303
    assert re.fullmatch(r"/game/\d+\?mode=classic", r.headers["location"])
    assert client.get("/?mode=relaxed", follow_redirects=False).headers["location"].endswith("mode=relaxed")


def test_game_page_shows_the_deal(client: TestClient) -> None:
    html = client.get("/game/4242").text
    assert "Forty Thieves" in html and "#4242" in html
    assert column_cards(html, 1) == ["A♣", "2♣", "5♦", "7♦"]
    assert "There are still moves on the table" in html
    assert html.count('class="pile foundation') == 8
    assert re.search(r"/static/vendor/htmx\.min\.[0-9a-f]{8}\.js", html) and "https://" not in html


def _spend_the_stock(client: TestClient, number: int, mode: str) -> str:
    """Draw every stock card of a fresh play of ``number``; the table page after it."""
    html = client.get(f"/game/{number}?mode={mode}").text
    while f'formaction="/game/{number}/draw"' in html:
        r = client.post(f"/game/{number}/draw", data={"mode": mode, "version": str(version_of(html))}, headers=HX)
        assert r.status_code == 200
        html = r.text
    return client.get(f"/game/{number}?mode={mode}").text


@pytest.mark.parametrize(("number", "moves"), [(4242, ["2-1", "5-3"]), (9, [])])
def test_still_moves_on_the_table_shows_beside_the_redeal_too(
    client: TestClient, number: int, moves: list[str]
) -> None:
    """RULES.md, Helpers on the table: the note stands beside the stock whenever a column or
    waste move is legal, also with the stock spent and the ↻ turn-over offered (Relaxed)."""
    game = Game(deal(number, RELAXED), RELAXED)
    while game.position.stock:
        game.play("D")
    assert [str(m) for m in game.legal_moves()] == [*moves, "R"]
    html = _spend_the_stock(client, number, "relaxed")
    assert f'formaction="/game/{number}/redeal"' in html and 'aria-label="Stock is empty"' not in html
    # the line is always there (its coming and going moves nothing), unseen when not true
    assert ('<span class="hint-moves">There are still moves on the table<' in html) == bool(moves)
    assert ('<span class="hint-moves off" aria-hidden="true">' in html) != bool(moves)


def test_form_post_without_javascript_answers_303_and_the_move_sticks(client: TestClient) -> None:
    client.get("/game/4242")
    r = client.post("/game/4242/move", data={"move": "2-1", "mode": "classic", "version": "0"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/game/4242?mode=classic"
    html = client.get("/game/4242").text
    assert column_cards(html, 1)[-1] == "6♦" and version_of(html) == 1


def test_htmx_action_returns_only_the_table_fragment(client: TestClient) -> None:
    client.get("/game/4242")
    r = client.post("/game/4242/draw", data={"mode": "classic", "version": "0"}, headers=HX)
    assert r.status_code == 200
    assert r.text.lstrip().startswith('<main id="table"') and "<html" not in r.text
    assert 'aria-label="Stock: draw a card (63 left)"' in r.text
    assert "HX-Request" in r.headers["vary"].split(", ")


def test_a_boosted_link_from_another_page_loads_the_whole_table_page(client: TestClient) -> None:
    """A boosted link or form into the table from another page (no ``HX-Target``: htmx would
    swap the body) gets a whole page load; one from inside the table (``HX-Target: table``)
    gets the table block."""
    boosted = {**HX, "HX-Boosted": "true"}
    r = client.get("/game/4242?mode=classic&sel=2&n=1", headers=boosted)
    assert r.headers["hx-redirect"] == "/game/4242?mode=classic&sel=2&n=1" and "<main" not in r.text
    inside = client.get("/game/4242?mode=classic&sel=2&n=1", headers={**boosted, "HX-Target": "table"})
    assert "hx-redirect" not in inside.headers and inside.text.lstrip().startswith('<main id="table"')
    client.post("/game/4242/draw", data={"mode": "classic", "version": "0"})
    again = client.post("/game/4242/restart", data={"mode": "classic"}, headers=boosted)
    assert again.headers["hx-redirect"] == "/game/4242?mode=classic&notice=restarted"
    quit = client.post("/game/4242/resign", data={"mode": "classic", "version": "2"}, headers=boosted)
    assert quit.headers["hx-redirect"] == "/game/4242/card?mode=classic"


def test_selection_lights_targets_and_marks_the_preferred(client: TestClient) -> None:
    # Deal 4242: column 2's 6♦ can go onto column 1's 7♦ only, so tapping it moves at once;
    # after a draw nothing changes that. Select column 1's top card (7♦): no place takes it.
    html = client.get("/game/4242?sel=2&n=1").text
    assert 'value="2-1"' in html and "preferred" in html
    html = client.get("/game/4242?sel=1&n=1").text
    assert "No place takes it" in html


def test_picking_up_the_hinted_card_keeps_the_hint_and_prefers_its_destination(client: TestClient) -> None:
    # Deal 6: column 6's top card fits on columns 1 and 5; without a hint column 1 is preferred.
    assert 'class="drop preferred" type="submit" name="move" value="6-1"' in client.get("/game/6?sel=6&n=1").text
    token = HintSeal("test-secret").seal_for(6, "classic", 0, "6-5", "line")
    forged = client.get("/game/6?hint=6-5&why=line").text
    assert "keeps a win within reach" not in forged and "hinted" not in forged  # a hint the server never gave
    html = client.get(f"/game/6?hint={token}").text
    assert "This move keeps a win within reach." in html
    pick_up = re.search(r'href="([^"]*sel=6[^"]*)"', html)
    assert pick_up and f"hint={token}" in pick_up.group(1)
    html = client.get(pick_up.group(1).replace("&amp;", "&")).text
    assert 'class="drop preferred" type="submit" name="move" value="6-5"' in html
    assert 'class="drop" type="submit" name="move" value="6-1"' in html
    assert "This move keeps a win within reach." in html


def test_stale_version_shows_a_notice_and_changes_nothing(client: TestClient) -> None:
    client.get("/game/4242")
    client.post("/game/4242/draw", data={"mode": "classic", "version": "0"})
    r = client.post("/game/4242/draw", data={"mode": "classic", "version": "0"}, follow_redirects=False)
    assert r.headers["location"].endswith("notice=stale")
    html = client.get(r.headers["location"]).text
    assert "The table had changed" in html and version_of(html) == 1


def test_illegal_move_gets_a_friendly_notice(client: TestClient) -> None:
    client.get("/game/4242")
    r = client.post("/game/4242/move", data={"move": "1-2", "mode": "classic", "version": "0"}, headers=HX)
    assert "That move is not allowed here." in r.text and version_of(r.text) == 0


def test_notice_parameter_never_echoes_input(client: TestClient) -> None:
    html = client.get("/game/4242?notice=<script>alert(1)</script>").text
    assert "alert(1)" not in html


def test_bad_game_number_is_a_friendly_page(client: TestClient) -> None:
    r = client.get("/game/0")
    assert r.status_code == 422 and "from 1 to 4294967295" in r.text
    r = client.get("/game/abc")
    assert r.status_code == 422 and "Start a new game" in r.text


def test_a_second_visitor_gets_a_play_of_their_own(settings: Settings) -> None:
    app = create_app(settings)
    with TestClient(app) as alice, TestClient(app) as bob:
        alice.get("/game/77")
        alice.post("/game/77/draw", data={"mode": "classic", "version": "0"})
        assert version_of(alice.get("/game/77").text) == 1
        assert version_of(bob.get("/game/77").text) == 0


def test_a_forged_visitor_cookie_is_ignored(client: TestClient) -> None:
    client.get("/game/77")
    client.post("/game/77/draw", data={"mode": "classic", "version": "0"})
    client.cookies.set("ft_visitor", "forged.value")
    assert version_of(client.get("/game/77").text) == 0


def test_restart_deals_again_and_server_restart_loses_nothing(settings: Settings) -> None:
    with TestClient(create_app(settings)) as c:
        c.get("/game/9")
        c.post("/game/9/draw", data={"mode": "relaxed", "version": "0"})
        c.get("/game/9?mode=relaxed")
        c.post("/game/9/draw", data={"mode": "relaxed", "version": "0"})
        c.post("/game/9/draw", data={"mode": "relaxed", "version": "1"})
        cookies = dict(c.cookies)
        before = c.get("/game/9?mode=relaxed").text
    with TestClient(create_app(settings), cookies=cookies) as c:
        after = c.get("/game/9?mode=relaxed").text
        assert after == before and version_of(after) == 2
        c.post("/game/9/restart", data={"mode": "relaxed"})
        assert version_of(c.get("/game/9?mode=relaxed").text) == 3  # counts on from the old play
        assert '<dd data-stat="moves">0<' in c.get("/game/9?mode=relaxed").text


def test_auto_safe_toggle_is_remembered_for_new_plays(client: TestClient) -> None:
    client.get("/game/5")
    client.post("/game/5/auto-safe", data={"mode": "classic", "version": "0", "value": "off"})
    assert "Move safe cards up: off" in client.get("/game/5").text
    assert "Move safe cards up: off" in client.get("/game/6").text


def test_the_auto_safe_switch_takes_only_on_or_off(client: TestClient) -> None:
    client.get("/game/5")
    for value in ("maybe", "", None):
        data = {"mode": "classic", "version": "0"} | ({} if value is None else {"value": value})
        r = client.post("/game/5/auto-safe", data=data, follow_redirects=False)
        assert r.status_code == 303 and "notice=bad_request" in r.headers["location"]
    page = client.get("/game/5").text
    assert "Move safe cards up: on" in page and 'name="version" value="0"' in page
    client.post("/game/5/auto-safe", data={"mode": "classic", "version": "0", "value": "off"})
    assert "Move safe cards up: off" in client.get("/game/5").text


def test_the_preference_switches_take_only_on_or_off(client: TestClient) -> None:
    for url in ("/prefs/solvable/5", "/prefs/display/5/four"):
        r = client.post(url, data={"mode": "classic", "value": "yes"}, follow_redirects=False)
        assert r.status_code == 303 and "notice=bad_request" in r.headers["location"]
        assert "set-cookie" not in r.headers
    page = client.get("/game/5").text
    assert "Only winnable deals: on" in page and "Four-colour deck: off" in page
    client.post("/prefs/solvable/5", data={"mode": "classic", "value": "off"})
    assert "Only winnable deals: off" in client.get("/game/5").text


def test_an_action_that_does_not_exist_is_no_address(client: TestClient) -> None:
    """``/game/{number}/{action}`` takes the actions' names only: another is a 404 page, by
    GET (it was a 405, "takes a form") or by POST (it was the table with a notice)."""
    for method in ("GET", "POST"):
        r = client.request(method, "/game/4242/xyz", data={"mode": "classic", "version": "0"})
        assert r.status_code == 404 and "There is no page at this address" in r.text
    r = client.post("/game/4242/draw", data={"mode": "classic", "version": "0"}, follow_redirects=False)
    assert r.status_code == 303


def test_healthz(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}


def test_a_form_without_version_or_with_an_unknown_mode_changes_nothing(client: TestClient) -> None:
    client.get("/game/91")
    r = client.post("/game/91/move", data={"mode": "classic", "move": "D"}, follow_redirects=False)
    assert r.headers["location"].endswith("notice=bad_request")
    r = client.post("/game/91/draw", data={"mode": "hard", "version": "0"}, follow_redirects=False)
    assert r.headers["location"].endswith("notice=bad_request")
    # a version that is no count (a play-tester's tampered forms) is none: the table, with a notice
    for version in ("abc", "99999999999999999999", "2147483648", "-1", "\uff10"):
        r = client.post("/game/91/draw", data={"mode": "classic", "version": version}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].endswith("notice=bad_request"), version
    assert version_of(client.get("/game/91").text) == 0


def test_restart_from_a_stale_tab_changes_nothing(client: TestClient) -> None:
    client.get("/game/91")
    client.post("/game/91/draw", data={"mode": "classic", "version": "0"})
    r = client.post("/game/91/restart", data={"mode": "classic", "version": "0"}, follow_redirects=False)
    assert r.headers["location"].endswith("notice=stale")
    assert version_of(client.get("/game/91").text) == 1
    client.post("/game/91/restart", data={"mode": "classic", "version": "1"})
    assert version_of(client.get("/game/91").text) == 2  # the new play counts on from the old one


def test_a_tab_still_showing_the_play_before_a_restart_cannot_touch_the_new_one(client: TestClient) -> None:
    """Tab B saw the old play at version 3; tab A restarts and makes three actions: B's draw
    and B's give-up are stale and change nothing (versions count on across a restart)."""
    client.get("/game/4242")
    for v in range(3):
        client.post("/game/4242/draw", data={"mode": "classic", "version": str(v)})
    tab_b = version_of(client.get("/game/4242").text)
    client.post("/game/4242/restart", data={"mode": "classic", "version": str(tab_b)})
    for _ in range(3):
        seen = version_of(client.get("/game/4242").text)
        client.post("/game/4242/draw", data={"mode": "classic", "version": str(seen)})
    tab_a = version_of(client.get("/game/4242").text)
    r = client.post("/game/4242/draw", data={"mode": "classic", "version": str(tab_b)}, follow_redirects=False)
    assert r.headers["location"].endswith("notice=stale")
    r = client.post("/game/4242/resign", data={"mode": "classic", "version": str(tab_b)}, follow_redirects=False)
    assert r.headers["location"].endswith("notice=stale")
    page = client.get("/game/4242").text
    assert version_of(page) == tab_a  # nothing was accepted: the new play goes on
    assert "act-give-up" in page  # not ended: no finish card, the table still offers Give up


def test_a_tab_still_showing_a_play_given_up_in_another_gets_its_finish_card(client: TestClient) -> None:
    """Tab A gives up at version 3; tab B, still showing version 2, draws: the answer was a
    fresh deal with "the table had changed", as if the play had been wiped, and B's next tap
    started a new play (a play-tester's finding). Now B gets the given-up play's finish card,
    and nothing is stored."""
    client.get("/game/1121")
    for v in range(2):
        client.post("/game/1121/draw", data={"mode": "classic", "version": str(v)})
    client.post("/game/1121/resign", data={"mode": "classic", "version": "2"})
    r = client.post("/game/1121/draw", data={"mode": "classic", "version": "2"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/game/1121/card?mode=classic"
    r = client.post("/game/1121/draw", data={"mode": "classic", "version": "2"}, headers={"HX-Request": "true"})
    assert r.headers["HX-Replace-Url"] == "/game/1121/card?mode=classic"
    assert "You gave up" in r.text and "The table had changed" in r.text
    fresh = client.get("/game/1121").text
    assert version_of(fresh) == 4 and 'data-stat="moves">0<' in fresh  # a fresh deal, not yet stored
    client.post("/game/1121/draw", data={"mode": "classic", "version": "4"})  # its first action
    assert version_of(client.get("/game/1121").text) == 5


def test_an_options_switch_on_a_given_up_plays_table_goes_back_to_its_finish_card(client: TestClient) -> None:
    """After Give up the address is the finish card's; a switch of the Options panel went back
    to the deal's table, a fresh deal, under the card's address (a play-tester's finding)."""
    client.get("/game/1122")
    client.post("/game/1122/draw", data={"mode": "classic", "version": "0"})
    client.post("/game/1122/resign", data={"mode": "classic", "version": "1"})
    for path in ("/prefs/display/1122/four", "/prefs/solvable/1122"):
        r = client.post(path, data={"mode": "classic", "value": "on", "version": "2"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/game/1122/card?mode=classic", path
        fresh = client.post(path, data={"mode": "classic", "value": "on", "version": "3"}, follow_redirects=False)
        assert fresh.headers["location"] == "/game/1122?mode=classic"  # from the fresh deal's table
    card = client.get("/game/1122/card?mode=classic", headers={"HX-Request": "true"})
    assert card.text.lstrip().startswith('<main id="table"') and "You gave up" in card.text  # the block


def test_a_game_number_written_another_way_redirects_to_its_one_address(client: TestClient) -> None:
    r = client.get("/game/00042?mode=relaxed", follow_redirects=False)
    assert r.status_code == 301 and r.headers["location"] == "/game/42?mode=relaxed"
    assert client.get("/game/42", follow_redirects=False).status_code == 200
    for page in ("records", "analysis", "card"):
        r = client.get(f"/game/+042/{page}?mode=classic", follow_redirects=False)
        assert r.status_code == 301 and r.headers["location"] == f"/game/42/{page}?mode=classic"
    assert client.get("/game/0", follow_redirects=False).status_code == 422  # out of range: its own page


def test_unknown_pages_and_bad_addresses_get_friendly_pages(client: TestClient) -> None:
    r = client.get("/nope")
    assert r.status_code == 404 and "There is no page at this address." in r.text
    r = client.get("/s")  # the share form's address, opened as a page (a play-tester saw a bare 405)
    assert r.status_code == 405 and "This address takes a form, not a visit" in r.text and "Method Not" not in r.text
    r = client.get("/game/abc")
    assert r.status_code == 422 and "from 1 to 4294967295" in r.text and "Input should be" not in r.text
    assert client.get("/game/91?sel=1&n=-3").status_code == 200
    r = client.get("/game/0/records")
    assert "Input should be" not in r.text
    r = client.get("/api/nope")
    assert r.status_code == 404 and r.json()["error"] == "http_404"
    r = client.get("/nope", headers={"Accept-Language": "es"})
    assert "No hay ninguna página en esta dirección." in r.text


def test_every_lit_card_of_a_hinted_run_picks_up_the_whole_run(client: TestClient) -> None:
    # A play-tester's trap: the hint was 1-2/2 (J♠ 10♠ onto Q♠) and a tap on the lit 10♠ moved it
    # alone to its only place, the empty column 3.
    from app.engine import Move
    from app.services.plays import get_play
    from app.web.views.table import build_table
    from tests.records.positions import RANKS, SUITS

    tableau = [["3H", "JS", "TS"], ["4H", "QS"], [], ["3S"], ["3D"], ["3C"], ["5S"], ["5H"], ["5D"], ["5C"]]
    rest = [r + s for s in SUITS for r in RANKS] * 2
    for card in [c for col in tableau for c in col] + ["9C"]:
        rest.remove(card)
    position = {"tableau": tableau, "foundations": [None] * 8, "waste": [*rest, "9C"], "stock": [], "redeals_left": 0}
    play = client.post("/api/plays", json={"position": position, "mode": "classic"}).json()
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        loaded = get_play(s, play["play_id"])
        plain = build_table(loaded, None).columns[0].cards
        hinted = build_table(loaded, None, Move.parse("1-2/2"), "line", "TOKEN").columns[0].cards
    assert plain[2].post == "1-3"  # without a hint, 10♠ alone goes at once to its only place
    for card in hinted[1:]:  # with the hint, J♠ and 10♠ both pick up the two, the hint kept
        assert card.hinted and card.post is None
        assert "sel=1" in card.get and "n=2" in card.get and "hint=TOKEN" in card.get
    assert not hinted[0].hinted and hinted[0].get is None and hinted[0].post is None  # 3♥: not in the run


def test_an_unknown_mode_in_the_address_is_said_not_silently_replaced(client: TestClient) -> None:
    r = client.get("/game/4242?mode=zzqx", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/game/4242?mode=classic&notice=bad_mode"
    html = client.get(r.headers["location"]).text
    assert "There is no such mode: this is the Classic game of this deal." in html and "zzqx" not in html
    assert column_cards(html, 1) == ["A♣", "2♣", "5♦", "7♦"]  # deal 4242, Classic
    r = client.get("/game/4242/records?mode=zzqx", follow_redirects=False)  # every page of a deal
    assert r.status_code == 303 and r.headers["location"] == "/game/4242/records?mode=classic&notice=bad_mode"


def test_a_deal_the_solver_gave_up_on_says_undecided_not_not_yet_known(client: TestClient) -> None:
    # A play-tester waited minutes on "not yet known" for deals the worker had already given up on.
    from app.services.deals import store_result

    assert "not yet known" in client.get("/game/77").text
    with client.app.state.services.db.sessions() as s:  # type: ignore[attr-defined]
        store_result(s, 77, "classic", "unknown", [], 1_000_000, 10_000.0)
    html = client.get("/game/77").text
    assert ">undecided<" in html and "not yet known" not in html and "Too hard for the solver to settle" in html
    assert client.get("/api/games/77").json()["solvable"] is None  # the API's contract is unchanged
