"""``/api/plays``: a play's state and its actions. Each route loads a play, asks
:mod:`app.services.plays` to act, and answers a Play (:mod:`app.api.presenters`).

Status codes (API.md): 201 created · 200 a Play · 404 unknown play · 409 stale ``version``
(body: the current Play) · 422 ``{error, detail}`` for anything malformed or illegal, with
nothing changed.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from app import i18n
from app.api.deps import PlayId, PresenterDep
from app.api.presenters import PlayPresenter, error, rate_limited
from app.api.schemas import EVERY_ROUTE, HintOut, MoveBody, NewCustomPlay, PlayOut, VersionBody, answers
from app.deps import GuessesDep, RateDep, RateKeyDep, SessionDep, SettingsDep, SolverDep, VisitorDep
from app.services import actions, hints, plays
from app.services.solver_pool import RateLimited

ACTION = answers(404, 409)
"""What an action on a play may answer besides a Play."""

router = APIRouter(prefix="/api", tags=["api"], responses=EVERY_ROUTE)


def _act(
    session: SessionDep,
    settings: SettingsDep,
    presenter: PlayPresenter,
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
        return error(404, "not_found", f"no play has id {play_id!r}")
    except plays.StaleVersion as exc:
        return JSONResponse(presenter.play_json(exc.current), status_code=409)
    except actions.ActionRejected as exc:
        return error(422, exc.error, exc.detail)
    return presenter.play_json(play)


@router.post("/plays/{play_id}/hint", response_model=HintOut, responses=answers(404, 429))
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
        found = hints.hint_for(session, play, solver, before_solving=lambda: rate.check(*rate_key), guesses=guesses)
    except RateLimited as exc:
        return rate_limited(exc)
    except plays.PlayNotFound:
        return error(404, "not_found", f"no play has id {play_id!r}")
    except actions.ActionRejected as exc:
        return error(422, exc.error, exc.detail)
    return {"move": found.move, "reason": i18n.gettext(hints.REASONS[found.kind])}


@router.post("/plays", status_code=201, response_model=PlayOut)
def create_custom_play(body: NewCustomPlay, session: SessionDep, visitor: VisitorDep, presenter: PresenterDep) -> Any:
    """A new play from a set-up position (flagged ``custom``)."""
    try:
        return presenter.play_json(
            plays.new_custom_play(session, visitor, body.position.engine_json(), body.mode, body.auto_safe)
        )
    except actions.ActionRejected as exc:
        return error(422, exc.error, exc.detail)


@router.get("/plays/{play_id}", response_model=PlayOut, responses=answers(404))
def read_play(play_id: PlayId, session: SessionDep, presenter: PresenterDep) -> Any:
    """A Play."""
    try:
        return presenter.play_json(plays.get_play(session, play_id))
    except plays.PlayNotFound:
        return error(404, "not_found", f"no play has id {play_id!r}")


@router.post("/plays/{play_id}/moves", response_model=PlayOut, responses=ACTION)
def make_move(
    play_id: PlayId, body: MoveBody, session: SessionDep, settings: SettingsDep, presenter: PresenterDep
) -> Any:
    """Play one move in the notation (``D`` draws, ``R`` redeals)."""
    return _act(session, settings, presenter, play_id, "move", body.version, body.move)


@router.post("/plays/{play_id}/undo", response_model=PlayOut, responses=ACTION)
def undo(
    play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep, presenter: PresenterDep
) -> Any:
    """Take back the last action (with its auto-moves)."""
    return _act(session, settings, presenter, play_id, "undo", body.version)


@router.post("/plays/{play_id}/redo", response_model=PlayOut, responses=ACTION)
def redo(
    play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep, presenter: PresenterDep
) -> Any:
    """Play the last undone action again."""
    return _act(session, settings, presenter, play_id, "redo", body.version)


@router.post("/plays/{play_id}/finish", response_model=PlayOut, responses=ACTION)
def finish(
    play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep, presenter: PresenterDep
) -> Any:
    """Move every card home (only when RULES.md's Finish condition holds)."""
    return _act(session, settings, presenter, play_id, "finish", body.version)


@router.post("/plays/{play_id}/resign", response_model=PlayOut, responses=ACTION)
def resign(
    play_id: PlayId, body: VersionBody, session: SessionDep, settings: SettingsDep, presenter: PresenterDep
) -> Any:
    """Give the play up."""
    return _act(session, settings, presenter, play_id, "resign", body.version)
