"""Bytes on the wire: the table page and a move's htmx answer, then every static file, each as
the server sends it per Accept-Encoding (identity, gzip, br, zstd), and what a first and a
second visit of the table load.

    .venv/bin/python bench/transfer.py

It drives the app in process (Starlette's TestClient, a temporary data folder) and prints the
figures. Nothing here is a pass/fail test.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.main import create_app  # noqa: E402

ENCODINGS = ("identity", "gzip", "br", "zstd")
HX = {"HX-Request": "true"}


def wire_bytes(client: TestClient, method: str, url: str, encoding: str, **kwargs: object) -> int:
    """Bytes of the answer's body as sent (before any decoding), asked with ``encoding``."""
    headers = {"Accept-Encoding": encoding, **kwargs.pop("headers", {})}  # type: ignore[dict-item]
    with client.stream(method, url, headers=headers, **kwargs) as r:  # type: ignore[arg-type]
        return len(b"".join(r.iter_raw()))


def version_of(html: str) -> str:
    """The table form's version."""
    m = re.search(r'name="version" value="(\d+)"', html)
    assert m, "the table form carries its version"
    return m.group(1)


def row(name: str, sizes: list[int]) -> str:
    """One line of figures: a name, then bytes per encoding."""
    return f"  {name:<40}" + "".join(f"{size:>10}" for size in sizes)


def answers(client: TestClient) -> tuple[list[int], list[int]]:
    """Bytes of the table page of deal 4242 and of its first draw's htmx fragment, per
    encoding (each time a new visitor, so each is the same fresh play)."""
    page, move = [], []
    for encoding in ENCODINGS:
        client.cookies.clear()
        page.append(wire_bytes(client, "GET", "/game/4242", encoding))
        form = {"mode": "classic", "version": version_of(client.get("/game/4242").text)}
        move.append(wire_bytes(client, "POST", "/game/4242/draw", encoding, data=form, headers=HX))
    return page, move


def static_files(client: TestClient, urls: list[str]) -> dict[str, list[int]]:
    """Bytes of each static file under ``static/`` per encoding, as the server sends it; the
    ones the table page links (``urls``) are asked by their fingerprinted names."""
    linked = {re.sub(r"\.[0-9a-f]{8}(\.[^./]+)$", r"\1", url): url for url in urls}
    sizes = {}
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            plain = "/static/" + path.relative_to(ROOT / "static").as_posix()
            url = linked.get(plain, plain)
            sizes[url] = [wire_bytes(client, "GET", url, encoding) for encoding in ENCODINGS]
    return sizes


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp), secret_key="bench", pool_worker=False)
        with TestClient(create_app(settings)) as client:
            page, move = answers(client)
            urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', client.get("/game/4242").text)
            files = static_files(client, urls)
    print(row("bytes per Accept-Encoding:", []) + "".join(f"{e:>10}" for e in ENCODINGS))
    print(row("table page /game/4242", page))
    print(row("a move's htmx answer (draw)", move))
    for url, sizes in files.items():
        print(row(url, sizes))
    linked = [files[url] for url in urls if url in files]
    first = [p + sum(f[i] for f in linked) for i, p in enumerate(page)]
    print(row(f"first visit: page + {len(linked)} linked files", first))
    print(row("second visit: the page (files cached)", page))


if __name__ == "__main__":
    main()
