"""Cards: ranks, suits and the one text encoding of a card (RULES.md, "Cards and notation").

A card is written rank + suit: ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` (input also accepts ``10``),
suits ``S H D C``. The two copies of a card in a two-deck game are equal values: the engine never
tells them apart, it only counts them.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

Rank: TypeAlias = int
"""1 (ace) … 13 (king)."""
Suit: TypeAlias = int
"""0 ♠, 1 ♥, 2 ♦, 3 ♣ — the foundation order of RULES.md."""

ACE: Rank = 1
KING: Rank = 13
SPADES: Suit = 0
HEARTS: Suit = 1
DIAMONDS: Suit = 2
CLUBS: Suit = 3
SUITS: tuple[Suit, ...] = (SPADES, HEARTS, DIAMONDS, CLUBS)
RANKS: tuple[Rank, ...] = tuple(range(ACE, KING + 1))

RANK_LETTERS = "A23456789TJQK"
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RED_SUITS = frozenset({HEARTS, DIAMONDS})


class Card(NamedTuple):
    """One playing card: ``Card(rank, suit)``, e.g. ``Card(7, DIAMONDS)`` is ``7D``.

    ``str(card)`` gives the notation (``"7D"``); :meth:`parse` reads it back.
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"7D"``, ``"TS"``, ``"10s"`` (any case, surrounding spaces ignored).

        :raises ValueError: when the text is not a card.
        """
        return parse_card(text)

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + SUIT_LETTERS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in RED_SUITS

    def label(self) -> str:
        """The face a player reads: ``"10♠"``, ``"A♥"``, ``"7♦"``."""
        rank = "10" if self.rank == 10 else RANK_LETTERS[self.rank - 1]
        return rank + SUIT_SYMBOLS[self.suit]


def parse_card(text: str) -> Card:
    """Parse one card in the project's notation; see :class:`Card`.

    :raises ValueError: naming the text, when it is not a card.
    """
    t = text.strip().upper() if text.isascii() else ""  # "7ſ" is not 7S
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
        raise ValueError(f"{text!r} is not a card (expected rank A23456789TJQK + suit SHDC, e.g. '7D')")
    return Card(RANK_LETTERS.index(t[0]) + 1, SUIT_LETTERS.index(t[1]))


def format_card(card: Card | None) -> str | None:
    """``str(card)``, or None for None (an empty foundation slot)."""
    return None if card is None else str(card)


def full_pack(decks: int) -> list[Card]:
    """All cards of ``decks`` standard decks, in the fixed pre-shuffle order: deck by deck,
    suits ♠ ♥ ♦ ♣, ranks A … K (RULES.md, "The deal")."""
    return [Card(rank, suit) for _ in range(decks) for suit in SUITS for rank in RANKS]
