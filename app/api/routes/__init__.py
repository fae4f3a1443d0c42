"""The JSON routes under ``/api``, one module per resource: games, plays, solve."""

from __future__ import annotations

from fastapi import APIRouter

from app.api.routes import games, plays, solve

ROUTERS: tuple[APIRouter, ...] = (games.router, plays.router, solve.router)
