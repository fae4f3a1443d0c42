"""Hostile requests from the outside (issue 13), on every page and API route read from the app
(a new route is covered without a line here), against a real uvicorn server over one
keep-alive connection.

Every parameter (path, query, form, JSON) is fed Unicode digits, huge numbers, floats,
negatives, NUL, long strings and bytes that are not UTF-8; every text parameter and header
markup; every route bodies of 1 MB and 20 MB, and the JSON routes deep JSON. A value a
parameter cannot take gets a 4xx that says what is wrong (the error page, or the API's
``{error, detail}``) and changes nothing stored; markup that is fair text may be taken, but
never comes back unescaped; and the connection stays usable (the next request goes over the
same socket)."""

from __future__ import annotations

import hashlib
import re
import sqlite3
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from fastapi import params
from fastapi.routing import APIRoute, iter_route_contexts
from fastapi.testclient import TestClient
from pydantic import BaseModel

from app.config import Settings
from app.main import create_app
from tests.live_server import live_server

MARKUP = "<img src=x onerror=alert(1)>"
"""Markup without a ``/`` (it must stay one path segment)."""

NUMBERS: dict[str, list[str]] = {
    "unicode digits": ["²", "٤٢", "４２", "৫"],
    "huge numbers": ["4" * 5000, "9223372036854775808", "4294967296", "1" + "0" * 30],
    "floats": ["42.0", "4.2e1", "NaN", "Infinity"],
    "negatives": ["-1", "-0", "- 5"],
    "words and markup": ["five", MARKUP],
}
"""Values no number of a request may be written as (path, query, form)."""

BAD_TEXT: dict[str, list[str]] = {
    "NUL": ["\x00", "5\x00"],
    "long strings": ["x" * 5000],
    "invalid UTF-8": ["%FF", "%C3%28"],  # sent as written: percent-escapes of bytes that are not UTF-8
}
"""Values no parameter may take."""

JSON_NUMBERS = ['"\u00b2"', '"42"', "42.5", "-1", "9223372036854775808", "9" * 5000, "true", "null", "1e400"]
"""Raw JSON values no ``version`` may be. (``42.0`` may: JSON Schema's ``integer`` takes it, as
the API's document says, and it is read as 42.)"""

PARAM = r"{(\w+)(?::\w+)?}"
"""A path parameter in a route's path, with its convertor if it names one (``{action:action}``)."""

FORGIVING = {
    ("/game/{number}", "sel"),
    ("/game/{number}", "n"),
    ("/game/{number}", "notice"),
    ("/game/{number}", "hint"),
}
"""The table's display values: a value they cannot take is ignored and the plain table shows
(200), never an error page (tests/web/test_forgiving_addresses.py)."""

TABLES = ("plays", "finish_cards", "visitors", "shared_deals", "play_hints")
"""What a visitor's requests store."""

MESSAGE = re.compile(r'role="(?:alert|status)">([^<]+)<')


@dataclass
class Param:
    """One parameter of a route: where it goes, its name, whether it is a number."""

    where: str  # path, query, form, json
    name: str
    number: bool


@dataclass
class Route:
    """A route as the app declares it, with its parameters."""

    method: str
    path: str
    params: list[Param]
    body: type[BaseModel] | None = None


def _is_int(annotation: Any) -> bool:
    return annotation is int or int in typing.get_args(annotation)


def _model(annotation: Any) -> type[BaseModel] | None:
    for t in (annotation, *typing.get_args(annotation)):
        if isinstance(t, type) and issubclass(t, BaseModel):
            return t
    return None


def _params(dependant: Any) -> Iterator[Param]:
    for p in dependant.path_params:
        yield Param("path", p.alias, _is_int(p.field_info.annotation))
    for p in dependant.query_params:
        yield Param("query", p.alias, _is_int(p.field_info.annotation))
    for p in dependant.body_params:
        if isinstance(p.field_info, params.Form):
            yield Param("form", p.alias, _is_int(p.field_info.annotation))
    for sub in dependant.dependencies:
        yield from _params(sub)


