"""Many server processes on one database (ARCHITECTURE.md: any number of them), on SQLite and on
PostgreSQL: processes started at once all start (migrations run once, under a lock), two
servers play one game correctly between them (no process serves a stale play; exactly one of
ten racing submissions of a move is applied), ``FT_WORKERS`` serves from several processes, and
however many processes serve, one runs the background pool worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, select, text

from app.config import PROJECT_ROOT
from app.db.models import Lease, SolvedDeal
from app.db.session import alembic_config, migrate
from app.engine import CLASSIC, Game, deal
from tests.live_server import free_port


def _env(database_url: str, data: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "FT_DATABASE_URL": database_url,
        "FT_DATA_DIR": str(data),
        "FT_SECRET_KEY": "processes-test-secret",
        "FT_POOL_WORKER": "false",
        **extra,
    }


@contextmanager
def servers(
    database_url: str, data: Path, count: int, *args: str, **extra: str
) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """``count`` processes of ``python -m app <args>`` serving ``database_url``, started at
    once, each on a free port; yields each process and its base URL once every ``/healthz``
    answers (fails the test with the logs after 90 s)."""
    data.mkdir(parents=True, exist_ok=True)
    started: list[tuple[subprocess.Popen[bytes], str, Path]] = []
    try:
        for _ in range(count):
            port = free_port()
            log_path = data / f"server-{port}.log"
            with log_path.open("w") as log:
                proc = subprocess.Popen(
                    [sys.executable, "-m", "app", *args],
                    cwd=PROJECT_ROOT,
                    env=_env(database_url, data, FT_PORT=str(port), **extra),
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            started.append((proc, f"http://127.0.0.1:{port}", log_path))
        deadline = time.monotonic() + 90
        for proc, url, log_path in started:
            while not _answers(url):
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("a server did not start:\n" + log_path.read_text())
                time.sleep(0.1)
        yield [(proc, url) for proc, url, _ in started]
    finally:
        for proc, _, _ in started:
            proc.terminate()
        for proc, _, _ in started:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url + "/healthz", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def test_processes_started_at_once_all_start_and_migrate_once(database_url: str, tmp_path: Path) -> None:
    """Four ``python -m app migrate`` at once on an empty database: all succeed (without the
    lock, two of them both created ``alembic_version`` and one died), and the schema is at
    head."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "app", "migrate"],
            cwd=PROJECT_ROOT,
            env=_env(database_url, tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for _ in range(4)
    ]
    outputs = [p.communicate(timeout=120)[0].decode() for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], "\n".join(outputs)
    with create_engine(database_url).connect() as conn:
        head = ScriptDirectory.from_config(alembic_config(database_url)).get_current_head()
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [head]


def _move(client: httpx.Client, url: str, play_id: str, move: str, version: int) -> httpx.Response:
    return client.post(f"{url}/api/plays/{play_id}/moves", json={"move": move, "version": version})


def test_two_servers_play_one_game_and_apply_a_racing_move_once(database_url: str, tmp_path: Path) -> None:
    """Two ``python -m app`` started at once on an empty database both start (each migrates,
    one after the other). Then A, then B, then A again: each process serves the play as the
    other left it (A's kept game of an older version is never served), a stale version is 409
    on either; then ten submissions of one move race through both: one 200, nine 409, the
    move applied once."""
    game = Game(deal(4242, CLASSIC), CLASSIC, auto_safe=False)
    with (
        servers(database_url, tmp_path, 2) as [(_, a), (_, b)],
        httpx.Client(timeout=30) as client,  # one visitor: its cookie goes to both
    ):
        play = client.post(f"{a}/api/games/4242/plays", json={"auto_safe": False}).json()
        pid = play["play_id"]
        for turn, url in enumerate([a, b, a, b, a, a, b]):
            move = str(game.legal_moves()[0])
            answer = _move(client, url, pid, move, turn)
            assert answer.status_code == 200, answer.text
            game.play(move)
            assert answer.json()["version"] == turn + 1
            assert answer.json()["position"]["tableau"] == game.position.to_json()["tableau"]
            other = b if url == a else a
            seen = client.get(f"{other}/api/plays/{pid}").json()
            assert (seen["version"], seen["position"]) == (turn + 1, answer.json()["position"])
        stale = _move(client, a, pid, str(game.legal_moves()[0]), 6)  # A kept version 6's game
        assert stale.status_code == 409 and stale.json()["version"] == 7

        barrier = threading.Barrier(10)
        codes: list[int] = []

        def submit(i: int) -> None:
            barrier.wait()
            codes.append(_move(client, (a, b)[i % 2], pid, "D", 7).status_code)

        threads = [threading.Thread(target=submit, args=(i,)) for i in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200] + [409] * 9
        final = [client.get(f"{u}/api/plays/{pid}").json() for u in (a, b)]
        assert final[0] == final[1] and final[0]["version"] == 8
        assert final[0]["position"]["stock_count"] == game.position.to_json()["stock_count"] - 1


