"""The OpenAPI document says the truth: schemathesis drives every operation of the JSON API
against the real server (uvicorn on a free port) and runs all its default checks on each
answer (no server error; status code, content type, headers and body as documented; data the
schema refuses is refused with a 4xx; data it allows is not refused as malformed).

The run is bounded and fixed: 20 generated examples per operation (plus schemathesis' own
explicit and coverage cases), derandomized, so it cannot flake.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any
from unittest.mock import Mock

import pytest
import requests
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError
from schemathesis.config import SchemathesisConfig

from app.api.schemas import MoveBody, NewCustomPlay, SolveBody, VersionBody
from app.config import Settings
from app.main import create_app
from app.services.solver_pool import SolverBusy
from tests.live_server import live_server


@pytest.fixture(scope="module")
def api_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under uvicorn with its own SQLite file."""
    # A generous solver rate, so that /api/solve reaches its 200 within the run (at the default,
    # the hints and the well-formed but invalid positions before it use the minute up); the
    # 429 and 503 answers are checked against the document in test_solver_refusals_are_documented.
    with live_server(tmp_path_factory.mktemp("openapi-data"), FT_SOLVER_RATE_PER_MIN="1000") as url:
        yield url


DOCUMENT = create_app(Settings(database_url="sqlite://", secret_key="openapi-doc", pool_worker=False)).openapi()
"""The document as the app builds it, loaded at import (``schemathesis.pytest.from_fixture``
fails under pytest 9: it reads ``request.node._nodeid``, which pytest 9 no longer has). The
server serves the same one (checked below)."""
RULES_DECIDE = {
    "include-path-regex": r"^/api/(plays|solve)$|^/api/plays/\{play_id\}/",
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "404", "409", "422", "429", "503"]}},
}
"""Not an exclusion: a request of the documented shape may still break the rules, and API.md
answers it 422 ``{error, detail}`` with nothing changed. A JSON Schema cannot say which moves
are legal on the table, or that a position holds all 104 cards each exactly twice; so for the
operations that take a move, an action or a position, schemathesis' check "data the schema
allows is accepted" also accepts 422 (and 503, the solver busy, for ``/api/solve``)."""
SCHEMA = schemathesis.openapi.from_dict(
    copy.deepcopy(DOCUMENT), config=SchemathesisConfig.from_dict({"operations": [RULES_DECIDE]})
)
"""The document, for schemathesis."""
REAL_PLAY: dict[str, str] = {}
"""The server's ``url`` and the ``play_id`` of a real play there, made by :func:`real_play`."""


@pytest.fixture(autouse=True)
def real_play(api_url: str) -> None:
    """A fresh real play for each operation's run."""
    r = requests.post(api_url + "/api/games/4242/plays", json={}, timeout=10)
    REAL_PLAY.update(url=api_url, play_id=r.json()["play_id"])


@SCHEMA.hook
def flatmap_path_parameters(ctx: Any, params: dict[str, Any] | None) -> st.SearchStrategy[dict[str, Any] | None]:
    """Operations that take a ``play_id`` run on a real play half of the time (the other half:
    a generated id, a 404), so a Play, a 409 and an illegal-move 422 are all checked, not only
    the unknown-play path."""
    if not params or "play_id" not in params:
        return st.just(params)
    return st.sampled_from([params, {**params, "play_id": REAL_PLAY["play_id"]}])


NEAR_WON: dict[str, Any] = {
    "tableau": [["KS"], ["KH"], ["KD"], ["KC"], [], [], [], [], [], []],
    "foundations": ["QS", "KS", "QH", "KH", "QD", "KD", "QC", "KC"],
    "waste": [],
    "stock": [],
}
"""A valid set-up position (four kings left): a custom play of it is made at once, and the
solver wins it at once."""
BODIES: dict[str, type[BaseModel]] = {
    "/api/plays": NewCustomPlay,
    "/api/solve": SolveBody,
    "/api/plays/{play_id}/moves": MoveBody,
    "/api/plays/{play_id}/undo": VersionBody,
    "/api/plays/{play_id}/redo": VersionBody,
    "/api/plays/{play_id}/finish": VersionBody,
    "/api/plays/{play_id}/resign": VersionBody,
}
"""The body model of each operation whose body :func:`flatmap_body` may complete."""


