"""JSON routes (thin): each loads a play, asks :mod:`app.services.plays` to act, and answers a Play.

Status codes (API.md): 201 created · 200 a Play · 404 unknown play · 409 stale ``version``
(body: the current Play) · 422 ``{error, detail}`` for anything malformed or illegal, with
nothing changed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Path
from fastapi.responses import JSONResponse

from app import i18n
from app.api.schemas import (
    ErrorBody,
    GameInfo,
    HintOut,
    MoveBody,
    NewCustomPlay,
    NewPlay,
    PlayOut,
    SolveBody,
    SolveOut,
    VersionBody,
)
from app.deps import DeadEndsDep, GuessesDep, RateDep, RateKeyDep, SessionDep, SettingsDep, SolverDep, VisitorDep
from app.engine import MAX_GAME_NUMBER, Position, PositionError
from app.runtime import ServicesDep
from app.services import actions, deals, hints, plays, records
from app.services.solver_pool import RateLimited, SolverBusy

router = APIRouter(prefix="/api", tags=["api"])
GameNumber = Annotated[int, Path(ge=1, le=MAX_GAME_NUMBER, description="game number 1 … 4294967295")]
PlayId = Annotated[str, Path(max_length=32)]
ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "unknown play"},
    409: {"model": PlayOut, "description": "stale version: the current Play"},
    422: {"model": ErrorBody, "description": "malformed or illegal; nothing changed"},
}


def _error(status: int, error: str, detail: Any) -> JSONResponse:
    return JSONResponse({"error": error, "detail": detail}, status_code=status)


class Solving:
    """What a Play answer needs beyond the play: the solver for its ``dead_end`` flag, the
    session for its ``finish_card``."""

    def __init__(self, dead_ends: DeadEndsDep, session: SessionDep) -> None:
        self.dead_ends, self.session = dead_ends, session

    def play_json(self, play: plays.LoadedPlay) -> dict[str, Any]:
        """The Play of API.md; its ``dead_end`` flag waits for the check when one runs (a
        JSON client gets a settled answer; the table's pages fetch it later instead)."""
        data = play.to_api(dead_end=self.dead_ends.wait(play))
        card = records.finish_card_of(self.session, play.row.id) if play.is_over else None
        data["finish_card"] = None if card is None else records.card_json(self.session, card)
        return data


SolvingDep = Annotated[Solving, Depends()]


def _act(
    session: SessionDep,
    settings: SettingsDep,
    solving: Solving,
    play_id: str,
    action: str,
    version: int,
    move: str | None = None,
) -> Any:
    try:
        play = plays.get_play(session, play_id)
        what = actions.parse_act(action, move)
        play = plays.act(session, play, what, version=version, idle_cap_s=settings.idle_cap_s)
    except plays.PlayNotFound:
        return _error(404, "not_found", f"no play has id {play_id!r}")
    except plays.StaleVersion as exc:
        return JSONResponse(solving.play_json(exc.current), status_code=409)
    except actions.ActionRejected as exc:
        return _error(422, exc.error, exc.detail)
    return solving.play_json(play)


@router.get("/games/{number}", response_model=GameInfo)
def game_info(
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    services: ServicesDep,
    mode: plays.ModeName = "classic",
) -> dict[str, Any]:
    """What is known of a deal: solvability (null: not yet known, and then it is queued for
    the background solver), the record (fewest moves, then least time), the top wins and the
    asking visitor's own best."""
    known = deals.solvable(session, number, mode)
    if known is None:
        services.want_verdict(number, mode)
    top = records.best_wins(session, number, mode)
    mine = records.personal_best(session, visitor, number, mode)
    return {
        "number": number,
        "mode": mode,
        "solvable": known,
        "record": None if not top else {"moves": top[0].moves, "elapsed_s": round(top[0].elapsed_s, 1)},
        "records": [
            {
                "place": r.place,
                "name": r.name,
                "moves": r.moves,
                "elapsed_s": round(r.elapsed_s, 1),
                "finished_at": r.finished_at.isoformat(),
            }
            for r in top
        ],
        "your_best": None if mine is None else {"moves": mine.moves, "elapsed_s": round(mine.elapsed_s, 1)},
    }


@router.post("/plays/{play_id}/hint", response_model=HintOut, responses=ERRORS)
def hint(
    play_id: PlayId,
    session: SessionDep,
    solver: SolverDep,
    rate: RateDep,
    visitor: VisitorDep,
    rate_key: RateKeyDep,
    guesses: GuessesDep,
) -> Any:
    """The next move of a winning line when the solver finds one within 1 s, else the best
    heuristic move (counts a hint). 429 when the solver is asked too often (hints along a kept
    winning line never are)."""
    try:
        play = plays.get_play(session, play_id)
        found = hints.hint_for(session, play, solver, before_solving=lambda: rate.check(rate_key), guesses=guesses)
    except RateLimited as exc:
        return _error(429, "rate_limited", str(exc))
    except plays.PlayNotFound:
        return _error(404, "not_found", f"no play has id {play_id!r}")
    except actions.ActionRejected as exc:
        return _error(422, exc.error, exc.detail)
    return {"move": found.move, "reason": i18n.gettext(hints.REASONS[found.kind])}


@router.post("/solve", response_model=SolveOut, responses=ERRORS)
def solve_position(body: SolveBody, solver: SolverDep, rate: RateDep, rate_key: RateKeyDep) -> Any:
    """Solve a set-up position (stock order known) within ``budget_ms`` (at most 10 s)."""
    try:
        rate.check(rate_key)
        rules = plays.rules_for(body.mode)
        position = Position.from_json(body.position, rules)
        result = solver.solve(position, rules, budget_ms=body.budget_ms)
    except RateLimited as exc:
        return _error(429, "rate_limited", str(exc))
    except PositionError as exc:
        return _error(422, "bad_position", str(exc))
    except SolverBusy as exc:
        return _error(503, "solver_busy", str(exc))
    return {
        "status": result.status,
        "moves": list(result.moves),
        "nodes": result.nodes,
        "elapsed_ms": round(result.elapsed_ms, 1),
    }


@router.post("/games/{number}/plays", status_code=201, response_model=PlayOut, responses=ERRORS)
def create_play(
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    solving: SolvingDep,
    body: Annotated[NewPlay | None, Body()] = None,
) -> dict[str, Any]:
    """Deal game ``number`` as a new play (the body is optional: Classic, safe cards up)."""
    body = body or NewPlay()
    return solving.play_json(plays.new_play(session, visitor, number, body.mode, body.auto_safe))


@router.post("/plays", status_code=201, response_model=PlayOut, responses=ERRORS)
def create_custom_play(body: NewCustomPlay, session: SessionDep, visitor: VisitorDep, solving: SolvingDep) -> Any:
    """A new play from a set-up position (flagged ``custom``)."""
    try:
        return solving.play_json(plays.new_custom_play(session, visitor, body.position, body.mode, body.auto_safe))
    except actions.ActionRejected as exc:
        return _error(422, exc.error, exc.detail)


@router.get("/plays/{play_id}", response_model=PlayOut, responses=ERRORS)
def read_play(play_id: PlayId, session: SessionDep, solving: SolvingDep) -> Any:
    """A Play."""
    try:
        return solving.play_json(plays.get_play(session, play_id))
    except plays.PlayNotFound:
        return _error(404, "not_found", f"no play has id {play_id!r}")


@router.post("/plays/{play_id}/moves", response_model=PlayOut, responses=ERRORS)
def make_move(play_id: PlayId, body: MoveBody, session: SessionDep, settings: SettingsDep, solving: SolvingDep) -> Any:
    """Play one move in the notation (``D`` draws, ``R`` redeals)."""
    return _act(session, settings, solving, play_id, "move", body.version, body.move)


@router.post("/plays/{play_id}/undo", response_model=PlayOut, responses=ERRORS)
def undo(play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep, solving: SolvingDep) -> Any:
    """Take back the last action (with its auto-moves)."""
    return _act(session, settings, solving, play_id, "undo", body.version)


@router.post("/plays/{play_id}/redo", response_model=PlayOut, responses=ERRORS)
def redo(play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep, solving: SolvingDep) -> Any:
    """Play the last undone action again."""
    return _act(session, settings, solving, play_id, "redo", body.version)


@router.post("/plays/{play_id}/finish", response_model=PlayOut, responses=ERRORS)
def finish(play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep, solving: SolvingDep) -> Any:
    """Move every card home (only when RULES.md's Finish condition holds)."""
    return _act(session, settings, solving, play_id, "finish", body.version)


@router.post("/plays/{play_id}/resign", response_model=PlayOut, responses=ERRORS)
def resign(play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep, solving: SolvingDep) -> Any:
    """Give the play up."""
    return _act(session, settings, solving, play_id, "resign", body.version)
