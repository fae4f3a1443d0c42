"""The deal: golden deals pinned in tests/data/golden_deals.json, the PRNG, modes, bad numbers.

RULES.md, "The deal": the same number gives the same deal on every machine and version;
changing a deal is a breaking change.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import CLASSIC, MAX_GAME_NUMBER, MODES, RELAXED, deal
from app.engine.cards import Card, full_pack
from app.engine.deal import SplitMix64, shuffled_pack

from .support import load_json

GOLDEN: dict[str, Any] = load_json("golden_deals.json")["deals"]
MASK = (1 << 64) - 1


@pytest.mark.parametrize("number", [1, 2, 4242, 4294967295])
@pytest.mark.parametrize("mode", sorted(MODES))
def test_deal_matches_golden_data(number: int, mode: str) -> None:
    want = GOLDEN[str(number)]
    position = deal(number, MODES[mode])
    assert [[str(c) for c in col] for col in position.tableau] == want["tableau"]
    assert [str(c) for c in position.stock] == want["stock"]
    assert len(want["tableau"]) == 10 and all(len(col) == 4 for col in want["tableau"])
    assert len(want["stock"]) == 64
    assert position.waste == ()
    assert position.foundations == (None,) * 8
    assert position.redeals_left == MODES[mode].redeals
    position.check_cards(MODES[mode])


def test_golden_data_pins_the_numbers_asked_for() -> None:
    assert set(GOLDEN) == {"1", "2", "4242", "4294967295"}


def _reference_deal(number: int) -> tuple[list[list[str]], list[str]]:
    """RULES.md / deal.py's documented algorithm, written out again independently."""
    state = number

    def next64() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    pack = [r + s for _ in range(2) for s in "SHDC" for r in "A23456789TJQK"]
    for i in range(len(pack) - 1, 0, -1):
        n = i + 1
        limit = 2**64 - (2**64 % n)
        while (x := next64()) >= limit:
            pass
        j = x % n
        pack[i], pack[j] = pack[j], pack[i]
    columns = [[pack[k] for k in range(40) if k % 10 == c] for c in range(10)]
    return columns, pack[40:]


@pytest.mark.parametrize("number", [1, 2, 3, 4242, 123456789, 4294967295])
def test_deal_follows_the_documented_algorithm(number: int) -> None:
    columns, stock = _reference_deal(number)
    position = deal(number, CLASSIC)
    assert [[str(c) for c in col] for col in position.tableau] == columns
    assert [str(c) for c in position.stock] == stock


def test_splitmix64_seed_0_gives_the_published_reference_outputs() -> None:
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_splitmix64_below_stays_in_range_and_rejects_biased_outputs() -> None:
    rng = SplitMix64(7)
    assert all(0 <= rng.below(n) < n for n in range(1, 200))
    assert SplitMix64(7).below(1) == 0


@pytest.mark.parametrize("number", [1, 2, 77, 4242, 4294967295])
def test_classic_and_relaxed_deal_the_same_cards(number: int) -> None:
    classic, relaxed = deal(number, CLASSIC), deal(number, RELAXED)
    assert classic.tableau == relaxed.tableau
    assert classic.stock == relaxed.stock
    assert (classic.redeals_left, relaxed.redeals_left) == (0, 1)


def test_same_number_always_gives_the_same_deal_and_neighbours_differ() -> None:
    assert deal(99, CLASSIC) == deal(99, CLASSIC)
    assert deal(99, CLASSIC) != deal(100, CLASSIC)


def test_shuffle_is_a_permutation_of_the_full_pack() -> None:
    pack = shuffled_pack(4242, 2)
    assert sorted(pack) == sorted(full_pack(2))
    assert pack != full_pack(2)


def test_full_pack_order_is_deck_by_deck_spades_hearts_diamonds_clubs_ace_to_king() -> None:
    pack = full_pack(2)
    assert len(pack) == 104
    assert pack[0] == Card.parse("AS") and pack[12] == Card.parse("KS")
    assert pack[13] == Card.parse("AH") and pack[51] == Card.parse("KC")
    assert pack[52:] == pack[:52]


@pytest.mark.parametrize("bad", [0, -1, MAX_GAME_NUMBER + 1, 2**64, 1.0, "1", None, True, False])
def test_bad_game_numbers_raise_value_error(bad: Any) -> None:
    with pytest.raises(ValueError, match="game number must be an integer from 1 to 4294967295"):
        deal(bad, CLASSIC)


def test_max_game_number_is_2_to_the_32_minus_1() -> None:
    assert MAX_GAME_NUMBER == 4294967295 == 2**32 - 1
