"""The play service's one write per action: the stored steps grow by appending, an action after
undo cuts the redo tail, and what is stored replays to the same game once the cache is gone."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, event, text

from app.db.session import Database, alembic_config, migrate
from app.engine import CLASSIC, Game, deal
from app.services import actions, plays


@pytest.fixture
def db(database_url: str) -> Database:
    url = database_url
    migrate(url)
    return Database(url)


def _reloaded(db: Database, play_id: str) -> plays.LoadedPlay:
    plays._cache._items.clear()
    with db.sessions() as session:
        return plays.get_play(session, play_id)


def _first_column_moves(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves() if m.action == "move"]


def test_steps_append_cut_the_redo_tail_and_replay(db: Database) -> None:
    with db.sessions() as session:
        play = plays.new_play(session, "v1", 4242, "classic")
        for name in ("draw", "draw", "undo"):
            play = plays.act(session, play, actions.parse_act(name), version=play.row.version)
        move = _first_column_moves(play.game)[0]
        play = plays.act(session, play, actions.parse_act("move", move), version=play.row.version)
        assert play.row.steps.count(";") == 2 and play.row.cursor == 2
        expected = (play.game.position, play.game.undos, play.row.version)
    again = _reloaded(db, play.row.play_id)
    assert (again.game.position, again.game.undos, again.row.version) == expected
    assert again.game.history == [h for h in again.row.steps.split(";") if h]
    assert again.game.history[0].startswith("D") and again.game.history[1].startswith(move)


def test_a_stale_version_changes_nothing(db: Database) -> None:
    with db.sessions() as session:
        play = plays.new_play(session, "v1", 7, "classic")
        play = plays.act(session, play, actions.parse_act("draw"), version=0)
        stale = plays.get_play(session, play.row.play_id)
        with pytest.raises(plays.StaleVersion) as caught:
            plays.act(session, stale, actions.parse_act("draw"), version=0)
        assert caught.value.current.row.version == 1
    assert _reloaded(db, play.row.play_id).row.steps.count(";") == 1


def test_a_lost_race_is_stale_not_overwritten(db: Database) -> None:
    """Two requests loaded the same version; the second write finds the row moved on."""
    with db.sessions() as first, db.sessions() as second:
        a = plays.new_play(first, "v1", 9, "classic")
        b = plays.get_play(second, a.row.play_id)
        b.game = b.game.clone()
        plays.act(first, a, actions.parse_act("draw"), version=0)
        with pytest.raises(plays.StaleVersion):
            plays.act(second, b, actions.parse_act("draw"), version=0)
    assert _reloaded(db, a.row.play_id).row.steps.count(";") == 1


@pytest.mark.parametrize(
    ("name", "move", "error"),
    [("jump", None, "bad_action"), ("move", None, "malformed_move"), ("move", "3-Z", "malformed_move")],
)
def test_parse_act_says_what_is_wrong(name: str, move: str | None, error: str) -> None:
    with pytest.raises(actions.ActionRejected) as caught:
        actions.parse_act(name, move)
    assert caught.value.error == error and caught.value.detail


def test_migration_0008_turns_json_histories_into_steps(database_url: str) -> None:
    from alembic import command

    url = database_url
    command.upgrade(alembic_config(url), "0007")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO plays (play_id, visitor_id, number, mode, custom, auto_safe, history, cursor, version,"
                " undos, hints, status, elapsed_s, created_at, last_action_at)"
                " VALUES ('p', 'v', 5, 'classic', false, true, '[\"D\", \"1-6 +1-F\"]', 2, 2, 0, 0, 'playing', 0,"
                " '2026-01-01', '2026-01-01')"
            )
        )
    migrate(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT steps FROM plays")).scalar() == "D;1-6 +1-F;"
    command.downgrade(alembic_config(url), "0007")
    with engine.connect() as conn:
        history = conn.execute(text("SELECT history FROM plays")).scalar()
    assert (json.loads(history) if isinstance(history, str) else history) == ["D", "1-6 +1-F"]  # PostgreSQL: JSON
    assert Game(deal(5, CLASSIC), CLASSIC).cursor == 0


def test_decided_verdicts_are_read_once_and_unknown_ones_every_time(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.db import queries
    from app.services import deals
    from app.solver import Verdict

    asked: list[int] = []
    real = queries.verdict
    monkeypatch.setattr(queries, "verdict", lambda s, n, m: asked.append(n) or real(s, n, m))
    known = deals.DecidedVerdicts()
    with db.sessions() as session:
        deals.store_result(session, 11, "classic", Verdict.WINNABLE, ["D"], 1, 1.0)
        deals.store_result(session, 12, "classic", Verdict.UNKNOWN, [], 1, 1.0)
        for _ in range(3):
            assert known.verdict(session, 11, "classic") == Verdict.WINNABLE
            assert known.verdict(session, 12, "classic") == Verdict.UNKNOWN
            assert known.verdict(session, 13, "classic") is None
    assert asked.count(11) == 1 and asked.count(12) == 3 and asked.count(13) == 3


def test_the_pool_grows_from_the_end_of_the_run_of_solved_numbers(db: Database) -> None:
    """A play-tester opened /game/4294967295: the worker then asked for 4294967296, failed, and
    the pool stopped growing. The next number is the first one with no verdict."""
    from app.db import queries
    from app.services import deals
    from app.solver import Verdict

    with db.sessions() as session:
        assert queries.first_unsolved(session, "classic") == 1
        for number in (1, 2, 3, 5, 4294967295):
            deals.store_result(session, number, "classic", Verdict.UNKNOWN, [], 1, 1.0)
        assert queries.first_unsolved(session, "classic") == 4
        assert queries.first_unsolved(session, "relaxed") == 1
        deals.store_result(session, 4, "classic", Verdict.WINNABLE, ["D"], 1, 1.0)
        assert queries.first_unsolved(session, "classic") == 6


@contextmanager
def _wal_kept_open(path: Path) -> Iterator[None]:
    """A connection held open on the SQLite file meanwhile. When its last connection closes,
    SQLite removes the WAL and its index, and the next connection to open rebuilds them
    ("recovery") while any other opening at that moment is refused as busy."""
    keeper = sqlite3.connect(path)
    try:
        keeper.execute("SELECT count(*) FROM plays").fetchone()
        yield
    finally:
        keeper.close()


def _no_busy_wait_for_writes(db: Database) -> None:
    """Switch SQLite's busy wait off for every write statement of ``db`` (on for reads). A
    writer that found another one writing would then fail at once ("database is locked")
    instead of sleeping. Reads keep the wait: in WAL mode a reader may be refused for a moment
    while a writer updates the WAL index, which says nothing of the writers' turns (it failed
    a read in CI twice when the wait was off for every statement)."""

    @event.listens_for(db.engine, "before_cursor_execute")
    def _busy_wait_by_kind(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        write = statement.lstrip().split(None, 1)[0].upper() in {"INSERT", "UPDATE", "DELETE"}
        conn.connection.dbapi_connection.execute(f"PRAGMA busy_timeout={0 if write else 30000}")


def test_concurrent_actions_of_one_process_take_turns_and_never_find_the_database_locked(tmp_path: Path) -> None:
    """Sixteen threads play at once on SQLite, with its busy wait switched off for writes: a writer that
    found the database locked would fail at once ("database is locked") instead of sleeping, so
    every write must have waited its turn in the process (app.db.session.serial_writes)."""
    url = f"sqlite:///{tmp_path / 'turns.db'}"
    migrate(url)
    with _wal_kept_open(tmp_path / "turns.db"):
        _sixteen_threads_play(url)


def _sixteen_threads_play(url: str) -> None:
    db = Database(url)
    _no_busy_wait_for_writes(db)
    start = threading.Barrier(16)

    def play(k: int) -> int:
        with db.sessions() as session:
            start.wait()
            play = plays.new_play(session, f"v{k}", 100 + k, "classic")
            for _ in range(10):
                play = plays.act(session, play, actions.parse_act("draw"), version=play.row.version)
            return play.row.version

    with ThreadPoolExecutor(16) as pool:
        assert list(pool.map(play, range(16))) == [10] * 16


def _play_with_no_busy_wait(url: str, first: int, go: Any) -> list[int]:
    """In a process of its own: four threads play ten draws each on SQLite with the busy wait
    off for writes, starting together with the other process."""
    db = Database(url)
    _no_busy_wait_for_writes(db)

    def play(k: int) -> int:
        with db.sessions() as session:
            play = plays.new_play(session, f"p{k}", k, "classic")
            for _ in range(10):
                play = plays.act(session, play, actions.parse_act("draw"), version=play.row.version)
            return play.row.version

    go.wait()
    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(play, range(first, first + 4)))


def test_concurrent_actions_of_two_processes_take_turns_and_never_find_the_database_locked(tmp_path: Path) -> None:
    """As above, across two server processes on one SQLite file (FT_WORKERS=2): their writers
    take turns through a lock file beside the database (app.db.session.WriteTurns)."""
    url = f"sqlite:///{tmp_path / 'turns.db'}"
    migrate(url)
    spawn = multiprocessing.get_context("spawn")
    go = spawn.Manager().Barrier(2)
    with _wal_kept_open(tmp_path / "turns.db"), ProcessPoolExecutor(2, mp_context=spawn) as pool:
        runs = [pool.submit(_play_with_no_busy_wait, url, first, go) for first in (100, 200)]
        assert [run.result(timeout=120) for run in runs] == [[10] * 4, [10] * 4]
