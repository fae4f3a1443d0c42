"""``POST /api/solve``: solve a set-up position."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from app.api.presenters import error
from app.api.schemas import EVERY_ROUTE, SolveBody, SolveOut, answers
from app.deps import RateDep, RateKeyDep, SolverDep
from app.engine import Position, PositionError
from app.services import plays
from app.services.solver_pool import RateLimited, SolverBusy

router = APIRouter(prefix="/api", tags=["api"], responses=EVERY_ROUTE)


@router.post("/solve", response_model=SolveOut, responses=answers(429, 503))
def solve_position(body: SolveBody, solver: SolverDep, rate: RateDep, rate_key: RateKeyDep) -> Any:
    """Solve a set-up position (stock order known) within ``budget_ms`` (at most 10 s)."""
    try:
        rate.check(*rate_key)
        rules = plays.rules_for(body.mode)
        position = Position.from_json(body.position.engine_json(), rules)
        result = solver.solve(position, rules, budget_ms=body.budget_ms)
    except RateLimited as exc:
        return error(429, "rate_limited", str(exc))
    except PositionError as exc:
        return error(422, "bad_position", str(exc))
    except SolverBusy as exc:
        return error(503, "solver_busy", str(exc))
    return {
        "status": result.status,
        "moves": list(result.moves),
        "nodes": result.nodes,
        "elapsed_ms": round(result.elapsed_ms, 1),
    }
