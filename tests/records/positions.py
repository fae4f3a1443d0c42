"""Set-up positions (API.md, Position) near the end of a play, for the paths that end one."""

from __future__ import annotations

from typing import Any

SUITS = "SHDC"
RANKS = "A23456789TJQK"


def near_won(
    *, slot_tops: dict[int, str | None], tableau: dict[int, list[str]] | None = None, waste: list[str] | None = None
) -> dict[str, Any]:
    """Every foundation slot full (K) except those in ``slot_tops`` (0-based slot → top card or
    None); the missing cards must be placed by ``tableau`` (1-based column → cards) and ``waste``."""
    foundations: list[str | None] = [f"K{SUITS[i // 2]}" for i in range(8)]
    for slot, top in slot_tops.items():
        foundations[slot] = top
    columns: list[list[str]] = [[] for _ in range(10)]
    for col, cards in (tableau or {}).items():
        columns[col - 1] = list(cards)
    return {"tableau": columns, "foundations": foundations, "waste": list(waste or []), "stock": [], "redeals_left": 0}


def blocked() -> dict[str, Any]:
    """A Classic position with no legal move and nothing to draw: ten single-card columns whose
    tops (3s, 5s, 7s) have no target, the waste topped by 9♣, nothing on the foundations."""
    tops = ["3S", "3H", "3D", "3C", "5S", "5H", "5D", "5C", "7S", "7H"]
    everything = [r + s for s in SUITS for r in RANKS] * 2
    rest = list(everything)
    for card in tops + ["9C"]:
        rest.remove(card)
    return {
        "tableau": [[c] for c in tops],
        "foundations": [None] * 8,
        "waste": rest + ["9C"],
        "stock": [],
        "redeals_left": 0,
    }
