"""Challenge links: "Share" stores a shared deal (a short unguessable code → number, mode, the
sharer's finish card if any) and gives ``/s/{code}``. Opening it shows who challenged and their
result, with a button that deals the same number as a new play of the opener (API.md, Pages).

The page carries Open Graph and Twitter meta tags, with a generated PNG preview
(:mod:`app.web.share_image`), so a pasted link shows the number, mode and result.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from app.db import queries
from app.db.models import FinishCard, SharedDeal
from app.deps import SessionDep, VisitorDep
from app.engine import MAX_GAME_NUMBER, MODES
from app.i18n import _
from app.services import deals, plays, records
from app.web.finish import Best, RecordLine, latest_card, record_lines, your_best
from app.web.share_image import challenge_png
from app.web.templating import format_duration, mode_label, templates
from app.web.view import game_url

router = APIRouter(tags=["pages"], include_in_schema=False)
Code = Annotated[str, Path(max_length=64)]


def new_code() -> str:
    """A short unguessable code: 12 URL-safe characters (72 random bits)."""
    return secrets.token_urlsafe(9)


def create_share(session: Session, visitor: str, number: int, mode: str) -> SharedDeal:
    """Store a challenge link for deal ``number`` in ``mode`` (committed). It carries the
    sharer's latest finish card on this deal and mode, if they have one.

    :raises ValueError: for a number outside 1 … 4294967295 or an unknown mode.
    """
    if not 1 <= number <= MAX_GAME_NUMBER:
        raise ValueError(_("A game number is a whole number from 1 to %(max)s.") % {"max": MAX_GAME_NUMBER})
    if mode not in MODES:
        raise ValueError(_("Unknown mode."))
    card = latest_card(session, visitor, number, mode)
    shared = SharedDeal(
        code=new_code(),
        number=number,
        mode=mode,
        visitor_id=visitor,
        finish_card_id=None if card is None else card.id,
        created_at=datetime.now(UTC),
    )
    session.add(shared)
    session.commit()
    return shared


@dataclass(frozen=True)
class ChallengeView:
    """What a challenge page shows."""

    code: str
    number: int
    mode: str
    mode_label: str
    challenger: str
    result: str | None
    """The challenger's result in words, or None when they shared before finishing."""
    won: bool
    solvable: bool | None
    is_sharer: bool
    records: list[RecordLine]
    your_best: Best | None
    url: str
    image_url: str
    title: str
    description: str


def result_text(card: FinishCard | None) -> str | None:
    """A finish card's result in words: "Won in 87 moves, 6:12", "Gave up with 40 of 104
    cards home", "Blocked with 52 of 104 cards home"."""
    if card is None:
        return None
    if card.result == "won":
        return _("Won in %(moves)s moves, %(time)s") % {"moves": card.moves, "time": format_duration(card.elapsed_s)}
    if card.result == "blocked":
        return _("Blocked with %(home)s of 104 cards home") % {"home": card.cards_home}
    return _("Gave up with %(home)s of 104 cards home") % {"home": card.cards_home}


def challenge_line(session: Session, challenge_id: int) -> str | None:
    """What the table of a play that took up a challenge shows: "Challenge from Ana: won in
    87 moves, 6:12" (or without a result when the sharer had not finished)."""
    shared = session.get(SharedDeal, challenge_id)
    if shared is None:
        return None
    card = session.get(FinishCard, shared.finish_card_id) if shared.finish_card_id else None
    who = records.display_names(session, [shared.visitor_id]).get(shared.visitor_id) or _("a player")
    result = result_text(card)
    if result is None:
        return _("Challenge from %(who)s: play this deal and share your result.") % {"who": who}
    return _("Challenge from %(who)s: %(result)s. Can you do better?") % {"who": who, "result": result}


