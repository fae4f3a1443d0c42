"""``python -m app``: serve the game on ``FT_HOST``:``FT_PORT`` (127.0.0.1:8000) with the
embedded SQLite default under ``./data/`` (or ``FT_DATABASE_URL``), in ``FT_WORKERS`` processes.

- ``python -m app migrate``: bring the database to the newest schema (and load the shipped
  pool of deal verdicts), then stop.
- ``python -m app serve``: serve, without migrating (run ``migrate`` first: ``./ft run`` and
  the container do).
- ``python -m app``: both, migrate then serve.

Migrations take the database's migration lock, so any number of these started at once all
start; the server processes never migrate. Whichever server process holds the pool worker's
lease in the database runs the background pool worker (one in all).
"""

from __future__ import annotations

import argparse
import os

import uvicorn
from uvicorn.supervisors import Multiprocess

from app.config import Settings, get_settings
from app.db.session import Database
from app.runtime import prepare_database
from app.web.listener import WorkerListener, reuse_port_socket


def migrate() -> None:
    """Migrate the database to head and load the shipped pool, under its migration lock; make
    the secret key file if there is none (before any server process reads it)."""
    settings = get_settings()
    settings.resolved_secret_key()
    db = Database(settings.resolved_database_url(), settings.sqlite_synchronous)
    try:
        prepare_database(db)
    finally:
        db.engine.dispose()


def server_config(settings: Settings) -> uvicorn.Config:
    """uvicorn's settings for the game: ``FT_HOST``, ``FT_PORT``, ``FT_WORKERS``. No proxy
    headers at uvicorn's level (it would trust 127.0.0.1 whatever the settings): the app reads
    them from the proxies ``FT_TRUSTED_PROXIES`` names, and from no other."""
    return uvicorn.Config(
        "app.main:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        log_level="warning",
        proxy_headers=False,
    )


def serve() -> None:
    """Serve with ``FT_WORKERS`` uvicorn worker processes; none of them migrates."""
    os.environ["FT_MIGRATE_ON_START"] = "false"  # read by every worker's settings
    get_settings.cache_clear()
    settings = get_settings()
    print(f"Forty Thieves: open http://{settings.host}:{settings.port}/ (Ctrl+C stops)", flush=True)
    config = server_config(settings)
    if settings.workers == 1:
        uvicorn.Server(config).run()
        return
    # Each worker listens on its own SO_REUSEPORT socket (app.web.listener); the port is
    # checked free first, so a taken port fails here, as a single process would.
    reuse_port_socket(settings.host, settings.port).close()
    Multiprocess(config, sockets=[WorkerListener(settings.host, settings.port)]).run()


def main(argv: list[str] | None = None) -> None:
    """Run ``migrate``, ``serve``, or (no command) both."""
    parser = argparse.ArgumentParser(prog="python -m app", description="Forty Thieves server")
    parser.add_argument("command", nargs="?", choices=["migrate", "serve"], help="default: migrate, then serve")
    command = parser.parse_args(argv).command
    if command in (None, "migrate"):
        migrate()
    if command in (None, "serve"):
        serve()


if __name__ == "__main__":
    main()
