"""Challenge links (``POST /s`` → ``/s/{code}``: who, their result, a button that deals the same
number, Open Graph / Twitter tags with a PNG preview) and display names (escaped everywhere,
length-limited, editable)."""

from __future__ import annotations

import html as htmllib
import re

from fastapi.testclient import TestClient

from app.config import Settings
from app.main import create_app

HOSTILE = '"><img src=x onerror=1>'  # 23 characters: within the limit


def resign(client: TestClient, number: int) -> None:
    page = client.get(f"/game/{number}").text
    version = re.search(r'name="version" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    client.post(f"/game/{number}/draw", data={"mode": "classic", "version": version})
    client.post(f"/game/{number}/resign", data={"mode": "classic", "version": str(int(version) + 1)})


def meta(html: str, key: str) -> str:
    m = re.search(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)"', html)
    assert m, key
    return htmllib.unescape(m.group(1))


def test_share_makes_an_unguessable_link_whose_page_shows_the_challenge(settings: Settings) -> None:
    app = create_app(settings)
    with TestClient(app) as alice, TestClient(app) as bob:
        resign(alice, 4242)
        r = alice.post("/s", data={"number": "4242", "mode": "classic"}, follow_redirects=False)
        assert r.status_code == 303
        code = r.headers["location"].removeprefix("/s/")
        assert re.fullmatch(r"[A-Za-z0-9_-]{12}", code)
        mine = alice.get(f"/s/{code}").text
        assert f"http://testserver/s/{code}" in mine and "Send this link to a friend" in mine
        assert "<h1>Your challenge is ready</h1>" in mine and "You are challenged" not in mine
        assert re.search(r"Your result: gave up with \d+ of 104 cards home\.", mine) and "Their result" not in mine
        assert mine.index('id="share-url"') < mine.index('id="play-challenge"')  # the link first
        page = bob.get(f"/s/{code}")
        assert page.status_code == 200
        html = page.text
        assert (
            "<h1>You are challenged to this deal</h1>" in html
            and "a challenge from a player" not in html.lower()
            and "Send this link" not in html
        )
        assert re.search(r"Their result: gave up with \d+ of 104 cards home\.", html)
        assert meta(html, "og:title") == "Forty Thieves: game 4242 (Classic)"
        assert re.fullmatch(
            r"A player challenges you: gave up with \d+ of 104 cards home\. Can you do better\?",
            meta(html, "og:description"),
        )
        assert meta(html, "og:image") == f"http://testserver/s/{code}/image-en.png"
        assert meta(html, "og:url") == f"http://testserver/s/{code}"
        assert meta(html, "twitter:card") == "summary_large_image"
        assert meta(html, "twitter:image") == meta(html, "og:image")
        png = bob.get(f"/s/{code}/image-en.png")
        assert png.status_code == 200 and png.headers["content-type"] == "image/png"
        assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
        # The button deals the same number as a new play of Bob's.
        r = bob.post(f"/s/{code}/play", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/game/4242?mode=classic"
        table = bob.get(r.headers["location"]).text
        assert 'name="version" value="0"' in table
        # Bob's table keeps the challenge in view; Alice's own table shows none.
        assert re.search(r"Challenge from a player: gave up with \d+ of 104 cards home\. Can you do better\?", table)
        assert "Challenge from" not in alice.get("/game/4242").text
        # It comes with the whole page (a reload too), not again with each move's answer, where
        # it covered the top bar once more for its 8 s.
        drawn = bob.post("/game/4242/draw", data={"mode": "classic", "version": "0"}, headers={"HX-Request": "true"})
        assert drawn.status_code == 200 and 'id="table"' in drawn.text and "Challenge from" not in drawn.text
        assert "Challenge from a player" in bob.get("/game/4242").text


def test_share_with_a_win_names_the_challenger_and_the_result(client: TestClient) -> None:
    from tests.records.test_finish_paths import cards

    client.post("/me/name", data={"name": "Ana", "next": "/stats"})
    client.get("/game/55")
    resign(client, 55)
    assert cards(client)[0].result == "resigned"
    r = client.post("/s", data={"number": "55", "mode": "classic"}, headers={"Accept": "application/json"})
    body = r.json()
    assert set(body) == {"code", "url", "title", "text"} and body["url"].endswith("/s/" + body["code"])
    assert body["text"].startswith("Ana challenges you")
    assert "<h1>Your challenge is ready</h1>" in client.get(f"/s/{body['code']}").text  # Ana's own view
    html = TestClient(client.app).get(f"/s/{body['code']}").text  # a friend's
    assert "<h1>A challenge from Ana</h1>" in html


def test_a_challenge_says_when_its_win_had_help() -> None:
    """A play-tester won deal 4242 by following 176 hints and shared it: the challenge said "won
    in 176 moves, 0:04. Can you do better?" with no word of the hints (a win with help takes no
    record, so the records beside it said nobody had one)."""
    from app.db.models import FinishCard
    from app.i18n import speaking
    from app.services.challenges import result_text

    def won(hints: int, assisted: bool) -> str | None:
        card = FinishCard(result="won", moves=176, elapsed_s=4.0, hints=hints, assisted=assisted, cards_home=104)
        return result_text(card)

    assert won(0, False) == "won in 176 moves, 0:04"
    assert won(176, True) == "won in 176 moves, 0:04, with 176 hints"
    assert won(1, True) == "won in 176 moves, 0:04, with 1 hint"
    assert won(0, True) == "won in 176 moves, 0:04, after seeing the winning line"
    with speaking("es"):
        assert won(2, True) == "ganó en 176 jugadas, 0:04, con 2 pistas"


def test_sharing_the_same_again_gives_back_the_same_link(client: TestClient) -> None:
    """A play-tester's posts to /s each made a new link. The same deal, card and language give
    the earlier one back; a finish card since, or another language, makes a new one."""

    def code(lang: str = "en") -> str:
        r = client.post(f"/s?lang={lang}", data={"number": "77", "mode": "classic"}, follow_redirects=False)
        return str(r.headers["location"]).removeprefix("/s/")

    before = code()
    assert code() == before
    resign(client, 77)
    after = code()
    assert after != before and code() == after
    client.cookies.set("ft_lang", "es")
    assert code("es") not in (before, after)


def test_share_before_finishing_and_bad_input(client: TestClient) -> None:
    r = client.post("/s", data={"number": "9", "mode": "relaxed"})
    assert "You shared this deal before finishing it." in r.text and "Relaxed" in r.text
    assert "They shared" not in r.text
    assert client.post("/s", data={"number": "0", "mode": "classic"}).status_code == 422
    assert client.post("/s", data={"number": "9", "mode": "bogus"}).status_code == 422
    assert client.get("/s/AAAAAAAAAAAA").status_code == 404
    assert client.get("/s/AAAAAAAAAAAA/image.png").status_code == 404
    assert client.get("/s/../etc").status_code == 404


def test_hostile_display_name_is_escaped_everywhere(settings: Settings) -> None:
    app = create_app(settings)
    with TestClient(app) as mallory, TestClient(app) as viewer:
        r = mallory.post("/me/name", data={"name": HOSTILE, "next": "/stats"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/stats?saved=name"
        # Win a set-up position? Custom plays never count; a numbered win is needed for records,
        # so the name is checked on the pages that show it: stats form, challenge page, records.
        play = mallory.post("/api/games/31/plays", json={}).json()
        mallory.post(f"/api/plays/{play['play_id']}/resign", json={"version": play["version"]})
        code = mallory.post(
            "/s", data={"number": "31", "mode": "classic"}, headers={"Accept": "application/json"}
        ).json()["code"]
        pages = [
            viewer.get(f"/s/{code}").text,
            mallory.get("/stats").text,
            mallory.get("/game/31/records").text,
            mallory.get("/game/31/card?mode=classic").text,
        ]
        for html in pages:
            assert "<img src=x" not in html
        assert "&#34;&gt;&lt;img src=x onerror=1&gt;" in pages[0] or "&quot;&gt;&lt;img" in pages[0]
        assert HOSTILE in meta(pages[0], "og:description")  # escaped in the attribute, intact once read
        assert viewer.get(f"/s/{code}/image.png").status_code == 200


def test_display_name_is_length_limited_editable_and_clearable(client: TestClient) -> None:
    r = client.post("/me/name", data={"name": "x" * 25, "next": "/stats"})
    assert r.status_code == 422 and "at most 24 characters" in r.text
    assert 'value=""' in client.get("/stats").text.split('id="display-name"')[1][:80]
    client.post("/me/name", data={"name": "Ana", "next": "/stats"})
    assert 'value="Ana"' in client.get("/stats").text
    client.post("/me/name", data={"name": "Ana B", "next": "/stats"})
    assert 'value="Ana B"' in client.get("/stats").text
    client.post("/me/name", data={"name": "", "next": "/stats"})
    assert 'value=""' in client.get("/stats").text.split('id="display-name"')[1][:80]
    r = client.post("/me/name", data={"name": "Ana", "next": "https://evil.example/"}, follow_redirects=False)
    assert r.headers["location"] == "/stats?saved=name"


def test_saving_a_name_says_so_on_the_page_it_goes_back_to(client: TestClient) -> None:
    """A play-tester pressed Save on /stats and saw the page come back with no word of it."""
    page = client.post("/me/name", data={"name": "Ana", "next": "/stats?mode=relaxed"})
    assert page.url.path == "/stats" and page.url.params["mode"] == "relaxed"
    assert "Saved: your records show “Ana”." in page.text
    page = client.post("/me/name", data={"name": "", "next": "/game/31/records?mode=classic"})
    assert "Saved: your records show “a player”." in page.text and "Records of game 31" in page.text
    assert "Saved:" not in client.get("/stats").text  # only on the way back from Save


def test_records_page_and_api_show_the_deal_records_with_names(client: TestClient) -> None:
    from tests.records.test_finish_paths import custom

    client.post("/me/name", data={"name": "Ana", "next": "/stats"})
    # A custom win never shows up in records.
    from tests.records.positions import near_won

    play = custom(client, near_won(slot_tops={7: "QC"}, waste=["KC"]))
    client.post(f"/api/plays/{play['play_id']}/moves", json={"move": "W-F", "version": play["version"]})
    html = client.get("/game/2/records?mode=classic").text
    assert "No record on this deal in this mode yet (a win with help takes none)." in html
    info = client.get("/api/games/2").json()
    assert info["records"] == [] and info["your_best"] is None and info["record"] is None
    assert client.get("/game/0/records").status_code == 422


def test_a_real_win_shows_honours_records_and_escapes_the_name(settings: Settings) -> None:
    from tests.records import winning

    app = create_app(settings)
    with TestClient(app) as mallory, TestClient(app) as other:
        mallory.post("/me/name", data={"name": HOSTILE, "next": "/stats"})
        play = winning.win(mallory)
        assert play["status"] == "won" and play["moves"] == len(winning.MOVES)
        html = mallory.get(f"/game/{winning.NUMBER}?mode=classic").text
        card = html.split('id="finish-card"')[1].split("</details>")[0]
        assert "New record!" in card and "Best on this deal" in card and "You won!" in card
        assert f'data-fc="moves">{len(winning.MOVES)}<' in card and 'data-fc="home">104/104<' in card
        assert "<img src=x" not in html and "&lt;img src=x onerror=1&gt;" in card
        records = other.get(f"/game/{winning.NUMBER}/records?mode=classic").text
        assert "<img src=x" not in records and "&lt;img src=x onerror=1&gt;" in records
        info = other.get(f"/api/games/{winning.NUMBER}").json()
        assert info["records"][0]["name"] == HOSTILE and info["record"]["moves"] == len(winning.MOVES)
        assert info["your_best"] is None
        assert mallory.get(f"/api/games/{winning.NUMBER}").json()["your_best"]["moves"] == len(winning.MOVES)
