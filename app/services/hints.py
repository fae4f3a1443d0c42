"""Hints and the dead-end warning, on top of the solver service (issue: the solver).

A hint is the next move of a proved winning line when there is one (kept per play, so a
player who follows every hint wins and hints answer at once while they stay on the line);
otherwise the best move by a simple heuristic. A hint is always a move the engine lists.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from app.db import queries
from app.db.models import PlayHint, PlayRow
from app.engine import Game, Move, Position, Rules, deal
from app.engine.detours import without_detours
from app.engine.game import FINISH
from app.engine.moves import FOUNDATION, WASTE, Action, foundation_slot
from app.i18n import N_
from app.services.actions import ActionRejected
from app.services.deals import solvable, store_result
from app.services.plays import LoadedPlay, rules_for, store
from app.services.solver_pool import GuessCache, Hint, SolverBusy, SolverPool, follow_line
from app.solver import Verdict

HINT_BUDGET_MS = 800.0

ON_LINE, UNWINNABLE, GUESS, ONLY_DRAW = "line", "unwinnable", "guess", "draw"
REASONS = {
    ON_LINE: N_("This move keeps a win within reach."),
    UNWINNABLE: N_("No win is possible from here any more; this is the best try."),
    GUESS: N_("Best guess: the solver found no sure win from this position in time."),
    ONLY_DRAW: N_("Nothing on the table can move: draw a card."),
}
"""Why a hint was given, by kind (the page and the API show the words)."""


def heuristic_move(game: Game) -> Move:
    """The most useful-looking legal move: a card home, then the waste onto a column, then a
    build that empties a column or frees a card for a foundation, and last a run moved off a
    card it builds on (it frees nothing); never the move that takes the last one straight back
    while another is legal (a play-tester's hints sent 8♦ from one 9♦ to the other and back, ten
    times); drawing only when it is the only action. ``game`` must have a legal move."""
    pos, rules = game.position, game.rules
    legal = game.legal_moves()
    table_moves = [m for m in legal if m.action is Action.MOVE]
    if not table_moves:
        return legal[0]
    back = _way_back(game)

    def score(m: Move) -> int:
        if m.target == FOUNDATION:
            return 1000
        if m.source == WASTE:
            return 300 + (0 if not pos.tableau[m.target - 1] else 100)
        col = pos.tableau[m.source - 1]
        rest = col[: -m.count]
        into_empty = not pos.tableau[m.target - 1]
        if into_empty and not rest:
            return -100  # a whole column to another empty column changes nothing
        value = 50 if into_empty else 200
        if not rest:
            value += 150
        elif foundation_slot(pos, rest[-1]) is not None:
            value += 250
        elif len(rest) > pos.hidden(m.source - 1) and rules.builds_on(col[-m.count], rest[-1]):
            value = 10  # off one card it builds on, onto another: nothing is freed
        return value - (1000 if m == back else 0)

    return max(table_moves, key=score)


def _way_back(game: Game) -> Move | None:
    """The move that takes the play's last move straight back (``8-1/2`` -> ``1-8/2``), if it
    was a move between two columns."""
    if not game.steps:
        return None
    try:
        last = Move.parse(game.steps[-1].action)
    except ValueError:
        return None  # Finish
    if last.action is not Action.MOVE or last.source == WASTE or last.target == FOUNDATION:
        return None
    return Move(Action.MOVE, last.target, last.source, last.count)


def _start_line(session: Session, row: PlayRow) -> tuple[Position, list[str]] | None:
    """The pool's proved line for the play's deal, from the deal's start."""
    if row.custom or row.number is None:
        return None
    solved = queries.solved_deal(session, row.number, row.mode)
    if solved is None or solved.verdict != Verdict.WINNABLE or not solved.line:
        return None
    return deal(row.number, rules_for(row.mode)), list(solved.line)


def _keep(session: Session, play: LoadedPlay, origin: Position, line: list[str]) -> None:
    """Keep ``line`` from ``origin`` as the play's winning line (storing a play not stored yet)."""
    store(session, play)
    row = play.row
    kept = session.get(PlayHint, row.id)
    now = datetime.now(UTC)
    data = origin.to_json(reveal_stock=True)
    if kept is None:
        session.add(PlayHint(play_row_id=row.id, origin=data, line=line, updated_at=now))
    else:
        kept.origin, kept.line, kept.updated_at = data, line, now


def line_from_start(game: Game) -> list[str]:
    """The play's current line as engine moves from its start: each step's move, then the
    foundation moves made with it (safe auto-moves, Finish's cards), so that it replays through
    ``Game(start, rules, auto_safe=False)``."""
    return [
        text
        for step in game.steps
        for text in ([] if step.action == FINISH else [step.action]) + [str(m) for m in step.auto]
    ]


