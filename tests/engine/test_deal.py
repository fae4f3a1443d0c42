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
FAMILY_GOLDEN: dict[str, dict[str, str]] = load_json("golden_family_deals.json")["deals"]
MASK = (1 << 64) - 1
CLASSIC_LAYOUT = sorted(
    name
    for name, rules in MODES.items()
    if (rules.columns, rules.cards_per_column, rules.decks, rules.face_down, rules.aces_home) == (10, 4, 2, 0, False)
)
"""The variants that deal exactly Classic's cards: ten columns of four face up, two decks."""


@pytest.mark.parametrize("number", [1, 2, 4242, 4294967295])
@pytest.mark.parametrize("mode", CLASSIC_LAYOUT)
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
    assert set(FAMILY_GOLDEN) == set(MODES)
    assert all(set(deals) == {"1", "4242"} for deals in FAMILY_GOLDEN.values())
    assert {"classic", "relaxed", "josephine", "streets", "kings-only"} <= set(CLASSIC_LAYOUT)


@pytest.mark.parametrize("number", ["1", "4242"])
@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_variant_deals_its_golden_position(number: str, mode: str) -> None:
    rules = MODES[mode]
    position = deal(int(number), rules)
    assert str(position) == FAMILY_GOLDEN[mode][number]
    assert [len(col) for col in position.tableau] == [rules.cards_per_column] * rules.columns
    assert len(position.stock) == rules.stock_size
    assert [position.hidden(c) for c in range(rules.columns)] == [rules.face_down] * rules.columns
    position.check_cards(rules)


def test_the_family_deals_the_stock_sizes_of_rules_md() -> None:
    sizes = {name: rules.stock_size for name, rules in MODES.items()}
    assert sizes == {
        **dict.fromkeys(CLASSIC_LAYOUT, 64),
        **{"limited": 68, "lucas": 57, "indian": 74, "maria": 68, "number-ten": 64, "rank-and-file": 64},
        "sixty-thieves": 96,
    }


def test_lucas_deals_the_96_cards_without_aces_and_starts_with_the_8_aces_up() -> None:
    position = deal(4242, MODES["lucas"])
    dealt = [card for col in position.tableau for card in col] + list(position.stock)
    assert len(dealt) == 96 and all(card.rank != 1 for card in dealt)
    assert [str(card) for card in position.foundations] == ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]
    assert position.cards_home == 8
    assert sorted(dealt) == sorted(shuffled_pack(4242, 2, aces=False)) == sorted(c for c in full_pack(2) if c.rank != 1)


def test_sixty_thieves_deals_three_decks_onto_twelve_columns_of_five() -> None:
    position = deal(1, MODES["sixty-thieves"])
    assert position.foundations == (None,) * 12
    cards = [card for col in position.tableau for card in col] + list(position.stock)
    assert sorted(cards) == sorted(full_pack(3))


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
