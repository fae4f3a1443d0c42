"""The yardstick of ``bench/server.py``: a hello-world FastAPI app, served by the same uvicorn with
the same settings as the game, so its CPU per request is what the framework costs on its own.

    .venv/bin/python -m uvicorn bench.hello_app:app --host 127.0.0.1 --port 8001 --log-level warning
"""

from __future__ import annotations

from fastapi import FastAPI

app = FastAPI()


@app.get("/hello")
def hello() -> dict[str, str]:
    """A small JSON answer. A plain ``def`` (run in the thread pool), as the game's routes are."""
    return {"hello": "world"}
