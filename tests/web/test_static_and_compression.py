"""Compression and static caching (issue 11): pages, htmx fragments, JSON answers, CSS and JS
come compressed when the browser asks (``Vary`` keeping ``HX-Request``); the pages name static
files by a digest of their bytes, and those names may be cached for good while plain and stale
names are revalidated."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
import zstandard
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette_compress import CompressMiddleware

from app.web.static_files import (
    IMMUTABLE,
    MAX_KEPT_COMPRESSED,
    REVALIDATE,
    STATIC_DIR,
    FingerprintedStaticFiles,
    accepted_encoding,
    fingerprint,
    fingerprinted_name,
    minified,
    split_fingerprint,
    static_url,
)

HX = {"HX-Request": "true"}
GZIP = {"Accept-Encoding": "gzip"}
PLAIN = {"Accept-Encoding": "identity"}
STATIC_URL = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def served(path: str) -> bytes:
    """What the server sends for the static file ``path``: our own JS and CSS minified, the
    rest (and vendored ``.min.`` files) as they are."""
    full = STATIC_DIR / path
    small = minified(str(full), full.stat())
    return small[0] if small is not None else full.read_bytes()


def vary(response: httpx.Response) -> list[str]:
    """A response's Vary values, in order."""
    return [v.strip() for v in response.headers.get("vary", "").split(",") if v.strip()]


def version_of(html: str) -> str:
    """The table form's version."""
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m, "the table form carries its version"
    return m.group(1)


def test_a_page_and_its_htmx_fragment_come_gzipped_when_asked_and_vary_on_both(client: TestClient) -> None:
    page = client.get("/game/4242", headers=GZIP)
    assert page.headers["content-encoding"] == "gzip"
    assert vary(page) == ["HX-Request", "FT-Piles", "Accept-Encoding"]
    assert int(page.headers["content-length"]) < len(page.content) / 4  # the wire carries the gzip
    fragment = client.post(
        "/game/4242/draw", data={"mode": "classic", "version": version_of(page.text)}, headers={**HX, **GZIP}
    )
    assert fragment.status_code == 200 and fragment.text.lstrip().startswith('<main id="table"')
    assert fragment.headers["content-encoding"] == "gzip"
    assert vary(fragment) == ["HX-Request", "FT-Piles", "Accept-Encoding"]


def test_without_accept_encoding_the_answers_are_plain(client: TestClient) -> None:
    page = client.get("/game/4242", headers=PLAIN)
    assert "content-encoding" not in page.headers and int(page.headers["content-length"]) == len(page.content)
    assert vary(page) == ["HX-Request", "FT-Piles", "Accept-Encoding"]
    fragment = client.post(
        "/game/4242/draw", data={"mode": "classic", "version": version_of(page.text)}, headers={**HX, **PLAIN}
    )
    assert "content-encoding" not in fragment.headers and 'id="table"' in fragment.text
    assert "content-encoding" not in client.post("/api/games/1/plays", json={"mode": "classic"}, headers=PLAIN).headers
    assert "content-encoding" not in client.get("/static/css/table.css", headers=PLAIN).headers


@pytest.mark.parametrize("encoding", ["br", "zstd"])
def test_brotli_and_zstandard_too(client: TestClient, encoding: str) -> None:
    page = client.get("/game/4242", headers={"Accept-Encoding": encoding})
    assert page.headers["content-encoding"] == encoding and 'id="table"' in page.text


def test_json_answers_come_gzipped_above_the_minimum_size(client: TestClient) -> None:
    play = client.post("/api/games/1/plays", json={"mode": "classic"}, headers=GZIP)
    assert play.status_code == 201 and play.json()["number"] == 1
    assert play.headers["content-encoding"] == "gzip" and play.headers["content-type"] == "application/json"
    small = client.get("/api/games/1", headers=GZIP)  # under 500 bytes: not worth compressing
    assert small.json()["number"] == 1 and "content-encoding" not in small.headers


@pytest.mark.parametrize("path", ["css/table.css", "css/pages.css", "js/table.js", "vendor/htmx.min.js"])
def test_css_and_js_come_gzipped(client: TestClient, path: str) -> None:
    for url in (f"/static/{path}", static_url(path)):
        r = client.get(url, headers=GZIP)
        assert r.headers["content-encoding"] == "gzip" and vary(r) == ["Accept-Encoding"]
        assert r.content == served(path)