def _allowed(path: str, body: object) -> bool:
    """Whether the server's own body model takes ``body`` (then putting other allowed values
    in it keeps it allowed, and a negative case stays negative)."""
    try:
        BODIES[path].model_validate(body)
    except ValidationError:
        return False
    return True


@SCHEMA.hook
def flatmap_body(ctx: Any, body: Any) -> st.SearchStrategy[Any]:
    """Half of the allowed bodies are made to succeed, so the way to a 2xx is checked too (a
    random version is a 409, a random move or position a 422): an action carries the real
    play's current version and a move one of its legal moves; a position is a valid one."""
    path = ctx.operation.path
    if path not in BODIES or not isinstance(body, dict) or not _allowed(path, body):
        return st.just(body)
    if "position" in body:
        return st.sampled_from([body, {**body, "position": NEAR_WON}])
    play = requests.get(f"{REAL_PLAY['url']}/api/plays/{REAL_PLAY['play_id']}", timeout=10).json()
    current = {**body, "version": play["version"]}
    if "move" in body and play["legal_moves"]:
        current["move"] = play["legal_moves"][0]
    return st.sampled_from([body, current])


@SCHEMA.parametrize()
@settings(
    max_examples=20,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),  # the server, not the data, sets the pace
    database=None,
)
def test_every_answer_is_as_documented(case: schemathesis.Case, api_url: str) -> None:
    """Each generated request's answer passes every default check of schemathesis."""
    case.call_and_validate(base_url=api_url, timeout=30)


def test_the_document_covers_the_json_api_only(api_url: str) -> None:
    """Every operation under ``/api`` is in the document (and pages are not)."""
    doc = requests.get(api_url + "/openapi.json", timeout=10).json()
    ops = {(m.upper(), p) for p, item in doc["paths"].items() for m in item}
    assert ("POST", "/api/plays/{play_id}/moves") in ops and ("POST", "/api/solve") in ops
    assert all(p.startswith("/api/") or p == "/healthz" for _, p in ops)
    assert doc == DOCUMENT


def test_solver_refusals_are_documented(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """429 (asked too often) and 503 (the solver busy) are answers of the document, each an
    ``{error, detail}`` as it says."""
    solve_op, hint_op = SCHEMA["/api/solve"]["POST"], SCHEMA["/api/plays/{play_id}/hint"]["POST"]
    with TestClient(create_app(settings.model_copy(update={"solver_rate_per_min": 2}))) as client:
        play_id = client.post("/api/games/4242/plays").json()["play_id"]  # and the visitor's cookie
        answers = [client.post("/api/solve", json={"position": NEAR_WON})]
        services = client.app.state.services  # type: ignore[attr-defined]
        with monkeypatch.context() as busy:
            busy.setattr(services.solver, "solve", Mock(side_effect=SolverBusy("the solver is busy")))
            answers.append(client.post("/api/solve", json={"position": NEAR_WON}))
        answers.append(client.post("/api/solve", json={"position": NEAR_WON}))
        hint = client.post(f"/api/plays/{play_id}/hint")
    assert [r.status_code for r in answers] == [200, 503, 429] and hint.status_code == 429
    for operation, response in [*((solve_op, r) for r in answers), (hint_op, hint)]:
        documented = DOCUMENT["paths"][operation.path]["post"]["responses"]
        assert str(response.status_code) in documented, (operation.path, response.status_code)
        operation.validate_response(response)
    assert answers[1].json()["error"] == "solver_busy" and answers[2].json()["error"] == "rate_limited"


def test_guard_refusals_are_documented(settings: Settings) -> None:
    """A cross-origin write (403) and a body over the limit (413) are answers the document
    lists for every operation, each an ``{error, detail}`` as it says."""
    solve_op = SCHEMA["/api/solve"]["POST"]
    with TestClient(create_app(settings)) as client:
        forged = client.post("/api/solve", json={"position": NEAR_WON}, headers={"Origin": "https://elsewhere.example"})
        huge = client.post(
            "/api/solve", content=b"{" + b" " * 2_000_000 + b"}", headers={"Content-Type": "application/json"}
        )
    assert (forged.status_code, forged.json()["error"]) == (403, "cross_origin")
    assert (huge.status_code, huge.json()["error"]) == (413, "http_413")
    documented = DOCUMENT["paths"]["/api/solve"]["post"]["responses"]
    for response in (forged, huge):
        assert str(response.status_code) in documented
        solve_op.validate_response(response)
