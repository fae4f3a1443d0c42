"""The post-game analysis page, ``GET /game/{number}/analysis?mode=&line=&step=``: for the
visitor's latest play of the deal, once it is lost, given up or at a dead end, where the deal
stopped being winnable and the move that lost it (:mod:`app.services.analysis`), and a read-only replay
of the solver's winning line from that point or from the deal, one move per page (plain
Previous/Next links). Labelled as analysis with the stock known.

While the analysis runs (in a background thread) the page says "Analysing…" and refreshes:
an htmx poll of the ``analysis`` block every 2 s, or a meta refresh without JavaScript.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.deps import SessionDep, VisitorDep
from app.i18n import _
from app.params import MAX_COUNT, AsciiDigits, ascii_number, optional_text
from app.runtime import ServicesDep
from app.services import analysis, plays
from app.web import htmx
from app.web.deps import GameNumber, ModeQuery, display_options
from app.web.views.analysis import POLL_SECONDS, AnalysisView, done_view
from app.web.views.table import game_url

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/game/{number}/analysis")
def analysis_page(
    request: Request,
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    services: ServicesDep,
    mode: ModeQuery,
    line_text: Annotated[str | None, Query(alias="line")] = None,
    step_text: Annotated[str | None, Query(alias="step")] = None,
    card: Annotated[int | None, Query(ge=1, le=MAX_COUNT), AsciiDigits] = None,
) -> Response:
    """The analysis of this visitor's latest play of deal ``number``, or of the play that
    finish card ``card`` ended (its own card: the link on a result card keeps working after the
    deal is played again); a 404 page when there is none, a 409 page when it is won or still
    going (the play is there, but its state leaves nothing to analyse).
    ``line`` (``lost`` or ``deal``) and ``step`` choose the replay's line and move; like the
    table's display values they are forgiving: a wrong one is ignored (the losing point's line,
    its first move), a step past the line's end shows its end."""
    line = optional_text(line_text, 8)
    step = ascii_number(optional_text(step_text, 6)) or 0
    base = AnalysisView(
        number,
        mode,
        "none",
        game_url(number, mode),
        game_url(number, mode, "analysis", card=card, line=line, step=step or None),
        card=card,
    )
    play = (
        plays.latest_play(session, visitor, number, mode)
        if card is None
        else analysis.play_of_card(session, visitor, number, mode, card)
    )
    if play is None:
        message = (
            _("You have not played this deal yet.")
            if card is None
            else _("None of your finish cards of this deal has that number.")
        )
        return _page(request, replace(base, message=message, never_played=True), 404)
    if play.status is plays.PlayStatus.WON:
        return _page(request, replace(base, message=_("You won this play: there is no lost move to look for.")), 409)
    # The table's dead-end banner links here, so its verdict is known and this does not wait.
    if play.status is plays.PlayStatus.PLAYING and not services.dead_ends.wait(play, timeout_s=10.0):
        return _page(
            request,
            replace(
                base,
                message=_("This game is not over yet. The analysis opens once it is lost, given up or at a dead end."),
            ),
            409,
        )
    stored = analysis.stored_analysis(session, play)
    if stored is None:
        state = services.analyses.ensure(play)
        return _page(request, replace(base, state={"running": "analysing"}.get(state, state)), 200)
    return _page(request, done_view(base, play, stored, line, step), 200)


def _page(request: Request, view: AnalysisView, status_code: int) -> Response:
    """The page, or only its ``analysis`` block for htmx's poll (a boosted link gets the page)."""
    context = {"a": view, "poll_seconds": POLL_SECONDS, "display": display_options(request)}
    return htmx.render(request, "analysis.html", context, "analysis", status_code=status_code, boosted=False)
