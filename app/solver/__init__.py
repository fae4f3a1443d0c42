"""The solver: search over engine positions with the stock order known (RULES.md, "Solvable
deals"). Standard library only, like the engine.

- :func:`solve` → :class:`SolveResult` (winnable with a line that replays through the engine,
  unwinnable when proved, or unknown when the budget runs out); :data:`SOLVER_VERSION`.
- :func:`can_reach_foundation`: the dead-end check.
- :func:`survey`: many deals, one :class:`SurveyRow` each; :func:`parse_budget` for ``10s``.
- ``python -m app.solver solve|survey|build``: the command line (:mod:`.cli`).
- :mod:`.native`: the hot modules compiled by mypyc, used when built for the current sources.
"""

from . import native

COMPILED = native.use_compiled(__path__)
"""Whether the compiled modules run (see :mod:`.native`); decided before any is imported."""

from .budget import Budget, parse_budget  # noqa: E402
from .deadend import can_reach_foundation  # noqa: E402
from .solve import SOLVER_VERSION, UNKNOWN, UNWINNABLE, WINNABLE, SolveResult, Verdict, solve  # noqa: E402
from .survey import SurveyRow, survey  # noqa: E402

__all__ = [
    "COMPILED",
    "SOLVER_VERSION",
    "UNKNOWN",
    "UNWINNABLE",
    "WINNABLE",
    "Budget",
    "SolveResult",
    "SurveyRow",
    "Verdict",
    "can_reach_foundation",
    "parse_budget",
    "solve",
    "survey",
]
