"""``python -m app``: serve the game on ``FT_HOST``:``FT_PORT`` (127.0.0.1:8000) with the
embedded SQLite default under ``./data/``."""

from __future__ import annotations

import uvicorn

from app.config import get_settings


def main() -> None:
    """Run the server (migrations apply at start)."""
    settings = get_settings()
    print(f"Forty Thieves: open http://{settings.host}:{settings.port}/ (Ctrl+C stops)", flush=True)
    # No proxy headers at uvicorn's level (it would trust 127.0.0.1 whatever the settings): the
    # app reads them from the proxies FT_TRUSTED_PROXIES names, and from no other.
    uvicorn.run(
        "app.main:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        log_level="warning",
        proxy_headers=False,
    )


if __name__ == "__main__":
    main()