def app_routes(tmp: Path) -> list[Route]:
    """Every route of the app with a method, read from the app itself."""
    app = create_app(Settings(data_dir=tmp, secret_key="hostile", pool_worker=False))
    out = []
    for ctx in iter_route_contexts(app.routes):
        if not ctx.methods:  # the static files' mount
            continue
        seen: dict[tuple[str, str], Param] = {}
        body = None
        if isinstance(ctx.original_route, APIRoute):
            for p in _params(ctx.dependant):
                seen.setdefault((p.where, p.name), p)
            for p in ctx.dependant.body_params:
                if not isinstance(p.field_info, params.Form):
                    body = _model(p.field_info.annotation)
            if body is not None:
                for name, f in body.model_fields.items():
                    seen[("json", name)] = Param("json", name, _is_int(f.annotation) or name == "version")
        out.extend(Route(m, ctx.path, list(seen.values()), body) for m in sorted(ctx.methods))
    return out


@dataclass
class Bench:
    """The live server, one client on one connection, and what the client has stored."""

    url: str
    db: Path
    client: httpx.Client
    routes: list[Route]
    paths: dict[str, str]
    port: int | None = None
    tried: int = 0
    failures: list[str] = field(default_factory=list)

    def stored(self) -> str:
        """A digest of every row the visitors' requests can write."""
        h = hashlib.sha256()
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as con:
            for table in TABLES:
                for row in con.execute(f"SELECT * FROM {table} ORDER BY rowid"):  # noqa: S608
                    h.update(repr(row).encode())
        return h.hexdigest()

    def version(self) -> int:
        """The version of the visitor's play of deal 5."""
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as con:
            (v,) = con.execute("SELECT version FROM plays WHERE number = 5 ORDER BY id DESC LIMIT 1").fetchone()
        return int(v)


@pytest.fixture(scope="module")
def bench(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bench]:
    data = tmp_path_factory.mktemp("hostile")
    routes = app_routes(tmp_path_factory.mktemp("routes"))
    with live_server(data) as url, httpx.Client(base_url=url, timeout=60) as client:
        play = client.post("/api/games/5/plays").json()
        shared = client.post("/s", data={"number": "5", "mode": "classic"}, headers={"Accept": "application/json"})
        paths = {
            "number": "5",
            "play_id": play["play_id"],
            "code": shared.json()["code"],
            "lang": "en",
            "option": "four",
            "action": "draw",
        }
        yield Bench(url, data / "forty_thieves.sqlite3", client, routes, paths)


def _url(bench: Bench, route: Route, hostile: Param | None = None, value: str = "") -> str:

    def one(m: re.Match[str]) -> str:
        hit = hostile is not None and hostile.where == "path" and hostile.name == m.group(1)
        return value if hit else bench.paths[m.group(1)]

    path = re.sub(PARAM, one, route.path)
    if hostile is not None and hostile.where == "query":
        path += f"?{hostile.name}={value}"
    return path


def _form(bench: Bench, hostile: Param | None = None, value: str = "") -> str:
    """A form that would act (a draw at the current version), as urlencoded text."""
    fields = {"mode": "classic", "version": str(bench.version()), "move": "D", "value": "on", "number": "5"}
    fields |= {"name": "", "next": "/stats"}
    if hostile is not None and hostile.where == "form":
        fields[hostile.name] = value
    return "&".join(f"{k}={v}" for k, v in fields.items())


def _json(bench: Bench, route: Route, hostile: Param | None = None, raw: str = "") -> str:
    """A JSON body that would act (a draw at the current version), as text."""
    assert route.body is not None
    base = {"move": '"D"', "version": str(bench.version()), "mode": '"classic"', "auto_safe": "true"}
    base |= {"position": '{"tableau": []}', "budget_ms": "100"}
    fields = {k: base[k] for k in route.body.model_fields if k in base}
    if hostile is not None and hostile.where == "json":
        fields[hostile.name] = raw
    return "{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}"


def _is_api(route: Route) -> bool:
    return route.path.startswith("/api/")


