"""Pydantic bodies and answers of the JSON API (API.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from app.params import MAX_COUNT

Mode = Literal["classic", "relaxed"]
Version = Annotated[
    StrictInt, Field(ge=0, le=MAX_COUNT, description="the play's version the action is based on (API.md)")
]


class NewPlay(BaseModel):
    """Body of ``POST /api/games/{number}/plays``."""

    model_config = ConfigDict(extra="forbid")
    mode: Mode = "classic"
    auto_safe: bool = True


class NewCustomPlay(NewPlay):
    """Body of ``POST /api/plays``: a set-up position (``stock`` as a list in draw order)."""

    position: dict[str, Any]


class MoveBody(BaseModel):
    """Body of ``POST /api/plays/{id}/moves``."""

    model_config = ConfigDict(extra="forbid")
    move: str = Field(max_length=16, description="notation: 3-6, 3-6/3, W-5, 3-F, W-F, D, R")
    version: Version


class VersionBody(BaseModel):
    """Body of undo, redo, finish, resign."""

    model_config = ConfigDict(extra="forbid")
    version: Version


class ErrorBody(BaseModel):
    """A 422 answer: ``error`` is a short code, ``detail`` says what is wrong."""

    error: str
    detail: Any


class GameInfo(BaseModel):
    """Answer of ``GET /api/games/{number}``: ``record`` is the best win ``{moves, elapsed_s}``;
    ``records`` the top 10 (one per visitor); ``your_best`` the asking visitor's."""

    number: int
    mode: Mode
    solvable: bool | None
    record: dict[str, Any] | None
    records: list[dict[str, Any]] = []
    your_best: dict[str, Any] | None = None


class HintOut(BaseModel):
    """Answer of ``POST /api/plays/{id}/hint``."""

    move: str
    reason: str


class SolveBody(BaseModel):
    """Body of ``POST /api/solve``."""

    model_config = ConfigDict(extra="forbid")
    position: dict[str, Any]
    mode: Mode = "classic"
    budget_ms: float = Field(1000, gt=0, le=10_000, allow_inf_nan=False)


class SolveOut(BaseModel):
    """Answer of ``POST /api/solve``."""

    status: Literal["winnable", "unwinnable", "unknown"]
    moves: list[str]
    nodes: int
    elapsed_ms: float


class FinishCardOut(BaseModel):
    """The finish card of an ended play; ``counts`` is false for a set-up position (never in
    records or statistics); ``assisted`` is true when the player took hints, or had seen the
    solver's line for this deal (the post-game analysis): it then counts in statistics, never
    for records."""

    result: Literal["won", "resigned", "blocked"]
    custom: bool
    counts: bool
    assisted: bool
    moves: int
    elapsed_s: float
    undos: int
    hints: int
    cards_home: int
    points: int
    new_record: bool
    best_on_deal: bool
    finished_at: str


class PlayOut(BaseModel):
    """A Play (API.md); ``position`` never holds the stock's order."""

    play_id: str
    number: int | None
    mode: Mode
    custom: bool
    auto_safe: bool
    version: int
    status: Literal["playing", "won", "blocked", "resigned"]
    position: dict[str, Any]
    legal_moves: list[str]
    moves: int
    undos: int
    hints: int
    elapsed_s: float
    cards_home: int
    points: int
    moves_on_table: bool
    can_finish: bool
    dead_end: bool
    can_undo: bool
    can_redo: bool
    finish_card: FinishCardOut | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "unknown play"},
    409: {"model": PlayOut, "description": "stale version: the current Play"},
    422: {"model": ErrorBody, "description": "malformed or illegal; nothing changed"},
}
"""The error answers that the play routes document (OpenAPI ``responses``)."""
