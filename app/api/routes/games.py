"""``/api/games/{number}``: what is known of a deal, and dealing it as a new play."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body

from app.api.deps import GameNumber, PresenterDep
from app.api.schemas import EVERY_ROUTE, GameInfo, Mode, NewPlay, PlayOut
from app.deps import SessionDep, VisitorDep
from app.runtime import ServicesDep
from app.services import deals, plays, records

router = APIRouter(prefix="/api", tags=["api"], responses=EVERY_ROUTE)


@router.get("/games/{number}", response_model=GameInfo)
def game_info(
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    services: ServicesDep,
    mode: Mode = "classic",
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


@router.post("/games/{number}/plays", status_code=201, response_model=PlayOut)
def create_play(
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    presenter: PresenterDep,
    body: Annotated[NewPlay | None, Body()] = None,
) -> dict[str, Any]:
    """Deal game ``number`` as a new play (the body is optional: Classic, safe cards up)."""
    body = body or NewPlay()
    return presenter.play_json(plays.new_play(session, visitor, number, body.mode, body.auto_safe))
