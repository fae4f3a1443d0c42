"""``/docs`` names only this site's own files (the site's CSP allows no other host and no inline
script); FastAPI's CDN page and ``/redoc`` are gone; the vendored Swagger UI is served as it is."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from app.config import PROJECT_ROOT


def test_the_api_docs_page_uses_only_same_origin_files_and_no_inline_script(client: TestClient) -> None:
    r = client.get("/docs")
    assert r.status_code == 200 and "script-src 'self'" in r.headers["content-security-policy"]
    assets = re.findall(r'(?:src|href)="([^"]*)"', r.text)
    assert assets and all(a.startswith("/static/") for a in assets), assets
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", r.text)  # every script is a file
    assert "cdn." not in r.text and 'data-openapi-url="/openapi.json"' in r.text
    for asset in assets:
        assert client.get(asset).status_code == 200, asset
    bundle = next(a for a in assets if "swagger-ui-bundle" in a)
    assert client.get(bundle).content == (PROJECT_ROOT / "static/vendor/swagger-ui-bundle.js").read_bytes()
    assert client.get("/redoc").status_code == 404
    assert client.get("/openapi.json").json()["paths"]
