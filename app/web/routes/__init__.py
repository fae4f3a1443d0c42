"""The page routes, one module per page (thin: parse, call one service, render)."""

from __future__ import annotations

from fastapi import APIRouter

from app.web.routes import (
    analysis,
    api_docs,
    finish,
    games,
    language,
    records,
    rules,
    share,
    stats,
    table,
    winnability,
)

ROUTERS: tuple[APIRouter, ...] = (
    finish.router,
    api_docs.router,
    analysis.router,
    records.router,
    share.router,
    stats.router,
    language.router,
    rules.router,
    games.router,
    winnability.router,
    table.router,  # last: its ``POST /game/{number}/{action}`` takes every action's name
)
