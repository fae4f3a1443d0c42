"""Game number → starting position: the project's own documented shuffle (RULES.md, "The deal").

The algorithm, fixed forever (changing it changes every deal, a breaking change):

1. The pack in its fixed order: deck 1 then deck 2 (then deck 3), each ♠ ♥ ♦ ♣, each A … K
   (:func:`.cards.full_pack`); where the aces start on the foundations (Lucas), the pack
   without its aces, in the same order.
2. A SplitMix64 generator seeded with the game number: ``state += 0x9E3779B97F4A7C15``, then
   ``z = state; z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB;
   z ^= z>>31`` (all mod 2^64) gives the next 64-bit output.
3. A uniform integer below ``n`` by rejection: draw outputs until one is below
   ``2^64 - (2^64 mod n)``, then take it mod ``n`` (no modulo bias).
4. Fisher–Yates from the end: for ``i`` from ``len-1`` down to 1, swap item ``i`` with item
   ``uniform(i + 1)``.
5. The first ``columns × cards_per_column`` cards of the shuffled pack are dealt row by row:
   card ``k`` goes to column ``k mod columns``, the first row at the bottom. The rest, in order,
   is the stock in draw order (its first card is drawn first). In each column the
   ``face_down`` lowest cards lie face down.

Every mode with the same columns, cards per column, decks and aces deals the same cards for
the same number (Classic, Relaxed and the variants of ten columns of four, for example).
"""

from __future__ import annotations

from .cards import Card, full_pack
from .position import Position
from .rules import Rules

MIN_GAME_NUMBER = 1
MAX_GAME_NUMBER = 4_294_967_295
_MASK = (1 << 64) - 1


class SplitMix64:
    """The deal's pseudo-random generator (step 2 of the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """The next output, an integer in [0, 2^64)."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection (step 3). ``n`` ≥ 1."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled_pack(number: int, decks: int, *, aces: bool = True) -> list[Card]:
    """The pack of ``decks`` decks (without its aces when ``aces`` is false) shuffled for game
    ``number`` (steps 1–4)."""
    pack = [card for card in full_pack(decks) if aces or card.rank != 1]
    rng = SplitMix64(number)
    for i in range(len(pack) - 1, 0, -1):
        j = rng.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def check_game_number(number: int) -> None:
    """:raises ValueError: unless ``number`` is an integer from 1 to 4294967295."""
    if isinstance(number, bool) or not isinstance(number, int) or not MIN_GAME_NUMBER <= number <= MAX_GAME_NUMBER:
        raise ValueError(f"game number must be an integer from {MIN_GAME_NUMBER} to {MAX_GAME_NUMBER}, not {number!r}")


def deal(number: int, rules: Rules) -> Position:
    """The starting position of game ``number`` under ``rules`` (step 5).

    :raises ValueError: for a number outside 1 … 4294967295.
    """
    check_game_number(number)
    pack = shuffled_pack(number, rules.decks, aces=not rules.aces_home)
    dealt = rules.columns * rules.cards_per_column
    columns = tuple(tuple(pack[c : dealt : rules.columns]) for c in range(rules.columns))
    slots = range(rules.foundation_slots)
    return Position(
        tableau=columns,
        foundations=tuple(Card(1, slot // rules.decks) if rules.aces_home else None for slot in slots),
        waste=(),
        stock=tuple(pack[dealt:]),
        redeals_left=rules.redeals,
        face_down=(rules.face_down,) * rules.columns if rules.face_down else (),
    )
