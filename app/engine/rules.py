"""Rules as data: each variant of RULES.md's family table is one :class:`Rules` row.

The logic in :mod:`.moves` reads these values; nothing there hard-codes "10 columns" or
"same suit".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import RED_SUITS, Card


class Build(StrEnum):
    """How a card builds on a column's top card (always one rank lower)."""

    SAME_SUIT = "same_suit"
    ALTERNATE_COLOURS = "alternate_colours"
    ANY_SUIT_BUT_OWN = "any_suit_but_own"

    def describe(self) -> str:
        """Words for messages: ``"same suit"``."""
        return self.value.replace("_", " ")


class RunMoves(StrEnum):
    """How many cards one action may carry from a column."""

    SUPERMOVE = "supermove"
    """One card at a time; a run of up to 2^e cards as a shortcut (e = empty columns other than
    the destination). RULES.md, Classic 5."""
    WHOLE_RUNS = "whole_runs"
    """Any part of a run, any length, as one unit. RULES.md, Relaxed."""


@dataclass(frozen=True, slots=True)
class Rules:
    """One variant's rules as values. RULES.md, "The family".

    :ivar name: the mode's id, used in URLs and the API (``"classic"``).
    :ivar columns: tableau columns.
    :ivar cards_per_column: cards dealt face up to each column.
    :ivar decks: standard 52-card decks in play (foundations: 4 × decks slots).
    :ivar build: how cards build on columns.
    :ivar run_moves: how runs move.
    :ivar kings_only_in_empty: only a king (or a run headed by one) may fill an empty column.
    :ivar redeals: how often the waste may be turned over into a new stock.
    :ivar face_down: how many of each column's dealt cards lie face down (the lowest ones).
    :ivar draw: cards one ``D`` turns from the stock onto the waste (1 or 3).
    :ivar aces_home: the aces start on the foundations and are not shuffled (Lucas).
    :ivar title: the variant's name in English (templates translate it).
    """

    name: str
    columns: int = 10
    cards_per_column: int = 4
    decks: int = 2
    build: Build = Build.SAME_SUIT
    run_moves: RunMoves = RunMoves.SUPERMOVE
    kings_only_in_empty: bool = False
    redeals: int = 0
    face_down: int = 0
    draw: int = 1
    aces_home: bool = False
    title: str = ""

    @property
    def card_count(self) -> int:
        """Cards in play: 52 × decks."""
        return 52 * self.decks

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal (64 in Classic, 57 in Lucas)."""
        aces = 4 * self.decks if self.aces_home else 0
        return self.card_count - aces - self.columns * self.cards_per_column

    @property
    def phone_rows(self) -> tuple[int, int]:
        """How the columns stand on a phone, in two rows (RULES.md, "The family": 9 as 5 + 4,
        10 as 5 + 5, 12 as 6 + 6, 13 as 7 + 6)."""
        first = (self.columns + 1) // 2
        return first, self.columns - first

    @property
    def foundation_slots(self) -> int:
        """Foundation slots, ``decks`` per suit in the order ♠ ♥ ♦ ♣."""
        return 4 * self.decks

    def sitter_suits(self, suit: int) -> tuple[int, ...]:
        """The suits whose cards may lie on a card of ``suit`` in a column (by :attr:`build`):
        the suit itself, the two of the other colour, or the three others."""
        if self.build is Build.SAME_SUIT:
            return (suit,)
        red = suit in RED_SUITS
        if self.build is Build.ALTERNATE_COLOURS:
            return tuple(s for s in range(4) if (s in RED_SUITS) != red)
        return tuple(s for s in range(4) if s != suit)

    def builds_on(self, card: Card, target: Card) -> bool:
        """Whether ``card`` may lie on ``target`` in a column: one rank lower and suited by
        :attr:`build` (RULES.md, Classic 3: ``6D`` on ``7D``; ace and king do not wrap)."""
        if card.rank + 1 != target.rank:
            return False
        if self.build is Build.SAME_SUIT:
            return card.suit == target.suit
        if self.build is Build.ALTERNATE_COLOURS:
            return card.is_red != target.is_red
        return card.suit != target.suit


CLASSIC = Rules(name="classic", title="Classic")
"""RULES.md, Classic: same suit, one card at a time (2^e supermove), one pass of the stock."""

RELAXED = Rules(name="relaxed", run_moves=RunMoves.WHOLE_RUNS, redeals=1, title="Relaxed")
"""RULES.md, Relaxed: whole runs move freely; the waste may be turned over once."""

_RUNS = RunMoves.WHOLE_RUNS
_ALT = Build.ALTERNATE_COLOURS
_OTHER = Build.ANY_SUIT_BUT_OWN

FAMILY: tuple[Rules, ...] = (
    CLASSIC,
    RELAXED,
    Rules(name="josephine", run_moves=_RUNS, title="Josephine"),
    Rules(name="limited", columns=12, cards_per_column=3, title="Limited"),
    Rules(name="lucas", columns=13, cards_per_column=3, aces_home=True, title="Lucas"),
    Rules(name="indian", cards_per_column=3, face_down=1, build=_OTHER, title="Indian"),
    Rules(name="streets", build=_ALT, title="Streets"),
    Rules(name="maria", columns=9, build=_ALT, title="Maria"),
    Rules(name="number-ten", face_down=2, build=_ALT, run_moves=_RUNS, title="Number Ten"),
    Rules(name="rank-and-file", face_down=3, build=_ALT, run_moves=_RUNS, title="Rank and File"),
    Rules(name="little-forty", build=_OTHER, run_moves=_RUNS, draw=3, redeals=3, title="Little Forty"),
    Rules(name="sixty-thieves", columns=12, cards_per_column=5, decks=3, title="Sixty Thieves"),
    Rules(name="kings-only", kings_only_in_empty=True, title="Kings Only"),
    Rules(name="three-passes", redeals=2, title="Three Passes"),
)
"""Every variant of RULES.md's family table, in its order: Classic and Relaxed first."""


class Mode(StrEnum):
    """The modes players can choose, by the slug URLs and the API use (RULES.md, "The family"):
    one per row of :data:`FAMILY`, in its order."""

    CLASSIC = "classic"
    RELAXED = "relaxed"
    JOSEPHINE = "josephine"
    LIMITED = "limited"
    LUCAS = "lucas"
    INDIAN = "indian"
    STREETS = "streets"
    MARIA = "maria"
    NUMBER_TEN = "number-ten"
    RANK_AND_FILE = "rank-and-file"
    LITTLE_FORTY = "little-forty"
    SIXTY_THIEVES = "sixty-thieves"
    KINGS_ONLY = "kings-only"
    THREE_PASSES = "three-passes"


MODES: dict[str, Rules] = {r.name: r for r in FAMILY}
"""The modes players can choose, by slug, in the family's order."""

assert list(MODES) == [m.value for m in Mode], "Mode lists the family's slugs in order"
