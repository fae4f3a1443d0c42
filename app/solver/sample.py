"""Samples of game numbers for a survey, documented so that anyone can draw them again.

- ``range``: the numbers ``first`` … ``first + count - 1``.
- ``random``: numbers drawn uniformly from 1 … 4294967295 by the deal's own generator
  (:class:`app.engine.deal.SplitMix64`, RULES.md "The deal") seeded with ``seed``: each draw is
  ``1 + below(4294967295)``, and a number drawn before is skipped, so the sample has ``count``
  different numbers. The first ``n`` numbers of a sample do not depend on ``count``: a larger
  survey with the same seed extends a smaller one.
"""

from __future__ import annotations

from app.engine import MAX_GAME_NUMBER
from app.engine.deal import SplitMix64, check_game_number


def random_numbers(seed: int, count: int) -> list[int]:
    """The first ``count`` different game numbers drawn with ``seed`` (module docstring).

    :raises ValueError: for a negative ``count`` or a seed outside 0 … 2^64 - 1.
    """
    if count < 0:
        raise ValueError(f"a sample has a count of 0 or more, not {count}")
    if not 0 <= seed < 1 << 64:
        raise ValueError(f"a seed is an integer from 0 to 2^64 - 1, not {seed}")
    rng = SplitMix64(seed)
    seen: set[int] = set()
    out: list[int] = []
    while len(out) < count:
        number = 1 + rng.below(MAX_GAME_NUMBER)
        if number not in seen:
            seen.add(number)
            out.append(number)
    return out


def range_numbers(first: int, count: int) -> list[int]:
    """``first`` … ``first + count - 1``.

    :raises ValueError: when a number of the range is not a game number, or ``count`` < 0.
    """
    if count < 0:
        raise ValueError(f"a sample has a count of 0 or more, not {count}")
    if count:
        check_game_number(first)
        check_game_number(first + count - 1)
    return list(range(first, first + count))


def sample_name(seed: int | None) -> str:
    """How a sample is stored: ``random-<seed>``, or ``range`` when ``seed`` is None."""
    return "range" if seed is None else f"random-{seed}"