def _children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` (from ``/proc``; whichever thread started them)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == str(pid) and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def test_ft_workers_serves_from_that_many_processes(database_url: str, tmp_path: Path) -> None:
    """``python -m app`` with ``FT_WORKERS=2``: migrates, then two worker processes serve one
    port, and the exactly-once race holds through them. Its supervisor killed outright, the
    workers end too (none keeps serving the port)."""
    with servers(database_url, tmp_path, 1, FT_WORKERS="2") as [(proc, url)], httpx.Client(timeout=30) as client:
        workers = _children(proc.pid)
        assert len(workers) >= 2
        pid = client.post(f"{url}/api/games/7/plays", json={}).json()["play_id"]
        codes: list[int] = []
        barrier = threading.Barrier(10)

        def submit() -> None:
            barrier.wait()
            codes.append(_move(client, url, pid, "D", 0).status_code)

        threads = [threading.Thread(target=submit) for _ in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200] + [409] * 9
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        _wait(lambda: not any(Path(f"/proc/{w}").exists() for w in workers), 10)
        assert [w for w in workers if Path(f"/proc/{w}").exists()] == []


def _lease_holder(database_url: str) -> int | None:
    """The pid of the process holding the pool worker's lease (None: none holds it)."""
    with create_engine(database_url).connect() as conn:
        row = conn.execute(select(Lease.holder, Lease.expires_at).where(Lease.name == "pool_worker")).first()
    if row is None or row.expires_at < time.time():
        return None
    return int(row.holder.split(":")[1])


def _wait(condition: object, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.1)


def test_two_servers_run_one_pool_worker_and_the_other_takes_over(database_url: str, tmp_path: Path) -> None:
    """Both servers want the pool worker; one holds the lease and runs it (deals get solved),
    the other does not. Killed outright, its lease expires and the other takes over."""
    migrate(database_url)
    extra = {"FT_POOL_WORKER": "true", "FT_POOL_LEASE_S": "3", "FT_POOL_BUDGET_S": "0.2"}
    with servers(database_url, tmp_path, 2, "serve", **extra) as [(proc_a, _), (proc_b, _)]:
        _wait(lambda: _lease_holder(database_url) is not None)
        first = _lease_holder(database_url)
        assert first in (proc_a.pid, proc_b.pid)
        time.sleep(3)  # a few renewals: the lease stays with the same process
        assert _lease_holder(database_url) == first
        engine = create_engine(database_url)  # no shipped pool here (the test migrated): the worker fills it
        with engine.connect() as conn:
            _wait(lambda: conn.execute(select(SolvedDeal.id)).first() is not None)
            assert conn.execute(select(SolvedDeal.id)).first() is not None
        engine.dispose()
        leader, other = (proc_a, proc_b) if first == proc_a.pid else (proc_b, proc_a)
        # one worker: only the leader has started a solver process (nothing else solves here)
        assert _children(leader.pid) and not _children(other.pid)
        leader.send_signal(signal.SIGKILL)
        leader.wait()
        _wait(lambda: _lease_holder(database_url) == other.pid, 15)
        assert _lease_holder(database_url) == other.pid


def test_a_server_process_never_migrates_and_stops_on_an_unmigrated_database(database_url: str, tmp_path: Path) -> None:
    """``python -m app serve`` leaves migrating to ``python -m app migrate``: on an empty
    database it stops at once and says what to run, and creates no table."""
    done = subprocess.run(
        [sys.executable, "-m", "app", "serve"],
        cwd=PROJECT_ROOT,
        env=_env(database_url, tmp_path, FT_PORT=str(free_port())),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and "run `python -m app migrate`" in done.stdout + done.stderr
    with create_engine(database_url).connect() as conn:
        assert "plays" not in inspect(conn).get_table_names()
