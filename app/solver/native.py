"""The compiled solver: the hot modules built to C by mypyc, about twice as fast, same answers.

The solver is plain Python and stays so: the source is the only truth. ``python -m app.solver
build`` (run by ``./ft`` on first use and after any change to these modules) compiles
:data:`COMPILED` with mypyc (a part of mypy) into ``build/solver/<key>/``, where ``<key>`` is a
hash of their sources and of the Python that runs them. When :mod:`app.solver` is imported,
:func:`use_compiled` puts that folder first on the package's path if it holds a finished build
for the sources as they are now; otherwise (no compiler, sources edited since, or
``FT_PURE_SOLVER=1`` in the environment) the plain modules run. A stale build is never used.

Compiled and plain modules give the same verdicts, node counts and lines (a test compares them
on deals of both modes at node budgets); only the speed differs, so a time budget searches
about twice as many positions.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import sysconfig
from pathlib import Path

COMPILED = ("board", "lost", "search", "beam", "prove")
"""The modules of :mod:`app.solver` that are compiled: the searches' inner loops."""

SOLVER_DIR = Path(__file__).resolve().parent
ROOT = SOLVER_DIR.parent.parent
"""The project's folder (its ``build/`` holds the builds)."""

PURE_ENV = "FT_PURE_SOLVER"
"""Set to ``1`` to run the plain Python modules even when a build is there."""

DONE = "BUILT"
"""The file a finished build leaves in its folder (a build that stopped half way has none)."""


def build_key() -> str:
    """A hash (16 hex digits) of the compiled modules' sources, the Python version and the
    extension suffix: any edit gives a new key, so a build is only ever used for its sources."""
    h = hashlib.sha256()
    h.update(sys.version.encode())
    h.update(str(sysconfig.get_config_var("EXT_SUFFIX")).encode())
    for name in COMPILED:
        h.update((SOLVER_DIR / f"{name}.py").read_bytes())
    return h.hexdigest()[:16]


def build_dir(root: Path = ROOT) -> Path:
    """The folder of the build for the sources as they are now: ``build/solver/<key>``."""
    return root / "build" / "solver" / build_key()


def use_compiled(package_path: list[str], root: Path = ROOT) -> bool:
    """Put the finished build for the current sources, if any, first on ``package_path`` (the
    ``__path__`` of :mod:`app.solver`, before its modules are imported). Returns whether it did.
    """
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return False
    lib = build_dir(root)
    if not (lib / DONE).is_file():
        return False
    package_path.insert(0, str(lib / "app" / "solver"))
    sys.path.append(str(lib))  # mypyc's shared library module lies at the top of the build
    return True


def build(root: Path = ROOT) -> Path:
    """Compile :data:`COMPILED` into :func:`build_dir` (nothing to do when it is there).

    :returns: the build's folder.
    :raises ImportError: when mypy (mypyc) or setuptools is not installed.
    :raises SystemExit: when compiling fails (no C compiler, say); the plain modules go on
        running, and nothing half-built is left where :func:`use_compiled` looks.
    """
    target = build_dir(root)
    if (target / DONE).is_file():
        return target
    from mypyc.build import mypycify  # build time only: the game runs without mypy
    from setuptools import Distribution  # type: ignore[import-untyped]

    work = target.with_name(target.name + ".work")
    shutil.rmtree(work, ignore_errors=True)
    here = os.getcwd()
    os.chdir(root)  # mypyc names the modules by their paths from here
    try:
        # mypy type-checks what the modules import too: only the compiled modules' own errors
        # matter (a library without type hints, setuptools say, must not stop the build)
        flags = ["--ignore-missing-imports", "--follow-imports=silent"]
        modules = mypycify(
            [*flags, *(f"app/solver/{name}.py" for name in COMPILED)], opt_level="3", target_dir=str(work / "c")
        )
        dist = Distribution({"name": "forty-thieves-solver", "ext_modules": modules})
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(work / "lib")
        command.build_temp = str(work / "obj")
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    shutil.rmtree(target, ignore_errors=True)
    (work / "lib").rename(target)
    shutil.rmtree(work, ignore_errors=True)
    for old in target.parent.iterdir():  # builds of older sources are never used again
        if old != target:
            shutil.rmtree(old, ignore_errors=True)
    (target / DONE).write_text(build_key() + "\n")
    return target
