"""The service both faces call: load a play, apply an action with the engine, store it, and
derive what the table shows. Routes stay thin; rules stay in ``app.engine``.

Every accepted action is committed before the caller answers, with optimistic concurrency:
the row's ``version`` must still be the one the action was based on (API.md's 409).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import update
from sqlalchemy.orm import Session

from app.db import queries
from app.db.models import PlayRow
from app.engine import MODES, Game, GameStatus, IllegalMoveError, MoveSyntaxError, Position, PositionError, Rules, deal
from app.services.records import record_finish

ModeName = Literal["classic", "relaxed"]
ACTIONS: tuple[str, ...] = ("move", "undo", "redo", "finish", "resign", "auto_safe")
RESIGNED = "resigned"
FINISHED = frozenset({GameStatus.WON.value, RESIGNED})


class PlayNotFound(LookupError):
    """No play has this id."""


class ActionRejected(ValueError):
    """The action is malformed or not allowed; nothing changed.

    :ivar error: a short code (``illegal_move``, ``malformed_move``, ``bad_position``,
        ``play_over``, ``bad_mode``, ``bad_action``).
    :ivar detail: what is wrong, in words.
    """

    def __init__(self, error: str, detail: str) -> None:
        super().__init__(detail)
        self.error = error
        self.detail = detail


class StaleVersion(Exception):
    """The action was based on an older version of the play; nothing changed.

    :ivar current: the play as it is now.
    """

    def __init__(self, current: LoadedPlay) -> None:
        super().__init__(f"stale version: the play is at version {current.row.version}")
        self.current = current


def rules_for(mode: str) -> Rules:
    """The rules of ``mode`` (``classic``, ``relaxed``).

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

    @property
    def status(self) -> str:
        """``playing``, ``won``, ``blocked`` or ``resigned`` (API.md, Play.status)."""
        return RESIGNED if self.row.status == RESIGNED else self.game.status.value

    @property
    def is_over(self) -> bool:
        """Won or resigned: no more actions."""
        return self.status in FINISHED

    def to_api(self, dead_end: bool = False) -> dict[str, Any]:
        """The Play object of API.md. The stock's order never appears.

        :param dead_end: the dead-end verdict (``app.services.hints.is_dead_end``), computed apart
            because it needs the solver.
        """
        g, row = self.game, self.row
        return {
            "play_id": row.play_id,
            "number": row.number,
            "mode": row.mode,
            "custom": row.custom,
            "auto_safe": g.auto_safe,
            "version": row.version,
            "status": self.status,
            "position": g.position.to_json(),
            "legal_moves": [] if self.is_over else [str(m) for m in g.legal_moves()],
            "moves": g.moves,
            "undos": g.undos,
            "hints": row.hints,
            "elapsed_s": round(row.elapsed_s, 1),
            "cards_home": g.cards_home,
            "points": g.points,
            "moves_on_table": g.moves_on_table,
            "can_finish": g.can_finish and not self.is_over,
            "dead_end": dead_end,
            "can_undo": g.can_undo and not self.is_over,
            "can_redo": g.can_redo and not self.is_over,
        }