def challenge_view(session: Session, shared: SharedDeal, viewer: str, base_url: str) -> ChallengeView:
    """The :class:`ChallengeView` of a shared deal for ``viewer``; ``base_url`` makes the
    absolute link (``https://host``)."""
    card = session.get(FinishCard, shared.finish_card_id) if shared.finish_card_id else None
    name = records.display_names(session, [shared.visitor_id]).get(shared.visitor_id)
    challenger = name or _("a player")
    result = result_text(card)
    label = mode_label(shared.mode)
    title = _("Forty Thieves: game %(number)s (%(mode)s)") % {"number": shared.number, "mode": label}
    if result is None:
        description = _("%(who)s challenges you to this deal.") % {"who": challenger}
    else:
        description = _("%(who)s challenges you: %(result)s. Can you do better?") % {
            "who": challenger,
            "result": result,
        }
    description = description[:1].upper() + description[1:]  # "a player challenges…" starts a sentence
    base = base_url.rstrip("/")
    return ChallengeView(
        code=shared.code,
        number=shared.number,
        mode=shared.mode,
        mode_label=label,
        challenger=challenger,
        result=result,
        won=card is not None and card.result == "won",
        solvable=deals.solvable(session, shared.number, shared.mode),
        is_sharer=shared.visitor_id == viewer,
        records=record_lines(session, shared.number, shared.mode, viewer),
        your_best=your_best(session, viewer, shared.number, shared.mode),
        url=f"{base}/s/{shared.code}",
        image_url=f"{base}/s/{shared.code}/image.png",
        title=title,
        description=description,
    )


def _find(session: Session, code: str) -> SharedDeal | None:
    return queries.shared_deal_by_code(session, code)


def _not_found(request: Request) -> Response:
    return templates.TemplateResponse(
        request,
        "error.html",
        {"message": _("This challenge link is not known. Check the address.")},
        status_code=404,
    )


@router.post("/s")
def share(
    request: Request,
    session: SessionDep,
    visitor: VisitorDep,
    number: Annotated[int, Form(ge=1, le=MAX_GAME_NUMBER)],
    mode: Annotated[str, Form(max_length=16)] = "classic",
) -> Response:
    """Create a challenge link for a deal. A request that accepts JSON (the page's script) gets
    ``{code, url, title, text}``; a plain form gets a 303 to the link's page."""
    try:
        shared = create_share(session, visitor, number, mode)
    except ValueError as exc:
        if "application/json" in request.headers.get("accept", ""):
            return JSONResponse({"error": "invalid_request", "detail": str(exc)}, status_code=422)
        return templates.TemplateResponse(request, "error.html", {"message": str(exc)}, status_code=422)
    if "application/json" in request.headers.get("accept", ""):
        view = challenge_view(session, shared, visitor, str(request.base_url))
        return JSONResponse({"code": shared.code, "url": view.url, "title": view.title, "text": view.description})
    return RedirectResponse(f"/s/{shared.code}", status_code=303)


@router.get("/s/{code}")
def challenge_page(request: Request, code: Code, session: SessionDep, visitor: VisitorDep) -> Response:
    """The challenge: who, their result, and a button to play the same deal."""
    shared = _find(session, code)
    if shared is None:
        return _not_found(request)
    view = challenge_view(session, shared, visitor, str(request.base_url))
    return templates.TemplateResponse(request, "challenge.html", {"c": view})


@router.post("/s/{code}/play")
def play_challenge(request: Request, code: Code, session: SessionDep, visitor: VisitorDep) -> Response:
    """Deal the challenge's number as a new play of the opener, and go to its table."""
    shared = _find(session, code)
    if shared is None:
        return _not_found(request)
    plays.new_play(session, visitor, shared.number, shared.mode, challenge_id=shared.id)
    return RedirectResponse(game_url(shared.number, shared.mode), status_code=303)


@router.get("/s/{code}/image.png")
def challenge_image(request: Request, code: Code, session: SessionDep, visitor: VisitorDep) -> Response:
    """The link preview picture (1200×630 PNG): number, mode, challenger and result."""
    shared = _find(session, code)
    if shared is None:
        return Response(status_code=404)
    view = challenge_view(session, shared, visitor, str(request.base_url))
    png = challenge_png(
        number=view.number, mode=view.mode_label, challenger=view.challenger, result=view.result, won=view.won
    )
    return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=300"})
