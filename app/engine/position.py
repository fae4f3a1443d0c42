"""The position: an immutable value, its JSON form (API.md), its one-line text form
(docs/position-text.md) and their validation.

Shapes: ``tableau`` is a tuple of columns, each a tuple of cards bottom first (the last is the
top, the only available card); ``foundations`` holds each slot's top card or None, ``decks``
slots per suit in the order ♠ ♥ ♦ ♣ (so ♠ ♠ ♥ ♥ ♦ ♦ ♣ ♣ for two decks); ``waste`` is bottom
first (the last is playable); ``stock`` is in draw order (the first is drawn first).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import SUIT_LETTERS, Card, format_card, full_pack, parse_card
from .rules import Rules

Column = tuple[Card, ...]


class PositionError(ValueError):
    """A position (from JSON or text) that breaks the shape or the card count; the message says
    exactly what is wrong and where."""


SETUP_FIELDS = ("tableau", "foundations", "waste", "stock", "redeals_left", "face_down")
"""The fields of a position in API.md's set-up form."""

EMPTY = "-"
"""The text form's empty pile or empty foundation slot."""
HIDDEN = "#"
"""The text form's mark before a face-down card (``#KD``; ``##`` when hidden from a player)."""
REST = "*"
"""The text form's "every card not named elsewhere, in the fixed pack order" (set-up texts)."""


@dataclass(frozen=True, slots=True)
class Position:
    """One moment of a play. Immutable and hashable; see the module docstring for shapes.

    :ivar redeals_left: how often the waste may still be turned over (RULES.md, Relaxed).
    :ivar face_down: per column, how many of its lowest cards lie face down; ``()`` when none
        does (every mode without face-down cards). A column's top card is never face down
        (RULES.md, "The family": it turns as part of the action that uncovers it).
    """

    tableau: tuple[Column, ...]
    foundations: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card, ...]
    redeals_left: int = 0
    face_down: tuple[int, ...] = ()

    # -- derived values -------------------------------------------------------------------
    def hidden(self, column: int) -> int:
        """How many of column ``column``'s (0-based) lowest cards lie face down."""
        return self.face_down[column] if self.face_down else 0

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

    # -- text ---------------------------------------------------------------------------------
    def text(self, *, reveal_stock: bool) -> str:
        """The one-line text form (docs/position-text.md): ``1:KD 9S | 2:- | … | F:AS - … |
        W:7C 2D | S:4H 5H … | R:0``. Columns bottom first, foundation slots in the order
        S S H H D D C C, the waste bottom first, the stock in draw order.

        A face-down card is written ``#`` before it (``1:#KD #9S 4H``). ``reveal_stock=False``
        writes only the stock's size (``S:51 cards``) and ``##`` for a face-down card, as a
        player sees them; such a text is for reading and cannot be parsed back.
        ``str(position)`` reveals both.
        """
        parts = [
            f"{n}:{_pile_text(col, self.hidden(n - 1), reveal=reveal_stock)}" for n, col in enumerate(self.tableau, 1)
        ]
        parts.append("F:" + " ".join(EMPTY if top is None else str(top) for top in self.foundations))
        parts.append("W:" + _pile_text(self.waste))
        if reveal_stock or not self.stock:
            parts.append("S:" + _pile_text(self.stock))
        else:
            parts.append(f"S:{len(self.stock)} card{'' if len(self.stock) == 1 else 's'}")
        parts.append(f"R:{self.redeals_left}")
        return " | ".join(parts)

    def __str__(self) -> str:
        return self.text(reveal_stock=True)

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, rules: Rules | None = None) -> Position:
        """Read the text form of :meth:`text` (docs/position-text.md) back into a position.

        Labels and cards may be in any case, with any spaces around ``|``, ``:`` and between
        cards; a card may also be written ``10S``. ``*`` in one column, the waste or the stock
        stands for every card not named elsewhere, in the fixed pack order (RULES.md, "The
        deal"), so set-up texts need not list all 104 cards. With ``rules`` the layout must be
        the mode's (columns, foundation slots, at most ``rules.redeals`` redeals); without,
        the text gives it: its columns, and ``decks`` = foundation slots / 4.

        :raises PositionError: naming the part of the text and what is wrong: a missing,
            unknown, repeated or misplaced label, an unknown card, ``-`` among cards, a
            foundation slot of the wrong suit or the wrong number of slots, a bad redeal count,
            a hidden stock (``S:51 cards``), more than one ``*``, or card counts that are not
            each card exactly ``decks`` times.
        """
        columns, named = _text_sections(text, rules)
        foundations = _text_foundations(named["F"], rules)
        decks = len(foundations) // 4
        face_down = tuple(_face_down_in_text(body, f"column {n}") for n, body in enumerate(columns, 1))
        piles = {
            f"column {n}": _text_pile(body.replace(HIDDEN, " "), f"column {n}") for n, body in enumerate(columns, 1)
        }
        piles[_WASTE] = _text_pile(named["W"], _WASTE)
        piles[_STOCK] = _text_stock(named["S"])
        redeals = _text_redeals(named["R"], rules)
        filled = _fill_rest(piles, foundations, decks)
        stock = filled.pop(_STOCK)
        waste = filled.pop(_WASTE)
        pos = cls(
            tuple(filled.values()), tuple(foundations), waste, stock, redeals, face_down if any(face_down) else ()
        )
        _check_counts(pos, decks)
        return pos

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self, *, reveal_stock: bool = False) -> dict[str, Any]:
        """The JSON form of API.md. The stock's order and the face-down cards appear only with
        ``reveal_stock`` (the solver and set-up positions: then ``face_down`` gives each
        column's count, where any card is face down); players get ``stock_count``, and
        ``null`` for each face-down card (RULES.md, "The family")."""
        out: dict[str, Any] = {
            "tableau": [
                [None if k < self.hidden(i) and not reveal_stock else str(c) for k, c in enumerate(col)]
                for i, col in enumerate(self.tableau)
            ],
            "foundations": [format_card(c) for c in self.foundations],
            "waste": [str(c) for c in self.waste],
        }
        if reveal_stock:
            out["stock"] = [str(c) for c in self.stock]
        else:
            out["stock_count"] = len(self.stock)
        out["redeals_left"] = self.redeals_left
        if reveal_stock and self.face_down:
            out["face_down"] = list(self.face_down)
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
        face_down = _face_down(data.get("face_down"), tableau)
        pos = cls(tuple(tableau), tuple(foundations), tuple(waste), tuple(stock), redeals, face_down)
        pos.check_cards(rules)
        return pos

    def check_cards(self, rules: Rules) -> None:
        """Check that every card of ``rules.decks`` packs is here exactly ``decks`` times,
        counting each foundation slot as A up to its top.

        :raises PositionError: listing the missing and the extra cards.
        """
        _check_counts(self, rules.decks)


