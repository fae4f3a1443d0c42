"""The position: an immutable value with the JSON form of API.md and its validation.

Shapes: ``tableau`` is a tuple of columns, each a tuple of cards bottom first (the last is the
top, the only available card); ``foundations`` holds each slot's top card or None, ``decks``
slots per suit in the order ♠ ♥ ♦ ♣ (so ♠ ♠ ♥ ♥ ♦ ♦ ♣ ♣ for two decks); ``waste`` is bottom
first (the last is playable); ``stock`` is in draw order (the first is drawn first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import SUIT_LETTERS, Card, format_card, full_pack, parse_card
from .rules import Rules

Column = tuple[Card, ...]


class PositionError(ValueError):
    """A position (usually from JSON) that breaks the shape or the card count; the message says
    exactly what is wrong."""


SETUP_FIELDS = ("tableau", "foundations", "waste", "stock", "redeals_left")
"""The fields of a position in API.md's set-up form."""


@dataclass(frozen=True, slots=True)
class Position:
    """One moment of a play. Immutable and hashable; see the module docstring for shapes.

    :ivar redeals_left: how often the waste may still be turned over (RULES.md, Relaxed).
    """

    tableau: tuple[Column, ...]
    foundations: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    redeals_left: int = 0

    # -- derived values -------------------------------------------------------------------
    def foundation_height(self, slot: int) -> int:
        """Cards on foundation ``slot`` (0-based): 0 … 13."""
        top = self.foundations[slot]
        return 0 if top is None else top.rank

    def slots_of_suit(self, suit: int) -> range:
        """The 0-based foundation slots of ``suit``."""
        per_suit = len(self.foundations) // 4
        return range(suit * per_suit, (suit + 1) * per_suit)

    def suit_floor(self, suit: int) -> int:
        """The LOWER height among ``suit``'s foundation slots (RULES.md, safe auto-move)."""
        return min(self.foundation_height(s) for s in self.slots_of_suit(suit))

    @property
    def cards_home(self) -> int:
        """Cards on the foundations."""
        return sum(self.foundation_height(s) for s in range(len(self.foundations)))

    @property
    def empty_columns(self) -> int:
        """How many tableau columns are empty."""
        return sum(1 for c in self.tableau if not c)

    def with_(self, **changes: Any) -> Position:
        """A copy with some fields replaced."""
        return replace(self, **changes)

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self, *, reveal_stock: bool = False) -> dict[str, Any]:
        """The JSON form of API.md. The stock's order appears only with ``reveal_stock``
        (the solver and set-up positions); players get ``stock_count``."""
        out: dict[str, Any] = {
            "tableau": [[str(c) for c in col] for col in self.tableau],
            "foundations": [format_card(c) for c in self.foundations],
            "waste": [str(c) for c in self.waste],
        }
        if reveal_stock:
            out["stock"] = [str(c) for c in self.stock]
        else:
            out["stock_count"] = len(self.stock)
        out["redeals_left"] = self.redeals_left
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rules: Rules) -> Position:
        """Read and validate a position in API.md's set-up form (with ``stock`` as a list in
        draw order; ``redeals_left`` defaults to the mode's own).

        :raises PositionError: naming the first thing wrong: a missing, unknown or malformed
            field, an unknown card, a foundation slot of the wrong suit, or card counts that are not
            each card exactly ``rules.decks`` times.
        """
        if not isinstance(data, Mapping):
            raise PositionError("position must be an object with tableau, foundations, waste, stock")
        unknown = sorted(str(key) for key in data if key not in SETUP_FIELDS)
        if unknown:
            raise PositionError(
                f"position.{unknown[0]} is not a set-up field (they are: {', '.join(SETUP_FIELDS)};"
                " stock is a list in draw order, in place of stock_count)"
            )
        for key in ("tableau", "foundations", "waste", "stock"):
            if key not in data:
                raise PositionError(f"position.{key} is missing")
        tableau = _card_lists(data["tableau"], "tableau")
        if len(tableau) != rules.columns:
            raise PositionError(f"position.tableau must have {rules.columns} columns, not {len(tableau)}")
        foundations = _foundations(data["foundations"], rules)
        waste = _cards(data["waste"], "waste")
        stock = _cards(data["stock"], "stock")
        redeals = data.get("redeals_left", rules.redeals)
        if isinstance(redeals, bool) or not isinstance(redeals, int) or not 0 <= redeals <= rules.redeals:
            raise PositionError(f"position.redeals_left must be an integer from 0 to {rules.redeals}")
        pos = cls(tuple(tableau), tuple(foundations), tuple(waste), tuple(stock), redeals)
        pos.check_cards(rules)
        return pos

    def check_cards(self, rules: Rules) -> None:
        """Check that every card of ``rules.decks`` packs is here exactly ``decks`` times,
        counting each foundation slot as A up to its top.

        :raises PositionError: listing the missing and the extra cards.
        """
        seen: Counter[Card] = Counter()
        for col in self.tableau:
            seen.update(col)
        seen.update(self.waste)
        seen.update(self.stock)
        for slot, top in enumerate(self.foundations):
            if top is not None:
                suit = slot // rules.decks
                seen.update(Card(r, suit) for r in range(1, top.rank + 1))
        want = Counter(full_pack(rules.decks))
        missing = want - seen
        extra = seen - want
        if missing or extra:
            parts = []
            if missing:
                parts.append("missing " + _describe(missing))
            if extra:
                parts.append("too many " + _describe(extra))
            raise PositionError(
                f"position must hold all {rules.card_count} cards, each exactly {rules.decks} times: {'; '.join(parts)}"
            )


def _describe(counts: Counter[Card]) -> str:
    return ", ".join(f"{c}×{n}" for c, n in sorted(counts.items(), key=lambda kv: (kv[0].suit, kv[0].rank)))


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise PositionError(f"{where} must be a card string like '7D', not {value!r}")
    try:
        return parse_card(value)
    except ValueError as exc:
        raise PositionError(f"{where}: {exc}") from None


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise PositionError(f"position.{where} must be a list of cards")
    return [_card(v, f"position.{where}[{i}]") for i, v in enumerate(value)]


def _card_lists(value: Any, where: str) -> list[tuple[Card, ...]]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise PositionError(f"position.{where} must be a list of columns")
    return [tuple(_cards(col, f"{where}[{i}]")) for i, col in enumerate(value)]


def _foundations(value: Any, rules: Rules) -> list[Card | None]:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != rules.foundation_slots:
        raise PositionError(f"position.foundations must be a list of {rules.foundation_slots} slots (card or null)")
    out: list[Card | None] = []
    for i, v in enumerate(value):
        if v is None:
            out.append(None)
            continue
        card = _card(v, f"position.foundations[{i}]")
        suit = i // rules.decks
        if card.suit != suit:
            raise PositionError(
                f"position.foundations[{i}] is a {SUIT_LETTERS[suit]} slot "
                f"(order S S H H D D C C) and cannot hold {card}"
            )
        out.append(card)
    return out
