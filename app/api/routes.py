"""JSON routes (thin): each loads a play, asks :mod:`app.plays` to act, and answers a Play.

Status codes (API.md): 201 created · 200 a Play · 404 unknown play · 409 stale ``version``
(body: the current Play) · 422 ``{error, detail}`` for anything malformed or illegal, with
nothing changed.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import JSONResponse

from app import plays
from app.api.schemas import ErrorBody, GameInfo, MoveBody, NewCustomPlay, NewPlay, PlayOut, VersionBody
from app.deps import SessionDep, SettingsDep, VisitorDep
from app.engine import MAX_GAME_NUMBER

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


def _act(session: SessionDep, settings: SettingsDep, play_id: str, action: str, version: int,
         move: str | None = None) -> Any:
    try:
        play = plays.perform(session, play_id, action, version=version, move=move, idle_cap_s=settings.idle_cap_s)
    except plays.PlayNotFound:
        return _error(404, "not_found", f"no play has id {play_id!r}")
    except plays.StaleVersion as exc:
        return JSONResponse(exc.current.to_api(), status_code=409)
    except plays.ActionRejected as exc:
        return _error(422, exc.error, exc.detail)
    return play.to_api()


@router.get("/games/{number}", response_model=GameInfo)
def game_info(number: GameNumber, mode: plays.ModeName = "classic") -> dict[str, Any]:
    """What is known of a deal: solvability (null: not yet known) and the record."""
    return {"number": number, "mode": mode, "solvable": None, "record": None}


@router.post("/games/{number}/plays", status_code=201, response_model=PlayOut, responses=ERRORS)
def create_play(number: GameNumber, body: NewPlay, session: SessionDep, visitor: VisitorDep) -> dict[str, Any]:
    """Deal game ``number`` as a new play."""
    return plays.new_play(session, visitor, number, body.mode, body.auto_safe).to_api()


@router.post("/plays", status_code=201, response_model=PlayOut, responses=ERRORS)
def create_custom_play(body: NewCustomPlay, session: SessionDep, visitor: VisitorDep) -> Any:
    """A new play from a set-up position (flagged ``custom``)."""
    try:
        return plays.new_custom_play(session, visitor, body.position, body.mode, body.auto_safe).to_api()
    except plays.ActionRejected as exc:
        return _error(422, exc.error, exc.detail)


@router.get("/plays/{play_id}", response_model=PlayOut, responses=ERRORS)
def read_play(play_id: PlayId, session: SessionDep) -> Any:
    """A Play."""
    try:
        return plays.get_play(session, play_id).to_api()
    except plays.PlayNotFound:
        return _error(404, "not_found", f"no play has id {play_id!r}")


@router.post("/plays/{play_id}/moves", response_model=PlayOut, responses=ERRORS)
def make_move(play_id: PlayId, body: MoveBody, session: SessionDep, settings: SettingsDep) -> Any:
    """Play one move in the notation (``D`` draws, ``R`` redeals)."""
    return _act(session, settings, play_id, "move", body.version, body.move)


@router.post("/plays/{play_id}/undo", response_model=PlayOut, responses=ERRORS)
def undo(play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep) -> Any:
    """Take back the last action (with its auto-moves)."""
    return _act(session, settings, play_id, "undo", body.version)


@router.post("/plays/{play_id}/redo", response_model=PlayOut, responses=ERRORS)
def redo(play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep) -> Any:
    """Play the last undone action again."""
    return _act(session, settings, play_id, "redo", body.version)


@router.post("/plays/{play_id}/finish", response_model=PlayOut, responses=ERRORS)
def finish(play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep) -> Any:
    """Move every card home (only when RULES.md's Finish condition holds)."""
    return _act(session, settings, play_id, "finish", body.version)


@router.post("/plays/{play_id}/resign", response_model=PlayOut, responses=ERRORS)
def resign(play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep) -> Any:
    """Give the play up."""
    return _act(session, settings, play_id, "resign", body.version)
