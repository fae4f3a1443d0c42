"""Notation round trips (cards, moves) and the position's JSON form with its validation.

RULES.md, "Cards and notation"; API.md, "Position".
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from app.engine import (
    CLASSIC,
    DRAW,
    RELAXED,
    Card,
    Move,
    MoveSyntaxError,
    Position,
    PositionError,
    deal,
    format_card,
    parse_card,
)
from app.engine.cards import RANKS, SUITS
from app.engine.moves import FOUNDATION, WASTE, Action


# -- cards -------------------------------------------------------------------------------------
@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", RANKS)
def test_every_card_round_trips_through_its_notation(rank: int, suit: int) -> None:
    card = Card(rank, suit)
    assert Card.parse(str(card)) == card
    assert parse_card(str(card).lower()) == card
    assert eval(repr(card)) == card  # the repr is the parseable form


def test_ten_is_written_t_and_10_is_accepted_as_input() -> None:
    assert str(Card(10, 0)) == "TS"
    assert Card.parse("10s") == Card.parse("TS") == Card(10, 0)
    assert Card.parse("10H") == Card(10, 1)
    assert Card.parse(" td ") == Card(10, 2)
    assert Card(10, 0).label() == "10♠"


def test_card_labels_use_suit_symbols() -> None:
    assert [Card.parse(t).label() for t in ("7D", "AH", "KC", "QS")] == ["7♦", "A♥", "K♣", "Q♠"]


@pytest.mark.parametrize("text", ["", "1S", "11S", "TX", "S7", "7", "7DD", "10", "♠A", "0S"])
def test_malformed_card_text_raises_value_error_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_format_card_gives_none_for_an_empty_slot() -> None:
    assert format_card(None) is None
    assert format_card(Card(1, 3)) == "AC"


# -- moves -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["3-6", "3-6/3", "W-5", "3-F", "W-F", "D", "R", "10-1", "1-10/12", "W-10", "10-F"])
def test_move_notation_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move
    assert eval(repr(move)) == move


def test_move_parse_fields() -> None:
    assert Move.parse("3-6/3") == Move(Action.MOVE, 3, 6, 3)
    assert Move.parse("W-5") == Move(Action.MOVE, WASTE, 5, 1)
    assert Move.parse("3-F") == Move(Action.MOVE, 3, FOUNDATION, 1)
    assert Move.parse("D") is DRAW
    assert Move.parse("w-f").to_foundation


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("w-f", "W-F"), (" 3 - 6 ", "3-6"), ("\t4-6\n", "4-6"), ("3-6/1", "3-6"), ("d", "D"), ("r", "R"), ("3-f", "3-F")],
)
def test_move_parse_accepts_lenient_input_and_prints_canonical(text: str, canonical: str) -> None:
    assert str(Move.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a move"),
        ("X", "is not a move"),
        ("3", "is not a move"),
        ("3-", "is not a move"),
        ("-6", "is not a move"),
        ("3-6/", "is not a move"),
        ("3/6", "is not a move"),
        ("F-3", "is not a move"),
        ("3-W", "is not a move"),
        ("DD", "is not a move"),
        ("3-6/3/2", "is not a move"),
        ("3-6/-1", "is not a move"),
        ("0-5", "columns are numbered from 1"),
        ("5-0", "columns are numbered from 1"),
        ("3-6/0", "at least 1"),
        ("W-5/2", "only one card at a time"),
        ("3-F/2", "only one card at a time"),
        ("3-3", "source and target are the same column"),
        ("１-２", "written in ASCII"),  # full-width digits: int() reads them, the notation does not
        ("٣-٦", "written in ASCII"),  # Arabic-Indic digits
        ("3-６", "written in ASCII"),
        ("w-ｆ", "written in ASCII"),
    ],
)
def test_malformed_move_text_raises_move_syntax_error(text: str, message: str) -> None:
    with pytest.raises(MoveSyntaxError, match=message):
        Move.parse(text)


@pytest.mark.parametrize("text", ["７D", "7ｄ", "Aſ", "１0S", "٧H"])
def test_a_card_is_written_in_ascii(text: str) -> None:
    """``"ſ".upper()`` is ``"S"`` and ``int("７")`` is 7: neither is the notation."""
    with pytest.raises(ValueError, match="is not a card"):
        parse_card(text)


def test_move_syntax_error_is_a_value_error() -> None:
    assert issubclass(MoveSyntaxError, ValueError)
    with pytest.raises(MoveSyntaxError):
        Move.parse(36)  # type: ignore[arg-type]


def test_moves_are_hashable_values() -> None:
    assert len({Move.parse("3-6"), Move.parse("3-6/1"), Move.parse("3-6/2")}) == 2


# -- position JSON -----------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [CLASSIC, RELAXED], ids=lambda r: r.name)
def test_position_json_round_trips(rules: Any) -> None:
    position = deal(4242, rules)
    data = position.to_json(reveal_stock=True)
    assert Position.from_json(data, rules) == position
    assert data["foundations"] == [None] * 8
    assert data["redeals_left"] == rules.redeals


def test_position_json_for_players_hides_the_stock_order() -> None:
    data = deal(4242, CLASSIC).to_json()
    assert "stock" not in data
    assert data["stock_count"] == 64


def test_position_json_redeals_left_defaults_to_the_modes_own() -> None:
    data = deal(7, RELAXED).to_json(reveal_stock=True)
    del data["redeals_left"]
    assert Position.from_json(data, RELAXED).redeals_left == 1
    assert Position.from_json(data, CLASSIC).redeals_left == 0


def test_position_json_round_trips_with_foundations_and_waste() -> None:
    data = deal(4242, CLASSIC).to_json(reveal_stock=True)
    position = Position.from_json(data, CLASSIC)
    # Play a few draws so the waste is not empty, then round trip again.
    waste = position.stock[:5]
    moved = position.with_(stock=position.stock[5:], waste=waste)
    assert Position.from_json(moved.to_json(reveal_stock=True), CLASSIC) == moved


def _valid_json() -> dict[str, Any]:
    return deal(4242, CLASSIC).to_json(reveal_stock=True)


def test_validation_names_a_missing_card() -> None:
    data = _valid_json()
    gone = data["stock"].pop()
    with pytest.raises(PositionError, match=f"missing {gone}×1") as info:
        Position.from_json(data, CLASSIC)
    assert "each exactly 2 times" in str(info.value)
    assert "too many" not in str(info.value)


def test_validation_names_a_card_present_three_times() -> None:
    data = _valid_json()
    # Replace one card by a third copy of another.
    third = data["tableau"][0][0]
    replaced = data["stock"][0]
    assert third != replaced
    data["stock"][0] = third
    with pytest.raises(PositionError) as info:
        Position.from_json(data, CLASSIC)
    message = str(info.value)
    assert f"too many {third}×1" in message
    assert f"missing {replaced}×1" in message


def test_validation_names_a_foundation_slot_of_the_wrong_suit() -> None:
    data = _valid_json()
    data["foundations"][0] = "AH"
    with pytest.raises(PositionError, match=r"foundations\[0\] is a S slot .* cannot hold AH"):
        Position.from_json(data, CLASSIC)


@pytest.mark.parametrize("count", [9, 11])
def test_validation_names_a_wrong_column_count(count: int) -> None:
    data = _valid_json()
    if count == 9:
        data["stock"] = data["stock"] + data["tableau"].pop()
    else:
        data["tableau"].append([])
    with pytest.raises(PositionError, match=f"must have 10 columns, not {count}"):
        Position.from_json(data, CLASSIC)


def test_validation_counts_foundation_cards_from_ace_to_top() -> None:
    # Putting 3S on a foundation without taking AS 2S 3S out of play leaves three too many.
    data = _valid_json()
    data["foundations"][0] = "3S"
    with pytest.raises(PositionError, match="too many AS×1, 2S×1, 3S×1"):
        Position.from_json(data, CLASSIC)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("stock"), r"position\.stock is missing"),
        (lambda d: d.pop("tableau"), r"position\.tableau is missing"),
        (lambda d: d.__setitem__("waste", "AS"), r"position\.waste must be a list of cards"),
        (
            lambda d: d["tableau"][2].__setitem__(0, "ZZ"),
            r"position\.tableau\[2\]\[0\]: 'ZZ' is not a card",
        ),
        (lambda d: d["stock"].__setitem__(0, 7), r"position\.stock\[0\] must be a card string"),
        (lambda d: d.__setitem__("foundations", [None] * 7), r"list of 8 slots"),
        (
            lambda d: d.__setitem__("redeals_left", 1),
            r"redeals_left must be an integer from 0 to 0",
        ),
        (lambda d: d.__setitem__("redeals_left", True), r"redeals_left must be an integer"),
    ],
)
def test_validation_names_the_malformed_field(mutate: Any, message: str) -> None:
    data = copy.deepcopy(_valid_json())
    mutate(data)
    with pytest.raises(PositionError, match=message):
        Position.from_json(data, CLASSIC)


def test_position_must_be_an_object() -> None:
    with pytest.raises(PositionError, match="must be an object"):
        Position.from_json([], CLASSIC)  # type: ignore[arg-type]


def test_position_error_is_a_value_error() -> None:
    assert issubclass(PositionError, ValueError)