def _check_counts(position: Position, decks: int) -> None:
    want = Counter(full_pack(decks))
    seen = _cards_in(position.tableau, position.foundations, decks)
    seen.update(position.waste)
    seen.update(position.stock)
    missing = want - seen
    extra = seen - want
    if missing or extra:
        parts = []
        if missing:
            parts.append("missing " + _describe(missing))
        if extra:
            parts.append("too many " + _describe(extra))
        times = "once" if decks == 1 else f"{decks} times"
        raise PositionError(f"position must hold all {52 * decks} cards, each exactly {times}: {'; '.join(parts)}")


def _cards_in(piles: Sequence[Sequence[Card | None]], foundations: Sequence[Card | None], decks: int) -> Counter[Card]:
    """The cards of ``piles`` (a None in them is skipped) and of the foundations, each slot
    counted as A up to its top."""
    seen: Counter[Card] = Counter(card for pile in piles for card in pile if card is not None)
    for slot, top in enumerate(foundations):
        if top is not None:
            suit = slot // decks
            seen.update(Card(r, suit) for r in range(1, top.rank + 1))
    return seen


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


def _face_down(value: Any, tableau: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """Set-up ``face_down``: None, or one count per column, each below the column's length
    (a column's top card is face up), 0 for an empty column; ``()`` when every count is 0."""
    if value is None:
        return ()
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != len(tableau):
        raise PositionError(f"position.face_down must be a list of {len(tableau)} counts, one per column")
    for i, (count, col) in enumerate(zip(value, tableau, strict=True)):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count < max(len(col), 1):
            raise PositionError(
                f"position.face_down[{i}] must be a whole number from 0 to {max(len(col) - 1, 0)}"
                " (below the column's length: its top card is face up)"
            )
    return tuple(value) if any(value) else ()


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
                f"(order {_slot_order(rules.decks)}) and cannot hold {card}"
            )
        out.append(card)
    return out