def send(
    bench: Bench,
    route: Route,
    url: str,
    *,
    content: bytes | str | Iterator[bytes] | None = None,
    headers: dict[str, str] | None = None,
    must_refuse: bool = True,
    expect: int | None = None,
) -> httpx.Response:
    """One hostile request. ``must_refuse``: it must get a 4xx with a message and change nothing
    stored; always: no 5xx, no markup back unescaped, and the same connection goes on."""
    kind = {}
    if content is not None and route.body is not None:
        kind = {"Content-Type": "application/json"}
    elif content is not None:
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
    before = bench.stored()
    bench.tried += 1
    try:
        r = bench.client.request(route.method, url, content=content, headers=kind | (headers or {}))
    except httpx.TransportError as exc:  # the server dropped the connection mid-answer
        bench.failures.append(f"{route.method} {url[:80]!r}: no answer ({exc!r})")
        return httpx.Response(599)
    what = f"{route.method} {url[:80]!r} {headers or ''}"
    problems = []
    port = _port(r)
    if r.status_code >= 500:
        problems.append(f"answered {r.status_code}")
    if bench.port is None:
        bench.port = port
    elif port != bench.port or "close" in r.headers.get("connection", ""):
        problems.append("the connection was reset")
        bench.port = port
    if MARKUP in r.text and "html" in r.headers.get("content-type", ""):
        problems.append("markup came back unescaped")
    redirect_notice = route.method == "GET" and "notice=" in r.headers.get("location", "")
    if expect is not None and r.status_code != expect:
        problems.append(f"answered {r.status_code}, not {expect}")
    if must_refuse and not (400 <= r.status_code < 500 or redirect_notice):
        problems.append(f"taken: {r.status_code}")
    elif must_refuse and not redirect_notice and route.method != "HEAD" and not _says_what(r):
        problems.append(f"{r.status_code} without a message: {r.text[:120]!r}")
    if (must_refuse or r.status_code >= 400) and bench.stored() != before:
        problems.append("changed what is stored")
    if problems:
        bench.failures.append(f"{what}: {', '.join(problems)}")
    return r


def _port(r: httpx.Response) -> int | None:
    """The client's port of the connection that carried ``r``; None when the server closed it."""
    try:
        return int(r.extensions["network_stream"].get_extra_info("client_addr")[1])
    except OSError:
        return None


def _says_what(r: httpx.Response) -> bool:
    """A clear message: the API's ``{error, detail}``, or a page's alert."""
    if r.headers.get("content-type", "").startswith("application/json"):
        body = r.json()
        return bool(body.get("error")) and bool(body.get("detail"))
    m = MESSAGE.search(r.text)
    return m is not None and bool(m.group(1).strip())


def _sendable(route: Route, param: Param) -> bool:
    """Whether the route reads ``param`` as its request carries it (a GET sends no form)."""
    return not (param.where in ("form", "json") and route.method != "POST")


def _report(bench: Bench, kind: str) -> None:
    failures, bench.failures = bench.failures, []
    print(f"{kind}: {bench.tried} requests, {len(failures)} failed")
    assert not failures, f"{kind}: {len(failures)} of {bench.tried} requests failed:\n" + "\n".join(failures[:40])


def _body_for(bench: Bench, route: Route, param: Param | None = None, value: str = "") -> str | None:
    if route.method != "POST":
        return None
    return _json(bench, route, param, value) if route.body is not None else _form(bench, param, value)


@pytest.mark.parametrize("kind", [*NUMBERS, *BAD_TEXT])
def test_a_value_no_parameter_can_take_is_refused_with_a_clear_4xx(bench: Bench, kind: str) -> None:
    """Numbers for every number parameter; NUL, long strings and undecodable bytes for all."""
    bench.tried, bench.failures = 0, []
    values = NUMBERS.get(kind) or BAD_TEXT[kind]
    for route in bench.routes:
        for param in route.params:
            if not _sendable(route, param) or (kind in NUMBERS and not param.number) or param.where == "json":
                continue
            for value in values:
                written = value if kind == "invalid UTF-8" else quote(value, safe="")
                url = _url(bench, route, param, written)
                body = _body_for(bench, route, param, written)
                if (route.path, param.name) in FORGIVING:
                    send(bench, route, url, content=body, must_refuse=False, expect=200)
                else:
                    send(bench, route, url, content=body)
    _report(bench, kind)


def test_a_json_value_no_field_can_take_is_refused(bench: Bench) -> None:
    """Every number field of every JSON body: strings, floats, negatives, huge, true, null;
    every text field: NUL, long strings, bytes that are not UTF-8; then deep JSON."""
    bench.tried, bench.failures = 0, []
    for route in bench.routes:
        for param in (p for p in route.params if p.where == "json"):
            raws = JSON_NUMBERS if param.number else ['"\\u0000"', '"' + "x" * 5000 + '"', 17 * "[" + 17 * "]"]
            for raw in raws:
                send(bench, route, _url(bench, route), content=_json(bench, route, param, raw))
            if not param.number:  # raw bytes that are not UTF-8 inside a string
                body = _json(bench, route, param, '"\xff\xfe"').encode("latin-1")
                send(bench, route, _url(bench, route), content=body)
        if route.body is not None:
            send(bench, route, _url(bench, route), content="[" * 20_000 + "]" * 20_000)
            send(bench, route, _url(bench, route), content='{"position": ' + '{"a": ' * 5000 + "1" + "}" * 5001)
    _report(bench, "JSON")