def _settle_deal(session: Session, loaded: LoadedPlay, line: list[str]) -> None:
    """A winning ``line`` from the current position of a play of a numbered deal proves the
    deal winnable: keep the play's moves followed by ``line`` as the deal's line, so that its
    table says "winnable" rather than "not yet known" (only while nothing is known: see
    :func:`app.services.deals.store_result`)."""
    row = loaded.row
    if row.number is None or row.custom or solvable(session, row.number, row.mode) is not None:
        return
    store_result(session, row.number, row.mode, Verdict.WINNABLE, line_from_start(loaded.game) + line, 0, 0.0)


def _on_a_kept_line(session: Session, play: LoadedPlay) -> Hint | None:
    """The next move of the play's kept winning line, or of the deal's, when the play's
    position is on one of them (the line followed is kept for the play)."""
    game, row = play.game, play.row
    candidates: list[tuple[Position, list[str]]] = []
    kept = session.get(PlayHint, row.id) if play.stored else None
    if kept is not None:
        candidates.append((Position.from_json(kept.origin, game.rules), list(kept.line)))
    start = _start_line(session, row)
    if start is not None:
        candidates.append(start)
    for origin, line in candidates:
        at = follow_line(origin, line, game.position, game.rules)
        if at is not None:
            if kept is None or origin != candidates[0][0]:  # taken up now: kept from here, shortened
                rest = followable(game.position, line[at:], game.rules)
                _keep(session, play, game.position, rest)
                return Hint(rest[0], ON_LINE)
            return Hint(line[at], ON_LINE)
    return None


def followable(position: Position, line: list[str], rules: Rules) -> list[str]:
    """A winning ``line`` from ``position`` as hints give it: without its detours
    (:func:`app.engine.detours.without_detours`; a player following the hints of a Relaxed deal
    saw a run go back and forth 51 times). The lines were checked when they were stored: one
    that does not replay here is given as it is rather than fail the hint."""
    try:
        return without_detours(position, line, rules)
    except ValueError:
        return line


def _solved(session: Session, play: LoadedPlay, solver: SolverPool, budget_ms: float) -> tuple[Hint, bool]:
    """The hint the solver gives within ``budget_ms``: the first move of a winning line (kept,
    and it settles the deal), else the heuristic's move; and whether that guess is to be kept
    for the position (the solver answered without a win; a busy solver's guess is not kept)."""
    game = play.game
    try:
        result = solver.solve(game.position, game.rules, budget_ms=budget_ms)
    except SolverBusy:
        return Hint(str(heuristic_move(game)), GUESS), False
    if result.status is Verdict.WINNABLE and result.moves:
        line = followable(game.position, list(result.moves), game.rules)
        _keep(session, play, game.position, line)
        _settle_deal(session, play, line)
        return Hint(line[0], ON_LINE), False
    unwinnable = result.status is Verdict.UNWINNABLE
    return Hint(str(heuristic_move(game)), UNWINNABLE if unwinnable else GUESS), True


def hint_for(
    session: Session,
    play: LoadedPlay,
    solver: SolverPool,
    budget_ms: float = HINT_BUDGET_MS,
    before_solving: Callable[[], None] | None = None,
    guesses: GuessCache | None = None,
) -> Hint:
    """The hint for ``play``'s current position; counts it (committed). A play not stored yet
    is stored with the hint it counts (never while the solver works: the database is not held).

    :param before_solving: called just before the solver runs (hints on a kept line never
        call it): the per-visitor rate limit.
    :param guesses: where the hints the solver could not prove are kept by play and version:
        asked again on the same position, the hint is the same, without solving (a play-tester
        saw each repeat take the whole budget and count against the rate limit).
    :raises ActionRejected: when the play is over or nothing at all is legal.
    :raises RateLimited: from ``before_solving``; nothing is counted (nor stored) then.
    :raises StaleVersion: the play was not stored and another request stored one of the same
        deal first (:func:`app.services.plays.store`).
    """
    game, row = play.game, play.row
    if play.is_over or not game.legal_moves():
        raise ActionRejected("no_hint", "there is no move to hint: the play is over or blocked")
    hint = _on_a_kept_line(session, play)
    if hint is None and not any(m.action is Action.MOVE for m in game.legal_moves()):
        hint = Hint(str(game.legal_moves()[0]), ONLY_DRAW)
    guess_key = (row.play_id, row.version)
    if hint is None and guesses is not None:
        hint = guesses.get(guess_key)
    if hint is None:
        if before_solving is not None:
            before_solving()
        hint, keep_guess = _solved(session, play, solver, budget_ms)
        if guesses is not None and keep_guess:
            guesses.put(guess_key, hint)
    store(session, play)
    session.execute(update(PlayRow).where(PlayRow.id == row.id).values(hints=PlayRow.hints + 1))
    session.commit()
    session.refresh(row)
    return hint
