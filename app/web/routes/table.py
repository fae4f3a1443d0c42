"""Page routes (thin): the table, and its actions as plain forms that HTMX enhances.

Every action is ``POST /game/{number}/{action}`` with a form (``mode``, ``version``, and
``move`` or ``value``). Without JavaScript the answer is a 303 back to the game page; with
HTMX (``HX-Request``) it is the table fragment itself. API.md, "Pages".
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Form, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session
from starlette.convertors import Convertor, register_url_convertor

from app.deps import RateDep, RateKeyDep, SessionDep, SolverDep, VisitorDep
from app.engine import Move
from app.i18n import N_, _
from app.params import MAX_COUNT, PRINTABLE, AsciiDigits, ascii_number, optional_text
from app.runtime import ServicesDep, get_services
from app.services import actions, challenges, deals, hints, plays, records
from app.services.solver_pool import RateLimited
from app.solver import Verdict
from app.web import htmx
from app.web.deps import (
    DISPLAY_COOKIE,
    DISPLAY_OPTIONS,
    SOLVABLE_COOKIE,
    GameNumber,
    HtmxDep,
    ModeForm,
    ModeQuery,
    OnlySolvableDep,
    display_options,
    mode_named,
    mode_or_classic,
    only_solvable,
)
from app.web.hint_seal import hint_seal
from app.web.middleware.visitor import ONE_YEAR_S
from app.web.pile_cache import PILES_HEADER, client_piles
from app.web.templating import templates
from app.web.views.finish import finish_view, finish_view_of_play
from app.web.views.table import TableView, build_table, game_url, parse_selection, undo_announcement

router = APIRouter(tags=["pages"], include_in_schema=False)

NOTICES = {
    "illegal": N_("That move is not allowed here."),
    "stale": N_("The table had changed (another tab or a double tap?). This is the table as it is now."),
    "over": N_("This game is over. Deal it again or start a new one."),
    "nothing_to_undo": N_("Nothing to undo."),
    "nothing_to_redo": N_("Nothing to redo."),
    "no_finish": N_("Finish needs an empty stock and waste, with every card able to go up."),
    "bad_request": N_("That request was not understood."),
    "restarted": N_("The deal starts again from the beginning."),
    "slow_down": N_("Hints are coming too fast: wait a moment and ask again."),
    "no_hint": N_("There is no move to hint here."),
    "bad_mode": N_("There is no such mode: this is the Classic game of this deal."),
    "no_winnable": N_("No deal of this game is proved winnable yet: this one is a random deal."),
    "all_played": N_("You have played the winnable deals found so far: this one is a random deal."),
}
"""Friendly notices by key: the page shows only these fixed texts (translated), never echoed input."""


def _render(
    request: Request,
    session: Session,
    play: plays.LoadedPlay,
    *,
    sel: str | None = None,
    n: int | None = None,
    notice: str | None = None,
    hint: str | None = None,
    why: str | None = None,
    whole_page: bool = False,
    finish: Any = None,
    action: str | None = None,
) -> Response:
    """The table of ``play`` (only its ``table`` block for htmx, unless ``whole_page``);
    ``action``: the action just made (``move``, ``undo`` …), which the table announces;
    ``hint``/``why``: a hint the server gave for the play as it is now. An htmx answer leaves
    out the piles the browser says it shows already (``FT-Piles``, :mod:`app.web.pile_cache`).
    A boosted link or form from another page (records, a challenge, the analysis) gets a whole
    page load of the table instead (:func:`app.web.htmx.boosted_from_elsewhere`)."""
    if htmx.boosted_from_elsewhere(request, "table"):
        return htmx.load_whole_page(_whole_page_url(request, play, notice))
    services = get_services(request)
    token = hint_seal(services.secret_key).seal(play, hint, why or "") if hint else None
    table = build_table(play, parse_selection(sel, n, play), _hint_move(hint), why, token)
    dead_end = services.dead_ends.known(play)
    table.dead_end, table.dead_end_pending = bool(dead_end), dead_end is None
    table.only_solvable = only_solvable(request)
    partial = not whole_page and htmx.is_htmx(request)  # the table block alone, after an action
    if partial:
        table.client_piles = client_piles(request.headers.get(PILES_HEADER))
    shown = display_options(request)
    table.four_colour, table.large_cards = "four" in shown, "large" in shown
    challenge = None
    if play.row.number is not None:
        # The request's own session: a second one per request could exhaust the connection
        # pool under load (every request thread waiting for its second connection).
        verdict = services.verdicts.verdict(session, play.row.number, play.row.mode)
        table.solvable = deals.solvable_of(verdict)
        table.undecided = verdict == Verdict.UNKNOWN
        if finish is None:
            finish = finish_view_of_play(session, play)
        if play.row.challenge_id is not None and not play.is_over and not partial:
            # with the whole page only (a load, a reload): a note that came back with every
            # action's answer covered the top bar for its 8 s again after each move
            challenge = challenges.challenge_line(session, play.row.challenge_id)
    notice_text = _(NOTICES[notice]) if notice in NOTICES else None
    hint_reason = _(hints.REASONS[why]) if table.hint_move and why in hints.REASONS else None
    undone = undo_announcement(play) if action == "undo" and notice is None else ""
    table.announce = _announcement(table, action, notice_text, hint_reason, undone)
    context: dict[str, Any] = {
        "t": table,
        "challenge": challenge,
        "notice": notice_text,
        "hint_reason": hint_reason,
        "finish": finish,
        "idle_cap_s": services.settings.idle_cap_s,
    }
    response = htmx.render(request, "game.html", context, None if whole_page else "table")
    response.headers["Vary"] += ", " + PILES_HEADER
    return response


def _whole_page_url(request: Request, play: plays.LoadedPlay, notice: str | None) -> str:
    """Where a whole page shows the answer to ``request``: a GET's own address; after an
    action, the table (with ``notice``), or the finish card of a play just given up."""
    if request.method == "GET":
        query = request.url.query
        return request.url.path + (f"?{query}" if query else "")
    number, mode = play.row.number, play.row.mode
    if play.status is plays.PlayStatus.RESIGNED:
        return game_url(number, mode, "card")
    return game_url(number, mode, notice=notice)


def _announcement(
    table: TableView, action: str | None, notice: str | None, hint_reason: str | None, undone: str = ""
) -> str:
    """What the page's live region says after this answer (``#table[data-announce]``): the
    action just made in words ("7♠ from column 3 to column 6. A♣ went up.", "Undone: 7♠ from
    column 3 to column 6." from ``undone``, "Redone: …"), the hint and why it is given
    (``hint_reason``: "This move keeps a win within reach."), then the notice, and the end of
    the game or a dead end."""
    parts: list[str] = []
    if action == "undo" and notice is None:
        parts.append(undone or _("Undone."))
    elif action == "redo" and notice is None:
        parts.append(_("Redone: %(step)s") % {"step": table.announce} if table.announce else _("Redone."))
    elif action in ("move", "draw", "redeal", "finish") and notice is None and table.announce:
        parts.append(table.announce)
    if table.hint_words:
        parts.append(_("Hint: %(move)s") % {"move": table.hint_words})
        if hint_reason:
            parts.append(hint_reason)
    if notice:
        parts.append(notice)
    if table.won:
        parts.append(_("You won!"))
    elif table.blocked:
        parts.append(_("No moves left"))
    elif table.resigned:
        parts.append(_("You gave up this play."))
    elif table.dead_end:
        parts.append(_("Dead end: no card can reach a foundation any more, whatever you move."))
    return " ".join(_sentence(p) for p in parts)


def _sentence(text: str) -> str:
    """``text`` ending as a sentence does, so that a screen reader pauses between the parts
    ("Hint: 2♣ to its foundation (from column 4). This move keeps a win within reach.")."""
    text = text.rstrip()
    return text if not text or text[-1] in ".!?…" else text + "."


def _hint_move(text: str | None) -> Move | None:
    try:
        return Move.parse(text) if text else None
    except ValueError:
        return None


@router.get("/")
def new_game(
    request: Request, session: SessionDep, visitor: VisitorDep, solvable: OnlySolvableDep, mode: ModeQuery
) -> RedirectResponse:
    """A new game: 303 to a fresh game number's table, drawn from the proved-winnable pool
    unless the visitor switched "Only winnable deals" off; a random one, with a notice that
    says why, when the pool has none for the visitor. An unknown ``?mode=`` deals Classic and
    says so (as a deal's page does)."""
    number, random_because = deals.choose_deal(session, mode, visitor, solvable)
    asked = request.query_params.get("mode")
    notice = "bad_mode" if asked is not None and mode_named(asked) is None else random_because
    return RedirectResponse(game_url(number, mode, notice=notice), status_code=303)


VersionForm = Annotated[int | None, Form(ge=0, le=MAX_COUNT), AsciiDigits]
"""The version of the table a form was sent from (none: unknown)."""


def _back_to_table(session: Session, visitor: str, number: int, mode: str, version: int | None) -> str:
    """Where a switch of the Options panel goes back to: the finish card's address when the
    form came from the table of a play given up (its version), as that table's own address is;
    else the deal's table. (Back at the table's address, a given-up play's table is a fresh
    deal: the finish card went, and the address no longer matched the page.)"""
    latest = plays.latest_play(session, visitor, number, mode)
    if latest is not None and latest.status is plays.PlayStatus.RESIGNED and version == latest.row.version:
        return game_url(number, mode, "card")
    return game_url(number, mode)


@router.post("/prefs/solvable/{number}")
def set_only_solvable(
    session: SessionDep,
    visitor: VisitorDep,
    number: GameNumber,
    mode: ModeForm,
    value: Annotated[str, Form(max_length=3, pattern=PRINTABLE)] = "on",
    version: VersionForm = None,
) -> RedirectResponse:
    """Switch "Only winnable deals" on or off (remembered in a cookie; it steers what "New
    game" deals) and go back to the table of ``number`` (:func:`_back_to_table`); a value other
    than on or off changes nothing and says so."""
    if value not in actions.SWITCH:
        return RedirectResponse(game_url(number, mode, notice="bad_request"), status_code=303)
    response = RedirectResponse(_back_to_table(session, visitor, number, mode, version), status_code=303)
    response.set_cookie(SOLVABLE_COOKIE, value, max_age=ONE_YEAR_S, samesite="lax", httponly=True)
    return response


@router.post("/prefs/display/{number}/{option}")
def set_display(
    request: Request,
    session: SessionDep,
    visitor: VisitorDep,
    number: GameNumber,
    option: Annotated[Literal["four", "large"], Path()],
    mode: ModeForm,
    value: Annotated[str, Form(max_length=3, pattern=PRINTABLE)] = "on",
    version: VersionForm = None,
) -> RedirectResponse:
    """Switch a display option (``option``: ``four`` a four-colour deck, ``large`` larger
    cards) on or off, remembered in a cookie (a plain form: no script needed), and go back to
    the table of ``number`` (:func:`_back_to_table`); a value other than on or off changes
    nothing and says so."""
    if value not in actions.SWITCH:
        return RedirectResponse(game_url(number, mode, notice="bad_request"), status_code=303)
    shown = set(display_options(request))
    (shown.discard if value == "off" else shown.add)(option)
    response = RedirectResponse(_back_to_table(session, visitor, number, mode, version), status_code=303)
    words = " ".join(o for o in DISPLAY_OPTIONS if o in shown)
    response.set_cookie(DISPLAY_COOKIE, words, max_age=ONE_YEAR_S, samesite="lax", httponly=True)
    return response


@router.get("/game/{number}", response_class=HTMLResponse)
def game_page(
    request: Request,
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    services: ServicesDep,
    mode: ModeQuery,
    sel: Annotated[str | None, Query()] = None,
    n: Annotated[str | None, Query()] = None,
    notice: Annotated[str | None, Query()] = None,
    hint: Annotated[str | None, Query()] = None,
) -> Response:
    """This visitor's play of deal ``number`` (resumed, or dealt). ``sel``/``n`` lift a
    selection for tap play; ``notice`` shows one of :data:`NOTICES`; ``hint`` shows the hint
    sealed by ``POST …/hint`` (:mod:`app.web.hint_seal`), only for the play it was given for.
    These four only change what the table shows: a value that is malformed, out of range or
    too long is ignored, and the plain table shows (never an error page)."""
    play = plays.current_play(session, visitor, number, mode)
    services.dead_ends.start(play)
    if play.row.number is not None and services.verdicts.verdict(session, play.row.number, play.row.mode) is None:
        services.want_verdict(play.row.number, play.row.mode)
    sel, notice, hint = optional_text(sel, 3), optional_text(notice, 32), optional_text(hint, 256)
    count = ascii_number(optional_text(n, 4))
    given = hint_seal(services.secret_key).open(hint, play) if hint else None
    move, why = given if given is not None else (None, None)
    return _render(request, session, play, sel=sel, n=count, notice=notice, hint=move, why=why)


@router.get("/game/{number}/card", response_class=HTMLResponse)
def finish_card_page(
    request: Request, number: GameNumber, session: SessionDep, visitor: VisitorDep, mode: ModeQuery
) -> Response:
    """The visitor's latest finish card on this deal, over the table as that play ended (where
    a page without JavaScript lands after giving up); without one, the deal's table."""
    card = records.latest_card(session, visitor, number, mode)
    if card is None:
        return RedirectResponse(game_url(number, mode), status_code=303)
    play = plays.get_play_by_row(session, card.play_row_id)
    # htmx asks for the table's block after an Options switch on the card's table
    return _render(request, session, play, finish=finish_view(session, card, play.game.rules.card_count))


@router.post("/game/{number}/restart")
def restart(
    request: Request,
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    is_htmx: HtmxDep,
    mode: ModeForm,
    version: VersionForm = None,
) -> Response:
    """Deal the same number again as a new play (the old one is left as it was, with no
    finish card). When ``version`` is given and the play has moved on since (another tab),
    nothing happens and the current table shows with a notice. With no play to leave (none
    stored, or the latest given up) the fresh deal shows and nothing is stored: a page view
    stores nothing, and neither does starting again from the start."""
    current = plays.latest_play(session, visitor, number, mode)
    if current is not None and version is not None and version != current.row.version:
        return _answer(request, session, current, number, current.row.mode, "stale", is_htmx)
    if current is None or current.status is plays.PlayStatus.RESIGNED:
        play = plays.current_play(session, visitor, number, mode)
    else:
        play = plays.new_play(session, visitor, number, mode)
    if is_htmx:
        response = _render(request, session, play, notice="restarted")
        response.headers["HX-Replace-Url"] = game_url(number, play.row.mode)  # off a finish card's address
        return response
    return RedirectResponse(game_url(number, play.row.mode), status_code=303)


@router.post("/game/{number}/hint")
def hint(
    request: Request,
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    is_htmx: HtmxDep,
    solver: SolverDep,
    rate: RateDep,
    rate_key: RateKeyDep,
    mode: ModeForm,
) -> Response:
    """Show a hint: the move's cards and destination light up, with the reason (counts a hint,
    and so stores a fresh deal's play)."""
    play = plays.current_play(session, visitor, number, mode)
    try:
        found = hints.hint_for(
            session, play, solver, before_solving=lambda: rate.check(*rate_key), guesses=get_services(request).guesses
        )
    except RateLimited:
        return _answer(request, session, play, number, mode, "slow_down", is_htmx)
    except plays.StaleVersion as exc:
        return _answer(request, session, exc.current, number, mode, "stale", is_htmx)
    except actions.ActionRejected:
        return _answer(request, session, play, number, mode, "no_hint", is_htmx)
    if is_htmx:
        return _render(request, session, play, hint=found.move, why=found.kind)
    token = hint_seal(get_services(request).secret_key).seal(play, found.move, found.kind)
    return RedirectResponse(game_url(number, mode, hint=token), status_code=303)


@router.get("/game/{number}/dead-end", response_class=HTMLResponse)
def dead_end_fragment(
    request: Request,
    number: GameNumber,
    session: SessionDep,
    visitor: VisitorDep,
    services: ServicesDep,
    mode: ModeQuery,
    version: Annotated[int | None, Query(ge=0, le=MAX_COUNT), AsciiDigits] = None,
) -> Response:
    """The dead-end slot of the table (htmx polls it while the check runs): the warning when
    the play's position is a dead end, nothing when it is not, the same polling slot while it
    is still being checked. A play that has moved on since ``version`` gets an empty slot (its
    own table brings its own)."""
    play = plays.latest_play(session, visitor, number, mode)
    if play is None or play.row.version != version:
        return HTMLResponse("", headers={"Cache-Control": "no-store"})
    services.dead_ends.start(play)
    table = build_table(play, None)
    dead_end = services.dead_ends.known(play)
    table.dead_end, table.dead_end_pending = bool(dead_end), dead_end is None
    response = templates.TemplateResponse(request, "partials/dead_end.html", {"t": table})
    response.headers["Cache-Control"] = "no-store"
    return response


class ActionName(Convertor[str]):
    """A path segment naming an action of :data:`app.services.actions.NAMES`: any other
    segment is no address (404), not an action to refuse."""

    regex = "|".join(re.escape(name) for name in actions.NAMES)

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("action", ActionName())


@router.post("/game/{number}/{action:action}")
def act(
    request: Request,
    number: GameNumber,
    action: Annotated[str, Path(max_length=16, pattern=PRINTABLE)],
    session: SessionDep,
    visitor: VisitorDep,
    is_htmx: HtmxDep,
    services: ServicesDep,
    mode_name: Annotated[str | None, Form(alias="mode", max_length=16, pattern=PRINTABLE)] = None,
    version_text: Annotated[str | None, Form(alias="version", max_length=64, pattern=PRINTABLE)] = None,
    move: Annotated[str | None, Form(max_length=16, pattern=PRINTABLE)] = None,
    value: Annotated[str | None, Form(max_length=8, pattern=PRINTABLE)] = None,
) -> Response:
    """One action on this visitor's play of the deal: ``move`` (form field ``move``),
    ``draw``, ``redeal``, ``undo``, ``redo``, ``finish``, ``resign``, ``auto-safe``
    (``value`` on/off). The play is loaded once and the action written once; a fresh deal's
    first action stores its play (:func:`app.services.plays.play_to_act_on`). A version
    that is not a count (``abc``, or past :data:`~app.params.MAX_COUNT`) counts as none."""
    known_mode = mode_name is None or mode_named(mode_name) is not None
    mode = mode_or_classic(mode_name)
    version = ascii_number(version_text)
    if version is not None and version > MAX_COUNT:
        version = None
    play = plays.play_to_act_on(session, visitor, number, mode, version)
    if not known_mode or version is None:
        # Every action names the version of the table it was made on: a form without one
        # (or with an unknown mode) changes nothing.
        return _answer(request, session, play, number, mode, "bad_request", is_htmx)
    notice = None
    try:
        what = actions.parse_act(action, move, value)
        play = plays.act(session, play, what, version=version, idle_cap_s=services.settings.idle_cap_s)
        services.dead_ends.start(play)
    except plays.StaleVersion as exc:
        play, notice = exc.current, "stale"
    except actions.ActionRejected as exc:
        notice = {
            "play_over": "over",
            "illegal_move": _illegal_notice(action),
        }.get(exc.error, "bad_request")
    return _answer(request, session, play, number, mode, notice, is_htmx, action)


def _illegal_notice(kind: str) -> str:
    return {"undo": "nothing_to_undo", "redo": "nothing_to_redo", "finish": "no_finish"}.get(kind, "illegal")


def _answer(
    request: Request,
    session: Session,
    play: plays.LoadedPlay,
    number: GameNumber,
    mode: str,
    notice: str | None,
    is_htmx: bool,
    action: str | None = None,
) -> Response:
    if is_htmx:
        response = _render(request, session, play, notice=notice, action=action)
        if play.status is plays.PlayStatus.RESIGNED:
            # the address becomes the finish card's, so a reload shows the card again rather
            # than a fresh deal of the number (a play-tester lost it, and its Share, that way)
            response.headers["HX-Replace-Url"] = game_url(number, mode, "card")
        return response
    if play.status is plays.PlayStatus.RESIGNED:
        return RedirectResponse(game_url(number, mode, "card"), status_code=303)
    return RedirectResponse(game_url(number, mode, notice=notice), status_code=303)