def test_markup_in_every_text_parameter_and_header_never_comes_back_unescaped(bench: Bench) -> None:
    bench.tried, bench.failures = 0, []
    quoted = quote(MARKUP, safe="")
    for route in bench.routes:
        for param in route.params:
            if param.number or not _sendable(route, param) or param.where == "json":
                continue
            send(
                bench,
                route,
                _url(bench, route, param, quoted),
                content=_body_for(bench, route, param, quoted),
                must_refuse=False,
            )
        if route.method == "GET":
            cookie = "; ".join(f"{k}={v}" for k, v in bench.client.cookies.items())
            headers = {
                "Accept-Language": MARKUP,
                "Cookie": f"{cookie}; ft_lang={MARKUP}; ft_display={MARKUP}; ft_solvable={MARKUP}",
                "HX-Request": MARKUP,
                "FT-Piles": MARKUP,
                "Referer": MARKUP,
                "User-Agent": MARKUP,
                "X-Forwarded-For": MARKUP,
                "Accept": MARKUP,
            }
            send(bench, route, _url(bench, route), headers=headers, must_refuse=False)
    for page in ("/stats", "/game/5/records", f"/s/{bench.paths['code']}"):  # where a stored name shows
        assert MARKUP not in bench.client.get(page).text
    _report(bench, "markup")


def test_large_bodies_are_refused_early_with_413(bench: Bench) -> None:
    """1 MB on every route; 20 MB (declared) and 1 MB chunked (undeclared) on one page form,
    one JSON route and one GET."""
    bench.tried, bench.failures = 0, []
    megabyte = b"move=" + b"D" * 1_000_000
    sample = [
        ("POST", "/game/{number}/{action}"),
        ("POST", "/api/plays/{play_id}/moves"),
        ("GET", "/game/{number}"),
    ]
    for route in bench.routes:
        send(bench, route, _url(bench, route), content=megabyte, expect=413)
        if (route.method, route.path) in sample:
            for content in (b"x" * 20_000_000, iter([b"x" * 65_536] * 16)):
                send(bench, route, _url(bench, route), content=content, expect=413)
    _report(bench, "bodies")


def test_after_it_all_the_same_connection_still_plays(bench: Bench) -> None:
    version = bench.version()
    r = bench.client.post("/game/5/draw", data={"mode": "classic", "version": str(version)})
    assert r.status_code == 303 and "notice" not in r.headers["location"] and bench.version() == version + 1
    assert _port(r) == bench.port


FRESH = {"number": "5", "play_id": "nosuchplay", "code": "nosuchcode", "lang": "en", "option": "four", "action": "draw"}
"""Path values for a fresh visitor: deal 5, a play and a challenge that do not exist."""


def test_head_answers_wherever_get_does(client: TestClient, tmp_path: Path) -> None:
    """HEAD of every GET route: the GET's status and headers, no body (it was a 405 even on /)."""
    gets = [r for r in app_routes(tmp_path) if r.method == "GET"]
    assert len(gets) > 15
    for route in gets:
        url = re.sub(PARAM, lambda m: FRESH[m.group(1)], route.path)
        got, head = client.get(url, follow_redirects=False), client.head(url, follow_redirects=False)
        assert head.status_code == got.status_code, url
        assert head.content == b"" and head.headers.get("content-type") == got.headers.get("content-type"), url
    assert client.head("/", follow_redirects=False).status_code == 303
    assert client.head("/game/5").status_code == 200


def test_a_405_says_allow_and_what_is_wrong(client: TestClient, tmp_path: Path) -> None:
    """Every route asked with a method it does not take: 405, with ``Allow`` naming its methods
    (HEAD wherever GET is), and a message."""
    for route in app_routes(tmp_path):
        url = re.sub(PARAM, lambda m: FRESH[m.group(1)], route.path)
        r = client.request("PUT", url)
        assert r.status_code == 405, url
        allow = {m.strip() for m in r.headers["allow"].split(",")}
        assert route.method in allow and ("GET" not in allow or "HEAD" in allow), (url, allow)
        assert _says_what(r), (url, r.text[:200])
    r = client.get("/s")  # the share form's address, opened as a page
    assert r.headers["allow"] == "POST" and "This address takes a form, not a visit" in r.text
    r = client.request("DELETE", "/rules")
    assert r.headers["allow"] == "GET, HEAD" and "This address does not take a DELETE request." in r.text
