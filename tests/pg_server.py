"""A throwaway PostgreSQL server for the tests and the benchmark: ``initdb`` and ``pg_ctl`` in a
temporary folder, on a free loopback port, removed when it stops. Debian's server binaries
live in ``/usr/lib/postgresql/<version>/bin`` (not on PATH); the newest there is taken unless
``pg_ctl`` is on PATH. PostgreSQL refuses to run as root, so as root (CI) the server runs as
the ``postgres`` user (Debian's package makes it), else ``nobody``."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path
from typing import Any

ADMIN = "ft"
"""The server's superuser (trust authentication on loopback: a throwaway server)."""


def find_binaries() -> Path | None:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``, or None when none is found."""
    on_path = shutil.which("pg_ctl")
    if on_path:
        folder = Path(os.path.realpath(on_path)).parent
        if (folder / "initdb").exists():
            return folder
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]), reverse=True)
    return Path(found[0]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """A PostgreSQL server of its own in a temporary folder.

    :param durable: keep ``fsync`` on (the benchmark); off by default (tests: faster, and the
        server is thrown away anyway).
    :raises RuntimeError: (on :meth:`start`) when no PostgreSQL binaries are installed, or the
        server does not start (its log is in the message).
    """

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable
        self.port = _free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="ft-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self._as: dict[str, Any] = {}
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                user = pwd.getpwnam("nobody")
            self._as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
            os.chown(self.folder, user.pw_uid, user.pw_gid)

    def _run(self, *args: str) -> None:
        done = subprocess.run(args, capture_output=True, text=True, cwd=self.folder, **self._as)
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}\n{log}")

    def start(self) -> PgServer:
        """Initialise the folder and start the server (waits until it answers)."""
        binaries = find_binaries()
        if binaries is None:
            raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self._run(
            str(binaries / "initdb"), "-D", str(self.data), "-U", ADMIN, "-A", "trust", "-E", "UTF8", "--locale=C",
            "--no-sync", "--no-instructions",
        )  # fmt: skip
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=300"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(str(binaries / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")
        self._pg_ctl = binaries / "pg_ctl"
        return self

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` on this server."""
        return f"postgresql+psycopg://{ADMIN}@127.0.0.1:{self.port}/{database}"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={ADMIN} dbname=postgres", autocommit=True) as c:
            c.execute(sql)  # type: ignore[arg-type]  # built from our own names only

    def create_database(self, template: str = "template0") -> str:
        """A new database (a copy of ``template``: empty by default); its URL."""
        name = "t_" + uuid.uuid4().hex[:12]
        self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop the database of ``url`` (its open connections are ended)."""
        name = url.rsplit("/", 1)[1]
        self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server and remove its folder."""
        if self.data.exists() and hasattr(self, "_pg_ctl"):
            subprocess.run(
                [str(self._pg_ctl), "-D", str(self.data), "-m", "immediate", "stop"], capture_output=True, **self._as
            )
        shutil.rmtree(self.folder, ignore_errors=True)
