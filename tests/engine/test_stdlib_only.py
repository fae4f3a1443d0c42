"""The engine imports nothing beyond the standard library (STYLE.md, python-chess): every
``import`` in app/engine is a stdlib module or a relative import within the engine."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"
FILES = sorted(ENGINE.rglob("*.py"))


def _imports(path: Path) -> list[tuple[int, str, int]]:
    """(line, module, level) of every import in the file, nested ones included."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append((node.lineno, node.module or "", node.level))
    return out


def test_engine_has_the_modules_of_the_architecture() -> None:
    names = {p.name for p in FILES}
    assert {"cards.py", "rules.py", "deal.py", "position.py", "moves.py", "game.py"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_engine_module_imports_only_the_standard_library(path: Path) -> None:
    outside = [
        f"{path.name}:{line}: {module}"
        for line, module, level in _imports(path)
        if level == 0 and module.split(".")[0] not in sys.stdlib_module_names | {"__future__"}
    ]
    assert outside == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_engine_relative_imports_stay_inside_the_engine(path: Path) -> None:
    # ``from .x import`` (level 1) is inside app/engine; ``from ..`` would reach the app.
    assert [(line, module) for line, module, level in _imports(path) if level > 1] == []


def test_engine_uses_no_dynamic_imports() -> None:
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        assert "__import__" not in text and "importlib" not in text, path.name
