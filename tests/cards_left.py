"""Test helper: the cards a hand-made position still needs to hold all 104."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from app.engine.cards import full_pack


def cards_left(used: Iterable[str]) -> list[str]:
    """Every card of two packs (in pack order) not among ``used`` (card codes, copies counted)."""
    count = Counter(used)
    rest = []
    for card in full_pack(2):
        code = str(card)
        if count[code]:
            count[code] -= 1
        else:
            rest.append(code)
    return rest
