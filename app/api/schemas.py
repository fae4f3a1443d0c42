"""Pydantic bodies and answers of the JSON API (API.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, cast

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StringConstraints,
    model_validator,
)

from app.engine.position import SETUP_FIELDS
from app.engine.rules import FAMILY

Mode = Literal[
    "classic",
    "relaxed",
    "josephine",
    "limited",
    "lucas",
    "indian",
    "streets",
    "maria",
    "number-ten",
    "rank-and-file",
    "little-forty",
    "sixty-thieves",
    "kings-only",
    "three-passes",
]
"""Every variant's slug, as RULES.md's family table lists them (``app.engine.rules.FAMILY``)."""
MAX_VERSION = 2**31 - 1
"""Beyond any play's version (one per action)."""


def _whole_number(value: object) -> object:
    """A JSON integer: ``3`` or ``3.0`` (JSON Schema's ``integer`` takes both), never ``true``
    or ``"3"``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("must be a whole number")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError("must be a whole number")
        return int(value)
    return value


Version = Annotated[
    int,
    Field(ge=0, le=MAX_VERSION, description="the play's version the action is based on (API.md)"),
    BeforeValidator(_whole_number),  # after the bounds, so that the document shows them
]
Card = Annotated[
    str,
    StringConstraints(pattern=r"^[A2-9TJQK][SHDC]$"),
    Field(description="rank A23456789TJQK then suit SHDC: 7S, TD"),
]


def _ten_as_t(text: str) -> str:
    """``10D`` -> ``TD``: a card's input may write its rank ten as ``10`` (RULES.md, notation)."""
    return "T" + text[2:] if text.startswith("10") else text


CardIn = Annotated[
    str,
    StringConstraints(pattern=r"^(?:[A2-9TJQK]|10)[SHDC]$"),
    AfterValidator(_ten_as_t),
    Field(description="rank A23456789TJQK (a ten also as 10) then suit SHDC: 7S, TD, 10D"),
]
"""A card in a set-up position: as :data:`Card`, and a ten may be written ``10``."""
_COLUMNS = sorted({rules.columns for rules in FAMILY})
_SLOTS = sorted({rules.foundation_slots for rules in FAMILY})
_CARDS = max(rules.card_count for rules in FAMILY)
_REDEALS = max(rules.redeals for rules in FAMILY)
Pile = Annotated[list[Card], Field(max_length=_CARDS)]
PileIn = Annotated[list[CardIn], Field(max_length=_CARDS)]
Tableau = Annotated[
    list[PileIn],
    Field(min_length=_COLUMNS[0], max_length=_COLUMNS[-1], description="columns, each bottom card first"),
]
ShownPile = Annotated[
    list[Card | None],
    Field(max_length=_CARDS, description="bottom card first; a face-down card is null (API.md)"),
]
ShownTableau = Annotated[
    list[ShownPile],
    Field(min_length=_COLUMNS[0], max_length=_COLUMNS[-1], description="columns, each bottom card first"),
]
_SLOTS_FIELD = Field(
    min_length=_SLOTS[0],
    max_length=_SLOTS[-1],
    description="each slot's top card or null; per suit in the order S, H, D, C",
)
Foundations = Annotated[list[Card | None], _SLOTS_FIELD]
FoundationsIn = Annotated[list[CardIn | None], _SLOTS_FIELD]


def _no_default(schema: dict[str, Any]) -> None:
    """Leave a field's ``default`` out of the document (a default that only the server knows)."""
    schema.pop("default", None)


