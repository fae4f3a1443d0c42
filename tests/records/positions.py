"""Set-up positions (API.md, Position) near the end of a play, for the paths that end one; each
is written in the text form (docs/position-text.md) and sent as the JSON the API takes."""

from __future__ import annotations

from typing import Any

from tests.engine.support import setup_json

SUITS = "SHDC"
RANKS = "A23456789TJQK"


def near_won(
    *, slot_tops: dict[int, str | None], tableau: dict[int, list[str]] | None = None, waste: list[str] | None = None
) -> dict[str, Any]:
    """Every foundation slot full (K) except those in ``slot_tops`` (0-based slot → top card or
    None); the missing cards must be placed by ``tableau`` (1-based column → cards) and ``waste``,
    as the stock is empty."""
    slots = [f"K{SUITS[slot // 2]}" for slot in range(8)]
    for slot, top in slot_tops.items():
        slots[slot] = top or "-"
    columns = [f"{n}:{' '.join((tableau or {}).get(n, [])) or '-'}" for n in range(1, 11)]
    return setup_json(" | ".join([*columns, f"F:{' '.join(slots)}", f"W:{' '.join(waste or []) or '-'}", "S:-", "R:0"]))


BLOCKED = (
    "1:3S | 2:3H | 3:3D | 4:3C | 5:5S | 6:5H | 7:5D | 8:5C | 9:7S | 10:7H | F:- - - - - - - - | W:* 9C | S:- | R:0"
)
"""Ten single cards whose tops (3s, 5s, 7s) have no target, every other card in the waste under
a 9♣ that has none either, nothing on the foundations, the stock spent."""


def blocked() -> dict[str, Any]:
    """A Classic position with no legal move and nothing to draw (:data:`BLOCKED`)."""
    return setup_json(BLOCKED)
