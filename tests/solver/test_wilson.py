"""The Wilson score interval (Wilson 1927) against published values, and the bounds it puts on
the winnable share on /winnability."""

from __future__ import annotations

import pytest

from app.services.winnability import winnable_bounds
from app.solver.survey import wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # Newcombe, "Two-sided confidence intervals for the single proportion: comparison of
        # seven methods", Statistics in Medicine 17 (1998) 857-872, Table II, method 3 (score).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (50, 100, 0.4038, 0.5962),  # symmetric about one half
    ],
)
def test_wilson_matches_published_intervals(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_wilson_ends_are_exact_at_none_and_all_and_mirror_each_other() -> None:
    assert wilson(0, 7)[0] == 0.0 and wilson(7, 7)[1] == 1.0
    lo, hi = wilson(3, 40)
    mlo, mhi = wilson(37, 40)
    assert lo == pytest.approx(1 - mhi) and hi == pytest.approx(1 - mlo)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(5, 4)


def test_winnable_bounds_are_won_low_end_and_one_less_lost_low_end() -> None:
    low, high = winnable_bounds(81, 15, 263)
    assert low == wilson(81, 263)[0] and high == 1 - wilson(15, 263)[0]
    assert winnable_bounds(0, 0, 10) == (0.0, 1.0)
