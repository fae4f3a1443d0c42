"""A shared link's preview speaks the sharer's language to a crawler that names none (no
``Accept-Language``, no ``ft_lang`` cookie); a request that names one gets its own. The
picture's URL carries the language, so its answer is cached ``public`` and sets no cookie; the
language is stored with the shared deal (migration 0010, up and down)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from fastapi.testclient import TestClient
from PIL import Image

from app.config import Settings
from app.db.session import alembic_config, migrate
from app.main import create_app
from app.web.views import challenge as challenge_views
from app.web.views import share_image
from tests.records.test_share_and_names import meta, resign


def share(sharer: TestClient, number: int) -> str:
    """The code of a challenge link that ``sharer`` makes after giving up deal ``number``."""
    resign(sharer, number)
    r = sharer.post("/s", data={"number": str(number), "mode": "classic"}, follow_redirects=False)
    assert r.status_code == 303
    return r.headers["location"].removeprefix("/s/")


def test_a_spanish_share_previews_in_spanish_to_a_crawler(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[dict[str, Any]] = []
    real = share_image.challenge_png
    monkeypatch.setattr(challenge_views, "challenge_png", lambda **kw: drawn.append(kw) or real(**kw), raising=False)
    app = create_app(settings)
    with TestClient(app, headers={"Accept-Language": "es-ES,es;q=0.9"}) as ana, TestClient(app) as crawler:
        code = share(ana, 4242)
        page = crawler.get(f"/s/{code}")
        assert "accept-language" not in page.request.headers and "cookie" not in page.request.headers
        html = page.text
        assert '<html lang="es">' in html
        assert meta(html, "og:title") == "Cuarenta Ladrones: partida 4242 (Clásico)"
        assert re.search(r"se rindió con \d+ de 104 cartas en las bases", meta(html, "og:description"))
        assert meta(html, "og:image") == f"http://testserver/s/{code}/image-es.png"
        assert meta(html, "twitter:image") == meta(html, "og:image")
        png = crawler.get(meta(html, "og:image"))
        assert png.status_code == 200 and png.headers["content-type"] == "image/png"
        assert Image.open(io.BytesIO(png.content)).size == (1200, 630)
        assert drawn[-1]["mode"] == "Clásico" and drawn[-1]["result"].startswith("se rindió con")
        # The same link in English is another picture.
        assert crawler.get(f"/s/{code}/image-en.png").content != png.content
        assert drawn[-1]["mode"] == "Classic" and drawn[-1]["result"].startswith("gave up with")


def test_a_language_the_request_names_still_wins(settings: Settings) -> None:
    app = create_app(settings)
    with TestClient(app, headers={"Accept-Language": "es"}) as ana, TestClient(app) as ben:
        spanish, english = share(ana, 4242), share(ben, 77)
        for headers in ({"Accept-Language": "en-GB,en;q=0.8"}, {"Cookie": "ft_lang=en"}):
            html = TestClient(app, headers=headers).get(f"/s/{spanish}").text
            assert '<html lang="en">' in html and "Their result: gave up with" in html
            assert meta(html, "og:image") == f"http://testserver/s/{spanish}/image-en.png"
        html = TestClient(app, headers={"Accept-Language": "es"}).get(f"/s/{english}").text
        assert '<html lang="es">' in html and meta(html, "og:image").endswith(f"/s/{english}/image-es.png")
        # An English sharer's link speaks English to a crawler; a language we lack names none.
        for headers in ({}, {"Accept-Language": "fr-FR"}):
            html = TestClient(app, headers=headers).get(f"/s/{english}").text
            assert '<html lang="en">' in html and meta(html, "og:image").endswith("/image-en.png")
        html = TestClient(app, headers={"Accept-Language": "fr-FR"}).get(f"/s/{spanish}").text
        assert '<html lang="es">' in html


def test_the_picture_is_cached_by_its_url_and_the_older_url_varies(settings: Settings) -> None:
    app = create_app(settings)
    with TestClient(app, headers={"Accept-Language": "es"}) as ana:
        code = share(ana, 4242)
    with TestClient(app) as crawler:
        png = crawler.get(f"/s/{code}/image-es.png")
        assert png.headers["cache-control"] == "public, max-age=300"
        assert "set-cookie" not in png.headers  # a shared cache would give one visitor id to all
        assert "accept-language" not in png.headers.get("vary", "").lower()
        other = TestClient(app, headers={"Accept-Language": "en", "Cookie": "ft_lang=en"})
        assert other.get(f"/s/{code}/image-es.png").content == png.content  # the URL alone decides
        french = crawler.get(f"/s/{code}/image-fr.png")  # a known link, a language it lacks: says so
        assert french.status_code == 404 and "This picture comes in these languages: en, es." in french.text
        unknown = crawler.get("/s/AAAAAAAAAAAA/image-es.png")
        assert unknown.status_code == 404 and "This challenge link is not known" in unknown.text
        # The URL without a language (links shared before) redirects to the right one.
        old = crawler.get(f"/s/{code}/image.png", follow_redirects=False)
        assert old.status_code == 307 and old.headers["location"] == f"/s/{code}/image-es.png"
        assert {v.strip().lower() for v in old.headers["vary"].split(",")} >= {"accept-language", "cookie"}
        old = other.get(f"/s/{code}/image.png", follow_redirects=False)
        assert old.headers["location"] == f"/s/{code}/image-en.png"
        assert crawler.get(f"/s/{code}/image.png").headers["content-type"] == "image/png"
        # The page itself depends on the language the request names.
        vary = crawler.get(f"/s/{code}").headers["vary"].lower()
        assert "accept-language" in vary and "cookie" in vary


def test_the_sharers_language_migration_goes_up_and_down(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    command.upgrade(alembic_config(url), "0009")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO shared_deals (code, number, mode, visitor_id, created_at)"
                " VALUES ('abc', 4242, 'classic', 'v1', '2026-12-01 10:00:00')"
            )
        )
    migrate(url)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT code, lang FROM shared_deals")).all() == [("abc", "en")]
    command.downgrade(alembic_config(url), "0009")
    with engine.connect() as conn:
        assert "lang" not in {c["name"] for c in sa.inspect(conn).get_columns("shared_deals")}
        assert conn.execute(sa.text("SELECT code FROM shared_deals")).all() == [("abc",)]
