"""The solver: search over engine positions with the stock order known (RULES.md, "Solvable
deals"). Standard library only, like the engine.

- :func:`solve` → :class:`SolveResult` (winnable with a line that replays through the engine,
  unwinnable when proved, or unknown when the budget runs out); :data:`SOLVER_VERSION`.
- :func:`can_reach_foundation`: the dead-end check.
- :func:`survey`: many deals, one :class:`SurveyRow` each; :func:`parse_budget` for ``10s``.
- ``python -m app.solver solve|survey``: the command line (:mod:`.cli`).
"""

from .budget import Budget, parse_budget
from .deadend import can_reach_foundation
from .solve import SOLVER_VERSION, UNKNOWN, UNWINNABLE, WINNABLE, SolveResult, solve
from .survey import SurveyRow, survey

__all__ = [
    "SOLVER_VERSION",
    "UNKNOWN",
    "UNWINNABLE",
    "WINNABLE",
    "Budget",
    "SolveResult",
    "SurveyRow",
    "can_reach_foundation",
    "parse_budget",
    "solve",
    "survey",
]