# -- the text form (docs/position-text.md) ---------------------------------------------------
_PART = re.compile(r"\s*([0-9]+|[A-Za-z]+)\s*:(.*)", re.DOTALL)
_INNER_LABEL = re.compile(r"(?:^|\s)([0-9]+|[A-Za-z]+)\s*:")
_HIDDEN_STOCK = re.compile(r"\s*\d+\s+cards?\s*", re.IGNORECASE)
_AFTER_COLUMNS = ("F", "W", "S", "R")
_WASTE = "the waste W:"
_STOCK = "the stock S:"
_ORDER = "the parts are 1:, 2:, … one per column, then F:, W:, S:, R:, separated by |"


def _pile_text(cards: Sequence[Card], face_down: int = 0, *, reveal: bool = True) -> str:
    if not cards:
        return EMPTY
    down = [HIDDEN + (str(c) if reveal else HIDDEN) for c in cards[:face_down]]
    return " ".join(down + [str(c) for c in cards[face_down:]])


def _unmarked(body: str) -> str:
    return body.replace(HIDDEN, " ")


def _face_down_in_text(body: str, where: str) -> int:
    """How many cards of a column's body are marked face down (``#KD``): they must be its
    lowest cards, never its top, each a card (``##`` hides one, and cannot be read back)."""
    tokens = body.split()
    marked = [t.startswith(HIDDEN) for t in tokens]
    count = sum(marked)
    if not count:
        return 0
    if any(t.startswith(HIDDEN * 2) or t == HIDDEN for t in tokens):
        raise PositionError(f"position text, {where}: ## hides a face-down card; write the card after # (#KD)")
    if marked != [True] * count + [False] * (len(tokens) - count):
        raise PositionError(f"position text, {where}: face-down cards (#KD) must be the column's lowest ones")
    if count == len(tokens):
        raise PositionError(f"position text, {where}: the top card of a column is face up (no # before it)")
    return count


def _text_parts(text: str) -> list[tuple[str, str]]:
    """``text`` cut at ``|`` into (label in upper case, body) pairs."""
    if not isinstance(text, str):
        raise PositionError(f"a position text must be a string, not {type(text).__name__}")
    out = []
    for n, part in enumerate(text.split("|"), 1):
        if not part.strip():
            raise PositionError(f"position text, part {n} is empty (two | in a row, or one at an end?); {_ORDER}")
        m = _PART.fullmatch(part)
        if m is None:
            raise PositionError(f"position text, part {n} {part.strip()!r} has no label; {_ORDER}")
        second = _INNER_LABEL.search(m.group(2))
        if second:
            raise PositionError(
                f"position text, part {n} holds two labels, {m.group(1)}: and {second.group(1)}:"
                f" (a | missing?); {_ORDER}"
            )
        out.append((m.group(1).upper(), m.group(2)))
    return out


def _text_sections(text: str, rules: Rules | None) -> tuple[list[str], dict[str, str]]:
    """The columns' bodies in order and the bodies of F, W, S and R, each label checked for
    its place (and the column count against ``rules``)."""
    parts = _text_parts(text)
    columns: list[str] = []
    while len(columns) < len(parts) and parts[len(columns)][0].isdigit():
        label, body = parts[len(columns)]
        if int(label) != len(columns) + 1:
            raise PositionError(
                f"position text, expected column {len(columns) + 1} ({len(columns) + 1}:), found {label}:; {_ORDER}"
            )
        columns.append(body)
    if not columns:
        raise PositionError(f"position text must begin with column 1 (1:), not {parts[0][0]}:; {_ORDER}")
    named: dict[str, str] = {}
    rest = parts[len(columns) :]
    for i, want in enumerate(_AFTER_COLUMNS):
        after = f"column {len(columns)}" if i == 0 else f"{_AFTER_COLUMNS[i - 1]}:"
        if i >= len(rest):
            raise PositionError(f"position text, {want}: is missing after {after}; {_ORDER}")
        if rest[i][0] != want:
            raise PositionError(f"position text, expected {want}: after {after}, found {rest[i][0]}:; {_ORDER}")
        named[want] = rest[i][1]
    if len(rest) > len(_AFTER_COLUMNS):
        raise PositionError(f"position text, nothing may follow R:, found {rest[len(_AFTER_COLUMNS)][0]}:; {_ORDER}")
    if rules is not None and len(columns) != rules.columns:
        raise PositionError(f"position text has {_columns(len(columns))}; {rules.name} has {rules.columns}")
    return columns, named


def _columns(n: int) -> str:
    return f"{n} column{'' if n == 1 else 's'}"