class _GameCache:
    """Games rebuilt from history, kept per play id and version (replaying a long play on
    every request would cost milliseconds). Callers get clones, never the cached object."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._items: OrderedDict[str, tuple[int, Game]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, play_id: str, version: int) -> Game | None:
        with self._lock:
            hit = self._items.get(play_id)
            if hit is None or hit[0] != version:
                return None
            self._items.move_to_end(play_id)
            return hit[1].clone()

    def put(self, play_id: str, version: int, game: Game) -> None:
        with self._lock:
            self._items[play_id] = (version, game.clone())
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
        game = Game.replay(
            _start_position(row, rules), rules, row.history, row.cursor, auto_safe=row.auto_safe, undos=row.undos
        )
        _cache.put(row.play_id, row.version, game)
    return LoadedPlay(row, game)


def _insert(session: Session, row: PlayRow, game: Game) -> LoadedPlay:
    session.add(row)
    session.commit()
    _cache.put(row.play_id, row.version, game)
    return LoadedPlay(row, game)


def _new_row(visitor_id: str, mode: str, auto_safe: bool, **fields: Any) -> PlayRow:
    now = _now()
    return PlayRow(
        play_id=secrets.token_urlsafe(16),
        visitor_id=visitor_id,
        mode=mode,
        auto_safe=auto_safe,
        history=[],
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
    last = queries.latest_play(session, visitor_id, number, mode)
    if last is not None:
        row.version = last.version + 1
    return _insert(session, row, Game(start, rules, auto_safe=auto_safe))


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
    """The visitor's play of this deal: the latest one unless they gave it up, else a new deal
    (API.md, ``GET /game/{number}``). A won play stays on show until the player deals again."""
    play = latest_play(session, visitor_id, number, mode)
    if play is None or play.status == RESIGNED:
        play = new_play(session, visitor_id, number, mode)
    return play


def perform(
    session: Session,
    play_id: str,
    action: str,
    *,
    version: int | None,
    move: str | None = None,
    value: bool | None = None,
    idle_cap_s: float = 60.0,
) -> LoadedPlay:
    """Apply one action to a play and commit it.

    :param action: one of :data:`ACTIONS`; ``move`` needs ``move`` (notation), ``auto_safe``
        needs ``value``.
    :param version: the version the action is based on; None skips the check.
    :param idle_cap_s: the longest gap between actions that counts as play time.
    :raises PlayNotFound: unknown play.
    :raises StaleVersion: ``version`` is not the current one.
    :raises ActionRejected: malformed or illegal action, or the play is over.
    """
    play = get_play(session, play_id)
    row = play.row
    if version is not None and version != row.version:
        raise StaleVersion(play)
    if action not in ACTIONS:
        raise ActionRejected("bad_action", f"action must be one of {', '.join(ACTIONS)}, not {action!r}")
    if play.is_over:
        raise ActionRejected("play_over", f"this play is over ({play.status}); deal again to play on")
    game = play.game
    status = play.status
    try:
        if action == "move":
            if move is None:
                raise ActionRejected("malformed_move", "a move is required: 3-6, 3-6/3, W-5, 3-F, W-F, D or R")
            game.play(move)
        elif action == "undo":
            game.undo()
        elif action == "redo":
            game.redo()
        elif action == "finish":
            game.finish()
        elif action == "resign":
            status = RESIGNED
        elif action == "auto_safe":
            game.auto_safe = bool(value)
    except MoveSyntaxError as exc:
        raise ActionRejected("malformed_move", str(exc)) from None
    except IllegalMoveError as exc:
        raise ActionRejected("illegal_move", str(exc)) from None
    if status != RESIGNED:
        status = game.status.value
    now = _now()
    last = row.last_action_at if row.last_action_at.tzinfo else row.last_action_at.replace(tzinfo=UTC)
    elapsed = row.elapsed_s + min(max((now - last).total_seconds(), 0.0), idle_cap_s)
    values: dict[str, Any] = {
        "history": game.history,
        "cursor": game.cursor,
        "undos": game.undos,
        "auto_safe": game.auto_safe,
        "status": status,
        "elapsed_s": elapsed,
        "last_action_at": now,
        "version": row.version + 1,
        "finished_at": now if status in FINISHED else None,
    }
    result = session.execute(
        update(PlayRow).where(PlayRow.id == row.id, PlayRow.version == row.version).values(**values)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        session.expire_all()
        raise StaleVersion(get_play(session, play_id))
    if status in FINISHED:
        session.refresh(row)
        result = "blocked" if status == RESIGNED and game.status is GameStatus.BLOCKED else status
        record_finish(
            session,
            row,
            result,
            moves=game.moves,
            undos=game.undos,
            cards_home=game.cards_home,
            points=game.points,
            at=now,
        )
    session.commit()
    session.refresh(row)
    _cache.put(row.play_id, row.version, game)
    return LoadedPlay(row, game)