@pytest.mark.parametrize("page", ["/game/4242", "/game/1/analysis"])
def test_pages_name_static_files_by_digest_and_those_are_cached_for_good(client: TestClient, page: str) -> None:
    urls = STATIC_URL.findall(client.get(page).text)
    assert urls and any(u.endswith(".css") for u in urls)
    for url in urls:
        parts = split_fingerprint(url.removeprefix("/static/"))
        assert parts is not None, url
        plain, digest = parts
        body = (STATIC_DIR / plain).read_bytes()
        assert digest == fingerprint(body)
        r = client.get(url)
        assert r.status_code == 200 and r.content == served(plain)
        assert r.headers["cache-control"] == IMMUTABLE == "public, max-age=31536000, immutable"


def test_the_plain_name_still_works_and_is_revalidated(client: TestClient) -> None:
    r = client.get("/static/css/table.css")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/css")
    assert r.content == served("css/table.css")
    assert r.headers["cache-control"] == REVALIDATE == "no-cache" and r.headers["etag"]
    again = client.get("/static/css/table.css", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"] == "no-cache"


def test_a_stale_digest_serves_the_current_file_without_immutable(client: TestClient) -> None:
    current = static_url("css/table.css")
    stale = re.sub(r"\.[0-9a-f]{8}\.css$", ".00000000.css", current)
    assert stale != current
    r = client.get(stale)
    assert r.status_code == 200 and r.content == served("css/table.css")
    assert r.headers["cache-control"] == "no-cache"
    assert client.get("/static/css/nothing.00000000.css").status_code == 404


def test_names_round_trip() -> None:
    assert fingerprinted_name("css/table.css", "3f9a1c2b") == "css/table.3f9a1c2b.css"
    assert fingerprinted_name("vendor/htmx.min.js", "3f9a1c2b") == "vendor/htmx.min.3f9a1c2b.js"
    assert fingerprinted_name("vendor/LICENSE", "3f9a1c2b") == "vendor/LICENSE"  # no suffix: as it is
    for name in ("css/table.css", "vendor/htmx.min.js", "a.b/c.d.svg"):
        assert split_fingerprint(fingerprinted_name(name, "0123abcd")) == (name, "0123abcd")
    assert split_fingerprint("css/table.css") is None and split_fingerprint("js/app.min.js") is None
    assert split_fingerprint("css/table.0123ABCD.css") is None  # digests are lower-case hex


def test_the_digest_follows_the_content(tmp_path: Path) -> None:
    assert fingerprint(b"body{}") == fingerprint(b"body{}") != fingerprint(b"body{ }")
    (tmp_path / "css").mkdir()
    sheet = tmp_path / "css/a.css"
    sheet.write_text("body { color: red }")
    first = static_url("css/a.css", tmp_path)
    assert first == f"/static/css/a.{fingerprint(sheet.read_bytes())}.css"
    assert static_url("css/a.css", tmp_path) == first  # unchanged file: same name
    sheet.write_text("body { color: green }")
    second = static_url("css/a.css", tmp_path)
    assert second != first and second == f"/static/css/a.{fingerprint(sheet.read_bytes())}.css"
    assert static_url("css/missing.css", tmp_path) == "/static/css/missing.css"


def _served(directory: Path) -> TestClient:
    """A small app serving ``directory`` at ``/static`` as the game does (and compressing)."""
    mount = Mount("/static", FingerprintedStaticFiles(directory=directory))
    return TestClient(Starlette(routes=[mount], middleware=[Middleware(CompressMiddleware, minimum_size=500)]))


def test_an_edited_file_is_never_immutable_under_its_old_name(tmp_path: Path) -> None:
    sheet = tmp_path / "a.css"
    sheet.write_text("p { margin: 0 }")
    old = static_url("a.css", tmp_path)
    client = _served(tmp_path)
    assert client.get(old).headers["cache-control"] == IMMUTABLE
    sheet.write_text("p { margin: 1px }")
    r = client.get(old)
    assert r.text == "p{margin:1px}" and r.headers["cache-control"] == "no-cache"
    new = static_url("a.css", tmp_path)
    assert new != old and client.get(new).headers["cache-control"] == IMMUTABLE


def test_a_file_named_like_a_fingerprint_is_served_as_itself(tmp_path: Path) -> None:
    (tmp_path / "a.css").write_text("p { margin: 0 }")
    (tmp_path / "a.0123abcd.css").write_text("p { padding: 0 }")
    r = _served(tmp_path).get("/static/a.0123abcd.css")
    assert r.text == "p{padding:0}" and r.headers["cache-control"] == "no-cache"


def test_svg_is_compressed_too(tmp_path: Path) -> None:
    (tmp_path / "big.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg">' + "<g/>" * 300 + "</svg>")
    r = _served(tmp_path).get(static_url("big.svg", tmp_path), headers=GZIP)
    assert r.headers["content-type"] == "image/svg+xml" and r.headers["content-encoding"] == "gzip"
    assert r.headers["cache-control"] == IMMUTABLE


def test_a_static_file_sets_no_visitor_cookie_and_a_first_action_does(client: TestClient) -> None:
    """A public, immutable answer must not carry a visitor's cookie (a cache would hand it on);
    a page view stores nothing and gives none either; the first action stores a play, and its
    answer gives the cookie."""
    client.cookies.clear()
    assert "set-cookie" not in client.get("/static/css/table.css").headers
    assert "set-cookie" not in client.get("/stats").headers
    first = client.post("/game/42/draw", data={"mode": "classic", "version": "0"}, follow_redirects=False)
    assert "ft_visitor=" in first.headers["set-cookie"]
    assert "set-cookie" not in client.get("/stats").headers  # known from now on


def test_our_scripts_and_sheets_are_served_minified_and_revalidate_by_their_etag(client: TestClient) -> None:
    for path in ("js/play.js", "css/table.css"):
        source = (STATIC_DIR / path).read_bytes()
        r = client.get(static_url(path), headers=PLAIN)
        assert r.status_code == 200 and len(r.content) < 0.8 * len(source)
        assert r.content.decode().split() != source.decode().split()  # not only the same words
        assert r.headers["content-type"].split(";")[0] in ("text/javascript", "text/css")
        again = client.get(f"/static/{path}", headers={"If-None-Match": r.headers["etag"]})
        assert again.status_code == 304 and again.headers["etag"] == r.headers["etag"]
    vendored = client.get(static_url("vendor/htmx.min.js"), headers=PLAIN)
    assert vendored.content == (STATIC_DIR / "vendor/htmx.min.js").read_bytes()


@pytest.mark.parametrize(
    "header, encoding",
    [("gzip, deflate, br, zstd", "br"), ("gzip, zstd", "zstd"), ("br;q=0, zstd;q=0.5, gzip", "zstd"), ("*", "br")],
)
def test_text_files_come_compressed_once_at_the_strongest_level_the_browser_takes(
    client: TestClient, header: str, encoding: str
) -> None:
    for path in ("js/play.js", "css/table.css", "vendor/htmx.min.js", "favicon.svg"):
        r = client.get(static_url(path), headers={"Accept-Encoding": header})
        assert r.headers["content-encoding"] == encoding and r.content == served(path), path
        assert r.headers["etag"].endswith(f'-{encoding}"') and vary(r) == ["Accept-Encoding"]
        assert r.headers["cache-control"] == IMMUTABLE
        assert client.get(static_url(path), headers={"Accept-Encoding": header}).content == r.content
        again = client.get(static_url(path), headers={"Accept-Encoding": header, "If-None-Match": r.headers["etag"]})
        assert again.status_code == 304


def test_a_kept_file_is_smaller_than_on_the_fly_compression_makes_it(client: TestClient) -> None:
    """Brotli 11 once, against the middleware's Zstandard 6 on every request (a first visit's
    files: about 35 KB on the fly)."""
    path = "vendor/htmx.min.js"
    kept = client.get(static_url(path), headers={"Accept-Encoding": "br"})
    on_the_fly = len(zstandard.ZstdCompressor(level=6).compress(served(path)))
    assert int(kept.headers["content-length"]) < 0.95 * on_the_fly


def test_a_large_file_is_left_to_the_middleware(client: TestClient) -> None:
    path = "vendor/swagger-ui-bundle.js"
    assert (STATIC_DIR / path).stat().st_size > MAX_KEPT_COMPRESSED
    r = client.get(static_url(path), headers={"Accept-Encoding": "br"})
    assert r.headers["content-encoding"] == "br" and not r.headers["etag"].endswith('-br"')


def test_the_accepted_encoding_is_the_first_taken() -> None:
    assert accepted_encoding("") is None and accepted_encoding("identity") is None
    assert accepted_encoding("gzip;q=0") is None and accepted_encoding("*;q=0") is None
    assert accepted_encoding("GZIP") == "gzip" and accepted_encoding("zstd, gzip") == "zstd"
    assert accepted_encoding("br;q=abc, gzip") == "gzip"  # a q that is no number refuses
