"""``POST /api/solve``: solve a set-up position."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.presenters import error, rate_limited
from app.api.schemas import EVERY_ROUTE, SolveBody, SolveOut, answers
from app.deps import RateDep, RateKeyDep, SolverDep
from app.engine import Position, PositionError
from app.services import plays
from app.services.solver_pool import RateLimited, SolverBusy

router = APIRouter(prefix="/api", tags=["api"], responses=EVERY_ROUTE)


@router.post("/solve", response_model=SolveOut, responses=answers(429, 503))
def solve_position(body: SolveBody, solver: SolverDep, rate: RateDep, rate_key: RateKeyDep) -> Any:
    """Solve a set-up position (stock order known) within ``budget_ms`` (at most 10 s). A
    position that does not read is refused before the rate limit counts the request."""
    rules = plays.rules_for(body.mode)
    try:
        position = Position.from_json(body.position.engine_json(), rules)
    except PositionError as exc:
        return error(422, "bad_position", str(exc))
    try:
        rate.check(*rate_key)
        result = solver.solve(position, rules, budget_ms=body.budget_ms)
    except RateLimited as exc:
        return rate_limited(exc)
    except SolverBusy as exc:
        return error(503, "solver_busy", str(exc))
    return {
        "status": result.status,
        "moves": list(result.moves),
        "nodes": result.nodes,
        "elapsed_ms": round(result.elapsed_ms, 1),
    }
