"""The six figures a play is counted by (RULES.md, "Counting and score"), as one value: the
table shows them, a finish card stores them, the API answers them."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Protocol


class _Figures(Protocol):
    moves: int
    undos: int
    hints: int
    elapsed_s: float
    cards_home: int
    points: int


@dataclass(frozen=True, slots=True)
class Score:
    """A play's counters.

    :ivar moves: player moves in the current line (auto-moves and Finish not counted).
    :ivar undos: undos, ever (a redo does not take one back).
    :ivar hints: hints asked for.
    :ivar elapsed_s: play time in seconds (gaps between actions, each capped).
    :ivar cards_home: cards on the foundations, out of the mode's card count.
    :ivar points: 5 a card home, +60 a finished foundation, 1000 at most (seed 003).
    """

    moves: int
    undos: int
    hints: int
    elapsed_s: float
    cards_home: int
    points: int

    @classmethod
    def of(cls, figures: _Figures) -> Score:
        """The score kept on anything that has the six figures (a finish card)."""
        return cls(figures.moves, figures.undos, figures.hints, figures.elapsed_s, figures.cards_home, figures.points)

    def fields(self) -> dict[str, int | float]:
        """The six figures by name, as the models' columns are named."""
        return asdict(self)

    def json(self) -> dict[str, int | float]:
        """The six figures as the API shows them (time to a tenth of a second)."""
        return {**asdict(self), "elapsed_s": round(self.elapsed_s, 1)}
