"""The service both faces call: load a play, apply an action with the engine, store it, and
derive what the table shows. Routes stay thin; rules stay in ``app.engine``.

Every accepted action is committed before the caller answers, with optimistic concurrency:
the row's ``version`` must still be the one the action was based on (API.md's 409).

A page view stores nothing: the table of a deal the visitor has no play of shows a fresh deal
that is not stored (:func:`current_play`); its first action (or hint) stores it, in the same
transaction as the action (:func:`act`, :func:`store`).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from app.db import queries
from app.db.models import PlayRow
from app.db.session import serial_writes
from app.engine import MODES, Game, GameStatus, IllegalMoveError, Position, PositionError, Rules, Step, deal
from app.services.actions import Act, ActionRejected, Finish, PlayMove, Redo, Resign, SetAutoSafe, Undo
from app.services.records import record_finish
from app.services.score import Score


class PlayStatus(StrEnum):
    """Where a play stands (API.md, Play.status): the engine's three, and ``resigned``."""

    PLAYING = "playing"
    WON = "won"
    BLOCKED = "blocked"
    RESIGNED = "resigned"


FINISHED = frozenset({PlayStatus.WON, PlayStatus.RESIGNED})
"""The statuses that take no more actions."""


class PlayNotFound(LookupError):
    """No play has this id."""


class StaleVersion(Exception):
    """The action was based on an older version of the play; nothing changed.

    :ivar current: the play as it is now.
    """

    def __init__(self, current: LoadedPlay) -> None:
        super().__init__(f"stale version: the play is at version {current.row.version}")
        self.current = current


def rules_for(mode: str) -> Rules:
    """The rules of ``mode`` (a slug of RULES.md's family table: ``classic``, ``lucas`` …).

    :raises ActionRejected: (``bad_mode``) for any other name.
    """
    try:
        return MODES[mode]
    except KeyError:
        raise ActionRejected("bad_mode", f"mode must be one of {', '.join(MODES)}, not {mode!r}") from None


@dataclass
class LoadedPlay:
    """A stored play with its game rebuilt in memory."""

    row: PlayRow
    game: Game
    stored: bool = True
    """False for a fresh deal on show that no action has stored yet (:func:`current_play`)."""
    follows: int | None = None
    """For a play not stored yet: the row id of the visitor's latest play of the deal, which
    it follows (None: there is none)."""

    @property
    def status(self) -> PlayStatus:
        """Where the play stands: resigned as stored, else as the engine sees it."""
        if self.row.status == PlayStatus.RESIGNED:
            return PlayStatus.RESIGNED
        return PlayStatus(self.game.status.value)

    @property
    def score(self) -> Score:
        """The play's six figures now."""
        g, row = self.game, self.row
        return Score(g.moves, g.undos, row.hints, row.elapsed_s, g.cards_home, g.points)

    @property
    def is_over(self) -> bool:
        """Won or resigned: no more actions."""
        return self.status in FINISHED


class _GameCache:
    """Games rebuilt from history, kept per play id and version (replaying a long play on
    every request would cost milliseconds). Callers get clones, never the cached object."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._items: OrderedDict[str, tuple[int, Game]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, play_id: str, version: int) -> Game | None:
        """A clone of the game kept for this play at this version, if any."""
        with self._lock:
            hit = self._items.get(play_id)
            if hit is None or hit[0] != version:
                return None
            self._items.move_to_end(play_id)
            return hit[1].clone()

    def put(self, play_id: str, version: int, game: Game) -> None:
        """Keep ``game`` as the play's game at ``version``. The cache takes it as it is: the
        caller must not change it afterwards (it may still read it)."""
        with self._lock:
            self._items[play_id] = (version, game)
            self._items.move_to_end(play_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


_cache = _GameCache()


def _now() -> datetime:
    return datetime.now(UTC)


def _start_position(row: PlayRow, rules: Rules) -> Position:
    if row.start_position is not None:
        return Position.from_json(row.start_position, rules)
    assert row.number is not None
    return deal(row.number, rules)


def _load(row: PlayRow) -> LoadedPlay:
    game = _cache.get(row.play_id, row.version)
    if game is None:
        rules = rules_for(row.mode)
        history = row.steps.split(";")[:-1]
        game = Game.replay(
            _start_position(row, rules), rules, history, row.cursor, auto_safe=row.auto_safe, undos=row.undos
        )
        _cache.put(row.play_id, row.version, game.clone())
    return LoadedPlay(row, game)


def _insert(session: Session, row: PlayRow, game: Game) -> LoadedPlay:
    with serial_writes(session):
        session.add(row)
        session.commit()
    _cache.put(row.play_id, row.version, game.clone())
    return LoadedPlay(row, game)


def _new_row(visitor_id: str, mode: str, auto_safe: bool, **fields: Any) -> PlayRow:
    now = _now()
    return PlayRow(
        play_id=secrets.token_urlsafe(16),
        visitor_id=visitor_id,
        mode=mode,
        auto_safe=auto_safe,
        steps="",
        cursor=0,
        version=0,
        undos=0,
        hints=0,
        status=GameStatus.PLAYING.value,
        elapsed_s=0.0,
        created_at=now,
        last_action_at=now,
        **fields,
    )


def preferred_auto_safe(session: Session, visitor_id: str) -> bool:
    """The visitor's "Move safe cards up" choice: as in their latest play, on by default."""
    last = queries.latest_auto_safe(session, visitor_id)
    return True if last is None else bool(last)


