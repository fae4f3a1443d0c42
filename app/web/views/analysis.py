"""Ready values for the post-game analysis page (:mod:`app.web.routes.analysis`): where the
deal stopped being winnable and the move that lost it (:mod:`app.services.analysis`), in words,
and a read-only replay of the solver's winning line from that point or from the deal, one move
per page (plain Previous/Next links).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.db.models import PlayAnalysis
from app.engine import FINISH, Move, Position, apply
from app.i18n import _, decimal, ngettext
from app.services import analysis, plays
from app.web.views.board import BoardView, board_view, describe_move
from app.web.views.table import game_url

LOST_LINE, DEAL_LINE = "lost", "deal"
POLL_SECONDS = 2


@dataclass(frozen=True)
class Tab:
    """One of the replay's two lines, as a link."""

    label: str
    url: str
    current: bool


@dataclass(frozen=True)
class ReplayView:
    """One step of a winning line: the board before move ``step`` (0-based) and that move."""

    line: str
    step: int
    total: int
    board: BoardView
    move: str | None
    move_words: str | None
    prev_url: str | None
    next_url: str | None
    first_url: str | None
    tabs: list[Tab]


@dataclass(frozen=True)
class AnalysisView:
    """Everything the analysis page shows.

    :ivar state: ``done``, ``analysing``, ``failed``, ``busy``, or ``none`` (nothing to analyse:
        ``message`` says why).
    """

    number: int
    mode: str
    state: str
    game_url: str
    self_url: str
    message: str | None = None
    outcome: str | None = None
    headline: str | None = None
    summary: str | None = None
    played: str | None = None
    better: str | None = None
    replay: ReplayView | None = None
    solver_note: str | None = None
    card: int | None = None
    """The finish card whose play this is, when the address names one (else the latest play)."""
    never_played: bool = False
    """The visitor has no play of this deal: the page offers to play it, not to play it again."""


def done_view(
    base: AnalysisView, play: plays.LoadedPlay, stored: PlayAnalysis, line: str | None, step: int
) -> AnalysisView:
    """The finished analysis of ``play``: verdict, the move that lost it, and the replay."""
    positions = analysis.line_of_positions(play)
    steps = play.game.steps
    k = stored.last_winnable
    moves_before = sum(1 for s in steps[:k] if s.counts_as_move) if k is not None else 0
    played = better = None
    if k is not None and k < len(steps) and stored.outcome in (analysis.LOST, analysis.LOST_UNPROVED):
        action = steps[k].action
        words = _("Finish") if action == FINISH else describe_move(positions[k], Move.parse(action))
        played = f"{action} · {words}"
        if stored.lost_line:
            better = f"{stored.lost_line[0]} · {describe_move(positions[k], Move.parse(stored.lost_line[0]))}"
    headline, summary = _verdict_words(stored.outcome, moves_before)
    lines: dict[str, tuple[Position, list[str]]] = {}
    if stored.lost_line is not None and k is not None and k > 0:
        lines[LOST_LINE] = (positions[k], list(stored.lost_line))
    if stored.deal_line is not None:
        lines[DEAL_LINE] = (positions[0], list(stored.deal_line))
    replay = _replay(base, play, lines, line, step, stored.outcome) if lines else None
    note = ngettext(
        "Solver: %(num)s position of your game checked", "Solver: %(num)s positions of your game checked", stored.probes
    )
    note = (note % {"num": stored.probes}) + " · " + _("%(seconds)s s") % {"seconds": decimal(stored.elapsed_ms / 1000)}
    return replace(
        base,
        state="done",
        outcome=stored.outcome,
        headline=headline,
        summary=summary,
        played=played,
        better=better,
        replay=replay,
        solver_note=note,
    )


def _verdict_words(outcome: str, moves_before: int) -> tuple[str, str]:
    """Headline and summary of an outcome (``moves_before``: the player's moves up to the
    last winnable position)."""
    if outcome == analysis.STILL_WINNABLE:
        return _("You could still have won"), _(
            "When the game ended the deal was still winnable: the solver wins from your last position."
        )
    if outcome == analysis.DEAL_UNWINNABLE:
        return _("The deal itself could not be won"), _(
            "The solver proved that no sequence of moves wins this deal, even knowing the stock. Nothing you "
            "played lost it."
        )
    if outcome == analysis.UNDECIDED:
        return _("The solver could not decide in time"), _(
            "Within its time budget the solver found no win from the deal, and could not prove there is none."
        )
    if moves_before == 0:
        where = _("The deal was winnable, and your first move lost it.")
    else:
        where = ngettext(
            "After your first move the deal was still winnable; your next move lost it.",
            "After %(num)s moves the deal was still winnable; your next move lost it.",
            moves_before,
        ) % {"num": moves_before}
    if outcome == analysis.LOST:
        return _("Where it was lost"), where + " " + _("The solver proved that no win exists after it.")
    if moves_before == 0:
        where = _("The deal was winnable; after your first move the solver found no win in time.")
    else:
        where = ngettext(
            "After your first move the deal was still winnable; after the next one the solver found no win in time.",
            "After %(num)s moves the deal was still winnable; after the next one the solver found no win in time.",
            moves_before,
        ) % {"num": moves_before}
    return _("Where it was probably lost"), where + " " + _(
        "It could not prove that none exists, so that move may not be the one that lost it."
    )


def _replay(
    base: AnalysisView,
    play: plays.LoadedPlay,
    lines: dict[str, tuple[Position, list[str]]],
    line: str | None,
    step: int,
    outcome: str,
) -> ReplayView:
    """The board at ``step`` of the chosen line (the losing point's by default)."""
    chosen = line if line in lines else next(iter(lines))
    origin, moves = lines[chosen]
    step = min(step, len(moves))
    rules = play.game.rules
    pos = origin
    for text in moves[:step]:
        pos = apply(pos, Move.parse(text), rules)
    move = Move.parse(moves[step]) if step < len(moves) else None
    number, mode = base.number, base.mode

    def url(k: int, which: str = chosen) -> str:
        return game_url(number, mode, "analysis", card=base.card, line=which, step=k or None)

    lost_label = _("From where you stopped") if outcome == analysis.STILL_WINNABLE else _("From the losing point")
    labels = {LOST_LINE: lost_label, DEAL_LINE: _("From the deal")}
    return ReplayView(
        line=chosen,
        step=step,
        total=len(moves),
        board=board_view(pos, rules, mode, move),
        move=None if move is None else str(move),
        move_words=None if move is None else describe_move(pos, move),
        prev_url=url(step - 1) if step > 0 else None,
        next_url=url(step + 1) if step < len(moves) else None,
        first_url=url(0) if step > 0 else None,
        tabs=[Tab(labels[key], url(0, key), key == chosen) for key in lines],
    )