def _text_pile(body: str, where: str) -> list[Card | None]:
    """A column, the waste or the stock: ``-``, or cards bottom first (draw order for the
    stock); None stands for ``*``, the rest of the pack."""
    tokens = body.split()
    if not tokens:
        raise PositionError(f"position text, {where} is blank: write {EMPTY} for an empty pile")
    if tokens == [EMPTY]:
        return []
    out: list[Card | None] = []
    for k, token in enumerate(tokens, 1):
        if token == REST:
            out.append(None)
        elif token == EMPTY:
            raise PositionError(
                f"position text, {where}, item {k}: {EMPTY} stands alone for an empty pile, not among cards"
            )
        else:
            try:
                out.append(parse_card(token))
            except ValueError as exc:
                raise PositionError(f"position text, {where}, card {k}: {exc}") from None
    return out


def _text_stock(body: str) -> list[Card | None]:
    if _HIDDEN_STOCK.fullmatch(body):
        raise PositionError(
            f"position text, S:{body.strip()} hides the stock's order; a position to play needs the stock's"
            f" cards in draw order (or {REST} for the cards not named elsewhere, in the fixed pack order)"
        )
    return _text_pile(body, _STOCK)


def _text_foundations(body: str, rules: Rules | None) -> list[Card | None]:
    """The slots' top cards (None for ``-``), checked for count and suit."""
    tokens = body.split()
    if rules is not None and len(tokens) != rules.foundation_slots:
        raise PositionError(
            f"position text, F: has {len(tokens)} slots; {rules.name} has {rules.foundation_slots}"
            f" (a top card or {EMPTY} for each, in the order {_slot_order(rules.decks)})"
        )
    if not tokens or len(tokens) % 4:
        raise PositionError(
            f"position text, F: has {len(tokens)} slots, not a multiple of 4 (a top card or {EMPTY} for each,"
            " the same number per suit in the order S … H … D … C)"
        )
    decks = len(tokens) // 4
    out: list[Card | None] = []
    for slot, token in enumerate(tokens, 1):
        if token == EMPTY:
            out.append(None)
            continue
        try:
            card = parse_card(token)
        except ValueError as exc:
            raise PositionError(f"position text, F: slot {slot}: {exc}") from None
        suit = (slot - 1) // decks
        if card.suit != suit:
            raise PositionError(
                f"position text, F: slot {slot} is a {SUIT_LETTERS[suit]} slot"
                f" (order {_slot_order(decks)}) and cannot hold {card}"
            )
        out.append(card)
    return out


def _slot_order(decks: int) -> str:
    return " ".join(letter for letter in SUIT_LETTERS for _ in range(decks))


def _text_redeals(body: str, rules: Rules | None) -> int:
    token = body.strip()
    if not (token.isascii() and token.isdecimal()):
        raise PositionError(f"position text, R:{token} is not a number of redeals left (a whole number, 0 or more)")
    redeals = int(token)
    if rules is not None and redeals > rules.redeals:
        allowed = "no redeal" if rules.redeals == 0 else f"at most {rules.redeals} redeal{'s' * (rules.redeals > 1)}"
        raise PositionError(f"position text, R:{token}: {rules.name} allows {allowed}")
    return redeals


def _fill_rest(
    piles: dict[str, list[Card | None]], foundations: list[Card | None], decks: int
) -> dict[str, tuple[Card, ...]]:
    """``piles`` (by where: ``column 1`` …, the waste, the stock) with ``*`` (None) replaced by every
    card not named elsewhere, in the fixed pack order."""
    holes = [where for where, pile in piles.items() for item in pile if item is None]
    if len(holes) > 1:
        raise PositionError(
            f"position text, {REST} (the rest of the pack) may appear once, not {len(holes)} times ({', '.join(holes)})"
        )
    rest = _rest_of_pack(list(piles.values()), foundations, decks) if holes else []
    return {
        where: tuple(card for item in pile for card in ([item] if item is not None else rest))
        for where, pile in piles.items()
    }


def _rest_of_pack(piles: list[list[Card | None]], foundations: list[Card | None], decks: int) -> list[Card]:
    """The cards of the fixed pack order (:func:`.cards.full_pack`) not in ``piles`` nor on
    the foundations; of two copies, the first deck's counts as the one named."""
    named = _cards_in(piles, foundations, decks)
    rest = []
    for card in full_pack(decks):
        if named[card]:
            named[card] -= 1
        else:
            rest.append(card)
    return rest