def _fresh(
    session: Session,
    visitor_id: str,
    number: int,
    mode: str,
    last: PlayRow | None,
    auto_safe: bool | None = None,
    challenge_id: int | None = None,
) -> LoadedPlay:
    """Deal ``number`` in ``mode`` as a new play of ``visitor_id`` after ``last`` (their latest
    play of the deal, if any), not stored.

    :raises ActionRejected: for an unknown mode or a number outside 1 … 4294967295.
    """
    rules = rules_for(mode)
    try:
        start = deal(number, rules)
    except ValueError as exc:
        raise ActionRejected("bad_number", str(exc)) from None
    if auto_safe is None:
        auto_safe = preferred_auto_safe(session, visitor_id)
    row = _new_row(
        visitor_id, mode, auto_safe, number=number, custom=False, start_position=None, challenge_id=challenge_id
    )
    # The table's forms name the deal and a version, not the play: a new play of the same deal
    # counts on from the last one's version, so a tab still showing the old play is stale.
    if last is not None:
        row.version = last.version + 1
    return LoadedPlay(
        row, Game(start, rules, auto_safe=auto_safe), stored=False, follows=None if last is None else last.id
    )


def new_play(
    session: Session,
    visitor_id: str,
    number: int,
    mode: str,
    auto_safe: bool | None = None,
    challenge_id: int | None = None,
) -> LoadedPlay:
    """Deal game ``number`` in ``mode`` as a new play of ``visitor_id`` (committed);
    ``challenge_id`` names the shared deal it takes up, if any.

    :raises ActionRejected: for an unknown mode or a number outside 1 … 4294967295.
    """
    last = queries.latest_play(session, visitor_id, number, mode)
    play = _fresh(session, visitor_id, number, mode, last, auto_safe, challenge_id)
    return _insert(session, play.row, play.game)


def store(session: Session, play: LoadedPlay) -> None:
    """Store a play that is not stored yet (nothing for one that is): its row is added and
    flushed, to be committed with the action that stores it.

    :raises StaleVersion: (rolled back) another request stored a play of this visitor's deal
        since ``play`` was dealt (two tabs' first actions at once); it carries that play.
    """
    if play.stored:
        return
    row = play.row
    session.add(row)
    session.flush()
    assert row.number is not None
    if queries.latest_other_play_id(session, row) != play.follows:
        session.rollback()
        current = latest_play(session, row.visitor_id, row.number, row.mode)
        assert current is not None
        raise StaleVersion(current)
    play.stored = True


def new_custom_play(session: Session, visitor_id: str, position: Any, mode: str, auto_safe: bool = True) -> LoadedPlay:
    """A new play from a set-up position (flagged ``custom``; never counts for records).

    :raises ActionRejected: (``bad_position``) saying what is wrong with the position.
    """
    rules = rules_for(mode)
    try:
        start = Position.from_json(position, rules)
    except PositionError as exc:
        raise ActionRejected("bad_position", str(exc)) from None
    row = _new_row(
        visitor_id, mode, auto_safe, number=None, custom=True, start_position=start.to_json(reveal_stock=True)
    )
    game = Game(start, rules, auto_safe=auto_safe)
    row.status = game.status.value
    return _insert(session, row, game)


def get_play(session: Session, play_id: str) -> LoadedPlay:
    """:raises PlayNotFound: when no play has this id."""
    row = queries.play_by_id(session, play_id)
    if row is None:
        raise PlayNotFound(play_id)
    return _load(row)


def get_play_by_row(session: Session, row_id: int) -> LoadedPlay:
    """The play stored in row ``row_id`` (a finish card's ``play_row_id``).

    :raises PlayNotFound: when there is no such row.
    """
    row = session.get(PlayRow, row_id)
    if row is None:
        raise PlayNotFound(str(row_id))
    return _load(row)


def latest_play(session: Session, visitor_id: str, number: int, mode: str) -> LoadedPlay | None:
    """The visitor's most recent play of this deal and mode, if any."""
    row = queries.latest_play(session, visitor_id, number, mode)
    return None if row is None else _load(row)


