"""Issue 13: forged cross-origin forms are refused (403, in the visitor's language, nothing
changed), every answer carries the security headers, an unknown ``Host`` is refused, and the
absolute URLs of a share page come from ``FT_PUBLIC_URL`` or the request's own, allowed, host."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from app.config import Settings
from app.main import create_app
from app.web.middleware.guard import CSP, cross_origin_refusal

STOCK = re.compile(r'aria-label="Stock: draw a card \((\d+) left\)"')
SECURITY = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}


def stock_left(client: TestClient, number: int) -> int:
    m = STOCK.search(client.get(f"/game/{number}?mode=classic").text)
    assert m, "no stock on the table"
    return int(m.group(1))


def draw(client: TestClient, number: int, headers: dict[str, str]) -> object:
    return client.post(
        f"/game/{number}/draw", data={"mode": "classic", "version": "0"}, headers=headers, follow_redirects=False
    )


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "http://testserver:8001"},  # the same host on another port is another origin
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://evil.example"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver:8001"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},  # the browser's word wins
    ],
    ids=["origin", "other-port", "null", "cross-site", "same-site", "same-site-alone", "fetch-site-wins"],
)
def test_a_cross_origin_form_is_refused_and_changes_nothing(client: TestClient, headers: dict[str, str]) -> None:
    assert stock_left(client, 5) == 64
    r = draw(client, 5, headers)
    assert r.status_code == 403
    assert "This form was sent from another site, so it was refused and nothing changed." in r.text
    assert 'href="/game/5"' in r.text  # back to the game
    assert "set-cookie" not in r.headers
    assert stock_left(client, 5) == 64


def test_the_refusal_speaks_the_visitors_language(client: TestClient) -> None:
    r = draw(client, 6, {"Origin": "http://evil.example", "Accept-Language": "es"})
    assert r.status_code == 403
    assert "Este formulario llegó desde otro sitio, así que se rechazó y no cambió nada." in r.text


@pytest.mark.parametrize(
    "headers",
    [{}, {"Origin": "http://testserver"}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"}],
    ids=["no-headers", "own-origin", "same-origin", "typed-by-the-user"],
)
def test_a_same_origin_form_or_a_script_goes_through(client: TestClient, headers: dict[str, str]) -> None:
    assert stock_left(client, 7) == 64
    r = draw(client, 7, headers)
    assert r.status_code == 303
    assert stock_left(client, 7) == 63


def test_the_api_refuses_a_cross_origin_post_and_serves_scripts(client: TestClient) -> None:
    refused = client.post("/api/games/9/plays", json={}, headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403
    assert refused.json()["error"] == "cross_origin"
    assert client.post("/api/games/9/plays", json={}).status_code == 201


def test_safe_methods_pass_whatever_their_origin(client: TestClient) -> None:
    headers = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}
    assert client.get("/game/3?mode=classic", headers=headers).status_code == 200
    assert client.head("/healthz", headers=headers).status_code != 403


@pytest.mark.parametrize(
    ("method", "headers", "refused"),
    [
        ("POST", {}, False),
        ("GET", {"sec-fetch-site": "cross-site"}, False),
        ("OPTIONS", {"origin": "http://evil.example"}, False),
        ("PUT", {"sec-fetch-site": "cross-site"}, True),
        ("DELETE", {"origin": "http://evil.example", "host": "cards.example"}, True),
        ("PATCH", {"origin": "https://cards.example", "host": "cards.example"}, False),
        ("POST", {"origin": "https://cards.example:8443", "host": "cards.example"}, True),
        ("POST", {"sec-fetch-site": "same-origin", "origin": "http://evil.example"}, False),
        ("POST", {"origin": "https://public.example", "host": "127.0.0.1:8000"}, False),  # FT_PUBLIC_URL
        ("POST", {"origin": "not a url", "host": "cards.example"}, True),
    ],
)
def test_the_rule_is_gos_cross_origin_protection(method: str, headers: dict[str, str], refused: bool) -> None:
    assert cross_origin_refusal(method, headers, "https://public.example") is refused


def _has_security_headers(r: object) -> None:
    for name, value in SECURITY.items():
        assert r.headers.get(name) == value, name  # type: ignore[attr-defined]


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    page = client.get("/game/4?mode=classic")
    _has_security_headers(page)
    _has_security_headers(client.get("/api/games/4?mode=classic"))
    css = re.search(r'href="(/static/css/table\.[0-9a-f]{8}\.css)"', page.text)
    assert css
    _has_security_headers(client.get(css.group(1)))
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    _has_security_headers(missing)
    _has_security_headers(draw(client, 4, {"Origin": "http://evil.example"}))
    _has_security_headers(client.get("/", headers={"Host": "evil.example"}))


def test_the_policy_allows_no_inline_script_and_no_framing() -> None:
    rules = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert rules["default-src"] == "'self'"
    assert rules["script-src"] == "'self'"
    assert rules["frame-ancestors"] == "'none'"
    assert "unsafe-inline" not in rules["style-src"]


def test_htmx_adds_no_style_element_and_evaluates_nothing(client: TestClient) -> None:
    page = client.get("/game/4?mode=classic").text
    assert '"includeIndicatorStyles": false' in page
    assert '"allowEval": false' in page
    # every script is a file of ours or a JSON data block, and no element has an event handler
    for tag in re.findall(r"<script\b[^>]*>", page):
        assert 'src="/static/' in tag or 'type="application/json"' in tag, tag
    assert not re.search(r"<[^>]+\son[a-z]+=", page)


def test_an_unknown_host_is_refused(client: TestClient) -> None:
    r = client.get("/game/4", headers={"Host": "evil.example"})
    assert r.status_code == 400
    for host in ("testserver", "localhost:8000", "127.0.0.1:8000"):
        assert client.get("/healthz", headers={"Host": host}).status_code == 200


def _share(client: TestClient, headers: dict[str, str] | None = None) -> str:
    r = client.post("/s", data={"number": "11", "mode": "classic"}, follow_redirects=False)
    assert r.status_code == 303
    return str(r.headers["location"])


def _absolute_urls(html: str) -> list[str]:
    found = re.findall(r'<meta (?:property|name)="(?:og:url|og:image|twitter:image)" content="([^"]+)"', html)
    found += re.findall(r'id="share-url">([^<]+)<', html)
    assert len(found) == 4
    return found


def test_share_links_use_the_requests_own_allowed_host(client: TestClient) -> None:
    code = _share(client)
    page = client.get(code, headers={"Host": "localhost:8000"})
    assert all(url.startswith("http://localhost:8000/s/") for url in _absolute_urls(page.text))
    assert client.get(code, headers={"Host": "evil.example"}).status_code == 400


@pytest.fixture
def public_client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        data_dir=tmp_path / "data", secret_key="test-secret", pool_worker=False, public_url="https://cards.example/"
    )
    with TestClient(create_app(settings)) as c:
        yield c


def test_share_links_and_og_tags_use_the_public_url(public_client: TestClient) -> None:
    code = _share(public_client)
    page = public_client.get(code)
    assert all(url.startswith("https://cards.example/s/") for url in _absolute_urls(page.text))
    js = public_client.post("/s", data={"number": "11", "mode": "classic"}, headers={"Accept": "application/json"})
    assert js.json()["url"].startswith("https://cards.example/s/")
    # the public host is allowed, and a form posted from the public origin passes behind a proxy
    assert public_client.get("/healthz", headers={"Host": "cards.example"}).status_code == 200
    assert draw(public_client, 12, {"Origin": "https://cards.example"}).status_code == 303


def test_a_share_page_says_its_words_depend_on_language_and_cookie(client: TestClient) -> None:
    code = _share(client)
    vary = {v.strip().lower() for v in client.get(code).headers.get("vary", "").split(",")}
    assert {"accept-language", "cookie"} <= vary


def test_the_host_settings_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FT_PUBLIC_URL", "FT_ALLOWED_HOSTS", "FT_HOST"):
        monkeypatch.delenv(name, raising=False)
    assert Settings().trusted_hosts() == ["localhost", "127.0.0.1", "testserver"]
    monkeypatch.setenv("FT_PUBLIC_URL", "https://Cards.Example/")
    assert Settings().public_url == "https://cards.example"
    assert Settings().trusted_hosts() == ["localhost", "127.0.0.1", "testserver", "cards.example"]
    monkeypatch.setenv("FT_ALLOWED_HOSTS", "cards.example, *.cards.example")
    assert Settings().trusted_hosts() == ["cards.example", "*.cards.example"]
    monkeypatch.setenv("FT_HOST", "192.168.1.5")
    monkeypatch.delenv("FT_ALLOWED_HOSTS")
    assert "192.168.1.5" in Settings().trusted_hosts()
    for bad in ("ftp://cards.example", "cards.example", "https://cards.example/play", "https://cards.example/?a=1"):
        monkeypatch.setenv("FT_PUBLIC_URL", bad)
        with pytest.raises(ValidationError, match="FT_PUBLIC_URL must be"):
            Settings()


@pytest.fixture
def failing_client(settings: Settings) -> Iterator[TestClient]:
    """The app with a page and an API route that fail (an unexpected exception), its 500s
    answered as a browser would get them (not raised into the test)."""
    app = create_app(settings)

    def fail() -> None:
        raise RuntimeError("a fault in the app")

    app.add_api_route("/boom", fail)
    app.add_api_route("/api/boom", fail)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_a_500_is_an_error_page_with_the_security_headers(failing_client: TestClient) -> None:
    # A play-tester's 500 was Starlette's plain "Internal Server Error", without the headers.
    r = failing_client.get("/boom")
    assert r.status_code == 500 and r.headers["content-type"].startswith("text/html")
    assert 'role="alert">Something went wrong on our side. Try again in a moment.<' in r.text
    assert "RuntimeError" not in r.text and "a fault in the app" not in r.text
    _has_security_headers(r)
    es = failing_client.get("/boom", headers={"Accept-Language": "es"})
    assert es.status_code == 500 and 'role="alert">Algo ha fallado por nuestra parte.' in es.text
    api = failing_client.get("/api/boom")
    assert api.status_code == 500 and api.json()["error"] == "internal_error" and api.json()["detail"]
    _has_security_headers(api)


def test_an_unknown_host_gets_an_error_page_like_any_other(client: TestClient) -> None:
    # It was a plain-text "Invalid host header", unlike every other error answer.
    r = client.get("/game/4", headers={"Host": "evil.example"})
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/html")
    assert 'role="alert">This site does not answer at this address.<' in r.text
    _has_security_headers(r)
    es = client.get("/game/4", headers={"Host": "evil.example", "Accept-Language": "es"})
    assert 'role="alert">Este sitio no responde en esta dirección.<' in es.text
    es = client.get("/game/4", headers={"Host": "evil.example", "Cookie": "ft_lang=es"})
    assert 'role="alert">Este sitio no responde en esta dirección.<' in es.text
    api = client.get("/api/games/4", headers={"Host": "evil.example"})
    assert api.status_code == 400 and api.json()["error"] == "unknown_host" and api.json()["detail"]
    assert client.get("/game/4", headers={"Host": "localhost:8000"}).status_code == 200