class PositionIn(BaseModel):
    """A set-up position (API.md, "Position"): ``stock`` in draw order (the first is drawn
    first). The engine then checks the card counts and foundations
    (:meth:`app.engine.Position.from_json`): 422 ``bad_position`` naming what is wrong."""

    model_config = ConfigDict(extra="forbid")
    tableau: Tableau
    foundations: FoundationsIn
    waste: Annotated[PileIn, Field(description="bottom first; the last is the playable top")]
    stock: Annotated[PileIn, Field(description="draw order: the first is drawn first")]
    redeals_left: Annotated[int, Field(ge=0, le=_REDEALS), BeforeValidator(_whole_number)] = Field(
        default=cast(int, None),  # left out: the mode's own (engine_json leaves it out); null is refused
        validate_default=False,
        description="default: the mode's own (0 in Classic, 1 in Relaxed)",
        json_schema_extra=_no_default,
    )
    face_down: Annotated[
        list[Annotated[int, Field(ge=0, le=_CARDS), BeforeValidator(_whole_number)]],
        Field(min_length=_COLUMNS[0], max_length=_COLUMNS[-1]),
    ] = Field(
        default=cast(list[int], None),  # left out: no card is face down; null is refused
        validate_default=False,
        description="per column, how many of its lowest cards lie face down (its top card never does); left out: none",
        json_schema_extra=_no_default,
    )

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: Any) -> Any:
        """Name an unknown field and say what the set-up fields are (``stock_count`` is the
        Play's form, not the set-up's)."""
        if isinstance(data, dict):
            unknown = sorted(str(key) for key in data if key not in SETUP_FIELDS)
            if unknown:
                raise ValueError(
                    f"position.{unknown[0]} is not a set-up field (they are: {', '.join(SETUP_FIELDS)};"
                    " stock is a list in draw order, in place of stock_count)"
                )
        return data

    def engine_json(self) -> dict[str, Any]:
        """The JSON form :meth:`app.engine.Position.from_json` reads (``redeals_left`` only
        when given)."""
        return self.model_dump(exclude_unset=True)


class PositionOut(BaseModel):
    """A play's position (API.md, "Play"): the stock's order never appears, only its size, and
    a face-down card is ``null``."""

    tableau: ShownTableau
    foundations: Foundations
    waste: Pile
    stock_count: int = Field(ge=0, le=_CARDS)
    redeals_left: int = Field(ge=0, le=_REDEALS)


class NewPlay(BaseModel):
    """Body of ``POST /api/games/{number}/plays``."""

    model_config = ConfigDict(extra="forbid")
    mode: Mode = "classic"
    auto_safe: StrictBool = True


class NewCustomPlay(NewPlay):
    """Body of ``POST /api/plays``: a set-up position (``stock`` as a list in draw order)."""

    position: PositionIn


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
    """Every error answer of the API (API.md, "Errors"): ``error`` is a short code
    (``invalid_request``, ``illegal_move``, ``not_found``, ``rate_limited``, …), ``detail``
    says what is wrong, in words."""

    error: str
    detail: str


class BestOut(BaseModel):
    """A best win on a deal: fewest moves, then least time."""

    moves: int
    elapsed_s: float


class TopWinOut(BestOut):
    """One of a deal's top wins (one per visitor): its place, the winner's display name
    (null: none set), when."""

    place: int
    name: str | None
    finished_at: str


class GameInfo(BaseModel):
    """Answer of ``GET /api/games/{number}``: ``record`` is the best win ``{moves, elapsed_s}``;
    ``records`` the top 10 (one per visitor); ``your_best`` the asking visitor's."""

    number: int
    mode: Mode
    solvable: bool | None
    record: BestOut | None
    records: list[TopWinOut] = []
    your_best: BestOut | None = None


class HintOut(BaseModel):
    """Answer of ``POST /api/plays/{id}/hint``."""

    move: str
    reason: str


class SolveBody(BaseModel):
    """Body of ``POST /api/solve``."""

    model_config = ConfigDict(extra="forbid")
    position: PositionIn
    mode: Mode = "classic"
    budget_ms: StrictFloat = Field(1000, gt=0, le=10_000, allow_inf_nan=False)


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
    position: PositionOut
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


_ANSWERS: dict[int, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "the request could not be read (a body that is not UTF-8, say)"},
    404: {"model": ErrorBody, "description": "unknown play"},
    403: {"model": ErrorBody, "description": "a cross-origin write (``cross_origin``): refused, nothing changed"},
    409: {"model": PlayOut, "description": "stale version: the current Play; nothing changed"},
    413: {"model": ErrorBody, "description": "a body over the size limit (``http_413``): refused unread"},
    422: {"model": ErrorBody, "description": "malformed or illegal; nothing changed"},
    429: {
        "model": ErrorBody,
        "description": "the solver was asked too often: try again after ``Retry-After`` seconds",
        "headers": {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}},
    },
    503: {"model": ErrorBody, "description": "the solver is busy: try again in a moment"},
}


def answers(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The error answers ``codes`` as OpenAPI ``responses`` (each ``{error, detail}``, except
    409: the current Play).

    :raises KeyError: for a code the API never answers.
    """
    return {code: _ANSWERS[code] for code in codes}


EVERY_ROUTE = answers(400, 403, 413, 422)
"""What any ``/api`` route may answer: a request that cannot be read, is forged from another
origin (writes only; :mod:`app.web.middleware.guard`), is too large
(:mod:`app.web.middleware.body_limit`), or does not validate."""