def current_play(session: Session, visitor_id: str, number: int, mode: str) -> LoadedPlay:
    """The visitor's play of this deal: the latest one unless they gave it up, else a fresh
    deal, not stored (API.md, ``GET /game/{number}``: a page view stores nothing; the first
    action stores it). A won play stays on show until the player deals again.

    :raises ActionRejected: for an unknown mode or a number outside 1 … 4294967295.
    """
    play = latest_play(session, visitor_id, number, mode)
    if play is None or play.status is PlayStatus.RESIGNED:
        return _fresh(session, visitor_id, number, mode, None if play is None else play.row)
    return play


def play_to_act_on(session: Session, visitor_id: str, number: int, mode: str, version: int | None) -> LoadedPlay:
    """The play that a table's action made on ``version`` goes to: the visitor's latest play of
    the deal; or, when there is none or it was given up and the action was made after that
    (on the fresh deal the table then showed: a later version), that fresh deal
    (:func:`current_play`, stored by :func:`act`). An action made on a table from before the
    give-up (another tab) goes to the given-up play, so the answer is its finish card, not a
    fresh deal that looked as if the play had been wiped (a play-tester's finding)."""
    play = latest_play(session, visitor_id, number, mode)
    if play is not None and (
        play.status is not PlayStatus.RESIGNED or (version is not None and version <= play.row.version)
    ):
        return play
    return _fresh(session, visitor_id, number, mode, None if play is None else play.row)


def act(
    session: Session, play: LoadedPlay, action: Act, *, version: int | None, idle_cap_s: float = 60.0
) -> LoadedPlay:
    """Apply one action to a loaded play (its game is the caller's to change) and commit it:
    one UPDATE of the play's row guarded by its version, appending the new step to the stored
    steps (nothing rewritten), plus the finish card when the play ends. A play not stored yet
    is stored first, in the same transaction (:func:`store`).

    :param version: the version the action is based on; None skips the check.
    :param idle_cap_s: the longest gap between actions that counts as play time (seconds).
    :raises StaleVersion: ``version`` is not the current one (also when another request
        changed the play first).
    :raises ActionRejected: an illegal action (``illegal_move``), or the play is over.
    """
    row, game = play.row, play.game
    if version is not None and version != row.version:
        raise StaleVersion(play)
    if play.is_over:
        raise ActionRejected("play_over", f"this play is over ({play.status}); deal again to play on")
    kept = _steps_length(row.steps, game.cursor)
    try:
        pushed = _apply(game, action)
    except IllegalMoveError as exc:
        raise ActionRejected("illegal_move", str(exc)) from None
    status = PlayStatus.RESIGNED if isinstance(action, Resign) else PlayStatus(game.status.value)
    values = _row_values(row, game, status, idle_cap_s)
    written = dict(values)
    steps = None
    if pushed is not None:
        steps = (kept, pushed.text() + ";")
        written["steps"] = row.steps[:kept] + steps[1]
    with serial_writes(session):
        store(session, play)
        if not queries.advance_play(session, row, values, steps):
            session.rollback()
            raise StaleVersion(get_play(session, row.play_id))
        for key, value in written.items():
            set_committed_value(row, key, value)
        if status in FINISHED:
            _record(session, row, game, status)
        session.commit()
    _cache.put(row.play_id, row.version, game)
    return LoadedPlay(row, game)


def _steps_length(steps: str, count: int) -> int:
    """How many characters of the stored ``steps`` the first ``count`` steps take."""
    end = 0
    for _ in range(count):
        end = steps.index(";", end) + 1
    return end


def _apply(game: Game, action: Act) -> Step | None:
    """Play ``action`` on ``game``; the step it adds to the history, if any.

    :raises IllegalMoveError: when the engine refuses it.
    """
    match action:
        case PlayMove(move):
            return game.play(move)
        case Finish():
            return game.finish()
        case Undo():
            game.undo()
        case Redo():
            game.redo()
        case SetAutoSafe(on):
            game.auto_safe = on
        case Resign():
            pass
    return None


def _row_values(row: PlayRow, game: Game, status: PlayStatus, idle_cap_s: float) -> dict[str, Any]:
    """The play row's new values after an action (the steps aside)."""
    now = _now()
    last = row.last_action_at if row.last_action_at.tzinfo else row.last_action_at.replace(tzinfo=UTC)
    return {
        "cursor": game.cursor,
        "undos": game.undos,
        "auto_safe": game.auto_safe,
        "status": status.value,
        "elapsed_s": row.elapsed_s + min(max((now - last).total_seconds(), 0.0), idle_cap_s),
        "last_action_at": now,
        "version": row.version + 1,
        "finished_at": now if status in FINISHED else None,
    }


def _record(session: Session, row: PlayRow, game: Game, status: PlayStatus) -> None:
    """Add the finish card of a play that just ended (committed with its action)."""
    blocked = status is PlayStatus.RESIGNED and game.status is GameStatus.BLOCKED
    result = PlayStatus.BLOCKED if blocked else status
    assert row.finished_at is not None
    record_finish(session, row, result.value, LoadedPlay(row, game).score, row.finished_at)
