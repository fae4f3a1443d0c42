"""Configuration: one pydantic-settings :class:`Settings`, environment variables ``FT_…``.

Defaults serve a single machine: SQLite under ``./data/``, 127.0.0.1:8000.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import secrets
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
LOCAL_HOSTS = ("localhost", "127.0.0.1", "testserver")
"""The hosts always allowed when ``FT_ALLOWED_HOSTS`` is unset (``testserver``: the test client)."""


class Settings(BaseSettings):
    """Every setting, read from ``FT_<NAME>`` environment variables (e.g. ``FT_PORT=9000``)."""

    model_config = SettingsConfigDict(env_prefix="FT_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=1, le=65535)
    workers: int = Field(1, ge=1, le=64)
    """Server processes ``python -m app`` starts on :attr:`host`:``port`` (uvicorn's workers);
    each has its own solver pool of :attr:`solver_workers` processes."""
    migrate_on_start: bool = True
    """Whether the app migrates the database to head as it starts (under a lock: two processes
    starting together migrate one after the other). ``python -m app`` migrates once itself,
    then starts its server processes with it off."""
    data_dir: Path = Path("data")
    database_url: str | None = None
    """SQLAlchemy URL; default ``sqlite:///<data_dir>/forty_thieves.sqlite3``."""
    sqlite_synchronous: Literal["FULL", "NORMAL", "EXTRA"] = "FULL"
    """SQLite's ``PRAGMA synchronous``: FULL (the default) keeps every acknowledged action through
    a power loss; NORMAL may lose the last ones then (not when only the process dies)."""
    secret_key: str | None = None
    """Signs the visitor cookie; if unset, one is generated once and kept in ``<data_dir>/secret_key``."""
    idle_cap_s: float = Field(60.0, gt=0)
    """Longest gap between two actions that counts as play time (seconds)."""
    secure_cookies: bool = False
    """Mark cookies Secure (set behind HTTPS)."""
    solver_workers: int = Field(1, ge=1, le=16)
    """Solver processes for hints, ``/api/solve``, the dead-end check and post-game analysis."""
    solver_queue: int = Field(8, ge=1, le=64)
    """Solver jobs accepted at once (waiting or running); beyond that a 503 ``solver_busy``. Each
    holds a request thread while it waits (the server has 40), so keep it well below that."""
    solver_wait_s: float = Field(10.0, gt=0)
    """Longest wait for a solver job to start before it is dropped (503 ``solver_busy``)."""
    pool_worker: bool = True
    """Solve more deals in the background (one low-priority process) to grow the winnable pool."""
    pool_budget_s: float = Field(10.0, gt=0)
    """Time the background worker gives each deal (seconds)."""
    pool_lease_s: float = Field(30.0, gt=0)
    """The background worker runs in one server process only, the one holding its lease in the
    database; if that process dies, another takes over within this many seconds."""
    solver_rate_per_min: int = Field(20, ge=1)
    """Hint and ``/api/solve`` requests one visitor may make per minute."""
    solver_rate_per_address_per_min: int = Field(60, ge=1)
    """Hint and ``/api/solve`` requests one client address may make per minute, whatever its
    visitor cookies (people behind one address share it)."""
    trusted_proxies: str = ""
    """The proxies whose ``X-Forwarded-For`` (and ``X-Forwarded-Proto``) name the client: a
    comma-separated list of IP addresses or networks (``127.0.0.1``, ``10.0.0.0/8``), or ``*``
    for any. Empty (the default): none, the connection's address is the client's. Behind a
    reverse proxy, name it, or every client shares the proxy's address (and its solver limit)."""

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies_are_addresses(cls, value: str) -> str:
        items = [part.strip() for part in value.split(",") if part.strip()]
        if "*" in items and len(items) > 1:
            raise ValueError("'*' trusts every proxy: name it alone")
        for item in items:
            if item != "*":
                ipaddress.ip_network(item)  # a ValueError names the bad entry (host bits set too)
        return value

    def trusted_proxy_list(self) -> list[str]:
        """:attr:`trusted_proxies` as a list (empty: trust none)."""
        return [part.strip() for part in self.trusted_proxies.split(",") if part.strip()]

    public_url: str | None = None
    """The site's public address (``https://cards.example.org``): every absolute URL the app
    writes (challenge links, ``og:url``, ``og:image``) starts with it. Unset: the request's own
    scheme and host, which :attr:`allowed_hosts` bounds."""
    allowed_hosts: Annotated[list[str], NoDecode] = []
    """Host names the server answers (``Host`` header; ``*.example.org`` covers subdomains,
    ``*`` any), comma-separated in ``FT_ALLOWED_HOSTS``; any other gets 400. Unset: localhost,
    127.0.0.1, testserver and the host of :attr:`public_url`."""

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, value: str | None) -> str | None:
        """``scheme://host[:port]`` with scheme http or https, no path, query or fragment; the
        trailing slash dropped. Anything else stops the server with this message."""
        if not value:
            return None
        parts = urlsplit(value.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
            raise ValueError("FT_PUBLIC_URL must be http(s)://host[:port], e.g. https://cards.example.org")
        if parts.query or parts.fragment or parts.username or parts.password:
            raise ValueError("FT_PUBLIC_URL must be http(s)://host[:port], e.g. https://cards.example.org")
        return f"{parts.scheme}://{parts.netloc.lower()}"

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _allowed_hosts(cls, value: object) -> object:
        """``"a.example, b.example"`` → ``["a.example", "b.example"]`` (a list passes as is)."""
        if isinstance(value, str):
            return [h.strip().lower() for h in value.split(",") if h.strip()]
        return value

    def trusted_hosts(self) -> list[str]:
        """The host names to answer: :attr:`allowed_hosts`, else :data:`LOCAL_HOSTS`, the host of
        :attr:`public_url` and :attr:`host` when it names one address (not ``0.0.0.0``)."""
        if self.allowed_hosts:
            return list(self.allowed_hosts)
        public = urlsplit(self.public_url).hostname if self.public_url else None
        listen = self.host if self.host not in ("0.0.0.0", "::", "") else None
        return list(dict.fromkeys(h for h in (*LOCAL_HOSTS, public, listen) if h))

    def resolved_database_url(self) -> str:
        """The database URL, creating the data folder for the SQLite default."""
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'forty_thieves.sqlite3').resolve()}"

    def resolved_secret_key(self) -> str:
        """:attr:`secret_key`, or the one kept under the data folder (made on first use)."""
        if self.secret_key:
            return self.secret_key
        self.data_dir.mkdir(parents=True, exist_ok=True)
        path = self.data_dir / "secret_key"
        if not path.exists():
            # written aside, then linked into place: of server processes starting together, one
            # key wins and every process reads it whole (none signs with a key of its own)
            draft = self.data_dir / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
            draft.write_text(secrets.token_urlsafe(32))
            draft.chmod(0o600)
            with contextlib.suppress(FileExistsError):
                os.link(draft, path)
            draft.unlink()
        return path.read_text().strip()


@lru_cache
def get_settings() -> Settings:
    """The process's settings (read once)."""
    return Settings()  # type: ignore[call-arg]  # the fields are read from the environment
