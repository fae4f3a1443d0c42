"""Rules as data: each variant of RULES.md's family table is one :class:`Rules` row.

The logic in :mod:`.moves` reads these values; nothing there hard-codes "10 columns" or
"same suit".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Card


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
    """

    name: str
    columns: int = 10
    cards_per_column: int = 4
    decks: int = 2
    build: Build = Build.SAME_SUIT
    run_moves: RunMoves = RunMoves.SUPERMOVE
    kings_only_in_empty: bool = False
    redeals: int = 0

    @property
    def card_count(self) -> int:
        """Cards in play: 52 × decks."""
        return 52 * self.decks

    @property
    def foundation_slots(self) -> int:
        """Foundation slots, ``decks`` per suit in the order ♠ ♥ ♦ ♣."""
        return 4 * self.decks

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


CLASSIC = Rules(name="classic")
"""RULES.md, Classic: same suit, one card at a time (2^e supermove), one pass of the stock."""

RELAXED = Rules(name="relaxed", run_moves=RunMoves.WHOLE_RUNS, redeals=1)
"""RULES.md, Relaxed: whole runs move freely; the waste may be turned over once."""


class Mode(StrEnum):
    """The modes players can choose, by the name URLs and the API use (RULES.md, Classic and
    Relaxed)."""

    CLASSIC = "classic"
    RELAXED = "relaxed"


MODES: dict[str, Rules] = {r.name: r for r in (CLASSIC, RELAXED)}
"""The modes players can choose, by name."""
