"""The compiled solver (mypyc): used only when built for the current sources, and it answers
exactly as the plain Python modules do."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from app.solver import native

# One process per kind of module: solve a few deals of both modes at node budgets (so the
# answers are deterministic) and print everything that must agree.
PROBE = """
import json
import app.solver as solver
from app.engine import MODES, deal
from app.solver import solve
from app.solver.deadend import can_reach_foundation
out = []
for mode, numbers, nodes in (("classic", (2, 10, 19, 44), 40_000), ("relaxed", (1, 7), 20_000)):
    rules = MODES[mode]
    for n in numbers:
        r = solve(deal(n, rules), rules, max_nodes=nodes)
        out.append([mode, n, r.status, r.nodes, list(r.moves)])
    out.append([mode, "dead end", can_reach_foundation(deal(3, rules), rules)])
print(json.dumps({"compiled": solver.COMPILED, "answers": out}))
"""


def run_probe(pure: bool) -> dict:
    env = {**os.environ, native.PURE_ENV: "1" if pure else ""}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=native.ROOT, env=env, capture_output=True, text=True, timeout=300, check=True
    )
    return json.loads(done.stdout)


def test_the_compiled_solver_answers_exactly_as_the_plain_one() -> None:
    native.build()  # ./ft has built it already; nothing to do then
    compiled, plain = run_probe(pure=False), run_probe(pure=True)
    assert (compiled["compiled"], plain["compiled"]) == (True, False)
    assert compiled["answers"] == plain["answers"]
    assert [a[2] for a in plain["answers"] if a[1] in (2, 10, 19)] == ["winnable", "unwinnable", "winnable"]


@pytest.fixture
def package_path(monkeypatch) -> list[str]:
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    return ["app/solver"]


def test_a_finished_build_for_the_current_sources_goes_first(tmp_path, package_path) -> None:
    folder = native.build_dir(tmp_path)
    folder.mkdir(parents=True)
    assert native.use_compiled(package_path, tmp_path) is False  # half built: no BUILT file
    (folder / native.DONE).write_text("x")
    assert native.use_compiled(package_path, tmp_path) is True
    assert package_path[0] == str(folder / "app" / "solver") and sys.path[-1] == str(folder)


def test_a_build_of_other_sources_is_never_used(tmp_path, package_path) -> None:
    stale = tmp_path / "build" / "solver" / "0123456789abcdef"
    stale.mkdir(parents=True)
    (stale / native.DONE).write_text("x")
    assert native.build_dir(tmp_path) != stale
    assert native.use_compiled(package_path, tmp_path) is False
    assert package_path == ["app/solver"]


def test_ft_pure_solver_keeps_the_plain_modules(tmp_path, package_path, monkeypatch) -> None:
    folder = native.build_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / native.DONE).write_text("x")
    monkeypatch.setenv(native.PURE_ENV, "1")
    assert native.use_compiled(package_path, tmp_path) is False


def test_the_build_key_follows_the_sources(monkeypatch, tmp_path) -> None:
    before = native.build_key()
    for name in native.COMPILED:
        (tmp_path / f"{name}.py").write_bytes((native.SOLVER_DIR / f"{name}.py").read_bytes())
    monkeypatch.setattr(native, "SOLVER_DIR", tmp_path)
    assert native.build_key() == before
    (tmp_path / "lost.py").write_bytes((tmp_path / "lost.py").read_bytes() + b"\n# edited\n")
    assert native.build_key() != before
